import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { decodeWeights } from '@qi/ai-worker';
import { leastSquares, trainReversi } from './reversi.js';

describe('Reversi pattern training', () => {
  it('least squares recovers sparse one-hot weights and lowers the error', () => {
    // 3 features a row out of 30 unknowns, labels from known weights plus a little noise.
    const rng = new Rng(4);
    const truth = Float64Array.from({ length: 30 }, () => rng.int(21) - 10);
    const m = 400;
    const rows = new Int32Array(m * 3);
    const y = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      for (let k = 0; k < 3; k++) rows[i * 3 + k] = k * 10 + rng.int(10);
      y[i] = truth[rows[i * 3]] + truth[rows[i * 3 + 1]] + truth[rows[i * 3 + 2]] + (rng.int(3) - 1) * 0.1;
    }
    const x = leastSquares(rows, y, 30, 0.01, 100);
    let before = 0;
    let after = 0;
    for (let i = 0; i < m; i++) {
      before += Math.abs(y[i]);
      after += Math.abs(x[rows[i * 3]] + x[rows[i * 3 + 1]] + x[rows[i * 3 + 2]] - y[i]);
    }
    expect(after / m).toBeLessThan(0.2);
    expect(after).toBeLessThan(before / 20);
  });

  it('trains on a tiny set: the fit beats its prior on held-out endgames, the file decodes, and a resume repeats the run', () => {
    const out = mkdtempSync(join(tmpdir(), 'qi-train-'));
    try {
      const o = { positions: 1200, out, resume: false, seed: 3, depth: 1, lambda: 3, iterations: 30, log: () => undefined };
      const first = trainReversi(o);
      expect(first.positions).toBeGreaterThan(1000);
      expect(first.reports).toHaveLength(12);
      // The last stage starts from zero weights: exact labels must be fitted better than by 0.
      const last = first.reports[11];
      expect(last.maePattern).toBeLessThan(last.maePrior);
      expect(decodeWeights(readFileSync(join(out, 'reversi-weights.bin'))).length).toBeGreaterThan(0);
      const again = trainReversi({ ...o, resume: true });
      expect(again.reports.map((r) => r.maePattern)).toEqual(first.reports.map((r) => r.maePattern));
      expect(Buffer.from(again.weights).equals(Buffer.from(first.weights))).toBe(true);
      expect(() => trainReversi({ ...o, resume: true, depth: 2 })).toThrow(/other settings/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

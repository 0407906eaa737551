import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GoPosition, MAX_MOVES, PASS, Rng } from '@qi/engine';
import { GO_FEATURES_PER_MOVE, GO_FEATURE_COUNT, GO_FEATURE_GROUPS, GO_FEATURE_OFFSETS, goMoveFeatures, goTreeMoves } from '@qi/ai-worker';
import { readGoGames, trainGo } from './go.js';
import { trainGoCommand } from '../commands/train-go.js';
import { UsageError } from '../cli/args.js';

const F = GO_FEATURES_PER_MOVE;
const offset = (name: string): number => GO_FEATURE_OFFSETS[GO_FEATURE_GROUPS.findIndex((g) => g.name === name)];

/** A known model: captures, contact with the last move and points next to stones are liked, self-ataris not. */
function teacher(): Float64Array {
  const w = new Float64Array(GO_FEATURE_COUNT);
  w[offset('capture') + 2] = 2; // one stone that could have run
  w[offset('capture') + 3] = 3; // one stone, the last move's
  w[offset('last-distance') + 0] = 2; // d = 2: next to the last move
  w[offset('last-distance') + 1] = 1.5;
  w[offset('nearest-stone') + 0] = 2;
  w[offset('self-atari') + 1] = -3;
  return w;
}

/**
 * A bench match folder of `count` seeded 9x9 games: player A ("expert") samples its moves from the teacher's
 * softmax, player B ("random") plays uniformly among the tree's moves; colours alternate.
 */
function writeMatch(dir: string, count: number, seed: number): void {
  mkdirSync(join(dir, 'games'), { recursive: true });
  writeFileSync(join(dir, 'match.json'), JSON.stringify({ game: 'go', gameOptions: { size: 9, komi: 7.5 }, a: { name: 'expert' }, b: { name: 'random' } }));
  const rng = new Rng(seed);
  const w = teacher();
  const moves = new Int32Array(MAX_MOVES);
  const f = new Int32Array(MAX_MOVES * F);
  const p = new Float64Array(MAX_MOVES);
  for (let k = 1; k <= count; k++) {
    const g = new GoPosition({ size: 9, komi: 7.5 });
    const aFirst = k % 2 === 1;
    const played: string[] = [];
    while (!g.isTerminal() && played.length < 70) {
      let n = goTreeMoves(g, moves);
      if (n > 0 && moves[n - 1] === PASS) n--;
      if (n === 0) break;
      let m: number;
      if ((g.currentPlayer() === 0) === aFirst) {
        goMoveFeatures(g, moves, n, f);
        let sum = 0;
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let j = 0; j < F; j++) s += w[f[i * F + j]];
          sum += p[i] = Math.exp(s);
        }
        let x = rng.float() * sum;
        let i = 0;
        while (i < n - 1 && (x -= p[i]) > 0) i++;
        m = moves[i];
      } else m = moves[rng.int(n)];
      played.push(g.moveToText(m));
      g.play(m);
    }
    writeFileSync(join(dir, 'games', `${String(k).padStart(4, '0')}.result.json`), JSON.stringify({ aFirst, result: 'B+R', moves: played }));
  }
}

describe('Go move-prediction training', () => {
  it('learns a known model from its sampled moves: the signs of its weights and a far better likelihood than uniform', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qi-train-go-'));
    try {
      writeMatch(join(dir, 'm'), 60, 5);
      const games = readGoGames([dir], 'expert');
      expect(games.length).toBe(60);
      expect(games[0].expert).toEqual([true, false]);
      expect(games[1].expert).toEqual([false, true]);
      // λ 1e-3, not the real fit's 1e-4: some 2,000 positions would let the shape weights overfit.
      const r = trainGo({ from: [dir], expert: 'expert', lambda: 1e-3, steps: 150, holdOutEvery: 5, log: () => {} });
      expect(r.positions).toBeGreaterThan(1500);
      const w = r.weights;
      // Relative to "no capture" and "far from the last move", as the teacher has them.
      expect(w[offset('capture') + 3] - w[offset('capture')]).toBeGreaterThan(1.5);
      expect(w[offset('last-distance')] - w[offset('last-distance') + 10]).toBeGreaterThan(1);
      expect(w[offset('self-atari') + 1] - w[offset('self-atari')]).toBeLessThan(-1);
      expect(r.fitted.heldOut.logLikelihood).toBeGreaterThan(r.uniform + 0.5);
      expect(r.fitted.heldOut.top1).toBeGreaterThan(0.1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the command writes the weights module, and refuses folders without the expert\'s games', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qi-train-go-'));
    try {
      writeMatch(join(dir, 'm'), 20, 9);
      const lines: string[] = [];
      const io = { out: (l: string) => lines.push(l), err: { write: () => true } } as never;
      const moduleFile = join(dir, 'move-weights.ts');
      expect(await trainGoCommand(['--from', dir, '--expert', 'expert', '--steps', '40', '--out', join(dir, 'out'), '--install'], io, moduleFile)).toBe(0);
      const text = readFileSync(moduleFile, 'utf8');
      expect(text).toMatch(/export const GO_MOVE_WEIGHT_PAIRS: readonly number\[\] = \[\n {2}\d+,-?\d/);
      expect(text).toContain('--expert expert');
      expect(lines.some((l) => l.startsWith('held out'))).toBe(true);
      await expect(trainGoCommand(['--from', dir, '--expert', 'nobody'], io, moduleFile)).rejects.toThrow(/no finished Go games with a player "nobody"/);
      await expect(trainGoCommand(['--expert', 'x'], io, moduleFile)).rejects.toThrow(UsageError);
      writeFileSync(join(dir, 'm', 'games', '0003.result.json'), '{"aFirst":true,"result":"B+R","moves":["Z99"]}');
      await expect(trainGoCommand(['--from', dir, '--expert', 'expert'], io, moduleFile)).rejects.toThrow(/0003.result.json: move 1 \(Z99\) is not a point/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

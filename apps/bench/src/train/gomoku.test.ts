import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GomokuPosition, Rng } from '@qi/engine';
import { GOMOKU_EVAL_WEIGHTS } from '@qi/ai-worker';
import { fitLogistic, readTrainingGames, trainGomoku } from './gomoku.js';
import { trainGomokuCommand } from '../commands/train-gomoku.js';
import { UsageError } from '../cli/args.js';

/** The empty point of the centre 9x9 whose line patterns, for the mover and against the opponent, weigh most. */
function greedyPoint(g: GomokuPosition): number {
  const me = g.currentPlayer();
  let best = -1;
  let bestValue = -1;
  for (let y = 3; y < 12; y++) {
    for (let x = 3; x < 12; x++) {
      const p = g.geo.point(x, y);
      if (!g.isLegal(p)) continue;
      let v = 0;
      for (let d = 0; d < 4; d++) v += 4 ** (g.pattern(p, d, me) & 15) + 3 ** (g.pattern(p, d, me ^ 1) & 15);
      if (v > bestValue) [best, bestValue] = [p, v];
    }
  }
  return best;
}

/**
 * A bench match folder of `count` seeded Gomoku games in the centre 9x9, a greedy player (black in odd games,
 * white in even ones) against random moves, so that who wins follows the patterns on the board.
 */
function writeMatch(dir: string, count: number, seed: number, game = 'gomoku'): void {
  mkdirSync(join(dir, 'games'), { recursive: true });
  writeFileSync(join(dir, 'match.json'), JSON.stringify({ game, gameOptions: { rule: 'freestyle' } }));
  const rng = new Rng(seed);
  for (let k = 1; k <= count; k++) {
    const g = new GomokuPosition({ size: 15, rule: 'freestyle' });
    const moves: string[] = [];
    while (!g.isTerminal() && moves.length < 81) {
      const p = g.currentPlayer() === k % 2 || rng.int(4) === 0 ? g.geo.point(3 + rng.int(9), 3 + rng.int(9)) : greedyPoint(g);
      if (!g.isLegal(p)) continue;
      moves.push(g.moveToText(p));
      g.play(p);
    }
    const r = g.result();
    const result = r === 0 ? 'B+' : r === 1 ? 'W+' : 'Draw';
    const name = String(k).padStart(4, '0');
    writeFileSync(join(dir, 'games', `${name}.result.json`), JSON.stringify({ result, moves }));
  }
}

describe('Gomoku evaluation training', () => {
  it('the damped Newton fit recovers known logistic weights', () => {
    const rng = new Rng(7);
    const m = 4000;
    const z = new Float64Array(m * 3);
    const y = new Float64Array(m);
    const truth = [1.5, -0.8, 0.3];
    for (let i = 0; i < m; i++) {
      z[i * 3] = rng.float() * 4 - 2;
      z[i * 3 + 1] = rng.float() * 4 - 2;
      z[i * 3 + 2] = 1;
      const s = truth[0] * z[i * 3] + truth[1] * z[i * 3 + 1] + truth[2];
      y[i] = rng.float() < 1 / (1 + Math.exp(-s)) ? 1 : 0;
    }
    const rows = Array.from({ length: m }, (_, i) => i);
    // A far start, where a plain Newton step overshoots.
    const th = fitLogistic(z, y, rows, 3, [40, 40, 0], 0);
    th.forEach((x, k) => expect(Math.abs(x - truth[k])).toBeLessThan(0.2));
    // A strong pull keeps the weights (not the bias) near the start.
    const pulled = fitLogistic(z, y, rows, 3, [0, 0, 0], 100);
    expect(Math.abs(pulled[0]) + Math.abs(pulled[1])).toBeLessThan(0.05);
  });

  it('fits the games of match folders: reads only Gomoku, skips forfeits, never ends worse than the hand weights it starts from', () => {
    const root = mkdtempSync(join(tmpdir(), 'qi-train-gomoku-'));
    try {
      // Enough games for ten training positions a weight (68 weights: the fit refuses fewer).
      writeMatch(join(root, 'a'), 150, 1);
      writeMatch(join(root, 'nested', 'b'), 150, 2);
      writeMatch(join(root, 'go'), 2, 3, 'go');
      writeFileSync(join(root, 'a', 'games', '0999.result.json'), JSON.stringify({ result: 'W+F', moves: ['H8'] }));
      const games = readTrainingGames([root]);
      expect(games).toHaveLength(300);
      const r = trainGomoku({ from: [root], lambda: 0.01, holdOutEvery: 5, log: () => undefined });
      expect(r.games).toBe(300);
      expect(r.positions).toBeGreaterThan(400);
      expect(r.heldOutPositions).toBeGreaterThan(0);
      expect(r.heldOutPositions).toBeLessThan(r.positions);
      expect(r.weights).toHaveLength(GOMOKU_EVAL_WEIGHTS.length);
      expect(r.shipped).toEqual([...GOMOKU_EVAL_WEIGHTS]);
      // Started from the hand weights and only stepped downhill (the pull is zero there).
      expect(r.loss.fitted.train).toBeLessThanOrEqual(r.loss.hand.train + 1e-9);
      expect(r.weights.every(Number.isFinite)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('names the file and the move of a bad record', () => {
    const root = mkdtempSync(join(tmpdir(), 'qi-train-gomoku-'));
    try {
      writeMatch(root, 1, 4);
      writeFileSync(join(root, 'games', '0002.result.json'), '{"result": "B+", "moves": ["H8", "H8"]}');
      expect(() => trainGomoku({ from: [root], lambda: 0.01, holdOutEvery: 5, log: () => undefined })).toThrow(/0002\.result\.json: move 2 \(H8\) is illegal/);
      writeFileSync(join(root, 'games', '0002.result.json'), '{"result": "B+", "moves": ["Z99"]}');
      expect(() => trainGomoku({ from: [root], lambda: 0.01, holdOutEvery: 5, log: () => undefined })).toThrow(/0002\.result\.json: move 1 \(Z99\) is not a point/);
      writeFileSync(join(root, 'games', '0002.result.json'), '{"result": ');
      expect(() => readTrainingGames([root])).toThrow(/0002\.result\.json is not JSON/);
      expect(() => readTrainingGames([join(root, 'missing')])).toThrow(/no folder .*missing/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the command prints the losses, writes the weights and installs a module holding them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'qi-train-gomoku-'));
    try {
      writeMatch(join(root, 'games'), 250, 5);
      const lines: string[] = [];
      const io = { out: (t: string) => lines.push(t), err: { write: () => true } } as never;
      const moduleFile = join(root, 'eval-weights.ts');
      await expect(trainGomokuCommand([], io, moduleFile)).rejects.toThrow(UsageError);
      await expect(trainGomokuCommand(['--from', root, '--lambda', '-1'], io, moduleFile)).rejects.toThrow(/--lambda/);
      expect(await trainGomokuCommand(['--from', root, '--out', join(root, 'out'), '--install'], io, moduleFile)).toBe(0);
      expect(lines.some((l) => l.startsWith('fitted '))).toBe(true);
      const saved = JSON.parse(readFileSync(join(root, 'out', 'gomoku-weights.json'), 'utf8')) as { weights: number[] };
      const text = readFileSync(moduleFile, 'utf8');
      const block = /GOMOKU_EVAL_WEIGHTS: readonly number\[\] = \[([^\]]*)\]/.exec(text);
      expect(block).not.toBeNull();
      const installed = (block as RegExpExecArray)[1].split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
      expect(installed).toHaveLength(saved.weights.length);
      // Six significant digits.
      installed.forEach((x, k) => expect(Math.abs(x - saved.weights[k])).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(saved.weights[k]))));
      expect(text).toMatch(/Fitted to \d+ positions of 250 games by\n \* `pnpm bench train-gomoku --from /);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

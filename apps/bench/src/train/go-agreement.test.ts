import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GoPosition, MAX_MOVES, PASS, Rng } from '@qi/engine';
import { goPriors, goTreeMoves } from '@qi/ai-worker';
import { goAgreement } from './go-agreement.js';
import { agreeGoCommand } from '../commands/agree-go.js';
import { UsageError } from '../cli/args.js';

/**
 * A bench match folder of `count` 9x9 games in which player A ("expert") always plays the hand priors' favourite
 * and player B ("random") a uniform tree move: the hand priors then agree with the expert on every position.
 */
function writeMatch(dir: string, count: number, seed: number): void {
  mkdirSync(join(dir, 'games'), { recursive: true });
  writeFileSync(join(dir, 'match.json'), JSON.stringify({ game: 'go', gameOptions: { size: 9, komi: 7.5 }, a: { name: 'expert' }, b: { name: 'random' } }));
  const rng = new Rng(seed);
  const moves = new Int32Array(MAX_MOVES);
  const priors = new Float32Array(MAX_MOVES);
  for (let k = 1; k <= count; k++) {
    const g = new GoPosition({ size: 9, komi: 7.5 });
    const aFirst = k % 2 === 1;
    const played: string[] = [];
    while (!g.isTerminal() && played.length < 60) {
      let n = goTreeMoves(g, moves);
      if (n > 0 && moves[n - 1] === PASS) n--;
      if (n === 0) break;
      let m = moves[rng.int(n)];
      if ((g.currentPlayer() === 0) === aFirst) {
        goPriors(g, moves, n, priors);
        let best = 0;
        for (let i = 1; i < n; i++) if (priors[i] > priors[best]) best = i;
        m = moves[best];
      }
      played.push(g.moveToText(m));
      g.play(m);
    }
    writeFileSync(join(dir, 'games', `${String(k).padStart(4, '0')}.result.json`), JSON.stringify({ aFirst, result: 'B+R', moves: played }));
  }
}

describe('Go search agreement', () => {
  it('counts the expert\'s moves found on held-out positions, repeatably, and the command reports them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qi-agree-go-'));
    try {
      writeMatch(join(dir, 'm'), 10, 4);
      const options = { from: [dir], expert: 'expert', holdOutEvery: 5, playouts: 60, positions: 8, every: 1, seed: 3, log: () => {} };
      const r = await goAgreement(options);
      expect(r.positions).toBe(8);
      expect(r.hand).toBe(8);
      expect(r.search).toBeGreaterThanOrEqual(0);
      expect(r.search).toBeLessThanOrEqual(8);
      expect(r.model).toBeLessThanOrEqual(8);
      const again = await goAgreement(options);
      expect([again.search, again.model, again.hand]).toEqual([r.search, r.model, r.hand]);
      expect(r.loss).toBeNull();
      // Games 5 and 10 are held out (index mod 5 = 4): 2 × 30 expert moves from ply 20 to ten before the end at most.
      expect((await goAgreement({ ...options, positions: 1000 })).positions).toBeLessThanOrEqual(2 * 16);
      const lines: string[] = [];
      const io = { out: (l: string) => lines.push(l), err: { write: () => true } } as never;
      expect(await agreeGoCommand(['--from', dir, '--expert', 'expert', '--playouts', '60', '--positions', '8', '--every', '1', '--seed', '3'], io)).toBe(0);
      expect(lines.join('\n')).toContain(`search at 60 playouts ${String(r.search).padStart(4)}`);
      expect(lines.join('\n')).toMatch(/hand priors' favourite +8 \(100\.0%\)/);
      await expect(agreeGoCommand(['--from', dir, '--expert', 'nobody'], io)).rejects.toThrow(/no finished Go games|no position to measure/);
      await expect(agreeGoCommand(['--expert', 'x'], io)).rejects.toThrow(UsageError);
      await expect(agreeGoCommand(['--from', dir, '--playouts', '0'], io)).rejects.toThrow(UsageError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

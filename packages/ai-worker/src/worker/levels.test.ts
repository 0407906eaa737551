import { describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { levelBudget, pickCandidate } from './levels.js';
import type { Candidate } from './protocol.js';

const cand = (move: number, winRate: number): Candidate => ({ move, winRate, visits: 0, score: 0, prior: 0, pv: [move] });

describe('levels', () => {
  it('gives every level 1-10 a budget that grows, with randomness fading out', () => {
    let lastNodes = 0;
    let lastTemperature = Infinity;
    for (let level = 1; level <= 9; level++) {
      const b = levelBudget(level, 'mcts');
      expect(b.nodes).toBeGreaterThan(lastNodes);
      expect(b.temperature).toBeLessThanOrEqual(lastTemperature);
      lastNodes = b.nodes as number;
      lastTemperature = b.temperature;
      expect(levelBudget(level, 'alphabeta').depth).toBeGreaterThanOrEqual(1);
    }
    expect(levelBudget(10, 'alphabeta')).toEqual({ timeMs: 3000, temperature: 0 });
    for (const bad of [0, 11, 2.5, Number.NaN]) expect(() => levelBudget(bad, 'mcts')).toThrow(/level must be/);
  });

  it('picks the best candidate at temperature 0 and spreads picks by win rate otherwise', () => {
    const list = [cand(1, 0.6), cand(2, 0.5), cand(3, 0.1)];
    const rng = new Rng(4);
    expect(pickCandidate(list, 0, rng)?.move).toBe(1);
    expect(pickCandidate([], 1, rng)).toBeUndefined();
    const counts = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const m = pickCandidate(list, 0.1, rng)?.move as number;
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    // exp(0/0.1) : exp(-1) : exp(-5) ≈ 0.727 : 0.268 : 0.005.
    expect((counts.get(1) ?? 0) / 3000).toBeCloseTo(0.727, 1);
    expect((counts.get(2) ?? 0) / 3000).toBeCloseTo(0.268, 1);
    expect(counts.get(3) ?? 0).toBeLessThan(60);
  });
});

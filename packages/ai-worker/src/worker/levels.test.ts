import { describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { alphaBetaLevels, levelBudget, pickCandidate } from './levels.js';
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

  it('takes a game\'s own depths and either a scale of the generic temperatures or its own for levels 1-9', () => {
    const scaled = alphaBetaLevels([1, 1, 2, 2, 3, 3, 4, 5, 6], 0.1);
    expect(scaled(1, 'alphabeta')).toMatchObject({ depth: 1, temperature: levelBudget(1, 'alphabeta').temperature * 0.1 });
    const own = alphaBetaLevels([1, 1, 1, 3, 4, 4, 5, 5, 6], [0.5, 0.2, 0.08, 0.05, 0.05, 0, 0.05, 0.05, 0]);
    expect(own(3, 'alphabeta')).toMatchObject({ depth: 1, temperature: 0.08 });
    expect(own(4, 'alphabeta')).toMatchObject({ depth: 3, temperature: 0.05 });
    expect(own(10, 'alphabeta')).toEqual({ timeMs: 3000, temperature: 0 });
    // MCTS keeps the generic playouts, with the game's temperature.
    expect(own(3, 'mcts')).toMatchObject({ nodes: levelBudget(3, 'mcts').nodes, temperature: 0.08 });
    expect(() => alphaBetaLevels([1, 2, 3])).toThrow(/9 depths/);
    expect(() => alphaBetaLevels([1, 1, 1, 3, 4, 4, 5, 5, 6], [0.5, 0.2])).toThrow(/9 temperatures/);
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

import { describe, expect, it } from 'vitest';
import { GomokuPosition, ReversiPosition } from '@qi/engine';
import { Bot } from './bot.js';

// The Bot in this thread (its worker transport is tested in bot.test.ts).
describe('Bot (in-process)', () => {
  it('answers null on a finished game with either search', async () => {
    const bot = new Bot();
    bot.setPosition({ game: 'go', rules: { size: 9 }, moves: ['pass', 'pass'] });
    expect(bot.info().terminal).toBe(true);
    expect((await bot.think({ nodes: 10 })).move).toBeNull();
    expect((await bot.think({ depth: 2, algorithm: 'alphabeta' })).move).toBeNull();
  });

  it('a seeded think picks the same move on any bot, whatever that bot played before', async () => {
    // Level 1 picks among candidates at random: with a think's seed the pick depends on that seed only, not on the
    // thread's generator (so a bench game replays the same on any worker thread or machine).
    const a = new Bot({ seed: 1, slices: false });
    const b = new Bot({ seed: 2, slices: false });
    a.setPosition({ game: 'reversi' });
    b.setPosition({ game: 'reversi' });
    await b.think({ level: 1 });
    const picks = new Set<number>();
    for (let seed = 0; seed < 12; seed++) {
      const x = await a.think({ level: 1, seed });
      const y = await b.think({ level: 1, seed });
      expect(y.move).toBe(x.move);
      picks.add(x.move as number);
    }
    // The seed decides: different seeds reach different moves of the opening's four.
    expect(picks.size).toBeGreaterThan(1);
    await expect(a.think({ level: 1, seed: 1.5 })).rejects.toThrow(/seed must be a whole number, got 1.5/);
  });

  it('plays legal moves at low and high levels, with variety only at low ones', async () => {
    // Unsliced: a level's think has a clock (3 s a move), and a timed search sliced by time restarts the iteration a
    // slice cuts, so its node counts (and, in very short slices, its move) follow the machine's speed. In one step,
    // level 9's depth 9 (a few ms here) plays the same move on any machine that searches it within the clock.
    const bot = new Bot({ seed: 9, slices: false });
    bot.setPosition({ game: 'reversi' });
    const start = new ReversiPosition();
    const seen = new Map<number, Set<number>>();
    for (const level of [1, 9]) {
      seen.set(level, new Set());
      for (let i = 0; i < 12; i++) {
        const r = await bot.think({ level });
        expect(start.isLegal(r.move as number)).toBe(true);
        seen.get(level)?.add(r.move as number);
      }
    }
    expect(seen.get(1)?.size).toBeGreaterThan(1);
    expect(seen.get(9)?.size).toBe(1); // temperature 0: the same best move every time
  });

  it('gives a hint for the side to move within about a second', async () => {
    const bot = new Bot();
    bot.setPosition({ game: 'gomoku', moves: ['H8', 'J9', 'H9'] });
    const t0 = performance.now();
    const hint = await bot.hint();
    // The hint's own clock (a second, what the person waits for): asserted at three times that, the time printed.
    const ms = performance.now() - t0;
    console.log(`gomoku hint in ${ms.toFixed(0)} ms (${hint.reason}, ${hint.nodes} nodes)`);
    expect(ms).toBeLessThan(3000);
    expect(hint.done).toBe(true);
    const check = new GomokuPosition();
    for (const m of ['H8', 'J9', 'H9']) check.play(check.parseMove(m));
    expect(check.isLegal(hint.move as number)).toBe(true);
  });

  it('rejects rules a game does not take and moves it cannot parse', () => {
    const bot = new Bot();
    expect(() => bot.setPosition({ game: 'reversi', rules: { size: 10 } })).toThrow(/no rules/);
    expect(() => bot.setPosition({ game: 'go', rules: { size: 9 }, moves: ['Z99'] })).toThrow(/move 1 \(Z99\)/);
    bot.setPosition({ game: 'go', rules: { size: 9 } });
    expect(() => bot.play('E5')).not.toThrow();
    expect(() => bot.play('E5')).toThrow(/E5/);
    expect(bot.info().ply).toBe(1);
  });
});

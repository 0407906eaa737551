import { describe, expect, it } from 'vitest';
import { CheckersPosition, GoPosition, GomokuPosition, ReversiPosition, Rng, type Position } from '@qi/engine';
import { checkersDepth3, goRandom, gomokuClassic, reversiGreedy, type ClassicBot } from '../baselines/index.js';
import { Bot } from '../worker/bot.js';

// The classic baselines through the Bot API: `algorithm: 'classic'` answers what the baseline bot itself picks.
describe("Bot with algorithm: 'classic'", () => {
  const cases: { game: string; rules?: Record<string, unknown>; moves: string[]; create: () => Position; classic: () => ClassicBot }[] = [
    { game: 'reversi', moves: ['F5', 'F6', 'E6'], create: () => new ReversiPosition(), classic: reversiGreedy },
    { game: 'gomoku', rules: { rule: 'renju' }, moves: ['H8', 'J9', 'H9'], create: () => new GomokuPosition({ rule: 'renju' }), classic: gomokuClassic },
    { game: 'checkers', rules: { players: 2 }, moves: [], create: () => new CheckersPosition({ players: 2 }), classic: checkersDepth3 },
  ];
  for (const c of cases) {
    it(`plays the ${c.game} baseline's move`, async () => {
      const bot = new Bot();
      bot.setPosition({ game: c.game, rules: c.rules, moves: c.moves });
      const answer = await bot.think({ algorithm: 'classic', level: 3 });
      const pos = c.create();
      for (const m of c.moves) pos.play(pos.parseMove(m));
      expect(answer.algorithm).toBe('classic');
      expect(answer.reason).toBe('classic');
      expect(answer.move).toBe(c.classic().choose(pos, new Rng(1)));
    });
  }

  it('plays a legal Go move (random without filling own eyes) and answers null on a finished game', async () => {
    const bot = new Bot();
    bot.setPosition({ game: 'go', rules: { size: 9 }, moves: ['E5'] });
    const pos = new GoPosition({ size: 9 });
    pos.play(pos.parseMove('E5'));
    expect(pos.isLegal((await bot.think({ algorithm: 'classic' })).move as number)).toBe(true);
    expect(goRandom().name).toBe('go-random');
    bot.setPosition({ game: 'go', rules: { size: 9 }, moves: ['pass', 'pass'] });
    expect((await bot.think({ algorithm: 'classic' })).move).toBeNull();
  });
});

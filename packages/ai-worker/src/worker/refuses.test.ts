import { describe, expect, it } from 'vitest';
import { Bot } from './bot.js';
import { registerGame, type GameEntry } from './games.js';
import { testGames } from '../testing/games.js';
import { mnkEvaluator } from '../testing/mnk-eval.js';

// GameEntry.refuses (Go's use: no pass into a loss by Qi's own count, games/go/pass.test.ts): the bot replaces a
// refused move by its best other candidate when it plays, and leaves an analysis alone. On Connect Four (the tests'
// game) with a fixed depth, so that the search's own choice is the same on every run.
const plain: GameEntry = { algorithm: 'alphabeta', alphabeta: () => ({ evaluator: mnkEvaluator(), ttMegabytes: 8 }), scoreScale: 200 };
const setup = { game: 'connect4', moves: ['d', 'c', 'd'] };

describe('Bot: a move the game refuses', () => {
  it('is replaced by the best other candidate when playing, and kept in an analysis', async () => {
    registerGame(testGames.get('connect4'), plain);
    const bot = new Bot({ seed: 1, slices: false });
    bot.setPosition(setup);
    const own = await bot.think({ depth: 5 });
    expect(own.move).not.toBeNull();
    const chosen = own.move as number;
    const second = own.candidates.find((c) => c.move !== chosen);
    expect(second).toBeDefined();

    const asked: number[] = [];
    registerGame(testGames.get('connect4'), {
      ...plain,
      refuses: (_pos, move) => {
        asked.push(move);
        return move === chosen;
      },
    });
    const vetoed = new Bot({ seed: 1, slices: false });
    vetoed.setPosition(setup);
    const r = await vetoed.think({ depth: 5 });
    expect(asked[0]).toBe(chosen);
    expect(r.move).toBe(second?.move);
    expect(r.winRate).toBe(second?.winRate);
    expect(r.pv[0]).toBe(second?.move);

    // An analysis shows the search's own best move: the veto is about what the bot plays.
    asked.length = 0;
    vetoed.setPosition(setup);
    const analysis = await vetoed.analyze({ depth: 5 });
    expect(analysis.move).toBe(chosen);
    expect(asked).toEqual([]);
  });
});

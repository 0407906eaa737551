import { Bot } from '@qi/ai-worker';
import { PASS } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { goUi } from '../../games/go/ui.js';
import { Session } from '../session/session.js';
import { PageBot } from './page-bot.js';

describe('Go starts for the worker', () => {
  it('lets the real bot set up a handicap game of the page and answer with a legal move for White', async () => {
    const { rules, start } = goUi.setup({ ...goUi.defaults(), size: 9, handicap: 2, komi: 0.5 });
    const game = new Session({ definition: goUi.definition, rules, start });
    const pos = () => game.position();
    game.play(pos().parseMove('E5')); // White
    game.play(pos().parseMove('C7')); // Black
    const setup = game.setup();
    expect(setup.rules).toMatchObject({ size: 9 });
    expect(setup.start).toMatchObject({ handicap: expect.arrayContaining(['C3', 'G7']) });
    expect(setup.moves).toEqual(['E5', 'C7']);
    const bot = new Bot();
    const info = bot.setPosition(setup);
    expect(info.toMove).toBe(1);
    const answer = await bot.think({ level: 1 });
    expect(answer.move).not.toBeNull();
    expect(answer.move === PASS || pos().isLegal(answer.move!)).toBe(true);
  });

  it('finds dead stones on a board set up from the start, naming an illegal move by number', () => {
    const bot = new PageBot();
    const setup = { game: 'go', rules: { size: 9 }, start: { black: ['E5', 'B1', 'B2'], white: ['A1'] } };
    expect(bot.deadStones({ ...setup, moves: ['pass', 'pass'] })).toEqual(['A1']);
    expect(() => bot.deadStones({ ...setup, moves: ['E5'] })).toThrow('move 1 (E5): illegal move E5');
  });
});

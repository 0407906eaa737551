import { Bot } from '@qi/ai-worker';
import { GoPosition, PASS } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { GoGame, defaultSettings } from '../game-store.js';
import { placeStart, registerGoStart, splitStart } from './go-setup.js';

describe('Go starts for the worker', () => {
  it('splits the start fields off the rules and names bad ones', () => {
    expect(splitStart({ size: 9, komi: 7.5, black: ['C3'], toMove: 1 })).toEqual({
      rules: { size: 9, komi: 7.5 },
      start: { black: ['C3'], white: undefined, handicap: undefined, toMove: 1 },
    });
    expect(splitStart(undefined).rules).toEqual({});
    expect(() => splitStart({ black: 'C3' })).toThrow('black must be a list of points, got "C3"');
    expect(() => splitStart({ handicap: 1.5 })).toThrow('handicap must be a whole number, got 1.5');
    expect(() => splitStart({ toMove: 2 })).toThrow('toMove must be 0 or 1, got 2');
  });

  it('places handicap stones as handicap (White to move, counted) and other stones as setup', () => {
    const h = new GoPosition({ size: 9 });
    placeStart(h, { black: ['C3', 'G7'], handicap: 2 });
    expect(h.handicap).toBe(2);
    expect(h.currentPlayer()).toBe(1);
    const s = new GoPosition({ size: 9 });
    placeStart(s, { black: ['C3'], white: ['D4'], toMove: 1 });
    expect(s.handicap).toBe(0);
    expect(s.stoneAt(s.parseMove('D4'))).toBe(2);
    expect(s.currentPlayer()).toBe(1);
    expect(() => placeStart(new GoPosition({ size: 9 }), { black: ['Z99'] })).toThrow();
  });

  it('lets the real bot set up a handicap game of the page and answer with a legal move for White', async () => {
    registerGoStart();
    const game = new GoGame({ ...defaultSettings(), size: 9, handicap: 2, komi: 0.5 });
    game.playText('E5'); // White
    game.playText('C7'); // Black
    const setup = game.aiSetup();
    expect(setup.rules).toMatchObject({ size: 9, handicap: 2, toMove: 1, black: expect.arrayContaining(['C3', 'G7']) });
    expect(setup.moves).toEqual(['E5', 'C7']);
    const bot = new Bot();
    const info = bot.setPosition(setup);
    expect(info.toMove).toBe(1);
    const answer = await bot.think({ level: 1 });
    expect(answer.move).not.toBeNull();
    expect(answer.move === PASS || game.playMove(answer.move!)).toBe(true);
  });
});

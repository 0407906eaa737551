import { describe, expect, it } from 'vitest';
import { GomokuPosition } from '@qi/engine';
import { PiskvorkBoard } from './board.js';

describe('piskvork coordinates', () => {
  it('puts y = 0 on the top row (renju row 15 of 15x15) and x = 0 on column A', () => {
    const board = new PiskvorkBoard(15, 'freestyle');
    const pos = new GomokuPosition({ size: 15 });
    expect(pos.moveToText(board.point(pos, 0, 0))).toBe('A15');
    expect(pos.moveToText(board.point(pos, 14, 14))).toBe('O1');
    expect(pos.moveToText(board.point(pos, 7, 7))).toBe('H8');
    expect(pos.moveToText(board.point(pos, 3, 1))).toBe('D14');
    for (const [x, y] of [[0, 0], [14, 0], [3, 11], [14, 14]]) expect(board.coords(pos, board.point(pos, x, y))).toEqual({ x, y });
  });

  it('replays alternating stones in order, composes any other arrangement', () => {
    const board = new PiskvorkBoard(15, 'renju');
    board.stones.push({ x: 7, y: 7, colour: 0 }, { x: 8, y: 8, colour: 1 });
    const a = board.setup();
    expect(a.bot.moves).toEqual(['H8', 'I7'].map((t) => a.position.parseMove(t)));
    expect(a.position.currentPlayer()).toBe(0);
    board.stones.push({ x: 0, y: 0, colour: 1 });
    const b = board.setup();
    expect(b.bot.moves).toEqual([]);
    expect(b.bot.rules).toMatchObject({ rule: 'renju' });
    expect(b.bot.start).toMatchObject({ black: ['H8'], white: ['I7', 'A15'], toMove: 0 });
    expect(b.position.stoneCount()).toBe(3);
  });
});

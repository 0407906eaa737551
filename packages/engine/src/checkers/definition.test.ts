import { describe, expect, it } from 'vitest';
import { games } from '../games.js';
import { checkersDefinition as checkers } from './definition.js';
import { CHECKERS_LEAVE } from './position.js';

describe('the Chinese Checkers definition', () => {
  it('fills in the engine\'s defaults and names a bad field', () => {
    expect(checkers.rules()).toEqual({ board: 'star', players: 2, fillGoalWins: true, stayInGoal: true, noStopInOtherPoints: false, jumpOver: 'any', turnCap: 0, capOutcome: 'draw' });
    expect(checkers.rules({ board: 'square8' }).jumpOver).toBe('opponent');
    expect(() => checkers.rules({ players: 5 })).toThrow('checkers rules.players must be one of 1, 2, 3, 4, 6 on the star board, got 5');
    expect(() => checkers.rules({ size: 5 })).toThrow(/^checkers rules: unknown field "size" \(known: board, players/);
  });

  it('starts from pieces per player and the player to move, and names a bad field', () => {
    const rules = checkers.rules({ players: 1 });
    const pos = checkers.create(rules, { pieces: [['q1', 'P1']], toMove: 0 });
    expect(pos.piecesOf(0)).toHaveLength(2);
    expect(checkers.startOf(pos)).toEqual({ pieces: [['p1', 'q1']], toMove: 0 });
    expect(() => checkers.start({ pieces: 'q1' }, rules)).toThrow('checkers start.pieces must be a list of hole lists, one per player, got "q1"');
    expect(() => checkers.start({ pieces: [['z9']] }, rules)).toThrow('checkers start.pieces[0]: "z9" is not a hole of the star board');
    expect(() => checkers.start({ pieces: [['q1'], ['a1']] }, rules)).toThrow('checkers start: setup has pieces for 2 players, the rules say 1');
  });

  it('reads the qi-checkers record of a composed start back with its players', () => {
    const rules = checkers.rules();
    const start = { pieces: [['q1', 'p1'], ['a1']], toMove: 1 };
    const pos = checkers.create(rules, start);
    const move = pos.parseMove('a1-b1');
    const text = checkers.record.write({ rules, start, moves: [move], players: ['Ann', 'Bo'] });
    expect(JSON.parse(text)).toMatchObject({ format: 'qi-checkers', players: ['Ann', 'Bo'], setup: { pieces: [['p1', 'q1'], ['a1']], toMove: 1 }, moves: ['a1-b1'] });
    expect(checkers.record.read(new TextEncoder().encode(text))).toEqual({ rules, start: checkers.start(start, rules), moves: [move], players: ['Ann', 'Bo'] });
  });

  it('sets up games with leave moves (text or value) and writes and reads them in its record', () => {
    const pos = games.position({ game: 'checkers', rules: { players: 3 }, moves: ['o2-m6', 'leave', 'e10-e9'] });
    expect(pos.game).toBe('checkers');
    const c = pos as ReturnType<typeof checkers.create>;
    expect(c.hasLeft(1)).toBe(true);
    expect(c.currentPlayer()).toBe(0);
    const rules = checkers.rules({ players: 3 });
    const moves = c.history();
    expect(moves[1]).toBe(CHECKERS_LEAVE);
    const text = checkers.record.write({ rules, moves, players: ['A', 'B', 'C'] });
    expect(JSON.parse(text).moves).toEqual(['o2-m6', 'leave', 'e10-e9']);
    expect(checkers.record.read(text)).toEqual({ rules, moves, players: ['A', 'B', 'C'] });
    expect(checkers.moveToText(c, CHECKERS_LEAVE)).toBe('leave');
    expect(checkers.parseMove(c, 'leave')).toBe(CHECKERS_LEAVE);
  });

  it('writes and reads per-move comments in its record (undefined for none, written as null)', () => {
    const rules = checkers.rules();
    const pos = games.position({ game: 'checkers', rules, moves: ['o2-m6', 'c2-e6', 'n1-m5'] }) as ReturnType<typeof checkers.create>;
    const moves = pos.history();
    const comments = ['好 ] \\', undefined, 'third\nmove'];
    const text = checkers.record.write({ rules, moves, players: ['A', 'B'], comments });
    expect(JSON.parse(text).comments).toEqual(['好 ] \\', null, 'third\nmove']);
    expect(checkers.record.read(text)).toEqual({ rules, moves, players: ['A', 'B'], comments });
    expect(checkers.record.read(checkers.record.write({ rules, moves, players: ['A', 'B'] })).comments).toBeUndefined();
    expect(() => checkers.record.write({ rules, moves, players: ['A', 'B'], comments: [1 as never] })).toThrow('checkers record.comments[0] (move 1) must be text, got 1');
  });
});

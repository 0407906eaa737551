import { describe, expect, it } from 'vitest';
import { checkersDefinition as checkers } from './definition.js';

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
});

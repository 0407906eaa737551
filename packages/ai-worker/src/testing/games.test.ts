import { games } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { connect4Definition, nimDefinition, testGames } from './games.js';

describe('the test games\' own registry', () => {
  it('holds tic-tac-toe, Connect Four and Nim, apart from the engine\'s four games', () => {
    expect(testGames.ids()).toEqual(['tictactoe', 'connect4', 'nim']);
    expect(games.has('connect4')).toBe(false);
    expect(() => testGames.get('go')).toThrow('unknown game "go" (known: tictactoe, connect4, nim)');
  });

  it('sets their positions up from rules and moves, checking both', () => {
    const pos = testGames.position({ game: 'connect4', moves: ['d', 'd', 'c'] });
    expect(pos.ply).toBe(3);
    expect(connect4Definition.rulesOf(pos as never)).toEqual({ width: 7, height: 6, k: 4, gravity: true });
    const nim = testGames.position({ game: 'nim', rules: { counters: 10, players: 3 }, moves: ['3', 2] });
    expect(nim.playerCount).toBe(3);
    expect(nimDefinition.rulesOf(nim as never)).toEqual({ counters: 10, players: 3, maxTake: 3 });
    expect(() => testGames.position({ game: 'nim', rules: { counters: '10' } })).toThrow('nim rules.counters must be a number, got "10"');
    expect(() => testGames.position({ game: 'nim', rules: { heap: 10 } })).toThrow('nim rules: unknown field "heap" (known: counters, players, maxTake)');
    expect(() => testGames.position({ game: 'tictactoe', start: {} })).toThrow('tictactoe takes no start, got {}');
    expect(() => testGames.position({ game: 'tictactoe', moves: ['b2', 'b2'] })).toThrow('move 2 (b2): illegal move b2');
  });
});

import { describe, expect, it } from 'vitest';
import { checkGameProperties } from '../testing/properties.js';
import { ReversiPosition } from './position.js';

describe('Reversi passes the generic property suite', () => {
  it('random games from the start to the end, the first ones exhaustively', () => {
    const r = checkGameProperties({ create: () => new ReversiPosition(), games: 300, maxPlies: 200, seed: 1, exhaustiveGames: 40 });
    expect(r.games).toBe(300);
    expect(r.terminalGames).toBe(300);
    expect(r.plies).toBeGreaterThan(300 * 55);
    expect(r.movesChecked).toBeGreaterThan(40 * 300);
  });

  it('random games from composed and endgame positions, passes included', () => {
    const boards = [
      'OX------' + '--------'.repeat(7),
      '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--',
      'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------',
      'X'.repeat(10) + '-'.repeat(44) + 'O'.repeat(10),
    ];
    for (const [i, board] of boards.entries()) {
      const r = checkGameProperties({ create: () => new ReversiPosition(board, i % 2), games: 40, maxPlies: 200, seed: 100 + i });
      expect(r.terminalGames).toBe(40);
    }
  });
});

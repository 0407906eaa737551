import { describe, expect, it } from 'vitest';
import { GoPosition, PASS, scoreArea } from '@qi/engine';
import { stonesPosition, vertexPoint } from './go-testing.js';
import { goRefuses, passLosesByCount } from './pass.js';

// 9x9, komi 7.5: Black walls off columns A-E (45 points), White F-J (36), so Black wins by 1.5 once the two lone
// White stones in Black's area (B3, C7) are taken off as dead. Counted as it stands they touch Black's area, which
// then belongs to nobody, and White wins: the case where a game-ending pass looks right to a count that keeps
// dead stones, and loses by Qi's own.
const column = (c: string) => Array.from({ length: 9 }, (_, i) => `${c}${i + 1}`);
const BLACK = column('E');
const WHITE = [...column('F'), 'B3', 'C7'];

describe('Go: no pass into a loss by Qi own count', () => {
  it('White, after Black passed, would lose by the count: the pass is refused', () => {
    const pos = stonesPosition(BLACK, WHITE, 'white');
    expect(pos.passes()).toBe(1);
    // The board as it stands gives the game to White; with the dead stones off, Black wins.
    expect(scoreArea(pos, []).margin).toBeLessThan(0);
    expect(passLosesByCount(pos)).toBe(true);
    expect(goRefuses(pos, PASS)).toBe(true);
    // Any other move is the search's own business.
    expect(goRefuses(pos, vertexPoint(pos, 'A1'))).toBe(false);
  });

  it('Black, after White passed, wins by the count: its pass stands', () => {
    const pos = stonesPosition(BLACK, WHITE, 'black');
    pos.setCurrentPlayer(1);
    pos.play(PASS);
    expect(pos.currentPlayer()).toBe(0);
    expect(pos.passes()).toBe(1);
    expect(pos.isTerminal()).toBe(false);
    expect(passLosesByCount(pos)).toBe(false);
    expect(goRefuses(pos, PASS)).toBe(false);
  });

  it('under territory counting the search decides (a stone played on there costs a point)', () => {
    const pos = stonesPosition(BLACK, WHITE, 'white');
    const territory = new GoPosition({ size: 9, komi: 6.5, scoring: 'territory' });
    for (let i = 0; i < pos.points().length; i++) {
      const p = pos.points()[i];
      if (pos.stoneAt(p) !== 0) territory.setup(p, pos.stoneAt(p));
    }
    territory.play(PASS);
    expect(territory.currentPlayer()).toBe(1);
    expect(passLosesByCount(territory)).toBe(false);
  });

  it('a pass that does not end the game (the opponent played a stone) is never refused', () => {
    const pos = stonesPosition(BLACK, WHITE, 'white', ['black', 'A1']);
    expect(pos.passes()).toBe(0);
    expect(passLosesByCount(pos)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_MOVES } from '../core/game.js';
import { checkGameProperties } from '../testing/properties.js';
import { FIVE, FOUR, NONE, OPEN_FOUR, OPEN_THREE, OVERLINE, THREE, OPEN_TWO, fourCount, patternKind } from './patterns.js';
import { GomokuPosition, type GomokuRule } from './position.js';

function at(pos: GomokuPosition, ...pts: string[]): number[] {
  return pts.map((p) => pos.parseMove(p));
}

describe('renju notation', () => {
  const pos = new GomokuPosition();
  it('keeps the letter I, counts rows from the bottom, parses any case', () => {
    expect(pos.moveToText(pos.geo.point(8, 0))).toBe('I1');
    expect(pos.moveToText(pos.geo.point(7, 7))).toBe('H8');
    expect(pos.moveToText(pos.geo.point(14, 14))).toBe('O15');
    expect(pos.parseMove('h8')).toBe(pos.geo.point(7, 7));
    expect(pos.parseMove('A15')).toBe(pos.geo.point(0, 14));
  });
  it('names the bad token', () => {
    expect(() => pos.parseMove('P1')).toThrow(/P1.*off the 15x15 board/);
    expect(() => pos.parseMove('A16')).toThrow(/A16/);
    expect(() => pos.parseMove('pass')).toThrow(/"pass" is not a point/);
    expect(() => pos.parseMove('')).toThrow(/not a point/);
    expect(() => pos.moveToText(0)).toThrow(RangeError);
  });
  it('sizes 5..20 (20 has columns A..T)', () => {
    const big = new GomokuPosition({ size: 20 });
    expect(big.moveToText(big.parseMove('T20'))).toBe('T20');
    expect(() => new GomokuPosition({ size: 4 })).toThrow(/5 to 20/);
    expect(() => new GomokuPosition({ size: 21 })).toThrow(/5 to 20/);
    const n = new GomokuPosition({ size: 5 }).legalMoves(new Int32Array(MAX_MOVES));
    expect(n).toBe(25);
  });
});

describe('composed positions', () => {
  it('accepts any stone counts and the side to move', () => {
    const pos = new GomokuPosition({ black: ['H8'], white: ['A1', 'B1', 'C1'], toMove: 'black' });
    expect(pos.currentPlayer()).toBe(0);
    expect(pos.stoneCount()).toBe(4);
    expect(new GomokuPosition({ black: ['H8'] }).currentPlayer()).toBe(1);
  });
  it('rejects overlapping and off-board stones with a clear error', () => {
    expect(() => new GomokuPosition({ black: ['H8'], white: ['h8'] })).toThrow(/H8 is given twice/);
    expect(() => new GomokuPosition({ black: ['Z9'] })).toThrow(/black stone.*Z9/);
    expect(() => new GomokuPosition({ size: 9, white: ['J10'] })).toThrow(/white stone.*off the 9x9 board/);
    expect(() => new GomokuPosition({ rule: 'go' as GomokuRule })).toThrow(/unknown rule set "go"/);
  });
  it('a position that already holds a five is over', () => {
    const pos = new GomokuPosition({ black: ['A1', 'B1', 'C1', 'D1', 'E1'], white: ['A2'] });
    expect(pos.isTerminal()).toBe(true);
    expect(pos.legalMoves(new Int32Array(MAX_MOVES))).toBe(0);
    expect(() => new GomokuPosition({ black: ['A1', 'B1', 'C1', 'D1', 'E1'], white: ['A2', 'B2', 'C2', 'D2', 'E2'] })).toThrow(/both/);
  });
});

describe('winning rules from the last move', () => {
  function after(rule: GomokuRule, black: string[], white: string[], move: string): GomokuPosition {
    const pos = new GomokuPosition({ rule, black, white, toMove: black.length > white.length ? 'white' : 'black' });
    pos.play(pos.parseMove(move));
    return pos;
  }
  const out = new Float64Array(2);
  it('five in each direction wins', () => {
    for (const line of [['A1', 'B1', 'C1', 'D1'], ['A1', 'A2', 'A3', 'A4'], ['A1', 'B2', 'C3', 'D4'], ['E1', 'D2', 'C3', 'B4']]) {
      const last = line[0] === 'A1' && line[1] === 'B1' ? 'E1' : line[1] === 'A2' ? 'A5' : line[1] === 'B2' ? 'E5' : 'A5';
      const pos = after('standard', line, ['K10', 'K11', 'K12', 'L1'], last);
      expect(pos.isTerminal()).toBe(true);
      pos.returns(out);
      expect([...out]).toEqual([1, -1]);
    }
  });
  it('an overline wins in freestyle, not in standard; in renju it is forbidden for black and wins for white', () => {
    const row = ['A1', 'B1', 'C1', 'E1', 'F1'];
    expect(after('freestyle', row, ['K10', 'K11', 'K12', 'K13', 'L1'], 'D1').isTerminal()).toBe(true);
    expect(after('standard', row, ['K10', 'K11', 'K12', 'K13', 'L1'], 'D1').isTerminal()).toBe(false);
    const renju = new GomokuPosition({ rule: 'renju', black: row, white: ['K10', 'K11', 'K12', 'K13', 'L1'], toMove: 'black' });
    expect(renju.isLegal(renju.parseMove('D1'))).toBe(false);
    expect(renju.forbiddenKind(renju.parseMove('D1'))).toBe('overline');
    const white = after('renju', ['K10', 'K11', 'K12', 'K13', 'L1', 'M5'], row, 'D1');
    expect(white.isTerminal()).toBe(true);
    white.returns(out);
    expect(out[1]).toBe(1);
  });
  it('standard also refuses white overlines; exactly five still wins', () => {
    const row = ['A1', 'B1', 'C1', 'E1', 'F1'];
    expect(after('standard', ['K10', 'K11', 'K12', 'K13', 'L1', 'M5'], row, 'D1').isTerminal()).toBe(false);
    expect(after('standard', ['K10', 'K11', 'K12', 'K13', 'L1', 'M5'], ['A1', 'B1', 'C1', 'E1', 'O1'], 'D1').isTerminal()).toBe(true);
  });
  it('a full board without a five is a draw', () => {
    // Columns in pairs of colours make no five on 5x5: rows alternate XXOOX / OOXXO so no line of five forms.
    const pos = new GomokuPosition({ size: 5 });
    const rows = ['XXOOX', 'OOXXO', 'XXOOX', 'OOXXO', 'XXOOX'];
    const xs: number[] = [];
    const os: number[] = [];
    rows.forEach((r, y) => [...r].forEach((c, x) => (c === 'X' ? xs : os).push(pos.geo.point(x, y))));
    // 13 X and 12 O: play them alternately, black first.
    for (let i = 0; i < 25; i++) pos.play(i % 2 === 0 ? xs[i >> 1] : os[i >> 1]);
    expect(pos.isTerminal()).toBe(true);
    pos.returns(out);
    expect([...out]).toEqual([0, -0]);
    expect(pos.stoneCount()).toBe(25);
  });
});

describe('Zobrist key and make/unmake', () => {
  it('includes the side to move and comes back after undo', () => {
    const a = new GomokuPosition({ black: ['H8'], toMove: 'black' });
    const b = new GomokuPosition({ black: ['H8'], toMove: 'white' });
    expect([a.hashLo, a.hashHi]).not.toEqual([b.hashLo, b.hashHi]);
    const key = [a.hashLo, a.hashHi];
    a.play(a.parseMove('J9'));
    expect([a.hashLo, a.hashHi]).not.toEqual(key);
    a.undo();
    expect([a.hashLo, a.hashHi]).toEqual(key);
    expect(() => a.undo()).toThrow(/no move/);
  });
  it('isLegal never throws and refuses non-points', () => {
    const pos = new GomokuPosition();
    for (const m of [-1, 0, 1.5, NaN, 1e9, pos.parseMove('H8')]) expect(() => pos.isLegal(m)).not.toThrow();
    expect(pos.isLegal(-1)).toBe(false);
    expect(pos.isLegal(0)).toBe(false);
  });
});

describe('line patterns', () => {
  const pos = new GomokuPosition({ rule: 'renju', black: ['E8', 'F8', 'G8'], white: ['A1'], toMove: 'black' });
  const kind = (p: string, colour = 0, d = 0): number => patternKind(pos.pattern(pos.parseMove(p), d, colour));
  it('classifies threes, fours, fives on a row', () => {
    expect(kind('H8')).toBe(OPEN_FOUR);
    expect(kind('D8')).toBe(OPEN_FOUR);
    expect(kind('C8')).toBe(FOUR);
    expect(kind('I8')).toBe(FOUR);
    expect(kind('H8', 0, 1)).toBe(0);
    const two = new GomokuPosition({ black: ['G8'], white: [] });
    expect(patternKind(two.pattern(two.parseMove('H8'), 0, 0))).toBe(OPEN_TWO);
    const closed = new GomokuPosition({ black: ['G8', 'H8'], white: ['F8'] });
    expect(patternKind(closed.pattern(closed.parseMove('I8'), 0, 0))).toBe(THREE);
    const open3 = new GomokuPosition({ black: ['G8', 'H8'], white: [] });
    expect(patternKind(open3.pattern(open3.parseMove('I8'), 0, 0))).toBe(OPEN_THREE);
  });
  it('knows exact five, overline and two fours on one line', () => {
    const p = new GomokuPosition({ rule: 'renju', black: ['A8', 'B8', 'C8', 'E8', 'F8', 'G8', 'H8'], white: [], toMove: 'black' });
    expect(patternKind(p.pattern(p.parseMove('D8'), 0, 0))).toBe(OVERLINE);
    expect(patternKind(p.pattern(p.parseMove('D8'), 0, 1))).toBe(NONE);
    const w = new GomokuPosition({ rule: 'renju', white: ['A8', 'B8', 'C8', 'E8', 'F8', 'G8', 'H8'], black: ['O1'], toMove: 'white' });
    expect(patternKind(w.pattern(w.parseMove('D8'), 0, 1))).toBe(FIVE);
    const split = new GomokuPosition({ rule: 'renju', black: ['D8', 'F8', 'G8', 'J8'], white: [], toMove: 'black' });
    // D8 . F8 G8 [H8] . J8: H8 makes two fours on one line (E8 and I8 each complete a five).
    expect(fourCount(split.pattern(split.parseMove('H8'), 0, 0))).toBe(2);
    expect(split.forbiddenKind(split.parseMove('H8'))).toBe('double-four');
  });
  it('follows play and undo without rescanning', () => {
    const p = new GomokuPosition({ black: ['G8', 'H8'], white: ['A1'], toMove: 'black' });
    const i8 = p.parseMove('I8');
    expect(patternKind(p.pattern(i8, 0, 0))).toBe(OPEN_THREE);
    p.play(p.parseMove('F8'));
    expect(patternKind(p.pattern(i8, 0, 0))).toBe(OPEN_FOUR);
    p.play(p.parseMove('J8'));
    expect(patternKind(p.pattern(i8, 0, 0))).toBe(FOUR);
    p.undo();
    p.undo();
    expect(patternKind(p.pattern(i8, 0, 0))).toBe(OPEN_THREE);
  });
});

describe('generic property suite', () => {
  it('the smallest and largest boards (5x5 to a draw or a five, 20x20)', () => {
    expect(checkGameProperties({ create: () => new GomokuPosition({ size: 5, rule: 'renju' }), games: 20, maxPlies: 26, seed: 3 }).terminalGames).toBe(20);
    expect(checkGameProperties({ create: () => new GomokuPosition({ size: 20 }), games: 2, maxPlies: 401, seed: 5, exhaustiveGames: 1 }).terminalGames).toBe(2);
  });

  for (const rule of ['freestyle', 'standard', 'renju'] as const) {
    it(`${rule} on 7x7 (random games to the end)`, () => {
      const report = checkGameProperties({ create: () => new GomokuPosition({ size: 7, rule }), games: 30, maxPlies: 50, seed: 7, exhaustiveGames: 10 });
      expect(report.games).toBe(30);
      expect(report.terminalGames).toBe(30);
    });
    it(`${rule} on 15x15`, () => {
      const report = checkGameProperties({ create: () => new GomokuPosition({ size: 15, rule }), games: 4, maxPlies: 226, seed: 11, exhaustiveGames: 1 });
      expect(report.terminalGames).toBe(4);
    });
  }
});

describe('the winning row', () => {
  const play = (rule: 'freestyle' | 'standard' | 'renju', moves: string[]) => {
    const g = new GomokuPosition({ rule });
    for (const m of moves) g.play(g.parseMove(m));
    return g;
  };

  it('is the five through the last move, and empty before the end', () => {
    const g = play('renju', ['H8', 'A1', 'I8', 'A2', 'J8', 'A3', 'K8']);
    expect(g.winningLine()).toEqual([]);
    g.play(g.parseMove('B5'));
    g.play(g.parseMove('G8'));
    expect(g.isTerminal()).toBe(true);
    expect(g.winningLine().map((p) => g.moveToText(p))).toEqual(['G8', 'H8', 'I8', 'J8', 'K8']);
  });

  it('includes a longer row where the rule lets it win (freestyle), a column and a diagonal', () => {
    const six = play('freestyle', ['A1', 'O15', 'B1', 'O14', 'C1', 'O13', 'E1', 'O12', 'F1', 'N1', 'D1']);
    expect(six.winningLine().map((p) => six.moveToText(p))).toEqual(['A1', 'B1', 'C1', 'D1', 'E1', 'F1']);
    const column = play('standard', ['C3', 'A1', 'C4', 'A2', 'C5', 'A3', 'C6', 'A4', 'C7']);
    expect(column.winningLine().map((p) => column.moveToText(p))).toEqual(['C3', 'C4', 'C5', 'C6', 'C7']);
    const diagonal = play('freestyle', ['D4', 'A1', 'E5', 'A2', 'F6', 'A3', 'G7', 'A4', 'H8']);
    expect(diagonal.winningLine()).toHaveLength(5);
  });
});

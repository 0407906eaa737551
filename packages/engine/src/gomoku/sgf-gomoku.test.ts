import { describe, expect, it } from 'vitest';
import { MAX_MOVES } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { GomokuPosition, type GomokuRule } from './position.js';
import { readGomokuSgf, recordOf, recordStart, writeGomokuSgf } from './sgf-gomoku.js';

function randomGame(rule: GomokuRule, seed: number, size = 15): { start: GomokuPosition; moves: number[]; end: GomokuPosition } {
  const start = new GomokuPosition({ rule, size });
  const end = start.clone();
  const rng = new Rng(seed);
  const buf = new Int32Array(MAX_MOVES);
  const moves: number[] = [];
  while (!end.isTerminal()) {
    const m = buf[rng.int(end.legalMoves(buf))];
    end.play(m);
    moves.push(m);
  }
  return { start, moves, end };
}

describe('Gomoku SGF (GM[4])', () => {
  for (const rule of ['freestyle', 'standard', 'renju'] as const) {
    it(`round-trips a finished ${rule} game with RU[${rule}]`, () => {
      const { start, moves, end } = randomGame(rule, 5, rule === 'standard' ? 9 : 15);
      const text = writeGomokuSgf(recordOf(start, moves, { PB: 'Ann [1d]', PW: 'Bo', RE: 'B+' }));
      expect(text).toContain('GM[4]');
      expect(text).toContain(`RU[${rule}]`);
      const back = readGomokuSgf(text);
      expect(back.rule).toBe(rule);
      expect(back.size).toBe(start.geo.size);
      expect(back.moves).toEqual(moves);
      expect(back.info).toEqual({ PB: 'Ann [1d]', PW: 'Bo', RE: 'B+' });
      const replay = recordStart(back);
      for (const m of back.moves) replay.play(m);
      expect(replay.toString()).toBe(end.toString());
      expect(writeGomokuSgf(back)).toBe(text);
    });
  }

  it('round-trips a composed position with white to move', () => {
    const start = new GomokuPosition({ rule: 'renju', black: ['H8', 'J9'], white: ['A1', 'B2', 'C3'], toMove: 'white' });
    const rec = recordOf(start, [start.parseMove('K10')]);
    const text = writeGomokuSgf(rec);
    expect(text).toMatch(/AB\[hh\]\[jg\]|AB\[hh\]\[ig\]/);
    expect(text).toContain('PL[W]');
    const back = readGomokuSgf(text);
    expect(back.toMove).toBe('white');
    expect(back.black.map((p) => start.moveToText(p))).toEqual(['H8', 'J9']);
    expect(back.moves.map((p) => start.moveToText(p))).toEqual(['K10']);
  });

  it('reads rows from the top as SGF does: aa is A15 on 15x15', () => {
    const r = readGomokuSgf('(;GM[4]FF[4]SZ[15]RU[Renju];B[hh];W[aa];B[ao])');
    const pos = new GomokuPosition();
    expect(r.moves.map((m) => pos.moveToText(m))).toEqual(['H8', 'A15', 'A1']);
    expect(r.rule).toBe('renju');
    expect(readGomokuSgf('(;GM[4]SZ[15];B[hh])').rule).toBe('freestyle');
  });

  it('gives clear errors with line, column and move number', () => {
    expect(() => readGomokuSgf('(;GM[1]SZ[19];B[aa])')).toThrow(/GM\[1\] is not Gomoku/);
    expect(() => readGomokuSgf('(;GM[4]SZ[25])')).toThrow(/SZ\[25\]/);
    expect(() => readGomokuSgf('(;GM[4]RU[Japanese])')).toThrow(/RU\[Japanese\]/);
    expect(() => readGomokuSgf('(;GM[4]\n;B[hh]\n;W[hh])')).toThrow(/line 3, column 1: move 2 W\[hh\] \(H8\): illegal move H8/);
    expect(() => readGomokuSgf('(;GM[4];B[hh];B[ii])')).toThrow(/move 2: black plays out of turn/);
    expect(() => readGomokuSgf('(;GM[4];B[])')).toThrow(/move 1: B\[\] is a pass/);
    expect(() => readGomokuSgf('(;GM[4]SZ[9];B[zz])')).toThrow(/move 1: point "zz" is off the 9x9 board/);
    expect(() => readGomokuSgf('(;GM[4]AB[aa]AW[aa])')).toThrow(/given twice/);
    // Renju: black may not play a forbidden point (here the overline at D8).
    expect(() => readGomokuSgf('(;GM[4]RU[renju]AB[ah][bh][ch][eh][fh]AW[ao][co][eo][go][io]PL[B];B[dh])')).toThrow(/move 1 B\[dh\] \(D8\): forbidden for black under renju \(overline\)/);
    expect(() => readGomokuSgf('(;GM[4]AB[aa][ab][ac][ad][ae]AW[ba];W[ca])')).toThrow(/the game is over/);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, PASS } from '../core/game.js';
import { reversiDefinition as reversi } from './definition.js';

const DATA = new URL('../../../../../shared/data/reversi/', import.meta.url);

describe('the Reversi definition', () => {
  it('has no rule options and names any field given', () => {
    expect(reversi.rules()).toEqual({});
    expect(() => reversi.rules({ board: 'x' })).toThrow('reversi rules: unknown field "board" (Reversi has no rules options; a start board goes in the start)');
  });

  it('starts from a board and a side to move (X/O or b/w/black/white), and names a bad field', () => {
    const board = 'X'.repeat(8) + '-'.repeat(48) + 'o'.repeat(8);
    const pos = reversi.create({}, { board, toMove: 'O' as 'white' });
    expect(pos.currentPlayer()).toBe(1);
    expect(reversi.startOf(pos)).toEqual({ board: board.toUpperCase(), toMove: 'white' });
    expect(reversi.startOf(reversi.create())).toBeUndefined();
    expect(() => reversi.start({ toMove: 'black' }, {})).toThrow('reversi start.board must be a string of 64 squares (X, O, -), got undefined');
    expect(() => reversi.start({ board: 'X' }, {})).toThrow('reversi start.board: a Reversi board string has 64 squares, got 1 characters');
    expect(() => reversi.start({ board, toMove: 'red' }, {})).toThrow(/^reversi start.toMove: "red" is not a side to move/);
  });

  it('shared FFO positions: each as a start, played out with the moves written as SGF and read back', () => {
    const rows = readFileSync(new URL('ffo-1-39.tsv', DATA), 'utf8').trim().split('\n').slice(1, 11);
    const buf = new Int32Array(MAX_MOVES);
    for (const row of rows) {
      const [, , board, side] = row.split('\t');
      const start = reversi.start({ board, toMove: side }, {});
      const pos = reversi.create({}, start);
      const moves: number[] = [];
      while (!pos.isTerminal()) {
        const n = pos.legalMoves(buf);
        // The last legal move: a fixed line that passes when it must.
        const m = buf[n - 1];
        pos.play(m);
        moves.push(m);
      }
      const text = reversi.record.write({ rules: {}, start, moves, players: ['X', 'O'] });
      expect(text).toMatch(/RE\[/);
      const back = reversi.record.read(text);
      expect(back.start).toEqual(start);
      expect(back.moves).toEqual(moves);
      expect(reversi.record.write(back)).toBe(text);
    }
  });

  it('puts back the passes a record leaves out, and names a move that cannot be played', () => {
    // Black moves twice in a row here only if White had no move: the record leaves White's pass out.
    const board = '-'.repeat(8) + 'XO' + '-'.repeat(54);
    const rec = reversi.record.read(`(;GM[2]SZ[8]AB[ab]AW[bb]PL[B];B[cb])`);
    expect(rec.start).toEqual({ board, toMove: 'black' });
    expect(rec.moves).toEqual([10]);
    expect(() => reversi.record.read('(;GM[2];B[aa])')).toThrow('move 1 (black A1): the move flips nothing');
    expect(PASS).toBe(-1);
  });

  it('comments: each move\'s comment as the C of its node, read back equal; passes put back have none', () => {
    // An FFO position played out (it passes when it must), with a comment on every third move.
    const [, , board, side] = readFileSync(new URL('ffo-1-39.tsv', DATA), 'utf8').trim().split('\n')[1].split('\t');
    const start = reversi.start({ board, toMove: side }, {});
    const pos = reversi.create({}, start);
    const buf = new Int32Array(MAX_MOVES);
    const moves: number[] = [];
    while (!pos.isTerminal()) {
      const m = buf[pos.legalMoves(buf) - 1];
      pos.play(m);
      moves.push(m);
    }
    const notes = ['黑方好棋', 'a ] b \\ c', 'line one\nline two', '', '\\]\\'];
    const comments = moves.map((_, i) => (i % 3 === 0 ? notes[(i / 3) % notes.length] : undefined));
    const plain = reversi.record.write({ rules: {}, start, moves });
    const text = reversi.record.write({ rules: {}, start, moves, comments, info: { C: '开局 [FFO]' } });
    expect(text).toContain('CA[UTF-8]');
    expect(text).toContain('C[a \\] b \\\\ c]');
    const back = reversi.record.read(new TextEncoder().encode(text));
    expect(back.comments).toEqual(comments);
    expect(back.info?.C).toBe('开局 [FFO]');
    expect(reversi.record.write(back)).toBe(text);
    expect(plain).not.toContain('C[');
    expect(reversi.record.read(plain).comments).toBeUndefined();
    // A pass the record leaves out is put back without a comment; a node without a move joins the move before.
    const left = reversi.record.read('(;GM[2]SZ[8]AB[ab]AW[bb]PL[B]C[root];C[before];B[cb]C[C2];C[after])');
    expect(left.moves).toEqual([10]);
    expect(left.info?.C).toBe('root\n\nbefore');
    expect(left.comments).toEqual(['C2\n\nafter']);
    // Black C1, White has no move, Black C3: the pass put back between has no comment.
    const skipped = reversi.record.read('(;GM[2]SZ[8]AB[aa][ac]AW[ba][bc]PL[B];B[ca]C[one];B[cc]C[two])');
    expect(skipped.moves).toEqual([2, PASS, 18]);
    expect(skipped.comments).toEqual(['one', undefined, 'two']);
    expect(() => reversi.record.write({ rules: {}, moves: [19], comments: [7 as never] })).toThrow('reversi record.comments[0] (move 1) must be text, got 7');
    expect(() => reversi.record.read('(;GM[2];B[aa]C[flips nothing])')).toThrow('move 1 (black A1): the move flips nothing');
  });
});

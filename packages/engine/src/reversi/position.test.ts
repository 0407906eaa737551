import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { parseSquare, ReversiPosition, squareName } from './position.js';

const data = new URL('../../../../../shared/data/reversi/', import.meta.url);

/** Rows of an FFO tsv file as objects keyed by the header. */
function readTsv(name: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(new URL(name, data), 'utf8').trim().split('\n');
  const keys = header.split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [keys[i], v])));
}

function legalTexts(pos: ReversiPosition): string[] {
  const buf = new Int32Array(64);
  const n = pos.legalMoves(buf);
  return Array.from(buf.subarray(0, n), (m) => pos.moveToText(m)).sort();
}

describe('ReversiPosition', () => {
  it('starts with D4/E5 white, D5/E4 black, black to move, four moves', () => {
    const pos = new ReversiPosition();
    expect(pos.boardString()).toBe('-'.repeat(27) + 'OX------XO' + '-'.repeat(27));
    expect(pos.currentPlayer()).toBe(0);
    expect(legalTexts(pos)).toEqual(['C4', 'D3', 'E6', 'F5']);
    expect(pos.discs(0)).toBe(2);
    expect(pos.discs(1)).toBe(2);
    expect(pos.isTerminal()).toBe(false);
    expect(pos.lastMove()).toBe(null);
  });

  it('plays D3 flipping D4 and undoes it', () => {
    const pos = new ReversiPosition();
    const before = pos.toString();
    const key = [pos.hashLo, pos.hashHi];
    pos.play(pos.parseMove('d3'));
    expect(pos.colourAt(parseSquare('D4'))).toBe(0);
    expect(pos.discs(0)).toBe(4);
    expect(pos.discs(1)).toBe(1);
    expect(pos.currentPlayer()).toBe(1);
    expect(pos.lastMove()).toBe(19);
    expect(legalTexts(pos)).toEqual(['C3', 'C5', 'E3']);
    pos.undo();
    expect(pos.toString()).toBe(before);
    expect([pos.hashLo, pos.hashHi]).toEqual(key);
    expect(() => pos.undo()).toThrow(/no move/);
  });

  it('reads Othello notation in any case, passes as pass/PS, and rejects anything else by name', () => {
    const pos = new ReversiPosition();
    expect(pos.parseMove('A1')).toBe(0);
    expect(pos.parseMove('h8')).toBe(63);
    expect(pos.parseMove(' b3 ')).toBe(17);
    expect(pos.parseMove('pass')).toBe(PASS);
    expect(pos.parseMove('PS')).toBe(PASS);
    expect(pos.parseMove('Pass')).toBe(PASS);
    expect(pos.moveToText(PASS)).toBe('PS');
    for (let s = 0; s < 64; s++) expect(parseSquare(squareName(s))).toBe(s);
    for (const bad of ['', 'i1', 'a9', 'a0', 'd33', 'xx', '3d']) expect(() => pos.parseMove(bad)).toThrow(RangeError);
    expect(() => pos.parseMove('j4')).toThrow(/"j4"/);
    expect(() => pos.moveToText(64)).toThrow(RangeError);
    expect(pos.isLegal(64)).toBe(false);
    expect(pos.isLegal(-2)).toBe(false);
    expect(pos.isLegal(1.5)).toBe(false);
    expect(pos.isLegal(PASS)).toBe(false);
    expect(pos.isLegal(27)).toBe(false);
  });

  it('reads board strings with clear errors, and accepts any disc counts', () => {
    expect(() => new ReversiPosition('X'.repeat(63), 'X')).toThrow(/64 squares, got 63/);
    expect(() => new ReversiPosition('X'.repeat(65), 'X')).toThrow(/64 squares, got 65/);
    expect(() => new ReversiPosition('-'.repeat(10) + 'Z' + '-'.repeat(53), 'X')).toThrow(/"Z" at square C2/);
    expect(() => new ReversiPosition('-'.repeat(64), 'Q')).toThrow(/"Q" is not a side to move/);
    // A single disc: nobody can move, the game is over and the lone disc wins 64-0.
    const lone = ReversiPosition.fromBoard('X' + '-'.repeat(63), 'O');
    expect(lone.isTerminal()).toBe(true);
    expect(lone.legalMoves(new Int32Array(64))).toBe(0);
    expect(lone.score()).toBe(64);
    const out = new Float64Array(2);
    lone.returns(out);
    expect(Array.from(out)).toEqual([1, -1]);
    // Empty board: a draw.
    const empty = ReversiPosition.fromBoard('-'.repeat(64), 'black');
    expect(empty.isTerminal()).toBe(true);
    empty.returns(out);
    expect(Array.from(out)).toEqual([0, -0]);
    // Lower case, colour names.
    expect(new ReversiPosition('x'.repeat(32) + 'o'.repeat(32), 'w').boardString()).toBe('X'.repeat(32) + 'O'.repeat(32));
    expect(new ReversiPosition('-'.repeat(64), 'White').currentPlayer()).toBe(1);
  });

  it('passes when only the opponent can move: PASS is then the only legal move', () => {
    // White A1, black B1: black cannot flank anything, white can play C1.
    const board = 'OX------' + '--------'.repeat(7);
    const pos = new ReversiPosition(board, 'X');
    const buf = new Int32Array(64);
    expect(pos.legalMoves(buf)).toBe(1);
    expect(buf[0]).toBe(PASS);
    expect(pos.isLegal(PASS)).toBe(true);
    expect(pos.isTerminal()).toBe(false);
    const key = [pos.hashLo, pos.hashHi];
    pos.play(PASS);
    expect(pos.currentPlayer()).toBe(1);
    expect([pos.hashLo, pos.hashHi]).not.toEqual(key);
    expect(legalTexts(pos)).toEqual(['C1']);
    pos.play(pos.parseMove('C1'));
    expect(pos.isTerminal()).toBe(true);
    expect(pos.score()).toBe(-64);
    pos.undo();
    pos.undo();
    expect([pos.hashLo, pos.hashHi]).toEqual(key);
  });

  it('has the board orientation of the FFO files: legal moves equal the listed moves of all 49 positions', () => {
    const rows = [...readTsv('ffo-1-39.tsv'), ...readTsv('ffo-40-49.tsv')];
    expect(rows.length).toBe(49);
    for (const r of rows) {
      const pos = new ReversiPosition(r.board, r.to_move);
      const listed = r.move_scores.split(' ').map((m) => m.split(':')[0]).sort();
      expect(legalTexts(pos), `FFO #${r.id}`).toEqual(listed);
      expect(pos.empties()).toBe(Number(r.empties));
      expect(pos.boardString()).toBe(r.board.toUpperCase());
    }
  });

  it('keeps the incremental Zobrist key equal to the key computed from scratch, side to move included', () => {
    const rng = new Rng(3);
    const buf = new Int32Array(64);
    for (let g = 0; g < 50; g++) {
      const pos = new ReversiPosition();
      for (;;) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        pos.play(buf[rng.int(n)]);
        const fresh = new ReversiPosition(pos.boardString(), pos.currentPlayer());
        expect([pos.hashLo, pos.hashHi]).toEqual([fresh.hashLo, fresh.hashHi]);
      }
      const other = new ReversiPosition(pos.boardString(), 1 - pos.currentPlayer());
      expect(other.hashLo !== pos.hashLo || other.hashHi !== pos.hashHi).toBe(true);
    }
  });

  it('scores with the empty squares given to the winner', () => {
    const pos = new ReversiPosition('X'.repeat(30) + 'O'.repeat(20) + '-'.repeat(14), 'X');
    expect(pos.score()).toBe(30 - 20 + 14);
    const lost = new ReversiPosition('X'.repeat(20) + 'O'.repeat(30) + '-'.repeat(14), 'X');
    expect(lost.score()).toBe(-24);
  });

  it('clones are independent and carry the undo history', () => {
    const pos = new ReversiPosition();
    pos.play(19);
    const c = pos.clone();
    c.play(c.parseMove('C5'));
    expect(pos.ply).toBe(1);
    expect(c.ply).toBe(2);
    c.undo();
    c.undo();
    expect(c.boardString()).toBe(new ReversiPosition().boardString());
    expect(pos.lastMove()).toBe(19);
  });
});

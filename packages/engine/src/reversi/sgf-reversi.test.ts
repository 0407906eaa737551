import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { SgfError } from '../sgf/error.js';
import { ReversiPosition } from './position.js';
import { readReversiSgf, recordFromPosition, replayReversi, writeReversiSgf } from './sgf-reversi.js';

function randomGame(seed: number, start?: [string, number]): ReversiPosition {
  const rng = new Rng(seed);
  const pos = start ? new ReversiPosition(start[0], start[1]) : new ReversiPosition();
  const buf = new Int32Array(64);
  for (;;) {
    const n = pos.legalMoves(buf);
    if (n === 0) break;
    pos.play(buf[rng.int(n)]);
  }
  return pos;
}

describe('Othello SGF (GM[2])', () => {
  it('reads a hand-written game: a–h coordinates from the top-left, moves replayed', () => {
    const sgf = '(;FF[4]GM[2]SZ[8]PB[Ann]PW[Bob]RE[B+2]C[opening];B[dc]C[D3, the perpendicular];W[cc];B[cd])';
    const r = readReversiSgf(sgf);
    expect(r.black.name).toBe('Ann');
    expect(r.white.name).toBe('Bob');
    expect(r.result).toBe('B+2');
    expect(r.comment).toBe('opening');
    expect(r.moves.map((m) => m.move)).toEqual([19, 18, 26]);
    expect(r.moves[0].comment).toBe('D3, the perpendicular');
    const replay = replayReversi(r);
    expect(replay.error).toBeUndefined();
    expect(replay.moves).toBe(3);
    expect(replay.position.history().map((m) => replay.position.moveToText(m))).toEqual(['D3', 'C3', 'C4']);
  });

  it('round-trips 100 random games, passes included, from the start and from composed boards', () => {
    let passes = 0;
    for (let g = 0; g < 100; g++) {
      const start: [string, number] | undefined = g % 4 === 3 ? ['X'.repeat(8) + '-'.repeat(48) + 'O'.repeat(8), g % 8 === 3 ? 0 : 1] : undefined;
      const pos = randomGame(g + 1, start);
      passes += pos.history().filter((m) => m === PASS).length;
      const record = recordFromPosition(pos, { black: { name: 'Black [1]' }, white: { name: 'White\\2' }, event: 'bench' });
      const text = writeReversiSgf(record);
      expect(text).toContain('GM[2]');
      const back = readReversiSgf(text);
      expect(back).toEqual({ ...record, comment: undefined, date: undefined, place: undefined, gameName: undefined });
      const replay = replayReversi(back);
      expect(replay.error).toBeUndefined();
      expect(replay.position.boardString()).toBe(pos.boardString());
      expect(replay.position.history()).toEqual(pos.history());
      expect(back.result).toBe(pos.score() > 0 ? `B+${pos.score()}` : pos.score() < 0 ? `W+${-pos.score()}` : '0');
    }
    expect(passes).toBeGreaterThan(0);
  });

  it('reads passes written as B[], W[tt] or left out', () => {
    // Black A6 under a white wall: black must pass, white A7 ends the game.
    const board = 'O'.repeat(40) + 'X' + '-'.repeat(23);
    const start = new ReversiPosition(board, 'X');
    const tree = (pass: string) => {
      const rec = recordFromPosition(start);
      return writeReversiSgf(rec).replace(/\)\s*$/, `${pass};W[ag])`);
    };
    for (const pass of [';B[]', ';B[tt]', '']) {
      const r = replayReversi(readReversiSgf(tree(pass)));
      expect(r.error, pass).toBeUndefined();
      expect(r.position.isTerminal()).toBe(true);
      expect(r.position.history()).toEqual([PASS, 48]);
    }
  });

  it('refuses other games and sizes, bad points and setup inside the game with line and column', () => {
    expect(() => readReversiSgf('(;GM[1]SZ[19];B[dd])')).toThrow(/GM\[1\] is not an Othello record/);
    expect(() => readReversiSgf('(;GM[2]SZ[10];B[dd])')).toThrow(/SZ\[10\]/);
    expect(() => readReversiSgf('(;GM[2]\n;B[ii])')).toThrow(/line 2, column 1: move 1: B\[ii\]/);
    expect(() => readReversiSgf('(;GM[2];B[dc];AB[aa])')).toThrow(SgfError);
    expect(() => readReversiSgf('(;GM[2];B[dc]W[cc])')).toThrow(/both a black and a white move/);
    expect(() => readReversiSgf('(;GM[2]PL[X])')).toThrow(/PL\[X\]/);
    expect(() => readReversiSgf('(;GM[2];B[dc')).toThrow(SgfError);
  });

  it('stops a replay at the first illegal move and says why', () => {
    const occupied = replayReversi(readReversiSgf('(;GM[2];B[dc];W[dd])'));
    expect(occupied.error).toEqual({ move: 2, color: 'white', square: 'D4', reason: 'the square is occupied' });
    expect(occupied.moves).toBe(1);
    const noFlip = replayReversi(readReversiSgf('(;GM[2];B[aa])'));
    expect(noFlip.error?.reason).toBe('the move flips nothing');
    const twice = replayReversi(readReversiSgf('(;GM[2];B[dc];B[cd])'));
    expect(twice.error).toMatchObject({ move: 2, color: 'black', reason: 'white is to move and can play' });
    const badPass = replayReversi(readReversiSgf('(;GM[2];B[])'));
    expect(badPass.error?.reason).toBe('a pass while a move is possible');
  });

  it('writes the setup of composed positions (an empty board included) and reads it back', () => {
    for (const [board, side] of [['-'.repeat(64), 1], ['X' + '-'.repeat(62) + 'O', 0]] as const) {
      const rec = recordFromPosition(new ReversiPosition(board, side));
      const back = readReversiSgf(writeReversiSgf(rec));
      expect(back.board).toBe(board);
      expect(back.toMove).toBe(side);
    }
  });
});

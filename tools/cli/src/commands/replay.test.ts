import { describe, expect, it } from 'vitest';
import { qi, sgfFile, shared } from '../testing/go-records.js';

describe('qi replay', () => {
  it('replays a record: setup, moves, captures, board and side to move', async () => {
    const file = sgfFile('(;GM[1]FF[4]SZ[5]AB[aa]AW[ee];B[ba];W[ab];B[];W[bb];B[tt])');
    const { code, out } = await qi('replay', file);
    expect(code).toBe(0);
    expect(out).toEqual({
      size: 5,
      setup: 2,
      moves: 5,
      captures: { black: 0, white: 0 },
      board: ['XX...', 'OO...', '.....', '.....', '....O'],
      toMove: 'white',
      errors: [],
    });
  });

  it('matches GNU Go on a shared record and reports superko by move number', async () => {
    const gifu = shared('19x19/gifu2006_gnugo-gorimu.sgf');
    const simple = await qi('replay', gifu);
    expect(simple.out.errors).toEqual([]);
    const psk = await qi('replay', gifu, '--ko', 'positional');
    expect(psk.code).toBe(0);
    expect(psk.out.errors).toEqual([{ move: 381, color: 'black', vertex: 'L7', reason: 'superko' }]);
    expect(psk.out.moves).toBe(380);
    const dagn = await qi('replay', shared('13x13/mertin13x13_DAGN1.sgf'));
    expect(dagn.out.captures).toEqual({ black: 2, white: 10 });
    expect((dagn.out.board as string[]).length).toBe(13);
  });

  it('reports an illegal move with exit status 0 and allows suicide on request', async () => {
    const file = sgfFile('(;SZ[4];B[ba];W[];B[ab];W[bb];B[];W[aa])');
    const out = (await qi('replay', file)).out;
    expect(out.errors).toEqual([{ move: 6, color: 'white', vertex: 'A4', reason: 'suicide' }]);
    // a two-stone suicide (White A3 joining A4) is legal with --suicide
    const two = sgfFile('(;SZ[4];B[ba];W[aa];B[bb];W[];B[ac];W[ab])');
    expect((await qi('replay', two)).out.errors).toEqual([{ move: 6, color: 'white', vertex: 'A3', reason: 'suicide' }]);
    const allowed = (await qi('replay', two, '--suicide')).out;
    expect(allowed.errors).toEqual([]);
    expect(allowed.board).toEqual(['.X..', '.X..', 'X...', '....']);
  });

  it('replays the other games\' records through their definitions (GM[4], GM[2], qi-checkers JSON)', async () => {
    const gomoku = await qi('replay', sgfFile('(;GM[4]SZ[9]RU[renju]AB[ee]PL[W];W[ed];B[dd])'));
    expect(gomoku).toEqual({
      code: 0,
      out: { game: 'gomoku', moves: 2, board: gomoku.out.board, toMove: 'white', over: false },
    });
    expect((gomoku.out.board as string[]).join('\n')).toMatch(/X/);
    const othello = await qi('replay', sgfFile('(;GM[2]SZ[8];B[dc];W[cc];B[cd])'));
    expect(othello.out).toMatchObject({ game: 'reversi', moves: 3, toMove: 'white', over: false });
    const checkers = sgfFile(JSON.stringify({ format: 'qi-checkers', version: 1, rules: { players: 2 }, players: ['A', 'B'], moves: ['o2-m6'] }));
    expect((await qi('replay', checkers)).out).toMatchObject({ game: 'checkers', moves: 1, toMove: 'white', over: false });
    expect(String((await qi('replay', sgfFile('(;GM[2];B[aa])'))).out.error)).toMatch(/game\.sgf: move 1 \(black A1\): the move flips nothing/);
    expect(String((await qi('replay', sgfFile('(;GM[4];B[hh])'), '--ko', 'simple')).out.error)).toMatch(/unknown option --ko/);
  });

  it('answers bad input with a JSON error and status 1', async () => {
    const missing = await qi('replay', '/nonexistent/game.sgf');
    expect(missing).toEqual({ code: 1, out: { error: 'file not found: /nonexistent/game.sgf' } });
    const malformed = await qi('replay', sgfFile('(;GM[1]\n;B[aa'));
    expect(malformed.code).toBe(1);
    expect(String(malformed.out.error)).toMatch(/game\.sgf: SGF line 2, column 6: unclosed "\[" of property B \(opened at line 2, column 3\)/);
    const offBoard = await qi('replay', sgfFile('(;SZ[9];B[zz])'));
    expect(String(offBoard.out.error)).toMatch(/move 1: B\[zz\].*off the 9x9 board/);
    expect((await qi('replay')).out.error).toBe('an SGF file is required');
    expect(String((await qi('replay', sgfFile('(;SZ[9])'), '--ko', 'chinese')).out.error)).toMatch(/--ko must be/);
    expect(String((await qi('replay', sgfFile('(;SZ[9])'), '--komi', '5')).out.error)).toMatch(/--komi/);
    expect(String((await qi('replay', sgfFile('(;SZ[30])'))).out.error)).toMatch(/2 to 25/);
  });
});

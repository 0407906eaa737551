import { describe, expect, it } from 'vitest';
import { qi, sgfFile, shared } from '../testing/go-records.js';

describe('qi legal', () => {
  it('judges a move after the main line, for either colour', async () => {
    const file = sgfFile('(;SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[cc];W[bc])');
    expect((await qi('legal', file, 'b', 'C3')).out).toEqual({ legal: false, reason: 'ko' });
    expect((await qi('legal', file, 'BLACK', 'b3')).out).toEqual({ legal: false, reason: 'occupied' });
    expect((await qi('legal', file, 'w', 'A1')).out).toEqual({ legal: true, reason: null });
    expect((await qi('legal', file, 'White', 'pass')).out).toEqual({ legal: true, reason: null });
  });

  it('judges the CGOS superko case 13435 by the ko rule', async () => {
    const file = shared('cgos/13435.sgf');
    expect((await qi('legal', file, 'w', 'A6')).out).toEqual({ legal: true, reason: null });
    expect((await qi('legal', file, 'w', 'A6', '--ko', 'positional')).out).toEqual({ legal: false, reason: 'superko' });
    expect((await qi('legal', file, 'w', 'A6', '--ko', 'situational')).out).toEqual({ legal: true, reason: null });
    expect((await qi('legal', shared('cgos/60311.sgf'), 'b', 'A1')).out).toEqual({ legal: false, reason: 'suicide' });
  });

  it('answers bad input with a JSON error and status 1', async () => {
    const file = sgfFile('(;SZ[9];B[aa])');
    const badColor = await qi('legal', file, 'red', 'A1');
    expect(badColor.code).toBe(1);
    expect(badColor.out.error).toBe('"red" is not a colour (use b, w, black or white)');
    expect(String((await qi('legal', file, 'b', 'Z99')).out.error)).toMatch(/Z99/);
    expect(String((await qi('legal', file, 'b', 'I3')).out.error)).toMatch(/letter I/);
    expect(String((await qi('legal', file, 'b', 'K1')).out.error)).toMatch(/off the 9x9 board/);
    expect(String((await qi('legal', file, 'b')).out.error)).toMatch(/usage/);
    expect(String((await qi('legal', '/nonexistent.sgf', 'b', 'A1')).out.error)).toMatch(/file not found/);
    const broken = sgfFile('(;SZ[9];B[aa];W[aa])');
    expect(String((await qi('legal', broken, 'b', 'C3')).out.error)).toMatch(/move 2, white A9 \(occupied\)/);
  });
});

import { describe, expect, it } from 'vitest';
import { GomokuPosition, type GomokuOptions } from '@qi/engine';
import { completionPoints, FIVE_POINTS, FOUR_POINTS, OPEN_FOUR_POINTS, potential, scanThreats, SWORD_POINTS, THREE_POINTS } from './threat-points.js';

function scan(opts: GomokuOptions, colour: number, kind: number): string[] {
  const pos = new GomokuPosition(opts);
  const out = new Int32Array(512);
  const n = scanThreats(pos, colour, kind, out, 3);
  return Array.from(out.subarray(3, 3 + n), (p) => pos.moveToText(p)).sort();
}

describe('threat scans over the line words', () => {
  it('finds three, four, straight-four and five points', () => {
    expect(scan({ black: ['G8', 'H8'], white: ['A1', 'B1'] }, 0, THREE_POINTS)).toEqual(['E8', 'F8', 'I8', 'J8']);
    const three = { black: ['E8', 'F8', 'G8'], white: ['A1', 'B1', 'C1'] };
    expect(scan(three, 0, FOUR_POINTS)).toEqual(['C8', 'D8', 'H8', 'I8']);
    expect(scan(three, 0, OPEN_FOUR_POINTS)).toEqual(['D8', 'H8']);
    expect(scan(three, 0, FIVE_POINTS)).toEqual([]);
    expect(scan({ black: ['E8', 'F8', 'G8', 'H8'], white: ['D8', 'A1', 'B1', 'C1'] }, 0, FIVE_POINTS)).toEqual(['I8']);
    expect(scan({ black: ['G8', 'H8'], white: ['F8'] }, 0, SWORD_POINTS)).toEqual(['I8', 'J8', 'K8']);
  });
  it('applies the exact-five rule: no five point that would make six', () => {
    const opts: GomokuOptions = { rule: 'standard', black: ['A8', 'C8', 'D8', 'E8', 'F8'], white: ['A1', 'B1', 'C1', 'D1', 'O15'] };
    expect(scan(opts, 0, FIVE_POINTS)).toEqual(['G8']);
    expect(scan({ ...opts, rule: 'freestyle' }, 0, FIVE_POINTS)).toEqual(['B8', 'G8']);
    // White's overline wins in renju.
    expect(scan({ rule: 'renju', white: ['A8', 'C8', 'D8', 'E8', 'F8'], black: ['A1', 'C1', 'E1', 'G1', 'I1', 'O15'] }, 1, FIVE_POINTS)).toEqual(['B8', 'G8']);
  });
  it('completion points of a move and potentials', () => {
    const pos = new GomokuPosition({ black: ['E8', 'F8', 'G8', 'H10', 'H11', 'H12'], white: ['A1'] });
    const out = new Int32Array(16);
    const n = completionPoints(pos, pos.parseMove('H8'), 0, out, 0);
    expect(Array.from(out.subarray(0, n), (p) => pos.moveToText(p)).sort()).toEqual(['D8', 'H9', 'I8']); // row 8 and H8 . H10 H11 H12
    const m = completionPoints(pos, pos.parseMove('H9'), 0, out, 0);
    expect(Array.from(out.subarray(0, m), (p) => pos.moveToText(p)).sort()).toEqual(['H13', 'H8']);
    expect(potential(pos, pos.parseMove('O1'), 0)).toBe(0);
    expect(potential(pos, pos.parseMove('H8'), 0)).toBeGreaterThan(potential(pos, pos.parseMove('C3'), 0));
  });
});

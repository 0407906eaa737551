import { describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, TranspositionTable } from './table.js';

describe('TranspositionTable', () => {
  it('sizes itself to a power of two of buckets within the budget', () => {
    const tt = new TranspositionTable(1);
    expect(tt.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(tt.bytes).toBeGreaterThan(512 * 1024);
    expect(tt.buckets & (tt.buckets - 1)).toBe(0);
    expect(() => new TranspositionTable(0)).toThrow(/positive/);
    expect(() => new TranspositionTable(Number.NaN)).toThrow(/positive/);
  });

  it('returns what was stored, with negative scores, quiescence depths and full 64-bit keys', () => {
    const tt = new TranspositionTable(1);
    tt.store(0x12345678, 0x9abcdef0, 42, -1234567, 7, BOUND_LOWER);
    expect(tt.probe(0x12345678, 0x9abcdef0)).toBe(true);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([42, -1234567, 7, BOUND_LOWER]);
    // Same low word (same bucket), different high word: a different position.
    expect(tt.probe(0x12345678, 0x9abcdef1)).toBe(false);
    tt.store(1, 2, -1, 5, -3, BOUND_UPPER);
    expect(tt.probe(1, 2)).toBe(true);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([-1, 5, -3, BOUND_UPPER]);
  });

  it('remembers whether a result was proven', () => {
    const tt = new TranspositionTable(1);
    tt.store(3, 4, 1, 0, 9, BOUND_EXACT, true);
    tt.store(5, 6, 1, 0, 9, BOUND_EXACT);
    expect(tt.probe(3, 4) && tt.proven).toBe(true);
    expect(tt.probe(5, 6) && tt.proven).toBe(false);
    tt.newSearch();
    expect(tt.probe(3, 4) && tt.proven && tt.depth === 9 && tt.bound === BOUND_EXACT).toBe(true);
  });

  it('keeps the stored move when a result without a move overwrites its key', () => {
    const tt = new TranspositionTable(1);
    tt.store(7, 7, 99, 10, 3, BOUND_LOWER);
    tt.store(7, 7, NO_MOVE, 4, 5, BOUND_UPPER);
    expect(tt.probe(7, 7)).toBe(true);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([99, 4, 5, BOUND_UPPER]);
  });

  it('prefers depth in one slot and always replaces the other', () => {
    const tt = new TranspositionTable(0.001); // 1 KB: few buckets, so keys collide on purpose
    const b = tt.buckets;
    tt.store(0, 100, 1, 1, 10, BOUND_EXACT); // deep
    tt.store(b, 101, 2, 2, 2, BOUND_EXACT); // shallower: goes to the always-replace slot
    tt.store(2 * b, 102, 3, 3, 1, BOUND_EXACT); // evicts the always-replace entry, not the deep one
    expect(tt.probe(0, 100)).toBe(true);
    expect(tt.probe(b, 101)).toBe(false);
    expect(tt.probe(2 * b, 102)).toBe(true);
    tt.store(3 * b, 103, 4, 4, 12, BOUND_EXACT); // deeper: takes the deep slot, the old deep entry is demoted
    expect(tt.probe(3 * b, 103)).toBe(true);
    expect(tt.probe(0, 100)).toBe(true);
    expect(tt.probe(2 * b, 102)).toBe(false);
  });

  it('ages entries of earlier searches out of the depth-preferred slot', () => {
    const tt = new TranspositionTable(0.001);
    const b = tt.buckets;
    tt.store(5, 1, 1, 1, 20, BOUND_EXACT);
    tt.store(5 + b, 2, 2, 2, 1, BOUND_EXACT);
    tt.newSearch();
    tt.store(5 + 2 * b, 3, 3, 3, 1, BOUND_EXACT); // stale deep entry may be replaced by a shallow one now
    expect(tt.probe(5 + 2 * b, 3)).toBe(true);
    expect(tt.probe(5, 1)).toBe(true); // demoted, not lost
    expect(tt.probe(5 + b, 2)).toBe(false);
  });

  it('reports hashfull per mille of the current search and clears', () => {
    const tt = new TranspositionTable(0.5);
    expect(tt.hashfull()).toBe(0);
    const rng = new Rng(3);
    for (let i = 0; i < tt.buckets * 4; i++) tt.store(rng.next(), rng.next(), i, i, 1, BOUND_EXACT);
    expect(tt.hashfull()).toBeGreaterThan(900);
    tt.newSearch();
    expect(tt.hashfull()).toBe(0);
    tt.store(1, 1, 1, 1, 1, BOUND_EXACT);
    tt.clear();
    expect(tt.probe(1, 1)).toBe(false);
  });

  it('finds nearly everything it stored when the table is large enough', () => {
    const tt = new TranspositionTable(4);
    const rng = new Rng(11);
    const keys: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const lo = rng.next();
      const hi = rng.next();
      keys.push(lo, hi);
      tt.store(lo, hi, i, 7 - i, i % 30, BOUND_EXACT);
    }
    let found = 0;
    for (let i = 0; i < 10_000; i++) {
      if (tt.probe(keys[2 * i], keys[2 * i + 1])) {
        found++;
        expect(tt.move).toBe(i);
        expect(tt.score).toBe(7 - i);
      }
    }
    expect(found).toBeGreaterThan(9_900);
  });
});

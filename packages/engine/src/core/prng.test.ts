import { describe, expect, it } from 'vitest';
import { Rng } from './prng.js';
import { keyHex, zobristTable } from './zobrist.js';

describe('Rng (sfc32)', () => {
  it('replays from a seed and from a saved state', () => {
    const a = new Rng(42);
    const first = [a.next(), a.next(), a.next()];
    expect(new Rng(42).next()).toBe(first[0]);
    const saved = a.state();
    const x = [a.next(), a.next()];
    const b = new Rng(saved);
    expect([b.next(), b.next()]).toEqual(x);
    expect(new Rng(43).next()).not.toBe(first[0]);
  });

  it('draws integers uniformly in range', () => {
    const rng = new Rng(7);
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[rng.int(10)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) {
      const f = rng.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });

  it('rejects a malformed state', () => {
    expect(() => new Rng([1, 2, 3] as unknown as [number, number, number, number])).toThrow(RangeError);
  });
});

describe('zobrist', () => {
  it('is fixed by its seed and formats 64-bit keys', () => {
    expect(zobristTable(4, 1)).toEqual(zobristTable(4, 1));
    expect(zobristTable(4, 1)).not.toEqual(zobristTable(4, 2));
    expect(keyHex(1, 0xffffffff)).toBe('ffffffff00000001');
  });
});

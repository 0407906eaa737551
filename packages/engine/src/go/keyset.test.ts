import { describe, expect, it } from 'vitest';
import { Rng } from '../core/prng.js';
import { KeyMultiset } from './keyset.js';

describe('KeyMultiset', () => {
  it('agrees with a Map of counts through random adds and removes, across rebuilds', () => {
    const set = new KeyMultiset(4);
    const model = new Map<string, number>();
    const rng = new Rng(9);
    const keys: [number, number][] = [];
    for (let i = 0; i < 300; i++) keys.push([rng.next() | 0, i % 7 === 0 ? 0 : rng.next() | 0]);
    // Colliding low halves must still be told apart by the high half.
    keys.push([keys[0][0], keys[0][1] ^ 1]);
    const live: [number, number][] = [];
    for (let step = 0; step < 20000; step++) {
      if (live.length > 0 && rng.int(3) === 0) {
        const [lo, hi] = live.splice(rng.int(live.length), 1)[0];
        set.remove(lo, hi);
        const k = `${lo},${hi}`;
        model.set(k, model.get(k)! - 1);
      } else {
        const [lo, hi] = keys[rng.int(keys.length)];
        set.add(lo, hi);
        live.push([lo, hi]);
        const k = `${lo},${hi}`;
        model.set(k, (model.get(k) ?? 0) + 1);
      }
      if (step % 97 === 0) for (const [lo, hi] of keys) expect(set.has(lo, hi)).toBe((model.get(`${lo},${hi}`) ?? 0) > 0);
    }
    const copy = set.clone();
    set.clear();
    expect(set.has(keys[0][0], keys[0][1])).toBe(false);
    for (const [lo, hi] of keys) expect(copy.has(lo, hi)).toBe((model.get(`${lo},${hi}`) ?? 0) > 0);
  });
});

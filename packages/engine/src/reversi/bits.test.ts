import { describe, expect, it } from 'vitest';
import { Rng } from '../core/prng.js';
import { flipCount, flips, mobility, popcount, stableDiscs, stableSet } from './bits.js';

/** A plain mailbox reference: cells 0 empty, 1 player, 2 opponent. */
function referenceFlips(cells: number[], sq: number): number[] {
  if (cells[sq] !== 0) return [];
  const out: number[] = [];
  for (const [dr, dc] of [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]]) {
    let r = (sq >> 3) + dr;
    let c = (sq & 7) + dc;
    const run: number[] = [];
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] === 2) {
      run.push(r * 8 + c);
      r += dr;
      c += dc;
    }
    if (run.length > 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && cells[r * 8 + c] === 1) out.push(...run);
  }
  return out;
}

function toBits(squares: number[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const s of squares) {
    if (s < 32) lo |= 1 << s;
    else hi |= 1 << (s - 32);
  }
  return [lo, hi];
}

function fromBits(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 64; s++) if (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1) out.push(s);
  return out;
}

describe('bitboard primitives against a mailbox reference', () => {
  it('popcount', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(-1)).toBe(32);
    expect(popcount(0x80000001 | 0)).toBe(2);
    expect(popcount(0x0f0f0f0f)).toBe(16);
  });

  it('mobility, flips and flipCount agree with the reference on 3000 random boards of every density', () => {
    const rng = new Rng(42);
    const out = new Int32Array(2);
    for (let i = 0; i < 3000; i++) {
      const density = rng.float();
      const cells = Array.from({ length: 64 }, () => (rng.float() < density ? 1 + rng.int(2) : 0));
      const [pl, ph] = toBits(cells.flatMap((c, s) => (c === 1 ? [s] : [])));
      const [ol, oh] = toBits(cells.flatMap((c, s) => (c === 2 ? [s] : [])));
      const legal: number[] = [];
      for (let sq = 0; sq < 64; sq++) {
        const ref = referenceFlips(cells, sq);
        if (ref.length > 0) legal.push(sq);
        if (cells[sq] !== 0) continue;
        flips(sq, pl, ph, ol, oh, out, 0);
        expect(fromBits(out[0], out[1])).toEqual(ref.sort((a, b) => a - b));
        expect(flipCount(sq, pl, ph, ol, oh)).toBe(ref.length);
      }
      mobility(pl, ph, ol, oh, out, 0);
      expect(fromBits(out[0], out[1])).toEqual(legal);
    }
  });

  it('stable discs: corners and full edges count, a lone centre disc does not', () => {
    const [cl, ch] = toBits([0, 7, 56, 63]);
    expect(stableDiscs(cl, ch, 0, 0)).toBe(4);
    const [el, eh] = toBits([0, 1, 2, 3]);
    expect(stableDiscs(el, eh, 0, 0)).toBe(4);
    const [ml, mh] = toBits([27]);
    expect(stableDiscs(ml, mh, 0, 0)).toBe(0);
    // A full board: every disc is stable.
    expect(stableDiscs(0x0f0f0f0f, 0x0f0f0f0f, ~0x0f0f0f0f, ~0x0f0f0f0f)).toBe(32);
  });

  it('a seed of discs known stable is kept and grows the set: B1 alone is not found, seeded it makes C1 stable too', () => {
    // Discs on B1 and C1, the rest of the board empty: without a corner or a full line nothing is found stable; told
    // B1 is (as an edge table might say in another position), C1 follows: the edge covers its other three lines.
    const out = new Int32Array(2);
    const [wl, wh] = toBits([1, 2]);
    stableSet(wl, wh, 0, 0, out, 0);
    expect(fromBits(out[0], out[1])).toEqual([]);
    const [sl, sh] = toBits([1]);
    stableSet(wl, wh, 0, 0, out, 0, sl, sh);
    expect(fromBits(out[0], out[1])).toEqual([1, 2]);
    // A seed outside the player's discs is ignored; an empty seed is the plain set.
    const [xl, xh] = toBits([40]);
    stableSet(wl, wh, 0, 0, out, 0, xl, xh);
    expect(fromBits(out[0], out[1])).toEqual([]);
    const [cl, ch] = toBits([0, 1, 2, 8, 9]);
    stableSet(cl, ch, 0, 0, out, 0, 0, 0);
    const plain = fromBits(out[0], out[1]);
    stableSet(cl, ch, 0, 0, out, 0);
    expect(fromBits(out[0], out[1])).toEqual(plain);
    expect(plain).toEqual([0, 1, 2, 8, 9]);
  });

  it('stable discs stay with their owner through 300 random continuations of random boards', () => {
    const rng = new Rng(7);
    const out = new Int32Array(2);
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const cells = Array.from({ length: 64 }, () => (rng.float() < 0.85 ? 1 + rng.int(2) : 0));
      let [pl, ph] = toBits(cells.flatMap((c, s) => (c === 1 ? [s] : [])));
      let [ol, oh] = toBits(cells.flatMap((c, s) => (c === 2 ? [s] : [])));
      stableSet(pl, ph, ol, oh, out, 0);
      const stable = fromBits(out[0], out[1]);
      expect(stable.length).toBe(stableDiscs(pl, ph, ol, oh));
      let toMove = rng.int(2);
      let passes = 0;
      while (passes < 2) {
        const [ml, mh] = toMove === 0 ? [pl, ph] : [ol, oh];
        const [xl, xh] = toMove === 0 ? [ol, oh] : [pl, ph];
        mobility(ml, mh, xl, xh, out, 0);
        const moves = fromBits(out[0], out[1]);
        toMove ^= 1;
        if (moves.length === 0) {
          passes++;
          continue;
        }
        passes = 0;
        const sq = moves[rng.int(moves.length)];
        flips(sq, ml, mh, xl, xh, out, 0);
        const [fl, fh] = [out[0], out[1]];
        const [bl, bh] = toBits([sq]);
        if (toMove === 1) {
          pl |= fl | bl;
          ph |= fh | bh;
          ol ^= fl;
          oh ^= fh;
        } else {
          ol |= fl | bl;
          oh |= fh | bh;
          pl ^= fl;
          ph ^= fh;
        }
      }
      const survivors = new Set(fromBits(pl, ph));
      for (const s of stable) expect(survivors.has(s)).toBe(true);
      checked += stable.length;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

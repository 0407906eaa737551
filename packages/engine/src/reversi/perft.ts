import * as bits from './bits.js';
import type { ReversiPosition } from './position.js';

// Module-level bindings: vitest's module runner would otherwise look each imported function up on every call.
const { flips, lowestBit, mobility, popcount } = bits;

/**
 * Reversi perft on raw bitboards with the canonical convention (a pass is one ply; a finished game counts as one
 * leaf at every greater depth), counting the last ply by popcount. Gives the same numbers as the generic
 * core/perft on a ReversiPosition, several times faster: no hashing, no undo records, one scratch array.
 */
export function reversiPerft(pos: ReversiPosition, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a whole number ≥ 0, got ${depth}`);
  if (depth === 0) return 1;
  const b = new Int32Array(4);
  pos.bitboards(b);
  const scratch = new Int32Array(2 * (depth + 2) + 2);
  return count(b[0], b[1], b[2], b[3], depth, scratch);
}

function count(pl: number, ph: number, ol: number, oh: number, depth: number, t: Int32Array): number {
  const at = 2 * depth;
  mobility(pl, ph, ol, oh, t, at);
  let ml = t[at];
  let mh = t[at + 1];
  if ((ml | mh) === 0) {
    // Pass or game over: both are one leaf at depth 1; deeper, a pass recurses and a finished game stays 1.
    if (depth === 1) return 1;
    mobility(ol, oh, pl, ph, t, at);
    if ((t[at] | t[at + 1]) === 0) return 1;
    return count(ol, oh, pl, ph, depth - 1, t);
  }
  if (depth === 1) return popcount(ml) + popcount(mh);
  let total = 0;
  const f = t.length - 2;
  while (ml !== 0) {
    const sq = lowestBit(ml);
    ml &= ml - 1;
    flips(sq, pl, ph, ol, oh, t, f);
    const fl = t[f];
    const fh = t[f + 1];
    total += count(ol ^ fl, oh ^ fh, pl | fl | (1 << sq), ph | fh, depth - 1, t);
  }
  while (mh !== 0) {
    const b = lowestBit(mh);
    mh &= mh - 1;
    flips(32 + b, pl, ph, ol, oh, t, f);
    const fl = t[f];
    const fh = t[f + 1];
    total += count(ol ^ fl, oh ^ fh, pl | fl, ph | fh | (1 << b), depth - 1, t);
  }
  return total;
}

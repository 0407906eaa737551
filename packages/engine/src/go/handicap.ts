import { pointOf } from './geometry.js';

/** The most fixed-handicap stones GTP allows on a `size` board: 0 below 7x7, 4 on 7x7 and even sizes, else 9. */
export function maxFixedHandicap(size: number): number {
  if (size < 7 || size > 25) return 0;
  return size % 2 === 0 || size === 7 ? 4 : 9;
}

/**
 * The GTP v2 §4.1.1 `fixed_handicap` points for `count` stones, as board points of a `size` GoPosition, in the usual
 * order (2: lower-left and upper-right corners, 3 adds upper-left, 4 lower-right, 5 tengen, 6 the two side stars
 * left/right, 7 tengen, 8 all side stars, 9 tengen). Corner stars on the 3rd line up to 11x11, 4th line from 12x12
 * (as GNU Go, the GTP reference engine). Throws a RangeError when the count is not allowed on that size.
 */
export function fixedHandicap(size: number, count: number): number[] {
  if (!Number.isInteger(size) || size < 2 || size > 25) throw new RangeError(`board size must be from 2 to 25, got ${size}`);
  const max = maxFixedHandicap(size);
  if (!Number.isInteger(count) || count < 2 || count > max) {
    throw new RangeError(
      max === 0
        ? `fixed handicap is not defined on a ${size}x${size} board`
        : `fixed handicap on ${size}x${size} must be from 2 to ${max} stones, got ${count}`,
    );
  }
  const e = size > 11 ? 3 : 2;
  const lo = e;
  const hi = size - 1 - e;
  const mid = (size - 1) >> 1;
  // (col, row) with row 0 at the top: D4 is (lo, hi), Q16 is (hi, lo).
  const corners: [number, number][] = [[lo, hi], [hi, lo], [lo, lo], [hi, hi]];
  const sides: [number, number][] = [[lo, mid], [hi, mid]];
  const tops: [number, number][] = [[mid, hi], [mid, lo]];
  const tengen: [number, number] = [mid, mid];
  const pick: [number, number][] = corners.slice(0, Math.min(count, 4));
  if (count === 5) pick.push(tengen);
  if (count >= 6) pick.push(...sides);
  if (count === 7) pick.push(tengen);
  if (count >= 8) pick.push(...tops);
  if (count === 9) pick.push(tengen);
  return pick.map(([c, r]) => pointOf(size, c, r));
}

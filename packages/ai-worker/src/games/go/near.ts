/**
 * The points within Manhattan distance 2 of a point (the point itself, its 4 neighbours, 4 diagonals and the 4 points
 * two lines away), which the tree's priors and tactics read as "near" a move. Written into a caller's buffer, since
 * the callers run once per tree expansion and must not allocate.
 */

/** The most points `pointsNear` writes. */
export const NEAR_POINTS = 13;

/**
 * Writes into `into` the on-board points within Manhattan distance 2 of p, on a padded board of row width W and
 * `size` lines (rows and columns 1..size on the board), and returns how many it wrote (at most NEAR_POINTS).
 */
export function pointsNear(W: number, size: number, p: number, into: Int32Array): number {
  const row = Math.floor(p / W), col = p % W;
  let n = 0;
  for (let dr = -2; dr <= 2; dr++) {
    const r = row + dr;
    if (r < 1 || r > size) continue;
    const span = 2 - Math.abs(dr);
    for (let dc = -span; dc <= span; dc++) {
      const cc = col + dc;
      if (cc >= 1 && cc <= size) into[n++] = r * W + cc;
    }
  }
  return n;
}

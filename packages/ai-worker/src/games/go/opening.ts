import type { GoPosition } from '@qi/engine';
import * as engine from '@qi/engine';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { EMPTY } = engine;

/**
 * "Corners first": the move-prediction model sees the line a move is on and the stones near it, not whether it is in
 * a corner, so on an open board it rates a third-line move on the side next to a stone (C10 by D12) six times a 3-4
 * point in an empty corner, and the search, steered by it, leaves the corners to the opponent. While the board is
 * open this raises the corner points (3-3, 3-4, 4-4, 3-5, 4-5 from each corner) of every corner with no stone in
 * its 7x7 area to a prior just above what the model gives its favourite move.
 */

/** Stones on the board (as a share of its points) below which the corners come first. */
const OPEN_BOARD = 0.1;
/** Lines (from each edge) of a corner's area that must be empty. */
const CORNER_AREA = 7;
/** The prior of a corner point of an empty corner. */
export const EMPTY_CORNER_PRIOR = 0.6;

/** Raises, in out[0..n) (priors of moves[0..n)), the corner points of empty corners while the board is open. */
export function goOpeningPriors(pos: GoPosition, moves: Int32Array, n: number, out: Float32Array): void {
  const size = pos.size;
  if (size < 13 || size * size - pos.emptyPoints() >= OPEN_BOARD * size * size) return;
  const b = pos.board;
  const color = b.color, W = b.W;
  // Bit k set: corner k (0 lower-left, 1 lower-right, 2 upper-left, 3 upper-right by row and column) is empty.
  let empty = 0;
  for (let k = 0; k < 4; k++) {
    const r0 = k < 2 ? 1 : size - CORNER_AREA + 1, c0 = k % 2 === 0 ? 1 : size - CORNER_AREA + 1;
    let stones = false;
    for (let r = r0; r < r0 + CORNER_AREA && !stones; r++) for (let c = c0; c < c0 + CORNER_AREA; c++) if (color[r * W + c] !== EMPTY) stones = true;
    if (!stones) empty |= 1 << k;
  }
  if (empty === 0) return;
  for (let i = 0; i < n; i++) {
    const p = moves[i];
    if (p < 0) continue;
    const r = Math.floor(p / W), c = p % W;
    // Lines from the nearer edges (1 = the edge line) and which corner that is.
    const lr = Math.min(r, size + 1 - r), lc = Math.min(c, size + 1 - c);
    const k = (r <= size / 2 ? 0 : 2) + (c <= size / 2 ? 0 : 1);
    if ((empty & (1 << k)) === 0) continue;
    const lo = Math.min(lr, lc), hi = Math.max(lr, lc);
    if ((lo === 3 || lo === 4) && hi <= 5) out[i] = Math.max(out[i], EMPTY_CORNER_PRIOR);
  }
}

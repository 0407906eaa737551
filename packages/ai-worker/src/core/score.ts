/**
 * Search scores are integers from the point of view of the side to move. A won or lost game scores near ±WIN,
 * shifted by the distance to the end so that a quicker win scores higher; evaluations stay below MAX_EVAL.
 */

/** The score of a game won right now; a win in n plies scores WIN - n. */
export const WIN = 1_000_000_000;

/** Deepest ply any search reaches (sizes per-ply buffers and separates win scores from evaluations). */
export const MAX_PLY = 256;

/** Scores at or above this (in magnitude) are wins or losses, not evaluations. */
export const WIN_BOUND = WIN - 2 * MAX_PLY;

/** Largest magnitude an evaluation may have; larger values are clamped. */
export const MAX_EVAL = WIN_BOUND - 1;

/** Whether a score announces a won or lost game rather than an evaluation. */
export function isWinScore(score: number): boolean {
  return score >= WIN_BOUND || score <= -WIN_BOUND;
}

/** Clamps an evaluation into the integer range searches expect. */
export function clampEval(value: number): number {
  const v = Math.round(value);
  return v > MAX_EVAL ? MAX_EVAL : v < -MAX_EVAL ? -MAX_EVAL : v;
}

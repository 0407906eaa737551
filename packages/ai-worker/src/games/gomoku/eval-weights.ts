/**
 * Gomoku's evaluation weights. Written by `pnpm bench train-gomoku --install` (apps/bench/src/train/gomoku.ts):
 * edit by re-running the fit, not by hand. Order: gomokuEvalFeatureNames (knowledge.ts).
 */

/** The hand-set weights the fitted ones replaced: LINE_VALUE per kind, the double-threat bonus, best points 1 and -1/2. */
export const HAND_EVAL_WEIGHTS: readonly number[] = [
  10, 60, 80, 500, 600, 20000, 15000, 30000, 1, -10, -60, -80, -500, -600, -20000, -15000, -30000, -0.5,
];

/** The weights in use: the hand-set ones until a fit is installed. */
export const GOMOKU_EVAL_WEIGHTS: readonly number[] = HAND_EVAL_WEIGHTS;

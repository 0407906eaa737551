/**
 * Gomoku's evaluation weights. Written by `pnpm bench train-gomoku --install` (apps/bench/src/train/gomoku.ts):
 * edit by re-running the fit, not by hand. Order: gomokuEvalFeatureNames (knowledge.ts).
 */

/**
 * Fitted to 19470 positions of 734 games by
 * `pnpm bench train-gomoku --from /tmp/gk/sp-train,out/gobang-s5,out/gobang-s10,out/gobang-s11,out/gobang-s12,out/gobang-s13,out/gobang-s14,out/calib-gomoku-20261206b,/tmp/gk/fit1-sprt --lambda 0.01 --hold-out 5`:
 * held-out log-loss 0.6304 on 4058 positions (the weights before 0.6650, the hand weights 0.6650).
 */
export const GOMOKU_EVAL_WEIGHTS: readonly number[] = [
  38.362, 732.826, 1406.8, 5699.24, 7644.49, 20000, -18977.8, 30000, 0.919064, -60.9301, -468.472, -1421.35, -3759.18, -7244.58, -34395.5, -2434.6, -49926.8, 0.655463,
];

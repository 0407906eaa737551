/**
 * Gomoku's evaluation weights. Written by `pnpm bench train-gomoku --install` (apps/bench/src/train/gomoku.ts):
 * edit by re-running the fit, not by hand. Order: gomokuEvalFeatureNames (knowledge.ts).
 */

/**
 * Fitted to 36703 positions of 1228 games by
 * `pnpm bench train-gomoku --from out/ext-sprt,out/rfit-sprt,out/rapfi-sp,out/rapfi-sp2,out/rapfi-s5,out/suite-ext,out/suite-main,out/suite-rapfi,out/suite-rfit --lambda 0.01 --hold-out 5`:
 * held-out log-loss 0.5646 on 7912 positions (the hand weights 0.6563; the 18 weights before, without the two-line
 * combinations, 0.5904 as shipped and 0.5789 refitted to the same games).
 */
export const GOMOKU_EVAL_WEIGHTS: readonly number[] = [
  67.6764, 920.653, 658.643, 2982.43, 4383.81, 20000, 346.93, -680.343, -45.4742, 1393.2, 2692.47, -206.527, 626.417, 4539.61, 4237.09, 4203.39, 4190.28, 8431.49, 6574.78, -2597.26, 4208.84, 4717.84, 15649.1, 13130.9, 30000, 30000, 0, 0, 0, 0, 30000, 30000, 30000, 0.57555, -191.102, -853.772, -687.181, -2462.99, -4230.88, -26351.6, 115.953, 435.918, 192.485, 137.337, -1500.32, 454.343, -1303.97, -3603.74, -4596.14, -1932.51, -2494.38, -7148.3, -6907.76, -7388.75, -2367.79, -6854.53, -13784.3, -15776.6, -61681.3, -39978.3, -329.033, -12655.2, -15794, -17585.7, -21664.5, -29491.2, -79829.9, 0.2327,
];

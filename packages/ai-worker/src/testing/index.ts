/** @qi/ai-worker/testing: checks for tests and the bench, kept out of the main entry point. */
export { lineProblem as gomokuLineProblem } from '../games/gomoku/solver-testing.js';

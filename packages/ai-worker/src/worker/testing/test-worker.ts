import { registerGame } from '../games.js';
import { MnkGame } from '../../testing/mnk.js';
import { mnkEvaluator } from '../../testing/mnk-eval.js';
import '../node-worker.js';

// The Node worker with one more game for tests: Connect Four searched by alpha-beta.
registerGame('connect4', {
  create: () => new MnkGame(7, 6, 4, true),
  algorithm: 'alphabeta',
  alphabeta: () => ({ evaluator: mnkEvaluator(), ttMegabytes: 8 }),
  mcts: () => ({ maxNodes: 100_000 }),
  scoreScale: 200,
});

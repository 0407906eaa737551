import { registerGame } from '../games.js';
import { testGames } from '../../testing/games.js';
import { mnkEvaluator } from '../../testing/mnk-eval.js';
import '../node-worker.js';

// The Node worker with one more game for tests: Connect Four (from the test games' own registry) searched by alpha-beta.
registerGame(testGames.get('connect4'), {
  algorithm: 'alphabeta',
  alphabeta: () => ({ evaluator: mnkEvaluator(), ttMegabytes: 8 }),
  mcts: () => ({ maxNodes: 100_000 }),
  scoreScale: 200,
});

import type { Position, Rng } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import { checkersDistance } from '../games/checkers/distance.js';
import type { ClassicBot } from './types.js';

/** The classic Chinese Checkers baseline: depth-3 minimax on the distance-to-goal sums (paranoid with 3+ players). */
export function checkersDepth3(): ClassicBot {
  const search = new AlphaBeta({ evaluator: checkersDistance, ttMegabytes: 4, aspiration: 0 });
  return {
    name: 'checkers-depth3',
    choose(pos: Position, _rng: Rng): number | null {
      // A fresh table each move: the baseline must not grow stronger from what it saw earlier in the game.
      search.clearHash();
      return search.search(pos, { depth: 3 }).move;
    },
  };
}

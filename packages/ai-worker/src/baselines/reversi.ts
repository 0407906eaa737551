import { MAX_MOVES, type Position, type ReversiPosition, type Rng } from '@qi/engine';
import type { ClassicBot } from './types.js';

/** The classic Reversi baseline: takes the move that flips the most discs (the first such move on ties). */
export function reversiGreedy(): ClassicBot {
  const moves = new Int32Array(MAX_MOVES);
  return {
    name: 'reversi-greedy',
    choose(pos: Position, _rng: Rng): number | null {
      const r = pos as ReversiPosition;
      const n = r.legalMoves(moves);
      if (n === 0) return null;
      const me = r.currentPlayer();
      const before = r.discs(me);
      let best = moves[0];
      let bestFlips = -1;
      for (let i = 0; i < n; i++) {
        r.play(moves[i]);
        const flips = r.discs(me) - before - 1; // a pass gains nothing: -1
        r.undo();
        if (flips > bestFlips) {
          bestFlips = flips;
          best = moves[i];
        }
      }
      return best;
    },
  };
}

import type { Position } from '@qi/engine';
import type { Evaluator } from '../alphabeta/types.js';

/** An evaluation that is a fixed pseudo-random integer in [-range, range] of (position key, player): a random game tree with real transpositions. */
export function randomEvaluator(range = 50, salt = 0): Evaluator {
  return {
    evaluate(pos: Position, player: number): number {
      let h = Math.imul(pos.hashLo ^ salt, 0x85ebca6b) ^ Math.imul(pos.hashHi, 0xc2b2ae35) ^ Math.imul(player + 1, 0x27d4eb2f);
      h ^= h >>> 15;
      h = Math.imul(h, 0x2c1b3c6d);
      h ^= h >>> 12;
      return ((h >>> 0) % (2 * range + 1)) - range;
    },
  };
}

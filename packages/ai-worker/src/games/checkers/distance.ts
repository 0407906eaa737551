import type { CheckersPosition, Position } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';
import type { MctsPolicy } from '../../mcts/types.js';

/**
 * Chinese Checkers by distance to goal (the baseline knowledge): a player's evaluation is the mean distance of
 * its opponents' pieces to their goals minus its own (summed over pieces, in hops), so racing home scores.
 * Opponents who have left the game are no rivals and are left out of the mean.
 */
export const checkersDistance: Evaluator = {
  evaluate(pos: Position, player: number): number {
    const c = pos as CheckersPosition;
    const n = c.playerCount;
    let others = 0;
    let rivals = 0;
    for (let p = 0; p < n; p++) {
      if (p === player || c.hasLeft(p)) continue;
      others += c.distanceToGoal(p);
      rivals++;
    }
    return rivals > 0 ? others / rivals - c.distanceToGoal(player) : -c.distanceToGoal(player);
  },
};

/** Scale of the playout cut-off value: a lead of this many hops of total distance counts as a near-certain win. */
const LEAD_FOR_WIN = 40;

/**
 * MCTS knowledge: playouts cut at the ply cap are scored by each player's distance lead over the mean of the
 * players still in; a player who has left scores -1 (placed last).
 */
export const checkersPlayoutValue: MctsPolicy = {
  evaluate(pos: Position, out: Float64Array): void {
    const c = pos as CheckersPosition;
    const n = c.playerCount;
    let total = 0;
    let inGame = 0;
    for (let p = 0; p < n; p++) {
      out[p] = c.distanceToGoal(p);
      if (c.hasLeft(p)) continue;
      total += out[p];
      inGame++;
    }
    const mean = inGame > 0 ? total / inGame : 0;
    for (let p = 0; p < n; p++) out[p] = c.hasLeft(p) ? -1 : Math.max(-1, Math.min(1, (mean - out[p]) / LEAD_FOR_WIN));
  },
};

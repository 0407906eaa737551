import type { CheckersPosition, Position } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';
import type { MctsPolicy } from '../../mcts/types.js';

/**
 * Chinese Checkers by distance to goal (the baseline knowledge): a player's evaluation is the mean distance of
 * its opponents' pieces to their goals minus its own (summed over pieces, in hops), so racing home scores.
 */
export const checkersDistance: Evaluator = {
  evaluate(pos: Position, player: number): number {
    const c = pos as CheckersPosition;
    const n = c.playerCount;
    let others = 0;
    for (let p = 0; p < n; p++) if (p !== player) others += c.distanceToGoal(p);
    return n > 1 ? others / (n - 1) - c.distanceToGoal(player) : -c.distanceToGoal(player);
  },
};

/** Scale of the playout cut-off value: a lead of this many hops of total distance counts as a near-certain win. */
const LEAD_FOR_WIN = 40;

/** MCTS knowledge: playouts cut at the ply cap are scored by each player's distance lead over the mean. */
export const checkersPlayoutValue: MctsPolicy = {
  evaluate(pos: Position, out: Float64Array): void {
    const c = pos as CheckersPosition;
    const n = c.playerCount;
    let total = 0;
    for (let p = 0; p < n; p++) {
      out[p] = c.distanceToGoal(p);
      total += out[p];
    }
    const mean = total / n;
    for (let p = 0; p < n; p++) out[p] = Math.max(-1, Math.min(1, (mean - out[p]) / LEAD_FOR_WIN));
  },
};

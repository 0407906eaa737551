import type { Position, ReversiPosition } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';

/**
 * Reversi by disc count: the evaluation is the disc difference and a finished game scores its final disc
 * differential with the empties given to the winner (standard Othello scoring), both from `player`'s view.
 * Exact for endgame solving; a weak midgame evaluation (the real one is per-game work of the AI issue).
 */
export const reversiDiscCount: Evaluator = {
  evaluate(pos: Position, player: number): number {
    const r = pos as ReversiPosition;
    return r.discs(player) - r.discs(1 - player);
  },
  terminal(pos: Position, player: number): number {
    const s = (pos as ReversiPosition).score();
    return player === 0 ? s : -s;
  },
};

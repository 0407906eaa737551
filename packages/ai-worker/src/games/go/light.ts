import type { GoPosition, Position, Rng } from '@qi/engine';
import { playoutLight } from './playout.js';
import type { MctsPolicy } from '../../mcts/types.js';

/**
 * The baseline Go policy for MCTS: the engine's light playouts (uniformly random moves that fill no own eye,
 * on a scratch board) scored by area with komi. No AMAF trace: the light playout does not report its moves.
 */
export function goLightPolicy(): MctsPolicy {
  return {
    playout(pos: Position, rng: Rng, out: Float64Array): void {
      const margin = playoutLight(pos as GoPosition, rng);
      out[0] = margin > 0 ? 1 : margin < 0 ? -1 : 0;
      out[1] = -out[0];
    },
  };
}

import { playChecked } from '../core/game.js';
import { GomokuPosition, type GomokuOptions } from './position.js';

/**
 * Checks a threat-solver line with the rules engine alone: every move legal in turn (renju forbidden points
 * included), the game over after the last move, won by the side that moved first. Returns null when the line
 * is good, else what is wrong (move number and text).
 */
export function lineProblem(opts: GomokuOptions, line: readonly number[]): string | null {
  const pos = new GomokuPosition(opts);
  const attacker = pos.currentPlayer();
  if (line.length === 0) return 'empty line';
  for (let i = 0; i < line.length; i++) {
    if (pos.isTerminal()) return `the game ended before move ${i + 1}`;
    try {
      playChecked(pos, line[i]);
    } catch (e) {
      return `move ${i + 1}: ${(e as Error).message}`;
    }
  }
  if (!pos.isTerminal()) return 'the line does not end the game';
  const out = new Float64Array(2);
  pos.returns(out);
  return out[attacker] === 1 ? null : 'the line does not end in a win for the side to move';
}

/** How a game ends, worded per game: by the rules (the engine's returns), by resignation, by time. */
import { GoPosition, ReversiPosition, type Position } from '@qi/engine';
import type { ResultView, RoomGame } from '@qi/protocol';
import { countGo } from './go-count.js';

/** The result of a game the engine says is over (Go after two passes: counted with Qi's dead stones). */
export function rulesResult(pos: Position): ResultView {
  if (pos instanceof GoPosition && pos.resigned() < 0) return countGo(pos);
  const out = new Float64Array(pos.playerCount);
  pos.returns(out);
  const result: ResultView = { returns: [...out], reason: 'rules' };
  if (pos instanceof ReversiPosition) {
    const s = pos.score();
    result.code = s === 0 ? '0' : `${s > 0 ? 'B' : 'W'}+${Math.abs(s)}`;
  }
  return result;
}

/** A two-player game lost by `seat` (resignation or flag): the other seat wins; Go words it `W+R`, `B+T`. */
export function lossResult(game: RoomGame, seats: number, seat: number, reason: 'resign' | 'time'): ResultView {
  const returns = Array.from({ length: seats }, (_, i) => (i === seat ? -1 : 1));
  const result: ResultView = { returns, reason, seat };
  if (game === 'go' || game === 'reversi' || game === 'gomoku') result.code = `${seat === 0 ? 'W' : 'B'}+${reason === 'resign' ? 'R' : 'T'}`;
  return result;
}

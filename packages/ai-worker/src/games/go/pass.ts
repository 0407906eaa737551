import { PASS, scoreGame, type GoPosition } from '@qi/engine';
import { deadStones } from './dead.js';

/**
 * Whether a pass by the side to move would end the game lost by Qi's own count: the opponent passed last, and the
 * position scored with Qi's dead stones (`deadStones`, what GTP's final_score and the web app's marks use) goes to the
 * opponent. The search values a game-ending pass by the board as it stands and by one playout played on (policy.ts:
 * endByPasses); in an unsettled position that one playout wins often enough for the pass to look best while the
 * careful count loses (a 19x19 game against GNU Go: Qi passed at a 58% win rate, its own count and GNU Go's both
 * B+59.5, an open corner left to the opponent). Playing on costs nothing under area scoring, so the bot plays its
 * best other move instead (area scoring only). 400 playouts, once per such pass (a fraction of a second on 19x19).
 */
export function passLosesByCount(pos: GoPosition): boolean {
  // Under territory counting a stone played on inside either area costs a point, so a count that misjudged would
  // cost the game: only area counting, where playing on is free, overrules the search.
  if (pos.rules.scoring !== 'area' || pos.isTerminal() || pos.passes() === 0) return false;
  const margin = scoreGame(pos, deadStones(pos)).margin;
  return pos.currentPlayer() === 0 ? margin < 0 : margin > 0;
}

/** Go's veto on the search's move (GameEntry.refuses): a pass that ends the game lost by Qi's own count. */
export function goRefuses(pos: GoPosition, move: number): boolean {
  return move === PASS && passLosesByCount(pos);
}

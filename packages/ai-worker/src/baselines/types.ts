import type { Position, Rng } from '@qi/engine';

/** A fixed baseline opponent: picks a move for the side to move (null when the game is over). */
export interface ClassicBot {
  /** Short name for reports, e.g. "reversi-greedy". */
  readonly name: string;
  /** The bot's move; `pos` is left as it was. */
  choose(pos: Position, rng: Rng): number | null;
}

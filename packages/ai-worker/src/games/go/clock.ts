/**
 * Go under a clock: how many moves a game still asks of one side, and how long to think on one of them with
 * sudden-death main time. Shared by `qi gtp` (time_settings/time_left) and the bench's `clock:` players.
 */

/**
 * Own moves a Go game on a board of `points` still needs with `empties` empty points: games between strong players
 * end (resignation, or two passes with the borders closed) with about 30% of the board still empty, and each side
 * fills one point a move; at least 10, so the last moves keep a share.
 */
export function goMovesToGo(empties: number, points: number): number {
  return Math.max(10, Math.ceil((empties - 0.3 * points) / 2));
}

/** A move's thinking time under a clock: the aim, and how far an unsettled search may run past it (see Limits). */
export interface ClockMoveTime {
  /** The aim: the time left shared out over the moves to go. */
  timeMs: number;
  /** The most this move may take while the search's choice is unsettled. */
  timeMaxMs: number;
}

/** How far past its aim an unsettled search may think (Huang, Coulom and Lin 2010 extend such searches by half or more). */
const EXTEND = 2.5;
/** The most of the time left one move may take: a few unsettled moves in a row cannot run the clock down. */
const MAX_SHARE = 0.2;

/**
 * The thinking time for one move with `leftMs` of main time and `movesToGo` moves still to play; `marginMs`
 * is kept back from both for transport and start-up. Settled searches end early (stopWhenDecided), so the saving
 * of easy moves goes to later ones through `leftMs`.
 */
export function clockMoveTime(leftMs: number, movesToGo: number, marginMs = 0): ClockMoveTime {
  if (!(leftMs >= 0) || !(movesToGo >= 1)) throw new RangeError(`a clock needs time left ≥ 0 and moves to go ≥ 1, got ${leftMs} and ${movesToGo}`);
  const aim = leftMs / movesToGo;
  const timeMs = Math.max(1, Math.floor(aim - marginMs));
  const timeMaxMs = Math.max(timeMs, Math.floor(Math.min(aim * EXTEND, leftMs * MAX_SHARE) - marginMs));
  return { timeMs, timeMaxMs };
}

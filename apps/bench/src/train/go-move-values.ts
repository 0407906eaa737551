/**
 * GNU Go's valuation of the moves of a Go position: after `reg_genmove` it lists, with `all_move_values`, every move
 * its move generator found a reason for and what that move is worth to it (about points, counted both ways: the
 * sum of what the mover gains and the opponent loses). A move it does not list has no reason to be played there, so
 * is worth 0. The points a move loses are the best value minus its own: a proxy, minutes instead of the hours of a
 * 19x19 match, for how much worse than GNU Go's choice a search's choice is in the eyes of the engine it must beat.
 */
import type { GtpClient } from '../gtp/client.js';

/** What GNU Go made of one position. */
export interface GnuGoMoveValues {
  /** GNU Go's own move (a GTP vertex, `PASS`, or `resign`). */
  move: string;
  /** Value of each move it listed, by upper-case GTP vertex. */
  values: Map<string, number>;
  /** The largest value listed (0 when none). */
  best: number;
}

/** Reads `all_move_values` output: one `VERTEX value` pair a line; throws on anything else. */
export function parseMoveValues(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '') continue;
    const m = /^([A-HJ-Z]\d{1,2})\s+(-?\d+(?:\.\d+)?)$/i.exec(t);
    if (m === null) throw new Error(`all_move_values: cannot read the line ${JSON.stringify(t)}`);
    values.set(m[1].toUpperCase(), Number(m[2]));
  }
  return values;
}

/**
 * GNU Go's values of the moves of the position after `moves` (GTP vertices, Black first) on an empty board of
 * `size` with `komi`, for the player to move there. The engine is left on that position.
 */
export async function gnugoMoveValues(gtp: GtpClient, size: number, komi: number, moves: readonly string[]): Promise<GnuGoMoveValues> {
  // GNU Go breaks ties between moves at random, seeded by the clock: a fixed seed makes every run value alike.
  const plays = moves.map((m, i) => `play ${i % 2 === 0 ? 'B' : 'W'} ${m}`);
  await gtp.sendAll([`boardsize ${size}`, 'clear_board', `komi ${komi}`, 'set_random_seed 1', ...plays]);
  // GNU Go at level 10 takes about a second on a crowded 19x19 board; a minute means it hangs.
  const move = (await gtp.send(`reg_genmove ${moves.length % 2 === 0 ? 'B' : 'W'}`, 60_000)).trim().toUpperCase();
  const values = parseMoveValues(await gtp.send('all_move_values', 60_000));
  let best = 0;
  for (const v of values.values()) if (v > best) best = v;
  return { move, values, best };
}

/** The points `move` (a GTP vertex) loses against GNU Go's best move by its values: best − its value (0 if unlisted). */
export function moveLoss(v: GnuGoMoveValues, move: string): number {
  return v.best - (v.values.get(move.toUpperCase()) ?? 0);
}

/**
 * The one interface every Qi game implements (see ../shared/DESIGN.md).
 *
 * A position is mutable and searched by make/unmake: `play(move)` then `undo()` restores it exactly,
 * hash included. Moves are small non-negative integers whose meaning each game defines (a point, a square,
 * `from * 128 + to` …); `PASS` is the one move value shared by every game that can pass.
 */

/** The move value for a pass, in every game that has one. */
export const PASS = -1;

/** Identifiers of the games Qi knows. */
export type GameId = 'go' | 'gomoku' | 'reversi' | 'checkers';

/** A mutable game position: the single interface search, UI, CLI and server program against. */
export interface Position {
  /** Which game this is. */
  readonly game: GameId;
  /** Number of players (2 for all games but Chinese Checkers, which has 2, 3, 4 or 6). */
  readonly playerCount: number;
  /** Low 32 bits of the 64-bit Zobrist key of the whole position, side to move included. */
  readonly hashLo: number;
  /** High 32 bits of the 64-bit Zobrist key. */
  readonly hashHi: number;
  /** Number of moves played from the initial position of this object (undo decreases it). */
  readonly ply: number;

  /** Index of the player to move, 0-based (0 = Black / first player). */
  currentPlayer(): number;
  /** Writes the legal moves into `into` and returns how many; never allocates. Empty iff terminal. */
  legalMoves(into: Int32Array): number;
  /** Whether `move` is legal now; never throws, whatever integer it is given. */
  isLegal(move: number): boolean;
  /** Plays a legal move (make). Behaviour for an illegal move is unspecified: check with `isLegal` first. */
  play(move: number): void;
  /** Takes back the last move played (unmake); throws if there is none. */
  undo(): void;
  /** Whether the game is over. */
  isTerminal(): boolean;
  /**
   * Writes each player's result into `out[0..playerCount)`: in a finished two-player game +1 win, -1 loss,
   * 0 draw; with more players, 1 for first place down to -1 for last. Undefined before the end.
   */
  returns(out: Float64Array): void;
  /** The last move played, or null at the start. */
  lastMove(): number | null;
  /** An independent deep copy (for the UI and for handing a position to another search). */
  clone(): Position;
  /** A move in this game community's notation (Go `D4`, renju `H8`, Othello `d3`→`D3`, hop path `a1-b2-c3`). */
  moveToText(move: number): string;
  /** Parses a move in this game's notation; throws a RangeError naming the problem when the text is not a move. */
  parseMove(text: string): number;
  /** A short human-readable picture of the position (one line per row). */
  toString(): string;
}

/** Upper bound on the number of legal moves in any position of any Qi game (sizes the move buffers). */
export const MAX_MOVES = 1024;

/** Plays `move` after checking it, throwing an Error that names the move when it is illegal. */
export function playChecked(pos: Position, move: number): void {
  if (pos.isTerminal()) throw new Error(`the game is over; ${pos.moveToText(move)} cannot be played`);
  if (!pos.isLegal(move)) throw new Error(`illegal move ${safeText(pos, move)}`);
  pos.play(move);
}

function safeText(pos: Position, move: number): string {
  try {
    return pos.moveToText(move);
  } catch {
    return String(move);
  }
}

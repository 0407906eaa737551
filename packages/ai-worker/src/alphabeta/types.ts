import type { Position } from '@qi/engine';
import type { TranspositionTable } from '../tt/table.js';

/**
 * Per-game knowledge for alpha-beta. Only `evaluate` is required; each optional hook sharpens the search.
 * Scores are integers in the units the game likes (discs, centi-stones …); keep them within ±MAX_EVAL.
 * Best-Reply Search uses only `evaluate` and `terminal` (its moves carry their player, and it has no quiescence).
 */
export interface Evaluator {
  /** Static value of a non-terminal position from `player`'s view (two players: always the side to move). */
  evaluate(pos: Position, player: number): number;
  /** Writes an ordering score for moves[0..n) into scores[0..n); higher is searched first. */
  orderMoves?(pos: Position, moves: Int32Array, n: number, scores: Float64Array): void;
  /** The legal moves worth searching (e.g. Gomoku points near stones); 0 means "search every legal move". */
  searchMoves?(pos: Position, into: Int32Array): number;
  /** Noisy moves (captures, threats) searched past the horizon by quiescence; absent means no quiescence. */
  noisyMoves?(pos: Position, into: Int32Array): number;
  /** Value of a finished game from `player`'s view (e.g. Reversi disc difference); default: ±WIN from `returns`. */
  terminal?(pos: Position, player: number): number;
  /**
   * Two players, no quiescence and a `terminal` only: what searching the position after `move` as a leaf gives, without
   * playing it (a game can make the child's board from its own bitboards for less than play, isTerminal and
   * undo). Writes out[0] the child's `terminal` if the game is over there, else its `evaluate`, both for the side
   * to move there; out[1] 1 when the game is over there, else 0; out[2] 1 when the side to move changes, else 0.
   */
  leafAfter?(pos: Position, move: number, out: Float64Array): void;
}

/**
 * A position whose turn order a search may override, as Best-Reply Search needs (Schadd & Winands 2011): at each
 * opponents' layer exactly one opponent moves and the others skip their turn. `undo` takes back a `playAs` too.
 */
export interface TurnFreePosition extends Position {
  /** Writes the legal moves `player` would have if it were to move now; returns how many. */
  legalMovesFor(player: number, into: Int32Array): number;
  /** Plays `move` for `player`, whoever's turn it is. */
  playAs(player: number, move: number): void;
}

/** Settings of an alpha-beta searcher, fixed for its lifetime. */
export interface AlphaBetaOptions {
  /** Per-game knowledge; without it every non-terminal leaf scores 0 (a pure win/loss search). */
  evaluator?: Evaluator;
  /** Transposition table size in MB (default 16). */
  ttMegabytes?: number;
  /** A table to share with another searcher (e.g. the exact-root one of the same game); overrides ttMegabytes. */
  table?: TranspositionTable;
  /** Half-width of the first aspiration window around the last score; 0 turns aspiration off (default 50). */
  aspiration?: number;
  /** Iteration from which aspiration windows are used (default 4). */
  aspirationFromDepth?: number;
  /** With 3+ players: 'paranoid' (default; any position) or 'best-reply' (needs a TurnFreePosition). */
  multiplayer?: 'paranoid' | 'best-reply';
  /** Search every root move with the full window (no aspiration) so each gets an exact score (costlier; for analysis and levels). */
  exactRootScores?: boolean;
}

/** The score of one root move; `exact` is false when the search only proved a bound (cut by alpha-beta). */
export interface RootMoveScore {
  /** The move. */
  move: number;
  /** Its score from the root player's view. */
  score: number;
  /** Whether the score is exact rather than an upper bound (or a lower bound for a fail-high). */
  exact: boolean;
  /** The iteration (depth) the score comes from: the last completed one, or the one in progress for its move. */
  depth: number;
}

/** What an alpha-beta search found. */
export interface AlphaBetaResult {
  /** Best move, or null when the position is terminal. */
  move: number | null;
  /** Its score from the root player's view (±WIN minus plies for a proven win or loss). */
  score: number;
  /** Deepest completed iteration. */
  depth: number;
  /** Principal variation, starting with `move`. */
  pv: number[];
  /** Nodes visited (quiescence included). */
  nodes: number;
  /** Wall-clock time used. */
  timeMs: number;
  /**
   * Per-root-move scores of the last completed iteration, the search's `move` first and the others best first
   * (while the first iteration runs, the scores it has so far). A move that failed high in the unfinished iteration
   * is then the move, and leads with the score (usually a lower bound) it got there.
   */
  rootMoves: RootMoveScore[];
  /** Transposition table fill, per mille. */
  hashfull: number;
  /** True when deeper search cannot change the result: the tree (with the game's move selection) was exhausted or a win/loss seen in full. */
  solved: boolean;
  /** Why the search ended. */
  reason: 'depth' | 'solved' | 'nodes' | 'time' | 'stopped' | 'terminal';
}

/** Plain-data types of the worker API: what crosses the comlink boundary (moves are integers). */
import type { Proven } from '../core/presolve.js';

export type { Proven };

/** The two searches, and 'classic': the game's fixed baseline bot of the MFC course programs (no budget, no levels). */
export type Algorithm = 'mcts' | 'alphabeta' | 'classic';

/**
 * A game to set up, as a position crosses every boundary (the engine's GameSetup): its id, its rules value, where it
 * starts and the moves played from there (integers or move text). The game's definition checks rules and start.
 */
export interface PositionSetup {
  /** Game id: go, gomoku, reversi, checkers (or a game registered with `registerGame`). */
  game: string;
  /** The game's rules value (board size, komi, renju …); each game fills in its defaults and names a bad field. */
  rules?: Record<string, unknown>;
  /**
   * Where the game starts (the game's start value: Go `handicap`/`black`/`white` stones and `toMove`; Gomoku
   * `black`/`white`/`toMove`; Reversi `board`/`toMove`; Chinese Checkers `pieces`/`toMove`); absent: the standard start.
   */
  start?: Record<string, unknown>;
  /** Moves from the start, as integers or in the game's notation. */
  moves?: readonly (number | string)[];
}

/** A summary of the position the bot holds. */
export interface PositionInfo {
  /** Game id. */
  game: string;
  /** Plies played. */
  ply: number;
  /** Player to move (0 = first). */
  toMove: number;
  /** Whether the game is over. */
  terminal: boolean;
  /** Number of legal moves. */
  legalMoves: number;
  /** Last move played, or null. */
  lastMove: number | null;
}

/** How long and how well to think. Fields combine: the first limit reached ends the search. */
export interface ThinkLimits {
  /** Strength level 1–10: a budget plus controlled randomness (see levels.ts); other fields override its budget. */
  level?: number;
  /** Wall-clock budget in ms. */
  timeMs?: number;
  /** MCTS under a clock: may think on past `timeMs`, up to this many ms, while its choice is unsettled (see Limits). */
  timeMaxMs?: number;
  /** MCTS under a clock: answer before `timeMs` once the move can no longer change (see Limits). */
  stopWhenDecided?: boolean;
  /** Playouts (MCTS) or nodes (alpha-beta). */
  nodes?: number;
  /** Depth limit (alpha-beta). */
  depth?: number;
  /** Which search; default the game's. */
  algorithm?: Algorithm;
  /**
   * Seed of this move's randomness (a level's pick among candidates, the classic bot's choice): the same seed gives
   * the same move on any thread or machine. Without it the bot's own generator goes on from its last move.
   */
  seed?: number;
}

/** What a review spends on each position (at least one field); the first limit reached ends that position's analysis. */
export interface ReviewBudget {
  /** Playouts (MCTS) or nodes (alpha-beta) per position. */
  nodes?: number;
  /** Wall-clock budget per position, ms. */
  timeMs?: number;
  /** Depth limit per position (alpha-beta). */
  depth?: number;
  /** Which search; default the game's. */
  algorithm?: Algorithm;
}

/** One candidate move. */
export interface Candidate {
  /** The move. */
  move: number;
  /** MCTS playouts through it (0 for alpha-beta). */
  visits: number;
  /** Alpha-beta score in the game's units (0 for MCTS). */
  score: number;
  /** Estimated win rate of the player to move, in [0, 1]. */
  winRate: number;
  /** MCTS prior (0 without one). */
  prior: number;
  /**
   * The line that starts with this move (its first element is `move`): MCTS the most visited children below it;
   * alpha-beta the search's principal variation for its move, for the others the moves the transposition table
   * holds after them in an analysis (just `[move]` in a think). Built only when a report is made.
   */
  pv: number[];
  /** Alpha-beta: the depth (iteration) its score comes from; absent for MCTS. */
  depth?: number;
}

/** A progress report or the final answer of a search. */
export interface Progress {
  /** Which search ran. */
  algorithm: Algorithm;
  /** Best move so far (the move chosen, in a final answer), or null when there is none. */
  move: number | null;
  /** Estimated win rate of the player to move, in [0, 1]. */
  winRate: number;
  /** Alpha-beta score of the best move (0 for MCTS). */
  score: number;
  /** Completed alpha-beta depth, or the MCTS principal variation's length. */
  depth: number;
  /** MCTS playouts at the root (0 for alpha-beta). */
  visits: number;
  /** Nodes or playouts searched so far. */
  nodes: number;
  /** Time spent, ms. */
  timeMs: number;
  /** Principal variation. */
  pv: number[];
  /** Candidates, best first (at most 10). */
  candidates: Candidate[];
  /** True in the final answer. */
  done: boolean;
  /** Why the search ended (final answer only). */
  reason: string;
  /**
   * Set when the result is proven rather than estimated: a game's solver proved it (Reversi's endgame solver: the
   * exact disc difference; Gomoku's VCF: a win in `plies`), or alpha-beta saw a won or lost line in full (win/loss
   * in `plies`, within the game's move selection). `move`, `score` and `pv` are then the proof's.
   */
  proven?: Proven;
  /**
   * Go analysis: the final ownership of the search's own playouts since the analysis started, one value per board
   * point from −1 (White's in every playout) to +1 (Black's in every playout), indexed row-major from the top-left:
   * index row × size + col for `GoPosition.point(col, row)` (row 0 the top row, col 0 column A) — the order of
   * `GoPosition.points()`, size × size values. A copy made for each report.
   */
  ownership?: Float32Array;
  /**
   * Go analysis: the mean final margin of those playouts, in points, for the player to move (area minus the
   * opponent's, komi included): the score lead the playouts expect.
   */
  scoreLead?: number;
}

import type { Position, Rng } from '@qi/engine';
import type { PlayoutTrace } from './trace.js';

/** Per-game knowledge for MCTS; every hook is optional. */
export interface MctsPolicy {
  /** Moves to create as children of a tree node (a legal subset, e.g. Gomoku points near stones); 0 = all legal moves. */
  treeMoves?(pos: Position, into: Int32Array): number;
  /** Writes a prior in [0, 1] for moves[0..n) into out[0..n) (progressive bias toward heuristically good moves). */
  priors?(pos: Position, moves: Int32Array, n: number, out: Float32Array): void;
  /**
   * Picks the next playout move in a non-terminal position (a fast, allocation-free policy such as Go's
   * no-eye-filling, capture-first rule); `scratch` holds MAX_MOVES integers. Default: uniform among legal moves.
   */
  playoutMove?(pos: Position, rng: Rng, scratch: Int32Array): number;
  /**
   * Runs a whole playout from `pos` on the game's own scratch state (leaving `pos` unchanged) and writes each
   * player's result in [-1, 1] into `out`; with RAVE on, it adds the moves it plays to `trace`. Takes precedence
   * over `playoutMove` (Go's light playout board is much faster than play/undo through the interface).
   */
  playout?(pos: Position, rng: Rng, out: Float64Array, trace: PlayoutTrace): void;
  /** Each player's expected result in [-1, 1] for a position where a playout stopped at the ply cap; default all 0. */
  evaluate?(pos: Position, out: Float64Array): void;
  /**
   * Final ownership of the search's own playouts (Go): while `recording`, the `playout` hook adds each playout's
   * final owner per point into it. Off unless someone asks (the Bot's analysis), since it costs a pass over the board a playout.
   */
  ownership?: PlayoutOwnership;
}

/**
 * Per-point final owners summed over the playouts a policy ran while `recording` (Go: one value per board point in
 * `GoPosition.points()` order — row-major from the top-left, index row × size + col for `point(col, row)`), +1 for
 * each playout that ended with the point the first player's (Black's), −1 for the second's (White's). Preallocated
 * (the buffer grows only when the board size changes); nothing is allocated per playout.
 */
export interface PlayoutOwnership {
  /** Whether playouts add to the sums now. */
  recording: boolean;
  /** The sums per point (length: the board's points), or null before the first recorded playout. */
  readonly sum: Float64Array | null;
  /** Playouts added since the last reset. */
  readonly playouts: number;
  /** Sum of those playouts' final margins (first player's area minus the second's, komi included). */
  readonly margin: number;
  /** Zeroes the sums, the margin and the count. */
  reset(): void;
}

/** Settings of an MCTS searcher, fixed for its lifetime. */
export interface MctsOptions {
  /** Per-game knowledge. */
  policy?: MctsPolicy;
  /** Node budget bounding memory (default 500,000; about 70 bytes a node). */
  maxNodes?: number;
  /** UCT exploration constant c in q + c·sqrt(ln N / n), rewards in [0, 1] (default 0.7; the bench tunes it per game). */
  exploration?: number;
  /** Urgency of an unvisited child without RAVE data (default Infinity: every child is tried once first). */
  firstPlayUrgency?: number;
  /** Weight of the progressive bias prior·w/(n+1) (default 1 when a priors hook is given). */
  priorWeight?: number;
  /** RAVE/AMAF: the bias b of Gelly and Silver's β = ñ/(n + ñ + 4b²nñ); undefined turns RAVE off (Go uses it). */
  raveBias?: number;
  /**
   * Prior knowledge as equivalent experience (Gelly and Silver 2007, Pachi's `eqex`): each new child's statistics
   * (its RAVE ones, or with `priorStats: 'value'` its own) start with this many virtual playouts at a win rate read
   * from its prior (see `priorEven`), so the prior keeps weighing until real playouts outnumber them instead of
   * fading as 1/(n+1). Needs a priors hook (and `raveBias` for the RAVE statistics); default 0 (off).
   */
  priorVisits?: number;
  /**
   * Where the `priorVisits` virtual playouts go: 'rave' (default) into each child's AMAF statistics, or 'value' into
   * its own statistics as seen by the selection (Pachi's default), where they weigh against its real playouts only.
   */
  priorStats?: 'rave' | 'value';
  /** The prior of an even move for `priorVisits`: priors 0..priorEven map to win rates 0..0.5, priorEven..1 to 0.5..1 (default 0.5). */
  priorEven?: number;
  /** A leaf gets its children once it has this many playouts (default 1; Go uses more to save memory). */
  expandAfter?: number;
  /** Playouts end after this many plies and are scored by `policy.evaluate` (default 400). */
  playoutPlyCap?: number;
  /** Seed of the search's random choices (default 1). */
  seed?: number;
}

/** One root move as MCTS sees it. */
export interface MctsCandidate {
  /** The move. */
  move: number;
  /** Playouts through it. */
  visits: number;
  /** Mean reward of the player to move at the root, in [0, 1]. */
  winRate: number;
  /** Its prior (0 without a priors hook). */
  prior: number;
  /** The line starting with this move, continued by the most visited child below it (built only by `result()`). */
  pv: number[];
}

/** What an MCTS search found. */
export interface MctsResult {
  /** The most visited root move, or null when the position is terminal. */
  move: number | null;
  /** Win rate of the root player with that move, in [0, 1]. */
  winRate: number;
  /** Principal variation by most visits, starting with `move`. */
  pv: number[];
  /** Root moves, most visited first. */
  candidates: MctsCandidate[];
  /** Playouts run by this search. */
  playouts: number;
  /** Moves played by this search through the Position interface (tree descents and default playouts). */
  plies: number;
  /** Playouts in the root's statistics (includes those reused from earlier searches). */
  rootVisits: number;
  /** Tree nodes in use. */
  nodes: number;
  /** Wall-clock time used. */
  timeMs: number;
  /** Why the search ended ('decided': `stopWhenDecided` saw that the move could no longer change). */
  reason: 'nodes' | 'time' | 'decided' | 'stopped' | 'terminal';
}

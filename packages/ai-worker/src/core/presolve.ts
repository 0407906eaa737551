/**
 * The contract between the Bot and a game's solvers (Reversi's endgame solver, Gomoku's VCF/VCT): what a presolve
 * decides, the limits of one solver call, and the runner that slices the calls under the Bot's stop and clock.
 * Games implement Presolver; the Bot provides SolveRunner. Kept apart from the game registry so that a game's
 * folder depends on this contract only, never on the registry that imports it.
 */
import type { Position } from '@qi/engine';

/**
 * A result a solver (or a search seen in full) proved for the side to move: `win`/`loss` (in `plies` plies, its
 * own moves and the replies, when known), `draw`, or `exact` with `score` the exact final margin in the game's
 * natural unit (Reversi: discs, side to move minus opponent, empties to the winner).
 */
export interface Proven {
  /** What is proven. */
  kind: 'win' | 'loss' | 'draw' | 'exact';
  /** `exact`: the final margin for the side to move (Reversi: the disc difference with perfect play). */
  score?: number;
  /** `win`/`loss`: plies to the end of the game with the proof's line (Gomoku VCF: the line's length, the five included). */
  plies?: number;
}

/** What a game's own solver decided before the alpha-beta search. */
export interface Presolved {
  /** What the solver proved about the position, when it proved something (with `move`). */
  proven?: Proven;
  /** A move to play outright (a proven win, an exact endgame result); absent: search as usual. */
  move?: number;
  /** Its score in the alpha-beta units (±WIN minus plies for a proven win or loss). */
  score?: number;
  /** Its line. */
  pv?: number[];
  /** Root moves worth searching (e.g. the ones that do not lose to a forced sequence); absent: all. */
  rootMoves?: number[];
  /** Nodes the solver spent. */
  nodes: number;
}

/** The limits of one solver call: the games' solvers take it (Reversi's SolveLimits, Gomoku's ThreatOptions extend it). */
export interface SolveSlice {
  /** Give up at this `performance.now()` time. */
  deadline?: number;
  /** Give up once element 0 is raised (read atomically when shared between threads). */
  stop?: Int32Array;
  /** Give up beyond this many nodes. */
  maxNodes?: number;
}

/** What a solver call answers, as far as the runner cares. */
export interface SolveOutcome {
  /** A limit ended it before it was done. */
  aborted: boolean;
  /** Nodes it searched. */
  nodes: number;
}

/** Runs a presolver's solver calls under the bot's stop, time and slice limits. */
export interface SolveRunner {
  /**
   * Calls `solve` with the limits of one slice — again after yielding to the event loop while it was cut short
   * by its slice — until it is done, has spent `budget` nodes (undefined: no budget), or the presolve is over;
   * returns its last answer, `nodes` summed over the calls. `sliceNodes`: its nodes in about 10–30 ms, the slice
   * of a search without a time limit (sliced by nodes so that its counts repeat).
   */
  run<R extends SolveOutcome>(solve: (limits: SolveSlice) => R, budget: number | undefined, sliceNodes: number): Promise<R>;
  /** Whether the presolve must end now (stop asked, or its share of the time spent): answer with what is known. */
  over(): boolean;
}

/** A game's exact or threat solver, asked first by alpha-beta searches (Reversi endgames, Gomoku VCF). */
export interface Presolver {
  /**
   * Looks at `pos` (left as it was, also between slices) within about `timeMs` at `level` (undefined: full
   * strength), running its solvers through `runner`; null when it has nothing to say.
   */
  presolve(pos: Position, timeMs: number | undefined, level: number | undefined, runner: SolveRunner): Promise<Presolved | null>;
}

/** A runner without a clock or stop: each solver call runs once, to its node budget (tests, tools). */
export const unslicedRunner: SolveRunner = {
  run<R extends SolveOutcome>(solve: (limits: SolveSlice) => R, budget: number | undefined): Promise<R> {
    return Promise.resolve(solve(budget === undefined ? {} : { maxNodes: budget }));
  },
  over: () => false,
};


import { MAX_MOVES, Rng, playChecked, type Position } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import type { AlphaBetaResult } from '../alphabeta/types.js';
import { createStopFlag, now, setStopFlag, stopRaised, type Limits } from '../core/limits.js';
import { WIN, isWinScore } from '../core/score.js';
import { Mcts } from '../mcts/search.js';
import type { MctsResult, PlayoutOwnership } from '../mcts/types.js';
import type { ClassicBot } from '../baselines/types.js';
import type { Presolved, Presolver, SolveOutcome, SolveRunner, SolveSlice } from '../core/presolve.js';
import { gameEntry, setUpPosition, type GameEntry } from './games.js';
import { levelBudget, pickCandidate } from './levels.js';
import type { Algorithm, Candidate, PositionInfo, PositionSetup, Progress, ReviewBudget, ThinkLimits } from './protocol.js';
import { yieldToEventLoop } from './yield.js';
import { loadReversiWeightsSync, useReversiWeights } from '../games/reversi/weights.js';

/** How a bot runs its searches. */
export interface BotOptions {
  /** Keep the stop flag in shared memory when the platform allows (default true). */
  sharedStop?: boolean;
  /**
   * The stop flag to use, in shared memory: a client that raises it itself stops a search at once, without waiting
   * for its stop message to reach a slice boundary (startNodeBot passes one; overrides sharedStop).
   */
  stopFlag?: Int32Array;
  /** Run searches in slices that yield to the event loop (default true; always on without shared memory). */
  slices?: boolean;
  /** Target length of one slice in ms (default 25: a stop message waits about that long; slicing costs under 1%). */
  sliceMs?: number;
  /** Seed of the level randomness (default 1). */
  seed?: number;
  /**
   * Solver nodes of one presolve slice in a think without a time limit (default: the game's own, about 10–30 ms of
   * solving). The solvers resume a cut-short call, so any slice finishes what one call does, in about its nodes.
   */
  solveSliceNodes?: number;
  /**
   * Reversi: use the trained pattern evaluation (default true; it is per thread, so a bench baseline runs in a
   * thread of its own with false and keeps the hand-written evaluation); in Node, an absolute path of another
   * weights file (a training's `reversi-weights.bin`) to use instead of the shipped one.
   */
  reversiWeights?: boolean | string;
}

const PROGRESS_INTERVAL_MS = 200; // at most 5 progress reports a second
const DEFAULT_THINK_MS = 3000;
const HINT_MS = 1000;
const MAX_CANDIDATES = 10;
/** Share of a move's time a presolve may take; past it alpha-beta searches with the rest. */
const PRESOLVE_SHARE = 0.6;
/** The presolve of an analysis without a time limit (until stopped, or a node budget) gives up after this long. */
const ANALYSIS_PRESOLVE_MS = 2000;
/** Alpha-beta nodes of a slice of a fixed-budget search, unless the game says (GameEntry.sliceNodes). */
const SLICE_NODES = 2048;
/** Alpha-beta nodes of the first slice of other searches (then aimed at sliceMs). */
const FIRST_SLICE_NODES = 128;

interface RunningSearch {
  start(pos: Position, limits: Limits): void;
  step(slice: number): boolean;
  stop(): void;
}

/**
 * The worker-side AI (after KataGo's AsyncBot): holds a position, thinks with limits while streaming throttled
 * progress, analyses until stopped, gives hints, and stops within a slice. Exposed over comlink as is.
 */
export class Bot {
  private pos: Position | null = null;
  private entry: GameEntry | null = null;
  private setupKey = '';
  private readonly played: number[] = [];
  private mcts: Mcts | null = null;
  /** The MCTS policy's ownership sums (Go), recorded during an analysis. */
  private ownership: PlayoutOwnership | null = null;
  private alphaBeta: AlphaBeta | null = null;
  private alphaBetaExact: AlphaBeta | null = null;
  private presolver: Presolver | null = null;
  private classic: ClassicBot | null = null;
  private readonly flag: Int32Array;
  private readonly shared: boolean;
  private readonly sliced: boolean;
  private readonly sliceMs: number;
  private readonly solveSliceNodes: number | undefined;
  private readonly rng: Rng;
  private running: RunningSearch | null = null;
  private busy = false;
  private stopAsked = false;
  /** A stop arrived during a review: the positions after the one being analysed are skipped. */
  private reviewStopped = false;

  /** A bot without a position; call setPosition first. */
  constructor(options: BotOptions = {}) {
    if (options.stopFlag !== undefined && (!(options.stopFlag instanceof Int32Array) || options.stopFlag.length < 1 || options.stopFlag.buffer instanceof ArrayBuffer)) {
      throw new TypeError('a bot\'s stopFlag must be an Int32Array over a SharedArrayBuffer');
    }
    this.flag = options.stopFlag ?? createStopFlag(options.sharedStop ?? true);
    this.shared = !(this.flag.buffer instanceof ArrayBuffer);
    // Without shared memory a stop can only arrive between slices, so slicing is then required.
    this.sliced = (options.slices ?? true) || !this.shared;
    this.sliceMs = options.sliceMs ?? 25;
    this.solveSliceNodes = options.solveSliceNodes;
    this.rng = new Rng(options.seed ?? 1);
    // The game entry loads the weights at its first search; a baseline bot turns them off for its thread first.
    if (options.reversiWeights === false) useReversiWeights(false);
    else if (typeof options.reversiWeights === 'string' && !loadReversiWeightsSync(new URL(`file://${options.reversiWeights}`))) {
      throw new Error(`cannot read Reversi weights from ${options.reversiWeights}`);
    }
  }

  /**
   * Sets the game (rules and start checked by its definition) and replays its moves (integers or text); an
   * illegal move throws naming its number and text.
   */
  setPosition(setup: PositionSetup): PositionInfo {
    this.assertIdle();
    return this.setUp(setup);
  }

  private setUp(setup: PositionSetup): PositionInfo {
    const entry = gameEntry(setup.game);
    const key = JSON.stringify([setup.game, setup.rules ?? null, setup.start ?? null]);
    const { pos, moves: list } = setUpPosition(setup);
    const continues = key === this.setupKey && this.played.length <= list.length && this.played.every((m, i) => list[i] === m);
    if (!continues || this.entry !== entry) {
      this.mcts = null;
      this.ownership = null;
      this.alphaBeta = null;
      this.alphaBetaExact = null;
      this.presolver = null;
      this.classic = null;
    } else if (this.mcts !== null) {
      // Same game, more moves: keep the search tree below them.
      this.mcts.advance(list.slice(this.played.length), pos);
    }
    this.entry = entry;
    this.setupKey = key;
    this.pos = pos;
    this.played.length = 0;
    this.played.push(...list);
    return this.info();
  }

  /** Plays one more move (integer or text) on the bot's position. */
  play(move: number | string): PositionInfo {
    this.assertIdle();
    const pos = this.position();
    const m = typeof move === 'number' ? move : pos.parseMove(move);
    playChecked(pos, m);
    this.played.push(m);
    this.mcts?.advance([m], pos);
    return this.info();
  }

  /** A summary of the current position. */
  info(): PositionInfo {
    const pos = this.position();
    const buf = new Int32Array(MAX_MOVES);
    return {
      game: this.setupKey === '' ? '' : (JSON.parse(this.setupKey) as [string])[0],
      ply: pos.ply,
      toMove: pos.currentPlayer(),
      terminal: pos.isTerminal(),
      legalMoves: pos.legalMoves(buf),
      lastMove: pos.lastMove(),
    };
  }

  /** The stop flag when it lives in shared memory (raise element 0 to stop without a message), else null. */
  stopFlag(): Int32Array | null {
    return this.shared ? this.flag : null;
  }

  /** Thinks within `limits` (default a few seconds) and returns the move to play; progress ≤ 5 times a second. */
  think(limits: ThinkLimits = {}, onProgress?: (p: Progress) => void): Promise<Progress> {
    return this.run(limits, onProgress, false);
  }

  /**
   * Analyses until stop() (or a limit), reporting progress ≤ 5 times a second; returns the last state. Like a
   * think it asks the game's solver first (within PRESOLVE_SHARE of a time limit; without one, for at most
   * ANALYSIS_PRESOLVE_MS): a proven result is reported with `proven` and ends an analysis that has limits (reason
   * 'solved'); without limits the analysis reports it and searches on for the other candidates, keeping the
   * solver's move, score and line in every report, until stop(). Alpha-beta analyses score every root move with
   * the full window (`exactRootScores`), each candidate with its line from the table; Go reports the ownership
   * of its own playouts. Nothing is reported while the solver runs.
   */
  analyze(limits: ThinkLimits = {}, onProgress?: (p: Progress) => void): Promise<Progress> {
    return this.run(limits, onProgress, true);
  }

  /**
   * Analyses each position of `setups` in turn (say every position of a finished game) with `budget` each (at
   * least one of nodes, timeMs, depth); `onProgress` gets each position's final answer with its index as it is
   * found. Resolves with the answers in order; stop() ends the review with the position in hand (its answer says
   * 'stopped', and is the last). The bot is left on the last position analysed. An illegal setup throws, as
   * setPosition does.
   */
  async review(setups: readonly PositionSetup[], budget: ReviewBudget, onProgress?: (index: number, p: Progress) => void): Promise<Progress[]> {
    this.assertIdle();
    if (budget.nodes === undefined && budget.timeMs === undefined && budget.depth === undefined) {
      throw new RangeError('a review needs a budget per position: nodes, timeMs or depth');
    }
    this.busy = true;
    this.reviewStopped = false;
    const answers: Progress[] = [];
    try {
      for (let i = 0; i < setups.length && !this.reviewStopped; i++) {
        this.setUp(setups[i]);
        const p = await this.runSearch({ nodes: budget.nodes, timeMs: budget.timeMs, depth: budget.depth, algorithm: budget.algorithm }, undefined, true);
        answers.push(p);
        // A client may raise the shared flag before its stop message arrives: the review ends here all the same.
        if (stopRaised(this.flag)) this.reviewStopped = true;
        if (onProgress) {
          try {
            void Promise.resolve(onProgress(i, p)).catch(() => undefined);
          } catch {
            // A receiver that went away must not break the review.
          }
        }
      }
      return answers;
    } finally {
      this.busy = false;
    }
  }

  /** A quick suggestion for the side to move (full strength, about a second). */
  hint(): Promise<Progress> {
    return this.run({ timeMs: HINT_MS }, undefined, false);
  }

  /** Ends the running search soon; its think/analyze call then resolves with the best move found. */
  stop(): void {
    this.stopAsked = true;
    this.reviewStopped = true;
    setStopFlag(this.flag, true);
    this.running?.stop();
  }

  private async run(limits: ThinkLimits, onProgress: ((p: Progress) => void) | undefined, continuous: boolean): Promise<Progress> {
    this.assertIdle();
    this.busy = true;
    try {
      return await this.runSearch(limits, onProgress, continuous);
    } finally {
      this.busy = false;
    }
  }

  private async runSearch(limits: ThinkLimits, onProgress: ((p: Progress) => void) | undefined, continuous: boolean): Promise<Progress> {
    const pos = this.position();
    const entry = this.entry as GameEntry;
    const algorithm: Algorithm = limits.algorithm ?? entry.algorithm;
    // A seeded think draws from its own generator, so its move does not depend on what this thread played before.
    if (limits.seed !== undefined && !Number.isInteger(limits.seed)) throw new RangeError(`a think's seed must be a whole number, got ${limits.seed}`);
    const rng = limits.seed === undefined ? this.rng : new Rng(limits.seed);
    if (algorithm === 'classic') return this.classicMove(pos, entry, onProgress, rng);
    const level = limits.level === undefined ? null : (entry.level ?? levelBudget)(limits.level, algorithm);
    if (limits.timeMaxMs !== undefined && !(limits.timeMaxMs >= 0)) throw new RangeError(`a think's timeMaxMs must be a number of ms, got ${limits.timeMaxMs}`);
    const budget: Limits = {
      timeMs: limits.timeMs ?? level?.timeMs,
      timeMaxMs: limits.timeMaxMs,
      stopWhenDecided: limits.stopWhenDecided,
      nodes: limits.nodes ?? level?.nodes,
      depth: limits.depth ?? level?.depth,
      stop: this.flag,
    };
    if (!continuous && budget.timeMs === undefined && budget.nodes === undefined && budget.depth === undefined) {
      budget.timeMs = DEFAULT_THINK_MS;
    }
    const temperature = level?.temperature ?? 0;
    setStopFlag(this.flag, false);
    this.stopAsked = false;
    const infinite = budget.timeMs === undefined && budget.nodes === undefined && budget.depth === undefined;
    const scale = entry.scoreScale ?? 100;
    // The searcher first (its table is allocated on first use): a stop during the presolve then finds it ready.
    // An analysis scores every root move exactly (full window), as candidates to show.
    const search = algorithm === 'mcts' ? this.mctsSearch() : this.alphaBetaSearch(temperature > 0 || continuous);
    // A solver's answer an analysis without limits keeps while it searches on.
    let pinned: Presolved | null = null;
    if (algorithm === 'alphabeta' && entry.presolver !== undefined) {
      const t0 = now();
      this.presolver ??= entry.presolver();
      const cap = continuous && budget.timeMs === undefined ? ANALYSIS_PRESOLVE_MS : undefined;
      const solved = await this.presolver.presolve(pos, budget.timeMs, limits.level, this.solveRunner(budget.timeMs, t0, cap));
      if (solved?.move !== undefined) {
        const answer = solvedProgress(solved, solved.move, now() - t0, scale);
        if (!(continuous && infinite) || this.stopAsked || stopRaised(this.flag)) {
          if (onProgress) report(onProgress, answer);
          return answer;
        }
        pinned = solved;
        if (onProgress) report(onProgress, { ...answer, done: false, reason: '' });
      }
      if (solved?.rootMoves !== undefined) budget.rootMoves = solved.rootMoves;
      if (budget.timeMs !== undefined) budget.timeMs = Math.max(1, budget.timeMs - (now() - t0));
    }
    // Go's analysis reports the ownership of this search's own playouts.
    const ownership = algorithm === 'mcts' && continuous ? this.ownership : null;
    if (ownership !== null) {
      ownership.reset();
      ownership.recording = true;
    }
    const progress = (done: boolean): Progress => {
      const p = this.progress(algorithm, done, continuous);
      if (pinned !== null) pin(p, pinned, scale);
      return p;
    };
    this.running = search;
    try {
      search.start(pos, budget);
      // A slice that ends inside an alpha-beta iteration restarts it (on the table's knowledge): where the slices
      // end changes the node count, so a fixed-budget search (depth or nodes, no time) slices by a fixed node
      // count and repeats its count. Timed ones adapt their slices to sliceMs, from small ones (a Gomoku node can
      // cost a fifth of a ms) unless a node budget is set too (restarts spend it: small first slices weaken it).
      const fixedSlices = algorithm === 'alphabeta' && !continuous && budget.timeMs === undefined;
      let slice = algorithm === 'mcts' ? 16 : fixedSlices ? (entry.sliceNodes ?? SLICE_NODES) : budget.nodes !== undefined ? SLICE_NODES : FIRST_SLICE_NODES;
      let lastReport = now();
      for (;;) {
        const t0 = now();
        if (search.step(this.sliced ? slice : Infinity)) break;
        if (!fixedSlices) {
          // Aim each slice at sliceMs so that a stop message waits at most about that long.
          const dt = now() - t0;
          if (dt < this.sliceMs / 2) slice *= 2;
          else if (dt > this.sliceMs * 2) slice = Math.max(1, Math.floor(slice / 2));
        }
        if (onProgress && now() - lastReport >= PROGRESS_INTERVAL_MS) {
          lastReport = now();
          report(onProgress, progress(false));
        }
        await yieldToEventLoop();
        if (this.stopAsked) search.stop();
      }
      const final = progress(true);
      // The alpha-beta candidates start with the search's own move (AlphaBetaResult.rootMoves), so temperature 0
      // plays it; above 0 the pick draws among candidates scored by the last completed iteration.
      const picked = pinned === null ? pickCandidate(final.candidates, temperature, rng) : undefined;
      if (picked !== undefined && picked.move !== final.move) {
        final.move = picked.move;
        final.winRate = picked.winRate;
        final.score = picked.score;
        final.pv = picked.pv;
        delete final.proven;
      }
      // The game's veto on a move to play (Go: a pass into a loss by Qi's own count): its best other candidate instead.
      const refuses = entry.refuses;
      if (!continuous && pinned === null && refuses !== undefined && final.move !== null && refuses(pos, final.move)) {
        const chosen = final.move;
        const other = final.candidates.find((c) => c.move !== chosen && !refuses(pos, c.move));
        if (other !== undefined) {
          final.move = other.move;
          final.winRate = other.winRate;
          final.score = other.score;
          final.pv = other.pv;
          delete final.proven;
        }
      }
      if (onProgress) report(onProgress, final);
      return final;
    } finally {
      this.running = null;
      if (ownership !== null) ownership.recording = false;
    }
  }

  /**
   * Runs a presolve's solver calls: sliced (a per-slice deadline of sliceMs, or a fixed node count without a time
   * limit), yielding between slices so that a stop message gets through; unsliced, one call that polls the stop
   * flag. Either way the presolve ends at PRESOLVE_SHARE of the move's time or on a stop.
   */
  private solveRunner(timeMs: number | undefined, t0: number, capMs?: number): SolveRunner {
    // Without a time limit the presolve has none either, unless capped (an analysis).
    const end = timeMs === undefined ? (capMs === undefined ? Infinity : t0 + capMs) : t0 + timeMs * PRESOLVE_SHARE;
    const flag = this.flag;
    const sliced = this.sliced;
    // Without a time limit the slices are node counts, so that a fixed-budget search repeats its count.
    const byNodes = timeMs === undefined;
    // The slice in progress, shared by consecutive solver calls: when it started, and the nodes spent in it.
    let sliceStart = now();
    let sliceUsed = 0;
    const over = (): boolean => this.stopAsked || stopRaised(flag) || now() >= end;
    const run = async <R extends SolveOutcome>(solve: (limits: SolveSlice) => R, budget: number | undefined, gameSliceNodes: number): Promise<R> => {
      const sliceNodes = this.solveSliceNodes ?? gameSliceNodes;
      let nodes = 0;
      for (;;) {
        const stopped = over();
        const left = (budget ?? Infinity) - nodes;
        const limits: SolveSlice = { stop: flag };
        if (stopped) limits.maxNodes = 1; // answer at once (aborted, unless trivial)
        else {
          const room = sliced && byNodes ? Math.min(left, Math.max(1, sliceNodes - sliceUsed)) : left;
          if (room !== Infinity) limits.maxNodes = room;
          // Sliced by nodes, the cap is the only deadline (a slice's end is its node count).
          if (end !== Infinity) limits.deadline = sliced && !byNodes ? Math.min(sliceStart + this.sliceMs, end) : end;
        }
        const r = solve(limits);
        nodes += r.nodes;
        sliceUsed += r.nodes;
        if (sliced && (byNodes ? sliceUsed >= sliceNodes : now() >= sliceStart + this.sliceMs)) {
          // The slice is spent (by this call or with the ones before it): let a stop message in.
          await yieldToEventLoop();
          sliceStart = now();
          sliceUsed = 0;
        }
        if (!r.aborted || stopped || nodes >= (budget ?? Infinity) || !sliced || over()) {
          r.nodes = nodes;
          return r;
        }
      }
    };
    return { run, over };
  }

  /** The classic baseline's move, as a final answer (it has no budget and no candidates). */
  private classicMove(pos: Position, entry: GameEntry, onProgress: ((p: Progress) => void) | undefined, rng: Rng): Progress {
    if (entry.classic === undefined) throw new Error(`${pos.game} has no classic bot`);
    this.classic ??= entry.classic();
    const t0 = now();
    const move = pos.isTerminal() ? null : this.classic.choose(pos, rng);
    const answer: Progress = {
      algorithm: 'classic',
      move,
      winRate: 0.5,
      score: 0,
      depth: 0,
      visits: 0,
      nodes: 0,
      timeMs: now() - t0,
      pv: move === null ? [] : [move],
      candidates: [],
      done: true,
      reason: move === null ? 'terminal' : 'classic',
    };
    if (onProgress) report(onProgress, answer);
    return answer;
  }

  private mctsSearch(): RunningSearch & { result(): MctsResult } {
    if (this.mcts === null) {
      const options = this.entry?.mcts?.(this.position()) ?? {};
      this.mcts = new Mcts(options);
      this.ownership = options.policy?.ownership ?? null;
    }
    return this.mcts;
  }

  private alphaBetaSearch(exact: boolean): RunningSearch & { result(): AlphaBetaResult } {
    if (this.alphaBeta === null) this.alphaBeta = new AlphaBeta(this.entry?.alphabeta?.() ?? {});
    if (!exact) return this.alphaBeta;
    // The exact-root searcher (low levels) shares the table: one table's memory per game.
    this.alphaBetaExact ??= new AlphaBeta({ ...(this.entry?.alphabeta?.() ?? {}), exactRootScores: true, table: this.alphaBeta.tt });
    return this.alphaBetaExact;
  }

  /**
   * The search's state as a report. Candidates carry their lines; in an analysis (`analysis`) the alpha-beta ones
   * other than the PV's read theirs from the table, and Go's report has the playouts' ownership.
   */
  private progress(algorithm: Algorithm, done: boolean, analysis: boolean): Progress {
    if (algorithm === 'mcts') {
      const r = (this.mcts as Mcts).result();
      const p: Progress = {
        algorithm,
        move: r.move,
        winRate: r.winRate,
        score: 0,
        depth: r.pv.length,
        visits: r.rootVisits,
        nodes: r.playouts,
        timeMs: r.timeMs,
        pv: r.pv,
        candidates: r.candidates.slice(0, MAX_CANDIDATES).map((c) => ({ move: c.move, visits: c.visits, score: 0, winRate: c.winRate, prior: c.prior, pv: c.pv })),
        done,
        reason: done ? r.reason : '',
      };
      const own = analysis ? this.ownership : null;
      if (own !== null && own.sum !== null && own.playouts > 0) {
        const sum = own.sum;
        const map = new Float32Array(sum.length);
        for (let i = 0; i < sum.length; i++) map[i] = sum[i] / own.playouts;
        p.ownership = map;
        p.scoreLead = (own.margin / own.playouts) * (this.position().currentPlayer() === 0 ? 1 : -1);
      }
      return p;
    }
    const search = this.alphaBetaExact !== null && this.running === this.alphaBetaExact ? this.alphaBetaExact : (this.alphaBeta as AlphaBeta);
    const r = search.result();
    const scale = this.entry?.scoreScale ?? 100;
    const candidates: Candidate[] = r.rootMoves.slice(0, MAX_CANDIDATES).map((m, i) => ({
      move: m.move,
      visits: 0,
      score: m.score,
      winRate: winRateOf(m.score, scale),
      prior: 0,
      pv: i === 0 && r.pv[0] === m.move ? r.pv : analysis ? search.lineAfter(m.move, Math.max(1, m.depth)) : [m.move],
      depth: m.depth,
    }));
    const p: Progress = {
      algorithm,
      move: r.move,
      winRate: winRateOf(r.score, scale),
      score: r.score,
      depth: r.depth,
      visits: 0,
      nodes: r.nodes,
      timeMs: r.timeMs,
      pv: r.pv,
      candidates,
      done,
      reason: done ? r.reason : '',
    };
    // A win or loss alpha-beta saw (a loss only once the iteration saw it in full: a bound proves no loss).
    if (isWinScore(r.score) && r.move !== null && (r.score > 0 || r.solved)) {
      p.proven = { kind: r.score > 0 ? 'win' : 'loss', plies: WIN - Math.abs(r.score) };
    }
    return p;
  }

  private position(): Position {
    if (this.pos === null) throw new Error('no position: call setPosition first');
    return this.pos;
  }

  private assertIdle(): void {
    if (this.busy) throw new Error('the bot is thinking: call stop() and wait for its answer first');
  }
}

/** The final answer for a move a game's solver decided before any search. */
function solvedProgress(solved: Presolved, move: number, timeMs: number, scale: number): Progress {
  const score = solved.score ?? 0;
  const winRate = winRateOf(score, scale);
  return {
    algorithm: 'alphabeta',
    move,
    winRate,
    score,
    depth: solved.pv?.length ?? 1,
    visits: 0,
    nodes: solved.nodes,
    timeMs,
    pv: solved.pv ?? [move],
    candidates: [{ move, visits: 0, score, winRate, prior: 0, pv: solved.pv ?? [move] }],
    done: true,
    reason: 'solved',
    ...(solved.proven === undefined ? {} : { proven: solved.proven }),
  };
}

/**
 * Keeps a solver's answer in a report of the search that goes on after it (an analysis without limits): its move
 * leads the candidates with the solver's score, the line the solver's (or the search's for that move, when the
 * solver gave the move alone), and `proven` when the solver proved it.
 */
function pin(p: Progress, solved: Presolved, scale: number): void {
  const move = solved.move as number;
  const score = solved.score ?? 0;
  const winRate = winRateOf(score, scale);
  const own = solved.pv ?? [move];
  const searched = p.move;
  const found = p.candidates.find((c) => c.move === move);
  const pv = own.length <= 1 && found !== undefined && found.pv.length > 1 ? found.pv : own;
  const lead: Candidate = { move, visits: 0, score, winRate, prior: 0, pv };
  if (found?.depth !== undefined) lead.depth = found.depth;
  p.candidates = [lead, ...p.candidates.filter((c) => c.move !== move)].slice(0, MAX_CANDIDATES);
  p.move = move;
  p.score = score;
  p.winRate = winRate;
  p.pv = pv;
  // Without a proof of its own (a VCT), the search's proof stands only if it is about the same move.
  if (solved.proven !== undefined) p.proven = solved.proven;
  else if (searched !== move) delete p.proven;
}

/** Maps an alpha-beta score to a win rate: proven results to 0 or 1, evaluations through a logistic curve. */
function winRateOf(score: number, scale: number): number {
  if (isWinScore(score)) return score > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score / scale));
}

/** Sends a progress report without waiting for (or failing on) the receiver. */
function report(onProgress: (p: Progress) => void, p: Progress): void {
  try {
    void Promise.resolve(onProgress(p)).catch(() => undefined);
  } catch {
    // A receiver that went away must not break the search.
  }
}

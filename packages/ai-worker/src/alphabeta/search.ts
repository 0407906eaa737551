import { MAX_MOVES, type Position } from '@qi/engine';
import { now, stopRaised, type Limits } from '../core/limits.js';
import { MAX_EVAL, MAX_PLY, WIN, WIN_BOUND, clampEval, isWinScore } from '../core/score.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, TranspositionTable } from '../tt/table.js';
import type { AlphaBetaOptions, AlphaBetaResult, Evaluator, RootMoveScore, TurnFreePosition } from './types.js';

const INF = WIN + 1;
const HISTORY_MOVES = 1 << 16; // moves index history modulo this (every Qi move encoding fits)
const HISTORY_MAX = (1 << 18) - 1;
const CHECK_EVERY = 1024;
const SORT_AFTER = 3; // pick the best of the remaining moves for the first few, then sort the rest once
const MIN_LAYER_KEY = 0x5bd1e995; // mixed into the key of Best-Reply MIN nodes (same board, other node type)
// Best-Reply Search tags each move with its player: tagged = move << 3 | player (PASS = -1 survives the shift).
const PLAYER_BITS = 3;

type StopReason = AlphaBetaResult['reason'];

/**
 * Negamax alpha-beta with principal-variation search, iterative deepening, aspiration windows, a transposition
 * table and killer/history ordering, written once for every game. With more than two players it searches the
 * paranoid reduction (the root player against the coalition of all others; a move inside the coalition keeps
 * the score's sign), or Best-Reply Search when asked and the position lets players move out of turn.
 * Per-ply buffers are allocated once, so a node allocates nothing.
 */
export class AlphaBeta {
  /** The transposition table, kept across searches (call `clearHash` for a new game). */
  readonly tt: TranspositionTable;
  private readonly ev: Evaluator | undefined;
  private readonly aspiration: number;
  private readonly aspirationFrom: number;
  private readonly exactRoot: boolean;
  private readonly bestReply: boolean;
  private readonly brsScratch = new Int32Array(MAX_MOVES);

  private readonly moveBufs: Int32Array[] = [];
  private readonly scoreBufs: Float64Array[] = [];
  /** The game's ordering scores of one node (added to its scoreBufs entry by addGameOrder). */
  private readonly gameScores = new Float64Array(MAX_MOVES);
  /** Per ply: 1 while the game's ordering scores wait until the TT move has been searched (see orderScores). */
  private readonly deferred = new Uint8Array(MAX_PLY + 1);
  /** Per ply: where the TT move was in the list before it was moved to the front (see addGameOrder). */
  private readonly ttIndex = new Int32Array(MAX_PLY + 1);
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLen = new Int32Array(MAX_PLY + 1);
  private readonly killers = new Int32Array(2 * (MAX_PLY + 1)).fill(NO_MOVE);
  private readonly history = new Int32Array(6 * HISTORY_MOVES);
  private readonly returnsBuf = new Float64Array(6);
  private readonly leafOut = new Float64Array(3);
  /** Whether the evaluator scores a frontier node's children without playing them (Evaluator.leafAfter). */
  private leafAfter = false;

  // Root bookkeeping: the root moves in generation order and what the current/last iteration proved about each.
  private rootCount = 0;
  private readonly rootList = new Int32Array(MAX_MOVES);
  private readonly rootScore = new Int32Array(MAX_MOVES);
  private readonly rootExact = new Uint8Array(MAX_MOVES);
  private readonly rootOrder = new Float64Array(MAX_MOVES);
  // The root scores of the last completed iteration (the ones above are overwritten by the iteration in progress).
  private readonly doneScore = new Int32Array(MAX_MOVES);
  private readonly doneExact = new Uint8Array(MAX_MOVES);

  // State of the search in progress (kept between slices).
  private pos: Position | null = null;
  private limits: Limits = {};
  private onIteration: ((r: AlphaBetaResult) => void) | undefined;
  private rootPlayer = 0;
  private multi = false;
  private brs = false;
  private salt = 0;
  private nodes = 0;
  private nodeLimit = Infinity;
  private nextCheck = CHECK_EVERY;
  private sliceEnd = Infinity;
  private startTime = 0;
  private deadline = Infinity;
  private aborted = false;
  private hardStop: StopReason | null = null;
  private stopRequested = false;
  private horizon = false;
  private done = true;
  private reason: StopReason = 'depth';
  private depth = 0;
  private alpha = -INF;
  private beta = INF;
  private delta = 0;
  private bestMove = NO_MOVE;
  private bestScore = 0;
  private bestDepth = 0;
  private bestPv: number[] = [];
  private solved = false;
  // The best root move of the pass in progress (the root search of one iteration with one window), once it beat
  // every move before it; and one carried from an earlier pass of the unfinished iteration (a pass cut by a slice
  // end, or an aspiration fail-high re-searched with a wider window) until this pass searches that move again.
  private iterMove = NO_MOVE;
  private iterScore = 0;
  private iterPv: number[] = [];
  /** Whether this pass has searched the last completed iteration's best move (so its best beat or is that move). */
  private passSawBest = false;
  private carryMove = NO_MOVE;
  private carryScore = 0;
  private carryPv: number[] = [];
  /** Whether bestMove comes from the unfinished iteration (it failed high there) rather than the last completed one. */
  private bestFromIter = false;

  /** A searcher with its own transposition table and ordering tables. */
  constructor(options: AlphaBetaOptions = {}) {
    this.ev = options.evaluator;
    this.tt = options.table ?? new TranspositionTable(options.ttMegabytes ?? 16);
    this.exactRoot = options.exactRootScores ?? false;
    // Exact root scores need the full window at the root, so no aspiration.
    this.aspiration = this.exactRoot ? 0 : (options.aspiration ?? 50);
    this.aspirationFrom = options.aspirationFromDepth ?? 4;
    this.bestReply = options.multiplayer === 'best-reply';
  }

  /** Forgets everything learned (transposition table, killers, history): call between unrelated games. */
  clearHash(): void {
    this.tt.clear();
    this.history.fill(0);
    this.killers.fill(NO_MOVE);
  }

  /** Searches `pos` (restored on return) until a limit is reached; `onIteration` sees each completed depth. */
  search(pos: Position, limits: Limits = {}, onIteration?: (r: AlphaBetaResult) => void): AlphaBetaResult {
    this.start(pos, limits, onIteration);
    while (!this.step(Infinity));
    return this.result();
  }

  /** Starts a search to be run in slices with `step`; the position must not be touched until it is done. */
  start(pos: Position, limits: Limits = {}, onIteration?: (r: AlphaBetaResult) => void): void {
    this.pos = pos;
    this.limits = limits;
    this.onIteration = onIteration;
    this.rootPlayer = pos.currentPlayer();
    this.multi = pos.playerCount > 2;
    this.brs = this.multi && this.bestReply;
    this.leafAfter = this.ev?.leafAfter !== undefined && this.ev.terminal !== undefined && this.ev.noisyMoves === undefined && !this.multi;
    if (this.brs && !isTurnFree(pos)) {
      throw new Error(`Best-Reply Search needs legalMovesFor and playAs on the ${pos.game} position`);
    }
    // Multi-player scores depend on who the root player is: keep each root player's entries apart.
    this.salt = this.multi ? Math.imul(this.rootPlayer + 1, 0x9e3779b1) : 0;
    this.nodes = 0;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.startTime = now();
    this.deadline = limits.timeMs === undefined ? Infinity : this.startTime + limits.timeMs;
    this.hardStop = null;
    this.stopRequested = false;
    this.done = false;
    this.depth = 1;
    this.alpha = -INF;
    this.beta = INF;
    this.delta = this.aspiration;
    this.bestMove = NO_MOVE;
    this.bestScore = 0;
    this.bestDepth = 0;
    this.bestPv = [];
    this.bestFromIter = false;
    this.carryMove = NO_MOVE;
    this.solved = false;
    this.rootCount = 0;
    this.tt.newSearch();
    for (let i = 0; i < this.history.length; i++) this.history[i] >>= 2;
    if (pos.isTerminal()) {
      this.done = true;
      this.reason = 'terminal';
      this.bestScore = this.terminalScore(0);
    } else {
      this.rootCount = this.generate(this.rootList, 0);
      if (limits.rootMoves !== undefined) this.restrictRoot(limits.rootMoves);
      this.rootScore.fill(0);
      this.rootExact.fill(0);
      this.rootOrder.fill(0);
    }
  }

  /** Keeps only the root moves listed (when at least one of them is there, so a search always has a move). */
  private restrictRoot(keep: readonly number[]): void {
    let k = 0;
    for (let i = 0; i < this.rootCount; i++) if (keep.includes(this.untag(this.rootList[i]))) this.rootList[k++] = this.rootList[i];
    if (k > 0) this.rootCount = k;
  }

  private copyRoot(into: Int32Array): number {
    into.set(this.rootList.subarray(0, this.rootCount));
    return this.rootCount;
  }

  /** Asks the running search to end at its next check (from a progress callback or between slices). */
  stop(): void {
    this.stopRequested = true;
  }

  /** Runs the started search for about `sliceNodes` more nodes; returns true when it is finished. */
  step(sliceNodes: number): boolean {
    const pos = this.pos;
    if (pos === null || this.done) return true;
    this.sliceEnd = this.nodes + sliceNodes;
    const maxDepth = Math.min(this.limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);
    while (!this.done) {
      this.aborted = false;
      this.horizon = false;
      this.iterMove = NO_MOVE;
      this.passSawBest = this.bestMove === NO_MOVE;
      this.nextCheck = Math.min(this.nodes + CHECK_EVERY, this.sliceEnd, this.nodeLimit);
      if (this.nodes >= this.nextCheck) this.checkLimits();
      const score = this.aborted ? 0 : this.negamax(this.depth, this.alpha, this.beta, 0);
      if (this.aborted) {
        if (this.hardStop === null) {
          // The slice is over: resume this iteration later (its next pass restarts at the root).
          this.carryIter();
          return false;
        }
        this.finishInterrupted();
        return true;
      }
      if (score <= this.alpha && this.alpha > -INF) {
        this.widen(score, true);
        continue;
      }
      if (score >= this.beta && this.beta < INF) {
        // The root failed high: its move stays the move while the wider window re-searches (Stockfish's way).
        this.carryIter();
        this.widen(score, false);
        continue;
      }
      this.bestMove = this.pvLen[0] > 0 ? this.pvTable[0] : this.firstRootMove();
      this.bestScore = score;
      this.bestDepth = this.depth;
      this.bestPv = this.collectPv();
      this.bestFromIter = false;
      this.carryMove = NO_MOVE;
      for (let i = 0; i < this.rootCount; i++) {
        this.doneScore[i] = this.rootScore[i];
        this.doneExact[i] = this.rootExact[i];
      }
      // Exhausted tree, or a win/loss at a distance the iteration saw in full: deeper search changes nothing.
      this.solved = !this.horizon || (isWinScore(score) && this.depth >= WIN - Math.abs(score));
      if (this.onIteration) this.onIteration(this.result());
      if (this.solved) this.finish('solved');
      else if (this.depth >= maxDepth) this.finish('depth');
      else if (this.stopRequested || stopRaised(this.limits.stop)) this.finish('stopped');
      else if (this.limits.timeMs !== undefined && now() - this.startTime > this.limits.timeMs * 0.5) this.finish('time');
      else {
        this.depth++;
        if (this.aspiration > 0 && this.depth >= this.aspirationFrom && !isWinScore(score)) {
          this.delta = this.aspiration;
          this.alpha = Math.max(score - this.delta, -INF);
          this.beta = Math.min(score + this.delta, INF);
        } else {
          this.alpha = -INF;
          this.beta = INF;
        }
      }
    }
    return true;
  }

  /** The result so far (final once `step` returned true). */
  result(): AlphaBetaResult {
    const best = this.bestMove !== NO_MOVE ? this.bestMove : this.rootCount > 0 ? this.firstRootMove() : NO_MOVE;
    const move = best === NO_MOVE ? null : this.untag(best);
    const rootMoves = this.rankRoot(best);
    return {
      move,
      score: this.bestScore + 0, // never -0
      depth: this.bestDepth,
      pv: this.bestPv.length > 0 ? this.bestPv.map((m) => this.untag(m)) : move === null ? [] : [move],
      nodes: this.nodes,
      timeMs: now() - this.startTime,
      rootMoves,
      hashfull: this.tt.hashfull(),
      solved: this.solved,
      reason: this.done ? this.reason : 'stopped',
    };
  }

  /**
   * The line after root move `move` as far as the transposition table knows it (the moves stored for the
   * positions that follow, while they are legal), starting with `move`, at most `maxLength` moves. For the
   * candidates other than the PV's move (analysis); read between slices or once the search is done, without
   * touching the table, so it never changes the search. A Best-Reply search answers `[move]`.
   */
  lineAfter(move: number, maxLength = MAX_PLY): number[] {
    const pos = this.pos;
    const line = [move];
    if (pos === null || this.brs || pos.isTerminal() || !pos.isLegal(move)) return line;
    pos.play(move);
    let played = 1;
    while (line.length < maxLength && !pos.isTerminal() && this.tt.peek((pos.hashLo ^ this.salt) >>> 0, pos.hashHi)) {
      const m = this.tt.move;
      if (m === NO_MOVE || !pos.isLegal(m)) break;
      line.push(m);
      pos.play(m);
      played++;
    }
    while (played-- > 0) pos.undo();
    return line;
  }

  /**
   * The root moves, the search's move first, then the others by the last completed iteration's scores (by the
   * first iteration's, as far as it got, while none is complete). A move that failed high in the unfinished
   * iteration leads with the score it got there.
   */
  private rankRoot(best: number): RootMoveScore[] {
    const completed = this.bestDepth > 0;
    const score = completed ? this.doneScore : this.rootScore;
    const exact = completed ? this.doneExact : this.rootExact;
    const rest: RootMoveScore[] = [];
    let lead: RootMoveScore | null = null;
    const depth = completed ? this.bestDepth : this.depth;
    for (let i = 0; i < this.rootCount; i++) {
      const move = this.untag(this.rootList[i]);
      if (lead === null && this.rootList[i] === best) {
        const live = this.bestFromIter || !completed;
        lead = { move, score: (live ? this.rootScore[i] : score[i]) + 0, exact: (live ? this.rootExact[i] : exact[i]) === 1, depth: live ? this.depth : depth };
      } else {
        rest.push({ move, score: score[i] + 0, exact: exact[i] === 1, depth });
      }
    }
    rest.sort((a, b) => b.score - a.score || Number(b.exact) - Number(a.exact));
    if (lead !== null) rest.unshift(lead);
    return rest;
  }

  private finish(reason: StopReason): void {
    this.done = true;
    this.reason = reason;
  }

  private finishInterrupted(): void {
    // A root move that beat the previous best inside the interrupted iteration is better information.
    this.carryIter();
    if (this.carryMove !== NO_MOVE) {
      this.bestMove = this.carryMove;
      this.bestScore = this.carryScore;
      this.bestPv = this.carryPv;
      this.bestFromIter = true;
    }
    this.finish(this.hardStop ?? 'stopped');
  }

  /**
   * Keeps the best root move of the pass that just ended for the next pass of the same iteration, unless a move
   * carried from an earlier pass (which this one did not reach again) scored higher. It counts only once the pass
   * has searched the last completed iteration's best move: before that it has beaten only the moves before it.
   */
  private carryIter(): void {
    if (this.iterMove === NO_MOVE || !this.passSawBest) return;
    if (this.carryMove === NO_MOVE || this.iterScore > this.carryScore) {
      this.carryMove = this.iterMove;
      this.carryScore = this.iterScore;
      this.carryPv = this.iterPv;
    }
    this.iterMove = NO_MOVE;
  }

  private widen(score: number, low: boolean): void {
    this.delta *= 2;
    if (this.delta > MAX_EVAL / 4 || isWinScore(score)) {
      this.alpha = -INF;
      this.beta = INF;
    } else if (low) {
      this.alpha = Math.max(score - this.delta, -INF);
    } else {
      this.beta = Math.min(score + this.delta, INF);
    }
  }

  private firstRootMove(): number {
    let best = 0;
    for (let i = 1; i < this.rootCount; i++) if (this.rootOrder[i] > this.rootOrder[best]) best = i;
    return this.rootList[best];
  }

  private collectPv(): number[] {
    const pos = this.pos as Position;
    const pv: number[] = [];
    for (let i = 0; i < this.pvLen[0]; i++) pv.push(this.pvTable[i]);
    // A best-reply line is not a game line (players skip turns in it): leave it as searched.
    if (this.brs) return pv;
    // Exact TT hits cut the PV short; extend it from the table while the moves stay legal.
    let played = 0;
    for (const m of pv) {
      pos.play(m);
      played++;
    }
    while (pv.length < MAX_PLY && !pos.isTerminal() && this.tt.probe((pos.hashLo ^ this.salt) >>> 0, pos.hashHi)) {
      const m = this.tt.move;
      if (m === NO_MOVE || this.tt.bound !== BOUND_EXACT || !pos.isLegal(m)) break;
      pv.push(m);
      pos.play(m);
      played++;
    }
    while (played-- > 0) pos.undo();
    return pv;
  }

  private checkLimits(): void {
    if (this.nodes >= this.nodeLimit) this.hardStop = 'nodes';
    else if (this.stopRequested || stopRaised(this.limits.stop)) this.hardStop = 'stopped';
    else if (this.deadline !== Infinity && now() >= this.deadline) this.hardStop = 'time';
    if (this.hardStop !== null || this.nodes >= this.sliceEnd) this.aborted = true;
    this.nextCheck = Math.min(this.nodes + CHECK_EVERY, this.sliceEnd, this.nodeLimit);
  }

  /** Which side of the search a player is on: itself in two-player games, root vs coalition otherwise. */
  private side(player: number): number {
    return this.multi ? (player === this.rootPlayer ? 0 : 1) : player;
  }

  /** Whether the root player's side moves at `ply` (Best-Reply alternates by ply; otherwise the position says). */
  private rootSideToMove(ply: number): boolean {
    return this.brs ? (ply & 1) === 0 : (this.pos as Position).currentPlayer() === this.rootPlayer;
  }

  private untag(move: number): number {
    return this.brs ? move >> PLAYER_BITS : move;
  }

  private staticEval(ply: number): number {
    this.horizon = true;
    const pos = this.pos as Position;
    const ev = this.ev;
    if (ev === undefined) return 0;
    if (!this.multi) return clampEval(ev.evaluate(pos, pos.currentPlayer()));
    const v = clampEval(ev.evaluate(pos, this.rootPlayer));
    return this.rootSideToMove(ply) ? v : -v;
  }

  private terminalScore(ply: number): number {
    const pos = this.pos as Position;
    const view = this.multi ? this.rootPlayer : pos.currentPlayer();
    let v: number;
    if (this.ev?.terminal) {
      v = clampEval(this.ev.terminal(pos, view));
    } else {
      pos.returns(this.returnsBuf);
      const r = this.returnsBuf[view];
      v = r >= 1 ? WIN - ply : r <= -1 ? -(WIN - ply) : Math.round(r * (MAX_EVAL / 2));
    }
    return this.multi && !this.rootSideToMove(ply) ? -v : v;
  }

  private movesAt(ply: number): Int32Array {
    let b = this.moveBufs[ply];
    if (b === undefined) {
      b = new Int32Array(MAX_MOVES);
      this.moveBufs[ply] = b;
      this.scoreBufs[ply] = new Float64Array(MAX_MOVES);
    }
    return b;
  }

  private generate(moves: Int32Array, ply: number): number {
    const pos = this.pos as Position;
    if (this.brs) return this.generateBestReply(pos as TurnFreePosition, moves, ply);
    const n = this.ev?.searchMoves ? this.ev.searchMoves(pos, moves) : 0;
    return n > 0 ? n : pos.legalMoves(moves);
  }

  /** Best-Reply Search: the root player's moves at even plies; at odd plies every opponent's moves together. */
  private generateBestReply(pos: TurnFreePosition, moves: Int32Array, ply: number): number {
    const scratch = this.brsScratch;
    let n = 0;
    for (let p = 0; p < pos.playerCount; p++) {
      if ((p === this.rootPlayer) !== ((ply & 1) === 0)) continue;
      const k = pos.legalMovesFor(p, scratch);
      for (let i = 0; i < k && n < MAX_MOVES; i++) moves[n++] = (scratch[i] << PLAYER_BITS) | p;
    }
    return n;
  }

  private playMove(move: number): void {
    const pos = this.pos as Position;
    if (this.brs) (pos as TurnFreePosition).playAs(move & ((1 << PLAYER_BITS) - 1), move >> PLAYER_BITS);
    else pos.play(move);
  }

  /**
   * Ordering scores of moves[0..n): the game's, with killers then history breaking its ties; the TT move first.
   * With a TT move in the list (below the root) the game's part waits (deferred[ply] = 1) until that move has been
   * searched without a cutoff (addGameOrder): it usually cuts, and the game's ordering (Reversi plays every move)
   * is then never needed. The killer/history part is taken now, so the scores come out the same either way.
   */
  private orderScores(ply: number, moves: Int32Array, n: number, ttMove: number, player: number): Float64Array {
    const scores = this.scoreBufs[ply];
    const pos = this.pos as Position;
    const gameOrder = this.ev?.orderMoves !== undefined && !this.brs;
    const k0 = this.killers[2 * ply];
    const k1 = this.killers[2 * ply + 1];
    const h = player * HISTORY_MOVES;
    let ttIndex = -1;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      if (m === ttMove) {
        scores[i] = Infinity;
        ttIndex = i;
        continue;
      }
      // Game knowledge decides; killers, then history, break its ties.
      let tie = this.history[h + (m & (HISTORY_MOVES - 1))];
      if (m === k0) tie = HISTORY_MAX + 2;
      else if (m === k1) tie = HISTORY_MAX + 1;
      scores[i] = tie;
    }
    this.deferred[ply] = 0;
    if (gameOrder) {
      if (ttIndex >= 0 && ply > 0 && n > 1) {
        this.deferred[ply] = 1;
        this.ttIndex[ply] = ttIndex;
      } else this.addGameOrder(ply, moves, n, 0);
    }
    if (ply === 0 && this.bestDepth > 0) {
      // At the root the last completed iteration's scores decide.
      for (let i = 0; i < n; i++) if (scores[i] !== Infinity) scores[i] = this.rootOrder[this.rootIndex(moves[i])];
    }
    return scores;
  }

  /**
   * Adds the game's ordering scores to the tie-breaks orderScores wrote (the TT move keeps its Infinity). Deferred,
   * the TT move has been swapped from moves[t] to moves[0] since: the game sees the list in its first order (an
   * ordering may go by position in the list) and each score goes to where its move is now.
   */
  private addGameOrder(ply: number, moves: Int32Array, n: number, t: number): void {
    const scores = this.scoreBufs[ply];
    const game = this.gameScores;
    if (t > 0) swapMoves(moves, 0, t);
    (this.ev as Evaluator).orderMoves?.(this.pos as Position, moves, n, game);
    if (t > 0) swapMoves(moves, 0, t);
    for (let i = 0; i < n; i++) if (scores[i] !== Infinity) scores[i] = game[i === t ? 0 : i] * 2 * (HISTORY_MAX + 3) + scores[i];
    this.deferred[ply] = 0;
  }

  private rootIndex(move: number): number {
    for (let j = 0; j < this.rootCount; j++) if (this.rootList[j] === move) return j;
    return -1;
  }

  /** Searches one node, keeping track of whether its own subtree met a horizon (so proven results can be marked). */
  private negamax(depth: number, alpha: number, beta: number, ply: number): number {
    const outer = this.horizon;
    this.horizon = false;
    const score = this.node(depth, alpha, beta, ply);
    this.horizon = this.horizon || outer;
    return score;
  }

  private node(depth: number, alpha: number, beta: number, ply: number): number {
    this.pvLen[ply] = ply;
    if (depth <= 0) return this.quiesce(alpha, beta, ply);
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (this.aborted) return 0;
    const pos = this.pos as Position;
    if (pos.isTerminal()) return this.terminalScore(ply);
    if (ply >= MAX_PLY - 1) return this.staticEval(ply);

    const lo = (pos.hashLo ^ this.salt ^ (this.brs && (ply & 1) === 1 ? MIN_LAYER_KEY : 0)) >>> 0;
    const hi = pos.hashHi;
    const tt = this.tt;
    let ttMove = NO_MOVE;
    if (tt.probe(lo, hi)) {
      ttMove = tt.move;
      if (ply > 0 && tt.depth >= depth) {
        const s = fromTT(tt.score, ply);
        const b = tt.bound;
        if (b === BOUND_EXACT || (b === BOUND_LOWER && s >= beta) || (b === BOUND_UPPER && s <= alpha)) {
          // A stored result hides its subtree: unless it was proven, assume it met a horizon.
          if (!tt.proven) this.horizon = true;
          return s;
        }
      }
    }

    const moves = this.movesAt(ply);
    // The root searches the list made at start (the same moves, possibly restricted by limits.rootMoves).
    const n = ply === 0 ? this.copyRoot(moves) : this.generate(moves, ply);
    if (n === 0) return this.brs ? this.staticEval(ply) : this.terminalScore(ply);
    const player = this.brs ? ((ply & 1) === 0 ? this.rootPlayer : (this.rootPlayer + 1) % pos.playerCount) : pos.currentPlayer();
    const mySide = this.brs ? ply & 1 : this.side(player);
    const scores = this.orderScores(ply, moves, n, ttMove, player);
    const root = ply === 0;
    const raiseAlpha = !(root && this.exactRoot);
    let best = -INF;
    let bestMove = NO_MOVE;
    for (let i = 0; i < n; i++) {
      if (i === 1 && this.deferred[ply] === 1) this.addGameOrder(ply, moves, n, this.ttIndex[ply]);
      if (i < SORT_AFTER) pickBest(moves, scores, i, n);
      else if (i === SORT_AFTER) sortDescending(moves, scores, i, n);
      const m = moves[i];
      let s: number;
      if (depth === 1 && this.leafAfter) {
        // The child is a leaf: the same value and node count as playing it (a re-search counts again), unplayed.
        s = this.leafValue(m, ply + 1);
        if (i > 0 && raiseAlpha && s > alpha && s < beta && !this.aborted) s = this.leafValue(m, ply + 1);
        if (this.aborted) return 0;
      } else {
        this.playMove(m);
        const flip = this.brs || this.side(pos.currentPlayer()) !== mySide;
        if (i === 0 || !raiseAlpha) {
          s = flip ? -this.negamax(depth - 1, -beta, -alpha, ply + 1) : this.negamax(depth - 1, alpha, beta, ply + 1);
        } else {
          s = flip ? -this.negamax(depth - 1, -alpha - 1, -alpha, ply + 1) : this.negamax(depth - 1, alpha, alpha + 1, ply + 1);
          if (s > alpha && s < beta && !this.aborted) {
            s = flip ? -this.negamax(depth - 1, -beta, -alpha, ply + 1) : this.negamax(depth - 1, alpha, beta, ply + 1);
          }
        }
        pos.undo();
        if (this.aborted) return 0;
      }
      if (root) this.recordRoot(m, s, alpha, beta, i);
      if (s > best) {
        best = s;
        if (s > alpha) {
          bestMove = m;
          this.updatePv(ply, m);
          if (root && (this.iterMove === NO_MOVE || s > this.iterScore)) {
            this.iterMove = m;
            this.iterScore = s;
            this.iterPv = this.collectPv();
          }
          if (s >= beta) {
            this.rewardCutoff(ply, m, player, depth);
            break;
          }
          if (raiseAlpha) alpha = s;
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : bestMove !== NO_MOVE ? BOUND_EXACT : BOUND_UPPER;
    tt.store(lo, hi, bestMove, toTT(best, ply), depth, bound, !this.horizon);
    return best;
  }

  /**
   * The value for the side to move at ply − 1 of its move `move` searched as a leaf at `ply`, by Evaluator.leafAfter:
   * what negamax(0) and its quiescence (none: no noisy moves) return after playing it, with the same node count,
   * limit checks and horizon mark (a finished game meets no horizon).
   */
  private leafValue(move: number, ply: number): number {
    this.pvLen[ply] = ply;
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (this.aborted) return 0;
    const out = this.leafOut;
    (this.ev as Evaluator).leafAfter?.(this.pos as Position, move, out);
    if (out[1] === 0) this.horizon = true;
    const v = clampEval(out[0]);
    return out[2] === 1 ? -v : v;
  }

  private recordRoot(move: number, score: number, alpha: number, beta: number, order: number): void {
    const j = this.rootIndex(move);
    if (j < 0) return;
    // This pass's own result for a carried move supersedes the earlier pass's.
    if (move === this.carryMove) this.carryMove = NO_MOVE;
    if (move === this.bestMove) this.passSawBest = true;
    this.rootScore[j] = score;
    this.rootExact[j] = score > alpha && score < beta ? 1 : 0;
    // The next iteration orders root moves by this iteration's scores, then by the order tried now.
    this.rootOrder[j] = score / WIN - order * 1e-12;
  }

  private updatePv(ply: number, move: number): void {
    const base = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.pvTable[base + ply] = move;
    const end = this.pvLen[ply + 1];
    for (let k = ply + 1; k < end; k++) this.pvTable[base + k] = this.pvTable[child + k];
    this.pvLen[ply] = Math.max(end, ply + 1);
  }

  private rewardCutoff(ply: number, move: number, player: number, depth: number): void {
    if (this.killers[2 * ply] !== move) {
      this.killers[2 * ply + 1] = this.killers[2 * ply];
      this.killers[2 * ply] = move;
    }
    const h = player * HISTORY_MOVES + (move & (HISTORY_MOVES - 1));
    this.history[h] += depth * depth;
    if (this.history[h] > HISTORY_MAX) for (let i = 0; i < this.history.length; i++) this.history[i] >>= 1;
  }

  private quiesce(alpha: number, beta: number, ply: number): number {
    if (++this.nodes >= this.nextCheck) this.checkLimits();
    if (this.aborted) return 0;
    const pos = this.pos as Position;
    if (pos.isTerminal()) return this.terminalScore(ply);
    const stand = this.staticEval(ply);
    const ev = this.ev;
    if (ev?.noisyMoves === undefined || this.brs || ply >= MAX_PLY - 1) return stand;
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    const moves = this.movesAt(ply);
    const n = ev.noisyMoves(pos, moves);
    if (n === 0) return stand;
    const player = pos.currentPlayer();
    const mySide = this.side(player);
    const scores = this.orderScores(ply, moves, n, NO_MOVE, player);
    let best = stand;
    for (let i = 0; i < n; i++) {
      if (i < SORT_AFTER) pickBest(moves, scores, i, n);
      else if (i === SORT_AFTER) sortDescending(moves, scores, i, n);
      pos.play(moves[i]);
      const s = this.side(pos.currentPlayer()) !== mySide ? -this.quiesce(-beta, -alpha, ply + 1) : this.quiesce(alpha, beta, ply + 1);
      pos.undo();
      if (this.aborted) return 0;
      if (s > best) {
        best = s;
        if (s >= beta) break;
        if (s > alpha) alpha = s;
      }
    }
    return best;
  }
}

/** Win scores are stored relative to the node, so a transposition at another ply reads the right distance. */
function toTT(score: number, ply: number): number {
  return score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
}

function fromTT(score: number, ply: number): number {
  return score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
}

function pickBest(moves: Int32Array, scores: Float64Array, from: number, n: number): void {
  let b = from;
  for (let j = from + 1; j < n; j++) if (scores[j] > scores[b]) b = j;
  if (b !== from) swap(moves, scores, from, b);
}

function sortDescending(moves: Int32Array, scores: Float64Array, from: number, n: number): void {
  for (let i = from + 1; i < n; i++) {
    const m = moves[i];
    const s = scores[i];
    let j = i - 1;
    while (j >= from && scores[j] < s) {
      moves[j + 1] = moves[j];
      scores[j + 1] = scores[j];
      j--;
    }
    moves[j + 1] = m;
    scores[j + 1] = s;
  }
}

function swapMoves(moves: Int32Array, a: number, b: number): void {
  const m = moves[a];
  moves[a] = moves[b];
  moves[b] = m;
}

function swap(moves: Int32Array, scores: Float64Array, a: number, b: number): void {
  const m = moves[a];
  moves[a] = moves[b];
  moves[b] = m;
  const s = scores[a];
  scores[a] = scores[b];
  scores[b] = s;
}

function isTurnFree(pos: Position): pos is TurnFreePosition {
  const p = pos as Partial<TurnFreePosition>;
  return typeof p.legalMovesFor === 'function' && typeof p.playAs === 'function';
}

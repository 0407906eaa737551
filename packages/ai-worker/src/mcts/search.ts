import { MAX_MOVES, Rng, type Position } from '@qi/engine';
import { now, stopRaised, type Limits } from '../core/limits.js';
import { PlayoutTrace } from './trace.js';
import { NodeStore, UNEXPANDED } from './tree.js';
import type { MctsCandidate, MctsOptions, MctsPolicy, MctsResult } from './types.js';

const MAX_PATH = 1024; // deepest selection path; deeper nodes are treated as leaves
const AMAF_MOVES = 1 << 16; // AMAF marks index moves modulo this
const MAX_PLAYERS = 6;

/**
 * Monte-Carlo tree search (UCT) written once for every game: struct-of-arrays tree with a node budget,
 * progressive-bias priors, optional RAVE/AMAF, maxⁿ backup (each node scores the player who moved into it, so
 * 2 to 6 players work), playouts through a per-game policy with a ply cap, and tree reuse across moves.
 * `limits.nodes` counts playouts.
 */
export class Mcts {
  /** The tree (exposed for tests and diagnostics). */
  readonly tree: NodeStore;
  private readonly policy: MctsPolicy;
  private readonly c: number;
  private readonly fpu: number;
  private readonly priorWeight: number;
  private readonly rave: boolean;
  private readonly raveB2x4: number;
  private readonly priorVisits: number;
  private readonly priorEven: number;
  private readonly priorInValue: boolean;
  private readonly plyCap: number;
  private readonly expandAfter: number;
  private readonly rng: Rng;

  private readonly path = new Int32Array(MAX_PATH + 1);
  private readonly moves = new Int32Array(MAX_MOVES);
  private readonly priorBuf = new Float32Array(MAX_MOVES);
  private readonly outcome = new Float64Array(MAX_PLAYERS);
  private readonly trace: PlayoutTrace;
  private readonly amafMark: Int32Array | null;
  private amafStamp = 0;

  private hasRoot = false;
  private rootLo = 0;
  private rootHi = 0;
  private pos: Position | null = null;
  private limits: Limits = {};
  private playouts = 0;
  private plies = 0;
  private playoutLimit = Infinity;
  private startTime = 0;
  private deadline = Infinity;
  /** The latest end under `timeMaxMs` (= deadline without it). */
  private hardDeadline = Infinity;
  private stopRequested = false;
  private done = true;
  private reason: MctsResult['reason'] = 'nodes';

  /** A searcher with its own tree and random stream. */
  constructor(options: MctsOptions = {}) {
    this.policy = options.policy ?? {};
    this.tree = new NodeStore(options.maxNodes ?? 500_000);
    this.c = options.exploration ?? 0.7;
    this.fpu = options.firstPlayUrgency ?? Infinity;
    this.priorWeight = options.priorWeight ?? (this.policy.priors ? 1 : 0);
    this.rave = options.raveBias !== undefined;
    this.raveB2x4 = 4 * (options.raveBias ?? 0) ** 2;
    this.priorInValue = options.priorStats === 'value';
    // Virtual experience needs priors, and in the AMAF statistics RAVE to read it.
    this.priorVisits = this.policy.priors && (this.rave || this.priorInValue) ? Math.max(0, options.priorVisits ?? 0) : 0;
    this.priorEven = Math.min(Math.max(options.priorEven ?? 0.5, 1e-6), 1 - 1e-6);
    this.plyCap = options.playoutPlyCap ?? 400;
    this.expandAfter = options.expandAfter ?? 1;
    this.rng = new Rng(options.seed ?? 1);
    this.trace = new PlayoutTrace(MAX_PATH + Math.max(this.plyCap, 4096) + 1);
    this.trace.enabled = this.rave;
    this.amafMark = this.rave ? new Int32Array(MAX_PLAYERS * AMAF_MOVES) : null;
  }

  /** Forgets the tree (the next search starts from scratch). */
  clearTree(): void {
    this.hasRoot = false;
  }

  /**
   * Keeps the subtree after `moves` (played from the last searched position, e.g. our move and the reply), so
   * the next search of `pos` (the position after them) starts with those statistics; otherwise drops the tree.
   */
  advance(moves: readonly number[], pos: Position): void {
    if (!this.hasRoot) return;
    let node = 0;
    for (const m of moves) {
      node = this.tree.childWithMove(node, m);
      if (node < 0) {
        this.hasRoot = false;
        return;
      }
    }
    this.tree.reroot(node);
    this.rootLo = pos.hashLo;
    this.rootHi = pos.hashHi;
  }

  /** Searches `pos` (restored on return) until a limit is reached. */
  search(pos: Position, limits: Limits = {}): MctsResult {
    this.start(pos, limits);
    while (!this.step(Infinity));
    return this.snapshot();
  }

  /** Starts a search to be run in slices with `step`; the position must not be touched until it is done. */
  start(pos: Position, limits: Limits = {}): void {
    this.pos = pos;
    this.limits = limits;
    if (!this.hasRoot || pos.hashLo !== this.rootLo || pos.hashHi !== this.rootHi) {
      this.tree.reset();
      this.hasRoot = true;
      this.rootLo = pos.hashLo;
      this.rootHi = pos.hashHi;
    }
    this.playouts = 0;
    this.plies = 0;
    this.playoutLimit = limits.nodes ?? Infinity;
    this.startTime = now();
    this.deadline = limits.timeMs === undefined ? Infinity : this.startTime + limits.timeMs;
    this.hardDeadline = limits.timeMaxMs === undefined ? this.deadline : Math.max(this.deadline, this.startTime + limits.timeMaxMs);
    this.stopRequested = false;
    this.done = false;
    if (pos.isTerminal()) this.finish('terminal');
    else if (limits.nodes === undefined && limits.timeMs === undefined && limits.stop === undefined) {
      throw new RangeError('an MCTS search needs a playout budget, a time limit or a stop flag');
    }
  }

  /** Asks the running search to end before its next playout. */
  stop(): void {
    this.stopRequested = true;
  }

  /** Runs up to `slicePlayouts` more playouts; returns true when the search is finished. */
  step(slicePlayouts: number): boolean {
    if (this.done) return true;
    const end = this.playouts + slicePlayouts;
    while (this.playouts < end) {
      if (this.playouts >= this.playoutLimit) return this.finish('nodes');
      if (this.stopRequested || stopRaised(this.limits.stop)) return this.finish('stopped');
      if (this.deadline !== Infinity) {
        const t = now();
        if (t >= this.deadline && (t >= this.hardDeadline || this.settled())) return this.finish('time');
        // Every 64 playouts: a root scan costs about what one playout does.
        if (this.limits.stopWhenDecided === true && (this.playouts & 63) === 63 && t < this.deadline && this.decided(t)) return this.finish('decided');
      }
      this.iterate();
      this.playouts++;
    }
    if (this.playouts >= this.playoutLimit) return this.finish('nodes');
    return false;
  }

  /** The result so far (final once `step` returned true). */
  result(): MctsResult {
    return this.snapshot();
  }

  private finish(reason: MctsResult['reason']): boolean {
    this.done = true;
    this.reason = reason;
    return true;
  }

  private snapshot(): MctsResult {
    const t = this.tree;
    const candidates: MctsCandidate[] = [];
    const first = t.firstChild[0];
    if (first !== UNEXPANDED && this.reason !== 'terminal') {
      for (let c = first; c < first + t.childCount[0]; c++) {
        const n = t.visits[c];
        candidates.push({ move: t.move[c], visits: n, winRate: n > 0 ? t.reward[c] / n : 0, prior: t.prior[c], pv: this.lineFrom(c) });
      }
      candidates.sort((a, b) => b.visits - a.visits || b.winRate - a.winRate);
    }
    const pv: number[] = [];
    for (let node = 0; ; ) {
      const best = this.mostVisited(node);
      if (best < 0) break;
      pv.push(t.move[best]);
      node = best;
    }
    const top = candidates[0];
    return {
      move: top === undefined ? this.fallbackMove() : top.move,
      winRate: top === undefined ? 0.5 : top.winRate,
      pv,
      candidates,
      playouts: this.playouts,
      plies: this.plies,
      rootVisits: t.visits[0],
      nodes: t.size,
      timeMs: now() - this.startTime,
      reason: this.done ? this.reason : 'stopped',
    };
  }

  private fallbackMove(): number | null {
    const pos = this.pos;
    if (pos === null || pos.isTerminal()) return null;
    return pos.legalMoves(this.moves) > 0 ? this.moves[0] : null;
  }

  /** The move into `node`, then the most visited child below it, and so on (a result's per-candidate line). */
  private lineFrom(node: number): number[] {
    const t = this.tree;
    const line = [t.move[node]];
    for (let n = node; line.length < MAX_PATH; ) {
      n = this.mostVisited(n);
      if (n < 0) break;
      line.push(t.move[n]);
    }
    return line;
  }

  /**
   * Whether the most visited root move is also the best by win rate among the moves with at least a third of its
   * playouts (Huang, Coulom and Lin 2010: think on while the two disagree).
   */
  private settled(): boolean {
    const t = this.tree;
    const best = this.mostVisited(0);
    if (best < 0) return true;
    const q = t.reward[best] / t.visits[best];
    const first = t.firstChild[0];
    for (let c = first; c < first + t.childCount[0]; c++) {
      if (c !== best && 3 * t.visits[c] >= t.visits[best] && t.reward[c] / t.visits[c] > q) return false;
    }
    return true;
  }

  /** Whether the root move is forced, or the runner-up could not overtake the most visited one with every playout left before the deadline. */
  private decided(t: number): boolean {
    const tree = this.tree;
    const first = tree.firstChild[0];
    if (first === UNEXPANDED || t <= this.startTime) return false;
    // A forced move needs no thought.
    if (tree.childCount[0] === 1) return true;
    let top = 0;
    let second = 0;
    for (let c = first; c < first + tree.childCount[0]; c++) {
      const v = tree.visits[c];
      if (v > top) {
        second = top;
        top = v;
      } else if (v > second) second = v;
    }
    const left = (this.playouts / (t - this.startTime)) * (this.deadline - t);
    return top - second > left;
  }

  private mostVisited(node: number): number {
    const t = this.tree;
    const first = t.firstChild[node];
    if (first === UNEXPANDED) return -1;
    let best = -1;
    for (let c = first; c < first + t.childCount[node]; c++) {
      if (t.visits[c] > 0 && (best < 0 || t.visits[c] > t.visits[best])) best = c;
    }
    return best;
  }

  /** One MCTS iteration: select down the tree, expand the leaf, play out, back the result up. */
  private iterate(): void {
    const pos = this.pos as Position;
    const t = this.tree;
    const trace = this.trace;
    let node = 0;
    let depth = 0;
    this.path[0] = 0;
    trace.length = 0;
    // Selection.
    while (t.firstChild[node] !== UNEXPANDED && t.childCount[node] > 0 && depth < MAX_PATH) {
      node = this.select(node);
      trace.add(t.mover[node], t.move[node]);
      pos.play(t.move[node]);
      this.path[++depth] = node;
    }
    // Expansion of a leaf seen often enough: every child at once (one contiguous block), then the most urgent one.
    if (t.firstChild[node] === UNEXPANDED && t.visits[node] >= this.expandAfter && depth < MAX_PATH && this.expand(node) && t.childCount[node] > 0) {
      node = this.select(node);
      trace.add(t.mover[node], t.move[node]);
      pos.play(t.move[node]);
      this.path[++depth] = node;
    }
    // Playout.
    this.playout();
    // Backup: every node scores the reward of the player who moved into it (maxⁿ).
    const r = this.outcome;
    for (let k = depth; k >= 0; k--) {
      const n = this.path[k];
      t.visits[n] += 1;
      t.reward[n] += (r[t.mover[n]] + 1) * 0.5;
    }
    if (this.amafMark !== null) this.updateAmaf(depth);
    for (let k = 0; k < depth; k++) pos.undo();
    this.plies += depth;
  }

  private expand(node: number): boolean {
    const pos = this.pos as Position;
    const t = this.tree;
    if (pos.isTerminal()) {
      t.firstChild[node] = t.size; // expanded, no children
      t.childCount[node] = 0;
      return true;
    }
    const moves = this.moves;
    let n = this.policy.treeMoves ? this.policy.treeMoves(pos, moves) : 0;
    if (n <= 0) n = pos.legalMoves(moves);
    const first = t.allocate(n);
    if (first < 0) return false; // the node budget is spent: play out from here
    const mover = pos.currentPlayer();
    if (this.policy.priors) this.policy.priors(pos, moves, n, this.priorBuf);
    const pv = this.priorVisits;
    for (let i = 0; i < n; i++) {
      t.move[first + i] = moves[i];
      t.mover[first + i] = mover;
      if (this.policy.priors) t.prior[first + i] = this.priorBuf[i];
      if (pv > 0 && !this.priorInValue) {
        // The prior as virtual experience: priorVisits RAVE playouts at the win rate the prior reads as.
        t.raveVisits[first + i] = pv;
        t.raveReward[first + i] = pv * this.priorValue(t.prior[first + i]);
      }
    }
    t.firstChild[node] = first;
    t.childCount[node] = n;
    return true;
  }

  /** The win rate a prior reads as: priors 0..priorEven map to 0..0.5, priorEven..1 to 0.5..1. */
  private priorValue(p: number): number {
    const even = this.priorEven;
    const value = p <= even ? (0.5 * p) / even : 0.5 + (0.5 * (p - even)) / (1 - even);
    return value < 0 ? 0 : value > 1 ? 1 : value;
  }

  private select(node: number): number {
    const t = this.tree;
    const first = t.firstChild[node];
    const end = first + t.childCount[node];
    const logN = Math.log(Math.max(1, t.visits[node]));
    const c = this.c;
    const pw = this.priorWeight;
    let best = first;
    let bestScore = -Infinity;
    const pvValue = this.priorInValue ? this.priorVisits : 0;
    for (let ch = first; ch < end; ch++) {
      const real = t.visits[ch];
      let n = real;
      let w = t.reward[ch];
      if (pvValue > 0) {
        // The prior as virtual playouts in the node's own statistics (Pachi's default): they weigh against its real
        // playouts only, not against the far more numerous AMAF updates.
        n += pvValue;
        w += pvValue * this.priorValue(t.prior[ch]);
      }
      const rn = this.rave ? t.raveVisits[ch] : 0;
      let score: number;
      if (n === 0 && rn === 0) {
        score = this.fpu;
      } else {
        let q = n > 0 ? w / n : 0;
        if (rn > 0) {
          const beta = rn / (n + rn + this.raveB2x4 * n * rn);
          q = (1 - beta) * q + (beta * t.raveReward[ch]) / rn;
        }
        score = q + c * Math.sqrt(logN / Math.max(real, 1));
      }
      if (pw !== 0) score += (pw * t.prior[ch]) / (real + 1);
      if (score > bestScore) {
        bestScore = score;
        best = ch;
      }
    }
    return best;
  }

  /** Plays to the end (or the ply cap) from the current position, fills `outcome` and the trace, restores the position. */
  private playout(): void {
    const pos = this.pos as Position;
    const policy = this.policy;
    const r = this.outcome;
    if (policy.playout) {
      policy.playout(pos, this.rng, r, this.trace);
      return;
    }
    const moves = this.moves;
    const trace = this.trace;
    let plies = 0;
    while (plies < this.plyCap && !pos.isTerminal()) {
      let m: number;
      if (policy.playoutMove) {
        m = policy.playoutMove(pos, this.rng, moves);
      } else {
        const n = pos.legalMoves(moves);
        m = moves[this.rng.int(n)];
      }
      if (trace.enabled) trace.add(pos.currentPlayer(), m);
      pos.play(m);
      plies++;
    }
    if (pos.isTerminal()) pos.returns(r);
    else if (policy.evaluate) policy.evaluate(pos, r);
    else r.fill(0);
    for (let i = 0; i < plies; i++) pos.undo();
    this.plies += plies;
  }

  /** RAVE: credits each child of a path node whose move its mover played anywhere later in the simulation. */
  private updateAmaf(depth: number): void {
    const marks = this.amafMark as Int32Array;
    const t = this.tree;
    const r = this.outcome;
    this.amafStamp = (this.amafStamp + 1) | 0;
    if (this.amafStamp === 0) {
      marks.fill(0);
      this.amafStamp = 1;
    }
    const stamp = this.amafStamp;
    const moves = this.trace.moves;
    const players = this.trace.players;
    // Trace entries [0, depth) are the tree moves (entry k leaves path[k]); the rest come from the playout.
    for (let i = depth; i < this.trace.length; i++) marks[players[i] * AMAF_MOVES + (moves[i] & (AMAF_MOVES - 1))] = stamp;
    for (let k = depth; k >= 0; k--) {
      if (k < depth) marks[players[k] * AMAF_MOVES + (moves[k] & (AMAF_MOVES - 1))] = stamp;
      const node = this.path[k];
      const first = t.firstChild[node];
      if (first === UNEXPANDED) continue;
      for (let ch = first; ch < first + t.childCount[node]; ch++) {
        const p = t.mover[ch];
        if (marks[p * AMAF_MOVES + (t.move[ch] & (AMAF_MOVES - 1))] === stamp) {
          t.raveVisits[ch] += 1;
          t.raveReward[ch] += (r[p] + 1) * 0.5;
        }
      }
    }
  }
}

import type { GomokuPosition } from '@qi/engine';
import type { SolveSlice } from '../../core/presolve.js';
import { ThreatTable } from './threat-table.js';
import { completionPoints, fivePoints, FOUR_POINTS, scanThreats } from './threat-points.js';

/**
 * Limits of a threat search: the worker's solve slice (core/presolve.ts) plus a depth. maxNodes: node budget of
 * this call; the search gives up (aborted: true) beyond it (default 1,000,000). A caller that slices a search
 * gives each call its slice: the next call on the same position resumes (see VcfSolver). deadline
 * (`performance.now()` ms) and stop (element 0 non-zero, read atomically when shared) give up with aborted and
 * interrupted: true; both are checked every 1024 nodes.
 */
export interface ThreatOptions extends SolveSlice {
  /** Most attacker moves in the line, the final five included (default 40). */
  maxDepth?: number;
}

/** What a threat search found. */
export interface ThreatResult {
  /** Whether the side to move has a forced win of this kind within the limits. */
  win: boolean;
  /** The winning line: attacker move, defender reply, …, ending with the attacker's five (empty without a win). */
  line: number[];
  /** Nodes searched. */
  nodes: number;
  /** Whether a limit ended the search (then `win: false` means "not found", not "none exists"). */
  aborted: boolean;
  /** Whether that limit was the deadline or the stop flag, not the node budget. */
  interrupted: boolean;
}

/** Nodes between two looks at the deadline and stop flag (a look costs a clock read). */
const CHECK_NODES = 1024;

/**
 * The limits of a threat search and when to look at them next, shared by a VCT search and its VCF sub-searches
 * (they share one node count): a look every CHECK_NODES nodes when there is a deadline or a stop flag.
 */
export class ThreatInterrupt {
  /** Node count past which the next look is due (-1 once given up: every node then looks). */
  at = 0;
  private deadline = Infinity;
  private flag: Int32Array | null = null;
  private shared = false;

  /** Takes the limits of a new search with a budget of `maxNodes`. */
  set(opts: ThreatOptions, maxNodes: number): void {
    this.deadline = opts.deadline ?? Infinity;
    this.flag = opts.stop ?? null;
    this.shared = this.flag !== null && !(this.flag.buffer instanceof ArrayBuffer);
    this.at = this.next(0, maxNodes);
  }

  /** At a look: whether the search must give up (budget spent, deadline passed, stop raised); else the next look is set. */
  expired(nodes: number, maxNodes: number): boolean {
    const f = this.flag;
    if (nodes > maxNodes || (f !== null && (this.shared ? Atomics.load(f, 0) : f[0]) !== 0) || (this.deadline !== Infinity && performance.now() >= this.deadline)) {
      this.at = -1;
      return true;
    }
    this.at = this.next(nodes, maxNodes);
    return false;
  }

  private next(nodes: number, maxNodes: number): number {
    return this.deadline === Infinity && this.flag === null ? maxNodes : Math.min(nodes + CHECK_NODES, maxNodes);
  }
}

/** Salts the key by attacker and rule, so one table can serve every search without clearing. */
export function threatSalt(pos: GomokuPosition, attacker: number, kind: number): number {
  const rule = pos.rule === 'renju' ? 1 : pos.rule === 'standard' ? 2 : 3;
  return Math.imul(attacker * 16 + rule * 4 + kind + 1, 0x9e3779b1) ^ (pos.geo.size << 24);
}

/** Most attacker moves a kept path can hold (the line buffer's size). */
const MAX_LEVELS = 512;

/**
 * VCF (victory by continuous fours): every attacker move makes a four, so each defender reply is forced — the
 * one point completing the five — unless the defender must or can do otherwise: a defender four must be
 * blocked by the attacker (with a four), a black defender cannot block on a forbidden point in renju (white
 * then wins there), and a renju black attacker never plays a forbidden point. Depth-first with a
 * transposition table of refuted positions; no allocation per node.
 *
 * Resumable: a call that a limit ends (node budget, deadline, stop) keeps its search path — per level, the move
 * list (still in its buffer), the child being searched and the move pair leading to it — and the next call on
 * the same position, attacker and depth walks down that path without searching it again and goes on from the
 * node it gave up on. Sliced into calls of 64, 256, 1,024 or 4,096 nodes, all calls together search at most 2×
 * the nodes of one uninterrupted call (in fact the same nodes plus one a call: the node each call gave up on is
 * entered again), and they find the same line. A call on anything else drops the kept path.
 */
export class VcfSolver {
  /** Nodes of the last search. */
  nodes = 0;
  /** Whether the last search hit the node budget. */
  aborted = false;
  private pos!: GomokuPosition;
  private attacker = 0;
  private maxNodes = 0;
  private readonly ownInterrupt = new ThreatInterrupt();
  private interrupt = this.ownInterrupt;
  private salt = 0;
  private readonly table: ThreatTable;
  private readonly buf = new Int32Array(1 << 17);
  private readonly path = new Int32Array(2 * MAX_LEVELS);
  private tail: number[] = [];
  private tailLevel = 0;
  // The path of a search a limit ended, per level: the index in buf of the child being searched, the end of the
  // level's move list and its forced point (-1: none); the pair played to reach the child is in `path`.
  private readonly frameAt = new Int32Array(MAX_LEVELS);
  private readonly frameEnd = new Int32Array(MAX_LEVELS);
  private readonly frameMust = new Int32Array(MAX_LEVELS);
  /** Level of the node the ended search gave up on (-1: no path kept). */
  private resumeTop = -1;
  /** Whether the running search is walking down the kept path (until it reaches resumeTop). */
  private resuming = false;
  /** What a standalone solve's kept path belongs to: root key halves, salt, depth. */
  private readonly resumeKey = new Int32Array(4);

  /** A solver with its own transposition table (2^tableBits entries), reusable across positions. */
  constructor(tableBits = 16) {
    this.table = new ThreatTable(tableBits);
  }

  /**
   * Searches a VCF for the side to move of `pos`; the position is left as it was. After a call that a limit
   * ended, a call on the same position (and maxDepth) resumes it.
   */
  solve(pos: GomokuPosition, opts: ThreatOptions = {}): ThreatResult {
    const maxDepth = opts.maxDepth ?? 40;
    const maxNodes = opts.maxNodes ?? 1_000_000;
    this.ownInterrupt.set(opts, maxNodes);
    this.begin(pos, pos.currentPlayer(), maxNodes, this.ownInterrupt);
    const k = this.resumeKey;
    const same = k[0] === (pos.hashLo | 0) && k[1] === (pos.hashHi | 0) && k[2] === (this.salt | 0) && k[3] === maxDepth;
    k[0] = pos.hashLo;
    k[1] = pos.hashHi;
    k[2] = this.salt;
    k[3] = maxDepth;
    const win = !pos.isTerminal() && this.searchFrom(maxDepth, same);
    const aborted = !win && this.aborted;
    return { win, line: win ? this.line() : [], nodes: this.nodes, aborted, interrupted: aborted && this.nodes <= this.maxNodes };
  }

  /** Starts a search by another solver (VCT) that calls `searchFrom` on the same position, counters and limits (`interrupt` set by it). */
  begin(pos: GomokuPosition, attacker: number, maxNodes: number, interrupt: ThreatInterrupt): void {
    this.pos = pos;
    this.attacker = attacker;
    this.interrupt = interrupt;
    this.salt = threatSalt(pos, attacker, 0);
    this.aborted = false;
    this.setBudget(0, maxNodes);
  }

  /**
   * VCF from the current position (the attacker to move) within `depth` attacker moves. With `resume`, a search
   * that a limit ended last time from this same position and depth goes on where it stopped; without, its kept
   * path is dropped. The caller vouches that position and depth are the same (VCT keeps its own path).
   */
  searchFrom(depth: number, resume: boolean): boolean {
    this.resuming = resume && this.resumeTop >= 0;
    if (!this.resuming) this.resumeTop = -1;
    const win = this.search(0, depth, 0);
    this.resuming = false;
    if (!this.aborted) this.resumeTop = -1;
    return win;
  }

  /** The line found by the last successful `search`, from its starting level. */
  line(): number[] {
    return [...Array.from(this.path.subarray(0, 2 * this.tailLevel)), ...this.tail];
  }

  /** Lets a caller raise the node budget shared with another search. */
  setBudget(nodes: number, maxNodes: number): void {
    this.nodes = nodes;
    this.maxNodes = maxNodes;
  }

  /** VCF from the current position (attacker to move) within `depth` attacker moves; `sp` = free buffer start. */
  private search(level: number, depth: number, sp: number): boolean {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    let i: number;
    let end: number;
    let must: number;
    // On the kept path of an ended search: this node's list is in buf, its child at frameAt was being searched.
    let resumed = this.resuming && level < this.resumeTop;
    if (resumed) {
      i = this.frameAt[level];
      end = this.frameEnd[level];
      must = this.frameMust[level];
    } else {
      this.resuming = false;
      if (++this.nodes > this.interrupt.at && this.overLimit()) {
        this.resumeTop = level;
        return false;
      }
      if (fivePoints(pos, a, buf, sp) > 0) {
        this.finish(level, [buf[sp]]);
        return true;
      }
      if (depth <= 0) return false;
      if (this.table.failedDepth(pos.hashLo ^ this.salt, pos.hashHi) >= depth) return false;
      const threats = fivePoints(pos, def, buf, sp);
      if (threats >= 2) {
        this.table.storeFailure(pos.hashLo ^ this.salt, pos.hashHi, 127);
        return false;
      }
      must = threats === 1 ? buf[sp] : -1;
      end = sp + scanThreats(pos, a, FOUR_POINTS, buf, sp);
      i = sp;
    }
    for (; i < end; i++) {
      const q = buf[i];
      let d: number;
      if (resumed) {
        resumed = false;
        d = this.path[2 * level + 1];
        pos.place(q, a);
      } else {
        if (must >= 0 && q !== must) continue;
        if (!pos.mayPlay(q, a)) continue;
        const nc = completionPoints(pos, q, a, buf, end);
        pos.place(q, a);
        if (nc >= 2 || !pos.mayPlay(buf[end], def)) {
          // Two completion points, or a forced block the defender may not play: the attacker wins next move.
          const ok = this.finishUnstoppable(level, q, end, nc);
          pos.remove(q, a);
          if (ok) return true;
          continue;
        }
        d = buf[end];
        this.path[2 * level] = q;
        this.path[2 * level + 1] = d;
      }
      pos.place(d, def);
      const ok = this.search(level + 1, depth - 1, end);
      pos.remove(d, def);
      pos.remove(q, a);
      if (ok) return true;
      if (this.aborted) {
        this.frameAt[level] = i;
        this.frameEnd[level] = end;
        this.frameMust[level] = must;
        return false;
      }
    }
    this.table.storeFailure(pos.hashLo ^ this.salt, pos.hashHi, depth);
    return false;
  }

  /** At a look: whether the budget is spent or the search interrupted (then it stays aborted). */
  private overLimit(): boolean {
    if (this.aborted || this.interrupt.expired(this.nodes, this.maxNodes)) this.aborted = true;
    return this.aborted;
  }

  /** After attacker move q with completion points buf[at..at+nc): records q, a legal defender reply and a five. */
  private finishUnstoppable(level: number, q: number, at: number, nc: number): boolean {
    const pos = this.pos;
    const def = this.attacker ^ 1;
    for (let i = at; i < at + nc; i++) {
      const r = this.buf[i];
      if (!pos.mayPlay(r, def)) continue;
      const five = this.buf[i === at ? at + 1 : at];
      if (nc >= 2) {
        this.finish(level, [q, r, five]);
        return true;
      }
    }
    // No completion point is playable for the defender: any legal defender move, then the five.
    const r = anyMoveExcept(pos, def, this.buf, at, nc);
    if (r < 0) return false;
    this.finish(level, [q, r, this.buf[at]]);
    return true;
  }

  private finish(level: number, tail: number[]): void {
    this.tailLevel = level;
    this.tail = tail;
  }
}

/** The first point `colour` may legally play that is not one of buf[at..at+n); -1 when there is none. */
export function anyMoveExcept(pos: GomokuPosition, colour: number, buf: Int32Array, at: number, n: number): number {
  outer: for (const p of pos.geo.points) {
    if (!pos.mayPlay(p, colour)) continue;
    for (let i = at; i < at + n; i++) if (buf[i] === p) continue outer;
    return p;
  }
  return -1;
}

let shared: VcfSolver | null = null;

/** Searches a VCF for the side to move (a shared solver; see VcfSolver for the rules it follows). */
export function solveVcf(pos: GomokuPosition, opts: ThreatOptions = {}): ThreatResult {
  return (shared ??= new VcfSolver()).solve(pos, opts);
}

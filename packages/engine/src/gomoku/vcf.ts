import type { GomokuPosition } from './position.js';
import { ThreatTable } from './threat-table.js';
import { completionPoints, fivePoints, FOUR_POINTS, scanThreats } from './threats.js';

/** Limits of a threat search. */
export interface ThreatOptions {
  /** Most attacker moves in the line, the final five included (default 40). */
  maxDepth?: number;
  /** Node budget; the search gives up (aborted: true) beyond it (default 1,000,000). */
  maxNodes?: number;
  /** Give up (aborted and interrupted: true) once `performance.now()` reaches this (ms); checked every 1024 nodes. */
  deadline?: number;
  /** Give up (aborted and interrupted: true) once element 0 is non-zero (read atomically when shared); checked every 1024 nodes. */
  stop?: Int32Array;
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
  /** Whether that limit was the deadline or the stop flag, not the node budget (the same call may then go on). */
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

/**
 * VCF (victory by continuous fours): every attacker move makes a four, so each defender reply is forced — the
 * one point completing the five — unless the defender must or can do otherwise: a defender four must be
 * blocked by the attacker (with a four), a black defender cannot block on a forbidden point in renju (white
 * then wins there), and a renju black attacker never plays a forbidden point. Depth-first with a
 * transposition table of refuted positions; no allocation per node.
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
  private readonly path = new Int32Array(1024);
  private tail: number[] = [];
  private tailLevel = 0;

  /** A solver with its own transposition table (2^tableBits entries), reusable across positions. */
  constructor(tableBits = 16) {
    this.table = new ThreatTable(tableBits);
  }

  /** Searches a VCF for the side to move of `pos`; the position is left as it was. */
  solve(pos: GomokuPosition, opts: ThreatOptions = {}): ThreatResult {
    const maxDepth = opts.maxDepth ?? 40;
    const maxNodes = opts.maxNodes ?? 1_000_000;
    this.ownInterrupt.set(opts, maxNodes);
    this.begin(pos, pos.currentPlayer(), maxNodes, this.ownInterrupt);
    const win = !pos.isTerminal() && this.search(0, maxDepth, 0);
    const aborted = !win && this.aborted;
    return { win, line: win ? this.line() : [], nodes: this.nodes, aborted, interrupted: aborted && this.nodes <= this.maxNodes };
  }

  /** Starts a search by another solver (VCT) that calls `search` on the same position, counters and limits (`interrupt` set by it). */
  begin(pos: GomokuPosition, attacker: number, maxNodes: number, interrupt: ThreatInterrupt): void {
    this.pos = pos;
    this.attacker = attacker;
    this.interrupt = interrupt;
    this.salt = threatSalt(pos, attacker, 0);
    this.aborted = false;
    this.setBudget(0, maxNodes);
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
  search(level: number, depth: number, sp: number): boolean {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    if (++this.nodes > this.interrupt.at && this.overLimit()) return false;
    if (fivePoints(pos, a, buf, sp) > 0) {
      this.finish(level, [buf[sp]]);
      return true;
    }
    if (depth <= 0) return false;
    const lo = pos.hashLo ^ this.salt;
    const hi = pos.hashHi;
    if (this.table.failedDepth(lo, hi) >= depth) return false;
    const threats = fivePoints(pos, def, buf, sp);
    if (threats >= 2) {
      this.table.storeFailure(lo, hi, 127);
      return false;
    }
    const must = threats === 1 ? buf[sp] : -1;
    const end = sp + scanThreats(pos, a, FOUR_POINTS, buf, sp);
    for (let i = sp; i < end; i++) {
      const q = buf[i];
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
      const d = buf[end];
      pos.place(d, def);
      this.path[2 * level] = q;
      this.path[2 * level + 1] = d;
      const ok = this.search(level + 1, depth - 1, end);
      pos.remove(d, def);
      pos.remove(q, a);
      if (ok) return true;
      if (this.aborted) return false;
    }
    this.table.storeFailure(lo, hi, depth);
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

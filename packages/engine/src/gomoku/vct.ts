import type { GomokuPosition } from './position.js';
import { ThreatTable } from './threat-table.js';
import { FOUR, OPEN_FOUR, OPEN_THREE, patternKind } from './patterns.js';
import { completionPoints, fivePoints, FOUR_POINTS, potential, scanThreats } from './threats.js';
import { ThreatInterrupt, threatSalt, VcfSolver, type ThreatOptions, type ThreatResult } from './vcf.js';

/** Limits of a VCT search. */
export interface VctOptions extends ThreatOptions {
  /**
   * How many attacker fours a threat may need (default 2): a non-four attacker move counts as a threat when,
   * given a free move, the attacker would have a VCF of at most this length (1: threes, four-threes and
   * four-four threats; 2-3: also quieter "VCF threats").
   */
  threatDepth?: number;
}

/**
 * VCT (victory by continuous threats): attacker moves are fours and threats. A four forces its block; a
 * threat is a move after which the attacker, moving again, would win by a VCF of at most `threatDepth` fours
 * (a three is the one-four case: the straight four). The defender may answer a threat on any point of that
 * VCF line, with any four of its own, or on any point where one of its forced blocks in the line would have
 * become a four (a counter-four ready in advance); a renju threat ending on a forbidden block may also be
 * answered next to the forbidden point; a threat fails outright when the defender has a VCF of its own. Every
 * attacker node tries a VCF first. This is the defence set of quintet's VCT solver: a defender move outside it
 * that still breaks the VCF is not considered, so a found win is a strong claim, not a proof for every possible
 * defence (a VCF is a proof).
 */
export class VctSolver {
  /** Nodes of the last search (VCF sub-searches included). */
  nodes = 0;
  /** Whether the last search hit the node budget. */
  aborted = false;
  private pos!: GomokuPosition;
  private attacker = 0;
  private maxNodes = 0;
  private readonly interrupt = new ThreatInterrupt();
  private threatDepth = 2;
  private salt = 0;
  private readonly vcf: VcfSolver;
  private readonly defenderVcf: VcfSolver;
  private readonly table: ThreatTable;
  private readonly buf = new Int32Array(1 << 18);
  /** Per remaining depth: the last attack that won and the last defence that refuted (tried first next time). */
  private readonly killerAttack = new Int32Array(256).fill(-1);
  private readonly killerDefence = new Int32Array(256).fill(-1);
  /** Winning attacks by position (key halves and move), tried first when the position comes back. */
  private readonly winLo = new Int32Array(1 << 16);
  private readonly winHi = new Int32Array(1 << 16);
  private readonly winMove = new Int32Array(1 << 16).fill(-1);

  /** A solver with its own tables (2^tableBits entries each), reusable across positions. */
  constructor(tableBits = 16) {
    this.vcf = new VcfSolver(tableBits);
    this.defenderVcf = new VcfSolver(tableBits);
    this.table = new ThreatTable(tableBits);
  }

  /** Searches a VCT for the side to move of `pos`; the position is left as it was. */
  solve(pos: GomokuPosition, opts: VctOptions = {}): ThreatResult {
    this.pos = pos;
    this.attacker = pos.currentPlayer();
    this.maxNodes = opts.maxNodes ?? 1_000_000;
    this.threatDepth = opts.threatDepth ?? 2;
    this.nodes = 0;
    this.aborted = false;
    this.interrupt.set(opts, this.maxNodes);
    this.killerAttack.fill(-1);
    this.killerDefence.fill(-1);
    this.salt = threatSalt(pos, this.attacker, 1 + this.threatDepth);
    this.vcf.begin(pos, this.attacker, this.maxNodes, this.interrupt);
    this.defenderVcf.begin(pos, this.attacker ^ 1, this.maxNodes, this.interrupt);
    const maxDepth = opts.maxDepth ?? 40;
    let line: number[] | null = null;
    // Iterative deepening: shallow wins are found before deep refutations are explored, and the table keeps
    // each depth's refuted positions for the next. (A proof-number search over the same moves was tried and
    // solved fewer of the shared VCT puzzles for the same node budget.)
    for (let depth = 1; depth <= maxDepth && !line && !this.aborted && !pos.isTerminal(); depth++) line = this.attack(depth, 0);
    const aborted = line === null && this.aborted;
    return { win: line !== null, line: line ?? [], nodes: this.nodes, aborted, interrupted: aborted && this.nodes <= this.maxNodes };
  }

  /** At a look: whether the budget is spent or the search interrupted (then it stays aborted). */
  private overLimit(): boolean {
    if (this.aborted || this.interrupt.expired(this.nodes, this.maxNodes)) this.aborted = true;
    return this.aborted;
  }

  /** Takes the node count back from a VCF sub-search (and its abort). */
  private afterVcf(vcf: VcfSolver): void {
    this.nodes = vcf.nodes;
    if (vcf.aborted) this.aborted = true;
  }

  /** VCF for the attacker (to move) in the current position within `depth`; the line is in vcf.line(). */
  private vcfWin(depth: number): boolean {
    this.vcf.setBudget(this.nodes, this.maxNodes);
    const win = this.vcf.search(0, depth, 0);
    this.afterVcf(this.vcf);
    return win;
  }

  /** Attacker to move with `depth` attacker moves left (the final five not counted): a winning line, or null. */
  private attack(depth: number, sp: number): number[] | null {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    if (++this.nodes > this.interrupt.at && this.overLimit()) return null;
    if (fivePoints(pos, a, buf, sp) > 0) return [buf[sp]];
    if (depth <= 0) return null;
    const lo = pos.hashLo ^ this.salt;
    const hi = pos.hashHi;
    if (this.table.failedDepth(lo, hi) >= depth) return null;
    const threats = fivePoints(pos, def, buf, sp);
    if (threats >= 2) {
      this.table.storeFailure(lo, hi, 127);
      return null;
    }
    const must = threats === 1 ? buf[sp] : -1;
    if (this.vcfWin(depth)) return this.vcf.line();
    if (this.aborted) return null;
    // A threat wins at the earliest with the unstoppable four that follows it.
    if (depth < 2) {
      this.table.storeFailure(lo, hi, depth);
      return null;
    }
    const end = this.attackMoves(must, sp);
    if (end < 0) return null;
    this.killerFirst(this.killerAttack[depth], sp, end);
    const slot = (lo ^ (hi >>> 11)) & 0xffff;
    if (this.winLo[slot] === (lo | 0) && this.winHi[slot] === (hi | 0)) this.killerFirst(this.winMove[slot], sp, end);
    for (let i = sp; i < end; i++) {
      const q = buf[i];
      if (this.listed(q, sp, i) || !pos.mayPlay(q, a)) continue;
      let result: number[] | null = null;
      const nc = completionPoints(pos, q, a, buf, end);
      pos.place(q, a);
      if (nc >= 1) {
        // A four: the VCF search above already covers a four the defender cannot stop, so the block is forced.
        const d = buf[end];
        if (nc === 1 && pos.mayPlay(d, def)) {
          pos.place(d, def);
          const sub = this.attack(depth - 1, end);
          pos.remove(d, def);
          if (sub) result = [q, d, ...sub];
        }
      } else if (this.vcfWin(Math.min(this.threatDepth, depth - 1))) {
        const sub = this.defend(depth - 1, end, this.vcf.line());
        if (sub) result = [q, ...sub];
      }
      pos.remove(q, a);
      if (result) {
        this.killerAttack[depth] = q;
        this.winLo[slot] = lo;
        this.winHi[slot] = hi;
        this.winMove[slot] = q;
        return result;
      }
      if (this.aborted) return null;
    }
    this.table.storeFailure(lo, hi, depth);
    return null;
  }

  /**
   * Defender to move, facing the VCF `threat` the attacker would play with a free move: tries every defence
   * (see the class comment); returns the longest winning line (defender reply first) when all lose, else null.
   */
  private defend(depth: number, sp: number, threat: number[]): number[] | null {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    const n = this.defences(threat, sp);
    if (n < 0) return null;
    const from = sp;
    const end = sp + n;
    this.killerFirst(this.killerDefence[depth], from, end);
    let best: number[] | null = null;
    for (let i = from; i < end; i++) {
      const r = buf[i];
      pos.place(r, def);
      const sub = this.attack(depth, end);
      pos.remove(r, def);
      if (!sub) {
        this.killerDefence[depth] = r;
        return null;
      }
      if (!best || sub.length + 1 > best.length) best = [r, ...sub];
    }
    return best;
  }

  /**
   * Writes the attacker's moves to try at buf[sp..] and returns the end: the block of a defender four when there
   * is one, else the candidates, restricted (quintet's rule) to moves that also stop the defender's VCF when the
   * defender would have one with a free move. Returns -1 when the node budget ran out.
   */
  private attackMoves(must: number, sp: number): number {
    const pos = this.pos;
    const a = this.attacker;
    const buf = this.buf;
    let end = sp;
    if (must >= 0) {
      buf[end++] = must;
      return end;
    }
    end += this.candidates(end);
    this.defenderVcf.setBudget(this.nodes, this.maxNodes);
    const danger = this.defenderVcf.search(0, DEFENDER_VCF_DEPTH, 0);
    this.afterVcf(this.defenderVcf);
    if (this.aborted) return -1;
    if (danger) {
      const line = this.defenderVcf.line();
      const allowed = end;
      const stop = allowed + this.lineDefences(line, a ^ 1, allowed);
      let k = sp;
      for (let i = sp; i < end; i++) {
        const q = buf[i];
        if (this.listed(q, allowed, stop) || completionPoints(pos, q, a, buf, stop) > 0) buf[k++] = q;
      }
      end = k;
    }
    return end;
  }

  /**
   * Writes the defender's answers to `threat` at buf[sp..], the attacker's most valuable points first, and returns
   * how many; -1 when the defender has a VCF of its own (the threat fails) or the node budget ran out.
   */
  private defences(threat: number[], sp: number): number {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    this.defenderVcf.setBudget(this.nodes, this.maxNodes);
    const counter = this.defenderVcf.search(0, DEFENDER_VCF_DEPTH, 0);
    this.afterVcf(this.defenderVcf);
    if (counter || this.aborted) return -1;
    let end = sp + this.lineDefences(threat, a, sp);
    const from = end;
    for (let i = sp; i < from; i++) {
      const c = buf[i];
      if (pos.stoneAt(c) !== 0 || this.listedKey(c, from, end) || !pos.mayPlay(c, def)) continue;
      end = insertByKey(buf, from, end, potential(pos, c, a) * 1024 + c);
    }
    for (let i = from; i < end; i++) buf[sp + i - from] = buf[i] & 1023;
    return end - from;
  }

  /**
   * Writes at buf[at..] the points that may stop `line`, a VCF of `owner` (the other side to move): the line's
   * own points, the points where one of the other side's forced blocks would have made a four (a counter-four
   * ready in advance), and the other side's four points now. Returns how many (duplicates possible).
   */
  private lineDefences(line: number[], owner: number, at: number): number {
    const pos = this.pos;
    const other = owner ^ 1;
    const buf = this.buf;
    let end = at;
    for (const p of line) buf[end++] = p;
    let placed = 0;
    for (let i = 0; i + 1 < line.length; i += 2) {
      if (!pos.mayPlay(line[i], owner) || pos.stoneAt(line[i + 1]) !== 0) break;
      pos.place(line[i], owner);
      pos.place(line[i + 1], other);
      placed += 2;
      end += scanThreats(pos, other, FOUR_POINTS, buf, end);
    }
    for (let i = placed - 1; i >= 0; i--) pos.remove(line[i], i % 2 === 0 ? owner : other);
    end += scanThreats(pos, other, FOUR_POINTS, buf, end);
    // A renju VCF may end on a block black may not play: stones near that point can lift the ban.
    const last = line[line.length - 1];
    if (other === 0 && pos.rule === 'renju' && line.length >= 3 && !this.blackMayBlock(line, owner)) {
      for (let d = 0; d < 4; d++) {
        const step = pos.geo.steps[d];
        for (let k = -5; k <= 5; k++) {
          const p = last + k * step;
          if (k !== 0 && p >= 0 && p < pos.geo.cellCount && pos.geo.onBoard[p] && pos.stoneAt(p) === 0) buf[end++] = p;
        }
      }
    }
    return end - at;
  }

  /** Whether the threat line's last forced block (before the five) was a point black could play. */
  private blackMayBlock(line: number[], owner: number): boolean {
    const pos = this.pos;
    const n = line.length;
    // The line ends [four, reply, five]: the reply is the block unless black could not play the five point.
    for (let i = 0; i < n - 2; i++) pos.place(line[i], i % 2 === 0 ? owner : owner ^ 1);
    const ok = pos.mayPlay(line[n - 1], 0);
    for (let i = n - 3; i >= 0; i--) pos.remove(line[i], i % 2 === 0 ? owner : owner ^ 1);
    return ok;
  }

  /**
   * Writes the attacker's candidate moves at buf[at..]: points of potential at least 8 for black, 7 for white
   * (see threats.ts `potential`; tuned on a sixth of the shared VCT puzzles: 4/3 solved 41 of 102 within
   * 200k nodes, 8/7 solved 50, 11/10 lost unit cases), those making threes or fours first, then by potential.
   * Returns how many.
   */
  private candidates(at: number): number {
    const pos = this.pos;
    const a = this.attacker;
    const min = a === 0 ? 8 : 7;
    const buf = this.buf;
    let n = at;
    for (const p of pos.geo.points) {
      if (pos.stoneAt(p) !== 0) continue;
      const score = potential(pos, p, a);
      if (score < min) continue;
      // Threes and fours first (they are most threats), then by potential.
      let strong = 0;
      for (let d = 0; d < 4; d++) {
        const k = patternKind(pos.pattern(p, d, a));
        if (k === OPEN_THREE || k === FOUR || k === OPEN_FOUR) strong++;
      }
      n = insertByKey(buf, at, n, (strong * 256 + Math.min(score, 255)) * 1024 + p);
    }
    for (let i = at; i < n; i++) buf[i] &= 1023;
    return n - at;
  }

  /** Moves `move` to the front of buf[from..to) when it is there (killer-move ordering). */
  private killerFirst(move: number, from: number, to: number): void {
    if (move < 0) return;
    for (let i = from; i < to; i++) {
      if (this.buf[i] !== move) continue;
      for (let j = i; j > from; j--) this.buf[j] = this.buf[j - 1];
      this.buf[from] = move;
      return;
    }
  }

  private listedKey(p: number, from: number, to: number): boolean {
    for (let i = from; i < to; i++) if ((this.buf[i] & 1023) === p) return true;
    return false;
  }

  private listed(p: number, from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.buf[i] === p) return true;
    return false;
  }
}

/** How deep the defender's own VCF is looked for before it answers a threat. */
const DEFENDER_VCF_DEPTH = 20;

/** Inserts `key` into the descending run buf[at..n); returns the new end. */
function insertByKey(buf: Int32Array, at: number, n: number, key: number): number {
  let i = n;
  while (i > at && buf[i - 1] < key) {
    buf[i] = buf[i - 1];
    i--;
  }
  buf[i] = key;
  return n + 1;
}

let shared: VctSolver | null = null;

/** Searches a VCT for the side to move (a shared solver; see VctSolver). */
export function solveVct(pos: GomokuPosition, opts: VctOptions = {}): ThreatResult {
  return (shared ??= new VctSolver()).solve(pos, opts);
}

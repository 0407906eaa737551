import { gomokuPatterns, type GomokuPosition } from '@qi/engine';
import { ThreatTable } from './threat-table.js';
import { completionPoints, fivePoints, FOUR_POINTS, potential, scanThreats } from './threat-points.js';
import { ThreatInterrupt, threatSalt, VcfSolver, type ThreatOptions, type ThreatResult } from './vcf.js';

const { FOUR, OPEN_FOUR, OPEN_THREE, patternKind } = gomokuPatterns;

/** Limits of a VCT search. */
export interface VctOptions extends ThreatOptions {
  /**
   * How many attacker fours a threat may need (default 2): a non-four attacker move counts as a threat when,
   * given a free move, the attacker would have a VCF of at most this length (1: threes, four-threes and
   * four-four threats; 2-3: also quieter "VCF threats").
   */
  threatDepth?: number;
}

/** Where a node of a VCT search was when a limit ended the search (kept to resume it). */
interface VctFrame {
  /** One of the IN_* phases. */
  phase: number;
  /** Index in the buffer of the move being searched. */
  i: number;
  /** End of the node's move list (attack), its number of defences (defence), or where the candidates end (IN_DANGER_VCF). */
  end: number;
  /** The attack node's forced point (-1: none). */
  must: number;
  /** The forced block after the attacker's four (IN_FOUR_REPLY). */
  d: number;
  /** The threat line being defended (IN_DEFENCE), or the defence node's longest loss so far (IN_REPLY). */
  line: number[] | null;
}

// Phases of a kept frame: an attack node in its own VCF, in the defender VCF that filters its moves, in the
// reply to a four, in the VCF that makes a move a threat, in the defence of that threat; a defence node in the
// defender's counter VCF, or in the attack after one of its replies.
const IN_OWN_VCF = 1;
const IN_DANGER_VCF = 2;
const IN_FOUR_REPLY = 3;
const IN_THREAT_VCF = 4;
const IN_DEFENCE = 5;
const IN_COUNTER_VCF = 6;
const IN_REPLY = 7;

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
 *
 * Resumable as VcfSolver is: a call that a limit ends keeps its path (per attack and defence node: its move list,
 * still in the buffer, the move being searched and the phase it was in, down into a cut-short VCF sub-search,
 * which its VcfSolver keeps), and the next call on the same position and options goes on from there with the same
 * tables, killers and iterative-deepening depth. Sliced into calls of 64, 256, 1,024 or 4,096 nodes, all calls
 * together search at most 2× the nodes of one uninterrupted call (the same nodes plus about one a call) and find
 * the same line.
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

  // The path of a search a limit ended (see the class comment): a frame per ply of attack and defence nodes, the
  // ply of the attack node it gave up on entering (or one below the frame whose VCF sub-search it gave up in),
  // the iterative-deepening depth, and what the path belongs to (root key halves, salt, maxDepth).
  private readonly frames: VctFrame[] = [];
  private resumeTop = -1;
  private resuming = false;
  private rootDepth = 1;
  private readonly resumeKey = new Int32Array(4);
  /** The end of the candidate list attackMoves wrote before its defender VCF (kept when that VCF is cut short). */
  private candidatesEnd = 0;

  /** A solver with its own tables (2^tableBits entries each), reusable across positions. */
  constructor(tableBits = 16) {
    this.vcf = new VcfSolver(tableBits);
    this.defenderVcf = new VcfSolver(tableBits);
    this.table = new ThreatTable(tableBits);
  }

  /**
   * Searches a VCT for the side to move of `pos`; the position is left as it was. After a call that a limit
   * ended, a call on the same position (and maxDepth, threatDepth) resumes it.
   */
  solve(pos: GomokuPosition, opts: VctOptions = {}): ThreatResult {
    this.pos = pos;
    this.attacker = pos.currentPlayer();
    this.maxNodes = opts.maxNodes ?? 1_000_000;
    this.threatDepth = opts.threatDepth ?? 2;
    this.nodes = 0;
    this.aborted = false;
    this.interrupt.set(opts, this.maxNodes);
    this.salt = threatSalt(pos, this.attacker, 1 + this.threatDepth);
    const maxDepth = opts.maxDepth ?? 40;
    const k = this.resumeKey;
    const resume = this.resumeTop >= 0 && k[0] === (pos.hashLo | 0) && k[1] === (pos.hashHi | 0) && k[2] === (this.salt | 0) && k[3] === maxDepth;
    k[0] = pos.hashLo;
    k[1] = pos.hashHi;
    k[2] = this.salt;
    k[3] = maxDepth;
    if (!resume) {
      this.resumeTop = -1;
      this.rootDepth = 1;
      this.killerAttack.fill(-1);
      this.killerDefence.fill(-1);
    }
    this.resuming = resume;
    this.vcf.begin(pos, this.attacker, this.maxNodes, this.interrupt);
    this.defenderVcf.begin(pos, this.attacker ^ 1, this.maxNodes, this.interrupt);
    let line: number[] | null = null;
    // Iterative deepening: shallow wins are found before deep refutations are explored, and the table keeps
    // each depth's refuted positions for the next. (A proof-number search over the same moves was tried and
    // solved fewer of the shared VCT puzzles for the same node budget.)
    let depth = this.rootDepth;
    for (; depth <= maxDepth && !line && !this.aborted && !pos.isTerminal(); depth++) line = this.attack(depth, 0, 0);
    const aborted = line === null && this.aborted;
    if (aborted) this.rootDepth = depth - 1;
    else this.resumeTop = -1;
    this.resuming = false;
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

  /** VCF for the attacker (to move) in the current position within `depth` (resuming its cut-short search); the line is in vcf.line(). */
  private vcfWin(depth: number, resume: boolean): boolean {
    this.vcf.setBudget(this.nodes, this.maxNodes);
    const win = this.vcf.searchFrom(depth, resume);
    this.afterVcf(this.vcf);
    return win;
  }

  /** The defender's VCF (a threat against the attacker) within DEFENDER_VCF_DEPTH, resuming its cut-short search. */
  private defenderVcfWin(resume: boolean): boolean {
    this.defenderVcf.setBudget(this.nodes, this.maxNodes);
    const win = this.defenderVcf.searchFrom(DEFENDER_VCF_DEPTH, resume);
    this.afterVcf(this.defenderVcf);
    return win;
  }

  /** This node's frame when it is on the kept path of the search being resumed (it says where the node was), else null. */
  private onPath(ply: number): VctFrame | null {
    if (this.resuming && ply < this.resumeTop) {
      const f = this.frames[ply];
      // The last frame of the path: what follows is new (a cut-short VCF in it is resumed by its own solver).
      if (ply === this.resumeTop - 1) this.resuming = false;
      return f;
    }
    this.resuming = false;
    return null;
  }

  /**
   * Keeps the frame of a node a limit ended the search in (returns null for the caller to return). A phase inside
   * a VCF sub-search marks this node as the last on the path: that solver keeps the rest.
   */
  private keep(ply: number, phase: number, i: number, end: number, must: number, d: number, lines: number[] | null): null {
    const f = (this.frames[ply] ??= { phase: 0, i: 0, end: 0, must: -1, d: -1, line: null });
    f.phase = phase;
    f.i = i;
    f.end = end;
    f.must = must;
    f.d = d;
    f.line = lines;
    if (phase === IN_OWN_VCF || phase === IN_DANGER_VCF || phase === IN_THREAT_VCF || phase === IN_COUNTER_VCF) this.resumeTop = ply + 1;
    return null;
  }

  /** Attacker to move with `depth` attacker moves left (the final five not counted): a winning line, or null. */
  private attack(depth: number, sp: number, ply: number): number[] | null {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    const frame = this.onPath(ply);
    let phase = frame === null ? 0 : frame.phase;
    if (frame === null && ++this.nodes > this.interrupt.at && this.overLimit()) {
      this.resumeTop = ply;
      return null;
    }
    const lo = pos.hashLo ^ this.salt;
    const hi = pos.hashHi;
    let must: number;
    if (frame === null) {
      if (fivePoints(pos, a, buf, sp) > 0) return [buf[sp]];
      if (depth <= 0) return null;
      if (this.table.failedDepth(lo, hi) >= depth) return null;
      const threats = fivePoints(pos, def, buf, sp);
      if (threats >= 2) {
        this.table.storeFailure(lo, hi, 127);
        return null;
      }
      must = threats === 1 ? buf[sp] : -1;
    } else must = frame.must;
    if (phase <= IN_OWN_VCF) {
      if (this.vcfWin(depth, phase === IN_OWN_VCF)) return this.vcf.line();
      if (this.aborted) return this.keep(ply, IN_OWN_VCF, 0, 0, must, -1, null);
      // A threat wins at the earliest with the unstoppable four that follows it.
      if (depth < 2) {
        this.table.storeFailure(lo, hi, depth);
        return null;
      }
    }
    const slot = (lo ^ (hi >>> 11)) & 0xffff;
    let end: number;
    let i: number;
    if (phase <= IN_DANGER_VCF) {
      end = this.attackMoves(must, sp, phase === IN_DANGER_VCF && frame !== null ? frame.end : -1);
      if (end < 0) return this.aborted ? this.keep(ply, IN_DANGER_VCF, 0, this.candidatesEnd, must, -1, null) : null;
      this.killerFirst(this.killerAttack[depth], sp, end);
      if (this.winLo[slot] === (lo | 0) && this.winHi[slot] === (hi | 0)) this.killerFirst(this.winMove[slot], sp, end);
      i = sp;
    } else {
      end = frame!.end;
      i = frame!.i;
    }
    for (; i < end; i++) {
      const q = buf[i];
      let step = 0;
      let d = -1;
      let threat: number[] | null = null;
      let resume = false;
      if (phase >= IN_FOUR_REPLY) {
        // The child the search was in when a limit ended it.
        step = phase;
        phase = 0;
        resume = true;
        d = frame!.d;
        threat = frame!.line;
        pos.place(q, a);
      } else {
        if (this.listed(q, sp, i) || !pos.mayPlay(q, a)) continue;
        const nc = completionPoints(pos, q, a, buf, end);
        pos.place(q, a);
        if (nc >= 1) {
          // A four: the VCF search above already covers a four the defender cannot stop, so the block is forced.
          d = buf[end];
          if (nc === 1 && pos.mayPlay(d, def)) step = IN_FOUR_REPLY;
        } else step = IN_THREAT_VCF;
      }
      let result: number[] | null = null;
      if (step === IN_FOUR_REPLY) {
        pos.place(d, def);
        const sub = this.attack(depth - 1, end, ply + 1);
        pos.remove(d, def);
        if (sub) result = [q, d, ...sub];
      } else if (step === IN_THREAT_VCF || step === IN_DEFENCE) {
        if (step === IN_THREAT_VCF) {
          threat = this.vcfWin(Math.min(this.threatDepth, depth - 1), resume) ? this.vcf.line() : null;
          if (threat !== null) step = IN_DEFENCE;
        }
        if (threat !== null && !this.aborted) {
          const sub = this.defend(depth - 1, end, threat, ply + 1);
          if (sub) result = [q, ...sub];
        }
      }
      pos.remove(q, a);
      if (result) {
        this.killerAttack[depth] = q;
        this.winLo[slot] = lo;
        this.winHi[slot] = hi;
        this.winMove[slot] = q;
        return result;
      }
      if (this.aborted) return this.keep(ply, step, i, end, must, d, threat);
    }
    this.table.storeFailure(lo, hi, depth);
    return null;
  }

  /**
   * Defender to move, facing the VCF `threat` the attacker would play with a free move: tries every defence
   * (see the class comment); returns the longest winning line (defender reply first) when all lose, else null.
   */
  private defend(depth: number, sp: number, threat: number[], ply: number): number[] | null {
    const pos = this.pos;
    const def = this.attacker ^ 1;
    const buf = this.buf;
    const frame = this.onPath(ply);
    let n: number;
    let i: number;
    let best: number[] | null;
    if (frame === null || frame.phase === IN_COUNTER_VCF) {
      n = this.defences(threat, sp, frame !== null);
      if (n < 0) return this.aborted ? this.keep(ply, IN_COUNTER_VCF, 0, 0, -1, -1, null) : null;
      this.killerFirst(this.killerDefence[depth], sp, sp + n);
      i = sp;
      best = null;
    } else {
      n = frame.end;
      i = frame.i;
      best = frame.line;
    }
    const end = sp + n;
    for (; i < end; i++) {
      const r = buf[i];
      pos.place(r, def);
      const sub = this.attack(depth, end, ply + 1);
      pos.remove(r, def);
      if (!sub) {
        if (this.aborted) return this.keep(ply, IN_REPLY, i, n, -1, -1, best);
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
   * defender would have one with a free move. `written` ≥ 0: the candidates are already at buf[sp..written) and
   * the defender VCF cut short there is resumed. Returns -1 when a limit ended the search (candidatesEnd then
   * tells where the candidates end).
   */
  private attackMoves(must: number, sp: number, written: number): number {
    const pos = this.pos;
    const a = this.attacker;
    const buf = this.buf;
    let end = sp;
    if (must >= 0) {
      buf[end++] = must;
      return end;
    }
    end = written >= 0 ? written : end + this.candidates(end);
    const danger = this.defenderVcfWin(written >= 0);
    if (this.aborted) {
      this.candidatesEnd = end;
      return -1;
    }
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
   * how many; -1 when the defender has a VCF of its own (the threat fails) or a limit ended the search (`resume`:
   * the defender VCF cut short here goes on).
   */
  private defences(threat: number[], sp: number, resume: boolean): number {
    const pos = this.pos;
    const a = this.attacker;
    const def = a ^ 1;
    const buf = this.buf;
    const counter = this.defenderVcfWin(resume);
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

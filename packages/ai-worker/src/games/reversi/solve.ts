import { PASS, reversiBits as bits, type ReversiPosition } from '@qi/engine';
import type { SolveSlice } from '../../core/presolve.js';
import { LAYOUT, PatternIndices, patternSum, stageOf } from './patterns.js';
import { shippedReversiWeights } from './weights.js';

// Module-level bindings of the bitboard primitives: vitest's module runner turns every call of an imported
// function into a property lookup on the module, which costs the solver a third of its speed in the test run.
const { BIT_HI, BIT_LO, LINES, columnOf, flips, lowestBit, mobility, popcount, stableSet } = bits;
// Scores are negated as `0 - x`, never `-x`: minus a score of 0 is -0, which is not a small integer, and V8 then
// deoptimizes the search functions onto float arithmetic (FFO #40 ran about 8% slower).

/** The exact result of an endgame solve. */
export interface SolveResult {
  /** A best move (a square 0..63), PASS when the side to move must pass, null when the game is already over. */
  move: number | null;
  /** Exact final disc differential for the side to move with perfect play (empty squares to the winner). */
  score: number;
  /** Positions searched. */
  nodes: number;
  /** A limit ended the solve before it was proven: then `move` is null and `score` 0 (nothing is known). */
  aborted: boolean;
}

/**
 * When a solve gives up (each optional; checked every few thousand nodes, so a solve without any never stops).
 * An aborted solve of a position, then a new call on the same position, resumes exactly where the last one
 * stopped: the table is kept, and so is the state of every node on the search path, so finished work is never
 * searched again. All the calls of a solve sliced this way (by maxNodes, by deadline or by the stop flag) search
 * together exactly the nodes of one uninterrupted call plus one (the root) for each call after the first, and
 * reach the same score and move. A call stopped by maxNodes has searched at least that many new nodes, so for
 * slices of 64, 256, 1,024 or 4,096 nodes (indeed any maxNodes of at least 1) all the calls search at most 2×
 * the nodes of one call, in practice about 1 + 1/slice times; a deadline or stop flag is looked at only every
 * 4,096 nodes, so each of those calls gets at least that far. The worker's solve slice (core/presolve.ts):
 * deadline (`performance.now()` ms), stop (element 0 non-zero, read atomically when shared), maxNodes (of this
 * call; a resumed call starts counting again).
 */
export type SolveLimits = SolveSlice;

/** Options of the endgame solver. */
export interface SolverOptions {
  /**
   * log2 of the transposition-table bucket count (two entries per bucket); default 17 (6 MB): a larger table
   * misses the caches on most probes, which cost more than the entries it keeps (FFO #40 and #41–#44 took
   * 7–9% less CPU at 16 or 17 than at 20, 2026-12-04).
   */
  ttBits?: number;
  /**
   * Pattern weights (see weights.ts) that help order the moves of nodes with many empties; default the shipped
   * ones (shippedReversiWeights, read when a solve starts), null for none. Only the order, so only the node
   * count, depends on them: the score and move are exact either way.
   */
  weights?: Int16Array | null;
}

/** At or below this many empties: no hash, no move list, empties tried in parity order. */
const SHALLOW = 6;
/** At or above this many empties: the transposition table is used. */
const HASHED = 8;
/** Above this many empties: enhanced transposition cutoffs (children looked up before any is searched). */
const ETC = 10;
/**
 * At or above this many empties the trained pattern evaluation of each child joins its ordering key (as Edax
 * orders by its evaluation where subtrees are large): EVAL_WEIGHT / 256 key units per 1/100 disc, so with a
 * reply worth 256 units about 4.3 discs of evaluation weigh as much as one opponent reply. Measured on FFO
 * #40–#44 (2026-12-04): 12 and 60 cut the nodes by 30% (10–16 empties, 30–120 units: 155–195 M against 228 M);
 * from 10 empties on the evaluations cost more than the nodes they save.
 */
const EVAL_EMPTIES = 12;
const EVAL_WEIGHT = 60;
/**
 * At or above this many empties each child's key has instead its opponent's best reply by that evaluation (one
 * ply more, as Edax sorts by a shallow search where it solves 18 empties or more), REPLY_WEIGHT / 256 key units
 * per 1/100 disc: on FFO #40–#44 another 23% fewer nodes (from 12 to 16 empties 121.8–125.3 M against 160.6 M;
 * 64 or 192 units more nodes; two plies from 18 or 20 empties more nodes too).
 */
const REPLY_EMPTIES = 14;
const REPLY_WEIGHT = 128;
/** Words per transposition-table entry (see EndgameSolver.table). */
const ENTRY = 6;
/** Per empties level: room for the move list of one node. */
const LIST = 40;
const INF = 127;
/** Plies of the pattern (without weights: mobility) search that orders the root moves, and its infinity. */
const ROOT_SORT_DEPTH = 4;
const EST_INF = 1 << 20;
/** Nodes between two looks at the limits of an interruptible solve (a look costs a clock read). */
const CHECK_NODES = 4096;
/** No check due: a node count no solve reaches. */
const NEVER = Number.MAX_SAFE_INTEGER;
/**
 * Frames a search path can hold (the root is ply 0): each ply has one empty fewer, except a pass, which keeps
 * its empties but is never followed by another pass, so at most two plies per empty square.
 */
const MAX_PLY = 2 * 64 + 2;
/** Kinds of a suspended frame: a node in its move loop, or a node that passes. */
const FRAME_MOVES = 0;
const FRAME_PASS = 1;
/** A suspended move loop's phase: the first (or only, null-window) search of the child in progress, or its re-search. */
const PHASE_FIRST = 0;
const PHASE_RESEARCH = 1;
/** No null-window value waiting for its re-search. */
const NO_VALUE = 1 << 10;
/**
 * Per number of empties: the alpha from which a stability cutoff is worth trying (Edax's thresholds, tried
 * from 3 empties on, which measured 5% fewer nodes here): the opponent's stable discs S bound the score by
 * 64 - 2S, which can only fail low when alpha is that high.
 */
const STABILITY_THRESHOLD = new Int8Array([
  99, 99, 99, 4, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52,
  52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
  64, 64, 64, 64, 64, 64, 64,
]);

/** Quadrant (0..3) of each square as a parity bit: rows 1–4 / 5–8 times columns A–D / E–H. */
const QUADRANT = new Int32Array(64);
for (let s = 0; s < 64; s++) QUADRANT[s] = 1 << ((s >= 32 ? 2 : 0) + ((s & 7) >= 4 ? 1 : 0));
/** For a parity set (bit i = quadrant i has an odd number of empties): its squares, low and high half. */
const PARITY_LO = new Int32Array(16);
const PARITY_HI = new Int32Array(16);
for (let p = 0; p < 16; p++) {
  PARITY_LO[p] = (p & 1 ? 0x0f0f0f0f : 0) | (p & 2 ? 0xf0f0f0f0 : 0);
  PARITY_HI[p] = (p & 4 ? 0x0f0f0f0f : 0) | (p & 8 ? 0xf0f0f0f0 : 0);
}
/**
 * The order the last empties are tried in: odd quadrants first, and within each parity corners, then ordinary
 * squares, then the squares next to corners (C and X squares), which tend to give a corner away.
 */
const ORDER_LO = new Int32Array(16 * 6);
const ORDER_HI = new Int32Array(16 * 6);
{
  const classLo = [0x81, ~(0x81 | 0x8142 | 0x4200), 0x8142 | 0x4200];
  const classHi = [0x81000000 | 0, ~(0x81000000 | 0x42810000 | 0x00420000), 0x42810000 | 0x00420000];
  for (let p = 0; p < 16; p++) {
    for (let r = 0; r < 6; r++) {
      const odd = r < 3;
      ORDER_LO[p * 6 + r] = (odd ? PARITY_LO[p] : ~PARITY_LO[p]) & classLo[r % 3];
      ORDER_HI[p * 6 + r] = (odd ? PARITY_HI[p] : ~PARITY_HI[p]) & classHi[r % 3];
    }
  }
}
/** The class of each square in that order: 0 corners, 1 ordinary squares, 2 C and X squares. */
const SQUARE_CLASS = new Int8Array(64);
for (let s = 0; s < 64; s++) {
  // Parity set 15 (every quadrant odd): its first three rounds are the three classes of every square.
  for (let r = 0; r < 3; r++) if ((ORDER_LO[15 * 6 + r] & BIT_LO[s]) | (ORDER_HI[15 * 6 + r] & BIT_HI[s])) SQUARE_CLASS[s] = r;
}
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;
/**
 * The squares next to each square, (lo, hi): a move flips nothing unless one of them holds an opponent's disc,
 * a test far cheaper than the flips it saves near the end, where most empties are not legal moves.
 */
const NEIGHBOUR_LO = new Int32Array(64);
const NEIGHBOUR_HI = new Int32Array(64);
for (let s = 0; s < 64; s++) {
  for (let t = 0; t < 64; t++) {
    const dr = (t >> 3) - (s >> 3);
    const dc = (t & 7) - (s & 7);
    if (t !== s && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1) {
      NEIGHBOUR_LO[s] |= BIT_LO[t];
      NEIGHBOUR_HI[s] |= BIT_HI[t];
    }
  }
}

/**
 * LINE_FLIPS[p * 256 + m]: the discs a move at position p (0..7) of a line flips when the mover holds the line's
 * positions in m and the opponent all the others. Positions past a short diagonal's end read as the
 * opponent's, which flips nothing: no mover's disc lies beyond them.
 */
const LINE_FLIPS = new Int8Array(8 * 256);
for (let p = 0; p < 8; p++) {
  for (let m = 0; m < 256; m++) {
    let n = 0;
    for (const step of [1, -1]) {
      let k = 0;
      let q = p + step;
      while (q >= 0 && q < 8 && ((m >> q) & 1) === 0) {
        k++;
        q += step;
      }
      if (q >= 0 && q < 8 && k > 0) n += k;
    }
    LINE_FLIPS[p * 256 + m] = n;
  }
}
/**
 * How many discs a move on sq, the board's only empty square, flips for the player with discs (pl, ph), the
 * opponent holding every other square: Edax's count_last_flip, each of the four lines through sq gathered into
 * an 8-bit pattern (by column; by row for the column) and looked up, with no ray walked.
 */
function lastFlipCount(sq: number, pl: number, ph: number): number {
  const r = sq >> 3;
  const c = sq & 7;
  const row = (r < 4 ? pl >>> (r << 3) : ph >>> ((r - 4) << 3)) & 0xff;
  const col = columnOf(pl, ph, c);
  // A diagonal holds each column once: the two halves' bits ORed never meet, and their bytes sum without carries.
  const d9 = Math.imul((pl & LINES[8 * sq + 4]) | (ph & LINES[8 * sq + 5]), 0x01010101) >>> 24;
  const d7 = Math.imul((pl & LINES[8 * sq + 6]) | (ph & LINES[8 * sq + 7]), 0x01010101) >>> 24;
  const pc = c << 8;
  return LINE_FLIPS[pc + row] + LINE_FLIPS[(r << 8) + col] + LINE_FLIPS[pc + d9] + LINE_FLIPS[pc + d7];
}

/**
 * EDGE_STABLE[p * 256 + o]: the discs of p on an edge line (8 squares, p and o disjoint) that no sequence of
 * moves can flip (as Edax's edge stability table): an edge disc flips only by a move on its edge along it, and a
 * disc may be placed on an edge square by a move that flips along another line, so every square's every colour
 * counts. A disc is stable when it is p's and stays stable in every configuration one placement further on;
 * built from full lines back to empty ones (6,561 configurations, each at most 16 placements).
 */
const EDGE_STABLE = new Uint8Array(256 * 256);
{
  /** The discs of q that a disc of m placed at x flips along the line. */
  const lineFlips = (x: number, m: number, q: number): number => {
    let f = 0;
    for (const step of [1, -1]) {
      let run = 0;
      let k = x + step;
      while (k >= 0 && k < 8 && ((q >> k) & 1) !== 0) {
        run |= 1 << k;
        k += step;
      }
      if (k >= 0 && k < 8 && ((m >> k) & 1) !== 0) f |= run;
    }
    return f;
  };
  for (let filled = 8; filled >= 0; filled--) {
    for (let p = 0; p < 256; p++) {
      for (let o = 0; o < 256; o++) {
        if ((p & o) !== 0 || popcount(p | o) !== filled) continue;
        let s = p;
        for (let x = 0; x < 8 && s !== 0; x++) {
          const bit = 1 << x;
          if (((p | o) & bit) !== 0) continue;
          const f = lineFlips(x, p, o);
          s &= EDGE_STABLE[((p | bit | f) << 8) | (o & ~f)];
          const g = lineFlips(x, o, p);
          s &= EDGE_STABLE[((p & ~g) << 8) | o | bit | g];
        }
        EDGE_STABLE[(p << 8) | o] = s;
      }
    }
  }
}

/**
 * How many of the player's discs (pl, ph) can never be flipped (a lower bound): the four edges' stable discs
 * from EDGE_STABLE seed the engine's stableSet (a disc is stable when along each of its four lines the line is
 * full or an edge or a stable disc of its colour is next to it), with discs that rule misses (stable without a
 * corner), sparing its steps along the edges.
 */
const stableOut = new Int32Array(2);
function stableCount(pl: number, ph: number, ol: number, oh: number): number {
  const top = EDGE_STABLE[((pl & 0xff) << 8) | (ol & 0xff)];
  const bottom = EDGE_STABLE[((ph >>> 24) << 8) | (oh >>> 24)];
  const a = EDGE_STABLE[(columnOf(pl, ph, 0) << 8) | columnOf(ol, oh, 0)];
  const h = EDGE_STABLE[(columnOf(pl, ph, 7) << 8) | columnOf(ol, oh, 7)];
  // Columns back onto the board: bit i of a nibble to row i by one product (no two partial products meet).
  const seedL = top | (Math.imul(a & 15, 0x00204081) & 0x01010101) | ((Math.imul(h & 15, 0x00204081) & 0x01010101) << 7);
  const seedH = (bottom << 24) | (Math.imul(a >>> 4, 0x00204081) & 0x01010101) | ((Math.imul(h >>> 4, 0x00204081) & 0x01010101) << 7);
  stableSet(pl, ph, ol, oh, stableOut, 0, seedL, seedH);
  return pop2(stableOut[0], stableOut[1]);
}

/** Discs in a board half pair (lo, hi): the two halves' bit counts summed before the last step. */
function pop2(l: number, h: number): number {
  l -= (l >>> 1) & 0x55555555;
  h -= (h >>> 1) & 0x55555555;
  l = (l & 0x33333333) + ((l >>> 2) & 0x33333333);
  h = (h & 0x33333333) + ((h >>> 2) & 0x33333333);
  // Each byte of the sum is at most 16: no carry between bytes.
  return Math.imul(((l + (l >>> 4)) & 0x0f0f0f0f) + ((h + (h >>> 4)) & 0x0f0f0f0f), 0x01010101) >>> 24;
}

/** How many of the four corners a set (lo, hi) holds: A1, H1 in lo, A8, H8 in hi. */
function cornersOf(l: number, h: number): number {
  return (l & 1) + ((l >>> 7) & 1) + ((h >>> 24) & 1) + (h >>> 31);
}

/** The final score for the side to move when nobody can move: disc differential, empties to the winner. */
function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const p = pop2(pl, ph);
  const o = pop2(ol, oh);
  const d = p - o;
  const e = 64 - p - o;
  return d > 0 ? d + e : d < 0 ? d - e : 0;
}

/**
 * Exact Reversi endgame solver: negamax alpha-beta (principal-variation search) on raw bitboards, a
 * transposition table of bounds in typed arrays, fastest-first ordering (fewest opponent replies, corners
 * counted twice; with many empties also the trained pattern evaluation) with the hash move first, parity ordering near the end, and move-list-free code for the last
 * empties. Reuse one solver for many positions: its table is allocated once.
 *
 * Interruptible and exactly resumable (see SolveLimits): a call that a limit stops keeps, for every frame on
 * its search path (the root's MTD(f) or climbing step, a pass, a move loop's child, bounds and phase), the
 * state it needs in preallocated arrays indexed by ply, and stores nothing unproven in the table; the next
 * call on the same root re-enters the path without re-searching, re-probing or re-ordering anything, so it
 * performs exactly the computation of one uninterrupted call. Sliced into calls of 64, 256, 1,024 or 4,096
 * nodes, a solve searches in all at most 2× (in practice 1 + 1/slice times) the nodes of one call: the nodes of
 * one call plus the root once more in every further call. A call on another root, scoreMoves or a finished solve
 * forget the path (and a solve of another root clears the table too).
 */
export class EndgameSolver {
  private readonly mask: number;
  /**
   * The transposition table, ENTRY words per entry and two entries per bucket, so that a probe reads one or two
   * cache lines: the board (pl, ph, ol, oh), then lower bound, upper bound, move and empties as the four bytes of
   * one word, then the generation that stored it (an entry of another generation is free: clearing is a count).
   */
  private readonly table: Int32Array;
  private generation = 1;
  private readonly moves = new Int8Array(65 * LIST);
  private readonly keys = new Int32Array(65 * LIST);
  private readonly flipLo = new Int32Array(65 * LIST);
  private readonly flipHi = new Int32Array(65 * LIST);
  private readonly t = new Int32Array(8);
  /** five's sorted squares (five never runs inside another five: its children have four empties). */
  private readonly five5 = new Int32Array(5);
  private readonly est = new Int32Array(8 * (ROOT_SORT_DEPTH + 1));
  /** The weights the solve in progress orders with (null: none), and the pattern indices of the last child evaluated. */
  private readonly defaultWeights: Int16Array | null | undefined;
  private weights: Int16Array | null = null;
  private readonly patterns = new PatternIndices();
  /** evalReply's pattern indices (its boards follow each other more closely than those of orderMoves). */
  private readonly patterns2 = new PatternIndices();
  private nodes = 0;
  // Limits of the solve in progress: the node count of the next look, and what a look checks.
  private nextCheck = NEVER;
  private deadline = Infinity;
  private maxNodes = NEVER;
  private stopFlag: Int32Array | null = null;
  private stopShared = false;
  private aborted = false;
  // The root of the last solve and whether it was aborted (a new solve of it keeps the table).
  private readonly lastRoot = new Int32Array(4);
  private lastAborted = false;
  /**
   * The suspended search path of an aborted solve, per ply (root 0): frames 0..resumeTop-1 are re-entered by
   * the next call on the same root. While a call descends the path the frames below resumeTop resume; the
   * deepest sets it to 0 (so every later node is fresh), and an abort sets it again as the path unwinds.
   * The move lists (moves, flipLo, flipHi at n * LIST) of the suspended frames stay as they were: only orderMoves
   * writes them, at the level of the node being searched, and a frame's descendants have fewer empties — except
   * the child of a pass, which has the same, but a pass frame has no list of its own.
   */
  private resumeTop = 0;
  private readonly fKind = new Int8Array(MAX_PLY);
  private readonly fPhase = new Int8Array(MAX_PLY);
  private readonly fIndex = new Int8Array(MAX_PLY);
  private readonly fCount = new Int8Array(MAX_PLY);
  private readonly fAlpha = new Int16Array(MAX_PLY);
  private readonly fBeta = new Int16Array(MAX_PLY);
  private readonly fSearchedAlpha = new Int16Array(MAX_PLY);
  private readonly fBest = new Int16Array(MAX_PLY);
  private readonly fBestMove = new Int8Array(MAX_PLY);
  /** The null-window value of the child whose re-search was in progress (root: the climb's floor). */
  private readonly fValue = new Int16Array(MAX_PLY);
  private readonly fSlot = new Int32Array(MAX_PLY);
  /** The root's MTD(f) loop: lower and upper bound of the first move's score and the null window's bound. */
  private readonly rootMtd = new Int16Array(3);

  constructor(options: SolverOptions = {}) {
    const bits = options.ttBits ?? 17;
    if (!Number.isInteger(bits) || bits < 4 || bits > 26) throw new RangeError(`ttBits must be a whole number in 4..26, got ${bits}`);
    this.mask = (1 << bits) - 1;
    this.table = new Int32Array((2 << bits) * ENTRY);
    this.defaultWeights = options.weights;
  }

  /** Solves the position exactly: a best move, the exact score for the side to move, nodes searched (see SolveLimits). */
  solve(pos: ReversiPosition, limits?: SolveLimits): SolveResult {
    const b = new Int32Array(4);
    pos.bitboards(b);
    return this.solveBits(b[0], b[1], b[2], b[3], limits);
  }

  /**
   * Solves from raw bitboards (side to move first). The table is cleared first, so results never depend on
   * history — except right after an aborted solve of the same position, which this call resumes.
   */
  solveBits(pl: number, ph: number, ol: number, oh: number, limits?: SolveLimits): SolveResult {
    const root = this.lastRoot;
    const resume = this.lastAborted && root[0] === pl && root[1] === ph && root[2] === ol && root[3] === oh;
    if (!resume) {
      this.clear();
      this.resumeTop = 0;
      this.weights = this.solveWeights();
    }
    root[0] = pl;
    root[1] = ph;
    root[2] = ol;
    root[3] = oh;
    this.begin(limits);
    const r = this.solveRoot(pl, ph, ol, oh);
    this.lastAborted = r.aborted;
    if (!r.aborted) this.resumeTop = 0;
    return r;
  }

  private solveRoot(pl: number, ph: number, ol: number, oh: number): SolveResult {
    const n = emptiesOf(pl, ph, ol, oh);
    const parity = parityOf(pl, ph, ol, oh);
    const base = n * LIST;
    let count: number;
    let first: number;
    let best: number;
    let bestMove: number;
    let alpha: number;
    // Resuming: the root frame continues its step in progress (its move list is as the last call left it).
    let resumed = this.resumeTop > 0;
    if (resumed) {
      if (this.resumeTop === 1) this.resumeTop = 0;
      if (this.fKind[0] === FRAME_PASS) return this.rootPass(pl, ph, ol, oh, n, parity);
      count = this.fCount[0];
      first = this.fIndex[0];
      best = this.fBest[0];
      bestMove = this.fBestMove[0];
      alpha = this.fAlpha[0];
    } else {
      const t = this.t;
      mobility(pl, ph, ol, oh, t, 0);
      if ((t[0] | t[1]) === 0) {
        mobility(ol, oh, pl, ph, t, 0);
        if ((t[0] | t[1]) === 0) return { move: null, score: finalScore(pl, ph, ol, oh), nodes: 1, aborted: false };
        return this.rootPass(pl, ph, ol, oh, n, parity);
      }
      count = this.orderMoves(pl, ph, ol, oh, t[0], t[1], n, parity, -1);
      this.sortRoot(pl, ph, ol, oh, base, count, n);
      first = 0;
      best = -INF;
      bestMove = this.moves[base];
      alpha = -INF;
    }
    for (let i = first; i < count; i++) {
      const sq = this.moves[base + i];
      const fl = this.flipLo[base + i];
      const fh = this.flipHi[base + i];
      const cpl = ol ^ fl;
      const cph = oh ^ fh;
      const col = pl | fl | BIT_LO[sq];
      const coh = ph | fh | BIT_HI[sq];
      const cpar = parity ^ QUADRANT[sq];
      let v: number;
      if (i === 0) {
        // MTD(f) from a draw: null windows converge on the first move's score, each step reusing the table,
        // for less work than one full-window search.
        const mtd = this.rootMtd;
        let lower = resumed ? mtd[0] : -INF;
        let upper = resumed ? mtd[1] : INF;
        let b = resumed ? mtd[2] : 0;
        resumed = false;
        for (;;) {
          v = 0 - this.search(cpl, cph, col, coh, 0 - b, 0 - (b - 1), n - 1, cpar, 1);
          if (this.aborted) {
            mtd[0] = lower;
            mtd[1] = upper;
            mtd[2] = b;
            return this.suspendRoot(i, PHASE_FIRST, count, best, bestMove, alpha, 0);
          }
          if (v < b) upper = v;
          else lower = v;
          if (lower >= upper) break;
          b = v === lower ? v + 1 : v;
        }
      } else {
        // A move that beats the best so far climbs by null windows from its proven bound (the table keeps
        // each step cheap) instead of one wide re-search.
        let floor: number;
        if (resumed && this.fPhase[0] === PHASE_RESEARCH) {
          floor = this.fValue[0];
          v = floor;
        } else {
          v = 0 - this.search(cpl, cph, col, coh, 0 - alpha - 1, 0 - alpha, n - 1, cpar, 1);
          if (this.aborted) return this.suspendRoot(i, PHASE_FIRST, count, best, bestMove, alpha, 0);
          floor = v;
        }
        resumed = false;
        if (v > alpha) {
          for (;;) {
            v = 0 - this.search(cpl, cph, col, coh, 0 - floor - 1, 0 - floor, n - 1, cpar, 1);
            if (this.aborted) return this.suspendRoot(i, PHASE_RESEARCH, count, best, bestMove, alpha, floor);
            if (v <= floor) {
              v = floor;
              break;
            }
            floor = v;
          }
        }
      }
      if (v > best) {
        best = v;
        bestMove = sq;
        if (v > alpha) alpha = v;
      }
    }
    return { move: bestMove, score: best | 0, nodes: this.nodes + 1, aborted: false };
  }

  /** The root passes: the opponent's exact score, negated (resumable like any frame). */
  private rootPass(pl: number, ph: number, ol: number, oh: number, n: number, parity: number): SolveResult {
    const score = 0 - this.search(ol, oh, pl, ph, -INF, INF, n, parity, 1);
    if (this.aborted) {
      this.fKind[0] = FRAME_PASS;
      if (this.resumeTop < 1) this.resumeTop = 1;
      return this.abortedResult();
    }
    return { move: PASS, score: score | 0, nodes: this.nodes + 1, aborted: false };
  }

  /** Keeps the root's state when a limit stops the search of its move i: the next call on this root goes on from it. */
  private suspendRoot(i: number, phase: number, count: number, best: number, bestMove: number, alpha: number, floor: number): SolveResult {
    this.fKind[0] = FRAME_MOVES;
    this.fPhase[0] = phase;
    this.fIndex[0] = i;
    this.fCount[0] = count;
    this.fBest[0] = best;
    this.fBestMove[0] = bestMove;
    this.fAlpha[0] = alpha;
    this.fValue[0] = floor;
    if (this.resumeTop < 1) this.resumeTop = 1;
    return this.abortedResult();
  }

  /**
   * Keeps the state of a search frame at ply whose child i was stopped by a limit (phase: its first search, or
   * the re-search after the null-window value v); returns the aborted value 0, which nobody uses.
   */
  private suspend(
    ply: number,
    i: number,
    phase: number,
    v: number,
    count: number,
    alpha: number,
    beta: number,
    searchedAlpha: number,
    slot: number,
    best: number,
    bestMove: number,
  ): number {
    this.fKind[ply] = FRAME_MOVES;
    this.fPhase[ply] = phase;
    this.fIndex[ply] = i;
    this.fValue[ply] = v;
    this.fCount[ply] = count;
    this.fAlpha[ply] = alpha;
    this.fBeta[ply] = beta;
    this.fSearchedAlpha[ply] = searchedAlpha;
    this.fSlot[ply] = slot;
    this.fBest[ply] = best;
    this.fBestMove[ply] = bestMove;
    // The deepest frame suspends first: it marks the end of the path.
    if (this.resumeTop <= ply) this.resumeTop = ply + 1;
    return 0;
  }

  /** Keeps a passing frame at ply whose search of the opponent's reply was stopped by a limit. */
  private suspendPass(ply: number): number {
    this.fKind[ply] = FRAME_PASS;
    if (this.resumeTop <= ply) this.resumeTop = ply + 1;
    return 0;
  }

  /** The weights a new solve orders with: the constructor's, else the shipped ones as far as this thread has them now. */
  private solveWeights(): Int16Array | null {
    return this.defaultWeights !== undefined ? this.defaultWeights : shippedReversiWeights();
  }

  /** Sets up the limits of a new solve (none: never checked). */
  private begin(limits: SolveLimits | undefined): void {
    this.nodes = 0;
    this.aborted = false;
    this.deadline = limits?.deadline ?? Infinity;
    this.maxNodes = limits?.maxNodes ?? NEVER;
    this.stopFlag = limits?.stop ?? null;
    this.stopShared = this.stopFlag !== null && !(this.stopFlag.buffer instanceof ArrayBuffer);
    const limited = this.deadline !== Infinity || this.stopFlag !== null || this.maxNodes !== NEVER;
    this.nextCheck = limited ? Math.min(CHECK_NODES, this.maxNodes) : NEVER;
  }

  /** Called when the node count reaches nextCheck: whether the solve must give up (then it stays given up). */
  private interrupted(): boolean {
    if (this.aborted) return true;
    const flag = this.stopFlag;
    if (
      this.nodes >= this.maxNodes ||
      (flag !== null && (this.stopShared ? Atomics.load(flag, 0) : flag[0]) !== 0) ||
      (this.deadline !== Infinity && performance.now() >= this.deadline)
    ) {
      this.aborted = true;
      this.nextCheck = 0; // every search node now returns at once
      return true;
    }
    this.nextCheck = Math.min(this.nodes + CHECK_NODES, this.maxNodes);
    return false;
  }

  private abortedResult(): SolveResult {
    return { move: null, score: 0, nodes: this.nodes + 1, aborted: true };
  }

  /**
   * The exact score of every legal move (side-to-move view), best first; a forced pass gives one PASS entry,
   * a finished game none. Costs about one full solve per move: for analysis, not for play.
   */
  scoreMoves(pos: ReversiPosition): { move: number; score: number }[] {
    const b = new Int32Array(4);
    pos.bitboards(b);
    const [pl, ph, ol, oh] = b;
    this.clear();
    this.lastAborted = false;
    this.resumeTop = 0;
    this.weights = this.solveWeights();
    this.begin(undefined);
    const t = this.t;
    mobility(pl, ph, ol, oh, t, 0);
    let ml = t[0];
    let mh = t[1];
    const n = emptiesOf(pl, ph, ol, oh);
    const parity = parityOf(pl, ph, ol, oh);
    if ((ml | mh) === 0) {
      mobility(ol, oh, pl, ph, t, 0);
      if ((t[0] | t[1]) === 0) return [];
      return [{ move: PASS, score: 0 - this.search(ol, oh, pl, ph, -INF, INF, n, parity, 1) | 0 }];
    }
    const out: { move: number; score: number }[] = [];
    while ((ml | mh) !== 0) {
      let sq: number;
      if (ml !== 0) {
        sq = lowestBit(ml);
        ml &= ml - 1;
      } else {
        sq = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      flips(sq, pl, ph, ol, oh, t, 4);
      const fl = t[4];
      const fh = t[5];
      const v = 0 - this.search(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[sq], ph | fh | BIT_HI[sq], -INF, INF, n - 1, parity ^ QUADRANT[sq], 1);
      out.push({ move: sq, score: v | 0 });
    }
    return out.sort((a, b) => b.score - a.score || a.move - b.move);
  }

  /**
   * Reorders the root moves (n empties) by a 4-ply search on the pattern evaluation of the solve's weights, else
   * on a mobility evaluation: the first root move is solved exactly by MTD(f), which costs far more when it is
   * not the best, and fastest-first alone often misses it. On FFO #21–#44 the pattern search cut the nodes by
   * 4–14% against the mobility one (#40 −14%; 3 or 5 plies: more nodes).
   */
  private sortRoot(pl: number, ph: number, ol: number, oh: number, base: number, count: number, n: number): void {
    const w = this.weights;
    for (let i = 0; i < count; i++) {
      const sq = this.moves[base + i];
      const fl = this.flipLo[base + i];
      const fh = this.flipHi[base + i];
      this.keys[base + i] = 0 - this.estimate(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[sq], ph | fh | BIT_HI[sq], ROOT_SORT_DEPTH, -EST_INF, EST_INF, w, n - 1);
    }
    for (let i = 1; i < count; i++) {
      const sq = this.moves[base + i];
      const key = this.keys[base + i];
      const fl = this.flipLo[base + i];
      const fh = this.flipHi[base + i];
      let j = i;
      while (j > 0 && this.keys[base + j - 1] < key) {
        this.moves[base + j] = this.moves[base + j - 1];
        this.keys[base + j] = this.keys[base + j - 1];
        this.flipLo[base + j] = this.flipLo[base + j - 1];
        this.flipHi[base + j] = this.flipHi[base + j - 1];
        j--;
      }
      this.moves[base + j] = sq;
      this.keys[base + j] = key;
      this.flipLo[base + j] = fl;
      this.flipHi[base + j] = fh;
    }
  }

  /**
   * Negamax with alpha-beta to `depth` plies, side-to-move view, n the position's empties: on the pattern evaluation
   * when weights w are given (a finished game scores 100 per disc of its final margin), else on a mobility evaluation
   * (own replies minus the opponent's, corners twice, plus held corners; a finished game 1,000 per disc).
   */
  private estimate(pl: number, ph: number, ol: number, oh: number, depth: number, alpha: number, beta: number, w: Int16Array | null, n: number): number {
    const e = this.est;
    const at = depth * 8;
    mobility(pl, ph, ol, oh, e, at);
    let ml = e[at];
    let mh = e[at + 1];
    if (w !== null && depth === 0) {
      mobility(ol, oh, pl, ph, e, at + 2);
      return patternSum(this.patterns2, w, stageOf(n) * LAYOUT.stageSize, pl, ph, ol, oh, pop2(ml, mh), pop2(e[at + 2], e[at + 3]));
    }
    if (depth === 0 || (ml | mh) === 0) {
      mobility(ol, oh, pl, ph, e, at + 2);
      const rl = e[at + 2];
      const rh = e[at + 3];
      if ((ml | mh | rl | rh) === 0) return finalScore(pl, ph, ol, oh) * (w !== null ? 100 : 1000);
      if ((ml | mh) === 0 && depth > 0) return 0 - this.estimate(ol, oh, pl, ph, depth - 1, 0 - beta, 0 - alpha, w, n);
      const mine = popcount(ml) + popcount(mh) + popcount(ml & CORNERS_LO) + popcount(mh & CORNERS_HI);
      const theirs = popcount(rl) + popcount(rh) + popcount(rl & CORNERS_LO) + popcount(rh & CORNERS_HI);
      const corners = popcount(pl & CORNERS_LO) + popcount(ph & CORNERS_HI) - popcount(ol & CORNERS_LO) - popcount(oh & CORNERS_HI);
      return (mine - theirs) * 10 + corners * 100;
    }
    let best = -EST_INF;
    while ((ml | mh) !== 0) {
      let sq: number;
      if (ml !== 0) {
        sq = lowestBit(ml);
        ml &= ml - 1;
      } else {
        sq = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      flips(sq, pl, ph, ol, oh, e, at + 4);
      const fl = e[at + 4];
      const fh = e[at + 5];
      const v = 0 - this.estimate(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[sq], ph | fh | BIT_HI[sq], depth - 1, 0 - beta, 0 - alpha, w, n - 1);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  private clear(): void {
    // Every entry stored so far belongs to an older generation now; 0 is never one (a fresh table is all free).
    this.generation = (this.generation + 1) | 0 || 1;
  }

  /**
   * Fills the move list of level n with the legal moves (mobility mask ml, mh), their flips, sorted best first:
   * the hash move, then fewest opponent replies (corners count twice, corners held count against), then fewest
   * potential replies, then odd-parity quadrants; from EVAL_EMPTIES empties on, with the weights of the solve,
   * plus the child's pattern evaluation for the opponent (its patterns and both sides' move counts), and from
   * REPLY_EMPTIES on that of the opponent's best reply instead (evalReply).
   */
  private orderMoves(pl: number, ph: number, ol: number, oh: number, ml: number, mh: number, n: number, parity: number, hashMove: number): number {
    const base = n * LIST;
    const t = this.t;
    const w = n >= EVAL_EMPTIES ? this.weights : null;
    // The children's stage (their parity entry is the same for all, so it is left out).
    const stage = w !== null ? stageOf(n - 1) * LAYOUT.stageSize : 0;
    if (((ml & (ml - 1)) | (mh & (mh - 1))) === 0 && (ml === 0 || mh === 0)) {
      // A single move has no order to find: its flips alone.
      const sq = ml !== 0 ? lowestBit(ml) : 32 + lowestBit(mh);
      flips(sq, pl, ph, ol, oh, t, 0);
      this.moves[base] = sq;
      this.flipLo[base] = t[0];
      this.flipHi[base] = t[1];
      return 1;
    }
    let count = 0;
    while ((ml | mh) !== 0) {
      let sq: number;
      if (ml !== 0) {
        sq = lowestBit(ml);
        ml &= ml - 1;
      } else {
        sq = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      flips(sq, pl, ph, ol, oh, t, 0);
      const fl = t[0];
      const fh = t[1];
      let key: number;
      if (sq === hashMove) key = -1 << 20;
      else {
        const npl = pl | fl | BIT_LO[sq];
        const nph = ph | fh | BIT_HI[sq];
        const nol = ol ^ fl;
        const noh = oh ^ fh;
        mobility(nol, noh, npl, nph, t, 2);
        const rl = t[2];
        const rh = t[3];
        if ((rl | rh) === 0 && (nol | noh) === 0) key = -1 << 19;
        else {
          const replies = pop2(rl, rh) + cornersOf(rl, rh);
          // Corners the mover holds after the move weigh against half a reply each: they never flip back.
          const corners = cornersOf(npl, nph);
          key = (replies << 8) - (corners << 7) + potential(npl, nph, ~(npl | nol), ~(nph | noh)) * 2 + (parity & QUADRANT[sq] ? 0 : 1);
          if (w !== null && n >= REPLY_EMPTIES) {
            // The opponent's best reply by the evaluation: the better for them, the later.
            key += (this.evalReply(nol, noh, npl, nph, rl, rh, w, stageOf(n - 2) * LAYOUT.stageSize) * REPLY_WEIGHT) >> 8;
          } else if (w !== null) {
            // The child's pattern evaluation for its mover, the opponent: the better for them, the later.
            mobility(npl, nph, nol, noh, t, 2);
            const v = patternSum(this.patterns, w, stage, nol, noh, npl, nph, pop2(rl, rh), pop2(t[2], t[3]));
            key += (v * EVAL_WEIGHT) >> 8;
          }
        }
      }
      // Insertion sort by key: lists are short.
      let j = count++;
      while (j > 0 && this.keys[base + j - 1] > key) {
        this.moves[base + j] = this.moves[base + j - 1];
        this.keys[base + j] = this.keys[base + j - 1];
        this.flipLo[base + j] = this.flipLo[base + j - 1];
        this.flipHi[base + j] = this.flipHi[base + j - 1];
        j--;
      }
      this.moves[base + j] = sq;
      this.keys[base + j] = key;
      this.flipLo[base + j] = fl;
      this.flipHi[base + j] = fh;
    }
    return count;
  }

  /**
   * The pattern evaluation (weights w at stage offset `stage`, that of the positions after the moves) of the
   * best move of (pl, ph) to move, whose moves are (ml, mh): the most, over its moves, of minus the evaluation
   * for the other side (patterns and both sides' move counts); when it has none, minus the evaluation of the
   * board for the other side, who moves again.
   */
  private evalReply(pl: number, ph: number, ol: number, oh: number, ml: number, mh: number, w: Int16Array, stage: number): number {
    const t = this.t;
    const pi = this.patterns2;
    if ((ml | mh) === 0) {
      // It passes: minus the evaluation of the same board for the other side, who moves again.
      mobility(ol, oh, pl, ph, t, 4);
      return -patternSum(pi, w, stage, ol, oh, pl, ph, pop2(t[4], t[5]), 0);
    }
    let best = -EST_INF;
    while ((ml | mh) !== 0) {
      let sq: number;
      if (ml !== 0) {
        sq = lowestBit(ml);
        ml &= ml - 1;
      } else {
        sq = 32 + lowestBit(mh);
        mh &= mh - 1;
      }
      flips(sq, pl, ph, ol, oh, t, 4);
      const fl = t[4];
      const fh = t[5];
      const npl = pl | fl | BIT_LO[sq];
      const nph = ph | fh | BIT_HI[sq];
      const nol = ol ^ fl;
      const noh = oh ^ fh;
      mobility(nol, noh, npl, nph, t, 4);
      const my = pop2(t[4], t[5]);
      mobility(npl, nph, nol, noh, t, 4);
      const v = patternSum(pi, w, stage, nol, noh, npl, nph, my, pop2(t[4], t[5]));
      if (0 - v > best) best = 0 - v;
    }
    return best;
  }

  /**
   * Fail-soft negamax with a hash table and sorted moves, for positions with more than SHALLOW empties; ply is
   * the frame's distance from the root (its index in the suspended path).
   */
  private search(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, n: number, parity: number, ply: number): number {
    if (n <= SHALLOW) return this.shallow(pl, ph, ol, oh, alpha, beta, n, parity);
    const base = n * LIST;
    let slot: number;
    let searchedAlpha: number;
    let count: number;
    let first: number;
    let best: number;
    let bestMove: number;
    // A null-window value whose re-search is due (only when resuming one).
    let pending = NO_VALUE;
    if (this.resumeTop > ply) {
      // On the suspended path of an aborted call: already counted, checked, probed and ordered; go on with the
      // child in progress, with the bounds as they were then.
      if (this.resumeTop === ply + 1) this.resumeTop = 0;
      if (this.fKind[ply] === FRAME_PASS) {
        const v = 0 - this.search(ol, oh, pl, ph, 0 - beta, 0 - alpha, n, parity, ply + 1);
        if (this.aborted) return this.suspendPass(ply);
        return v;
      }
      first = this.fIndex[ply];
      count = this.fCount[ply];
      alpha = this.fAlpha[ply];
      beta = this.fBeta[ply];
      searchedAlpha = this.fSearchedAlpha[ply];
      slot = this.fSlot[ply];
      best = this.fBest[ply];
      bestMove = this.fBestMove[ply];
      if (this.fPhase[ply] === PHASE_RESEARCH) pending = this.fValue[ply];
    } else {
      // Limits of an interruptible solve; once given up, every node returns at once and nothing is stored.
      if (this.nodes >= this.nextCheck && this.interrupted()) return 0;
      this.nodes++;
      // Stability cutoff; skipped at once when even all the opponent's discs being stable would not cut.
      if (alpha >= STABILITY_THRESHOLD[n] && 64 - 2 * pop2(ol, oh) <= alpha) {
        const bound = 64 - 2 * stableCount(ol, oh, pl, ph);
        if (bound <= alpha) return bound;
      }
      const t = this.t;
      mobility(pl, ph, ol, oh, t, 0);
      const ml = t[0];
      const mh = t[1];
      if ((ml | mh) === 0) {
        mobility(ol, oh, pl, ph, t, 0);
        if ((t[0] | t[1]) === 0) return finalScore(pl, ph, ol, oh);
        const v = 0 - this.search(ol, oh, pl, ph, 0 - beta, 0 - alpha, n, parity, ply + 1);
        if (this.aborted) return this.suspendPass(ply);
        return v;
      }
      slot = -1;
      let hashMove = -1;
      if (n >= HASHED) {
        slot = this.probe(pl, ph, ol, oh);
        if (slot >= 0) {
          const bounds = this.table[slot + 4];
          const lower = (bounds << 24) >> 24;
          const upper = (bounds << 16) >> 24;
          if (lower >= beta) return lower;
          if (upper <= alpha) return upper;
          if (lower === upper) return lower;
          if (lower > alpha) alpha = lower;
          if (upper < beta) beta = upper;
          hashMove = (bounds << 8) >> 24;
        }
      }
      searchedAlpha = alpha;
      count = this.orderMoves(pl, ph, ol, oh, ml, mh, n, parity, hashMove);
      first = 0;
      best = -INF;
      bestMove = this.moves[base];
      if (n > ETC) {
        // Enhanced transposition cutoff: a child already known to be bad enough for the opponent refutes at once.
        // Its arithmetic runs for every child (a miss reads entry 0, unused), and a cutoff only moves values and
        // skips the move loop to the common store: code first run by a cutoff deep in a solve would deoptimize
        // search, and every frame of the recursion with it.
        for (let i = 0; i < count; i++) {
          const sq = this.moves[base + i];
          const fl = this.flipLo[base + i];
          const fh = this.flipHi[base + i];
          const c = this.probe(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[sq], ph | fh | BIT_HI[sq]);
          const v = 0 - ((this.table[(c >= 0 ? c : 0) + 4] << 16) >> 24);
          if (v >= beta && c >= 0) {
            best = v;
            bestMove = sq;
            first = count;
            break;
          }
        }
      }
    }
    for (let i = first; i < count; i++) {
      const sq = this.moves[base + i];
      const fl = this.flipLo[base + i];
      const fh = this.flipHi[base + i];
      const cpl = ol ^ fl;
      const cph = oh ^ fh;
      const col = pl | fl | BIT_LO[sq];
      const coh = ph | fh | BIT_HI[sq];
      const cpar = parity ^ QUADRANT[sq];
      let v: number;
      if (i === 0 || beta - alpha === 1) {
        v = 0 - this.search(cpl, cph, col, coh, 0 - beta, 0 - alpha, n - 1, cpar, ply + 1);
        if (this.aborted) return this.suspend(ply, i, PHASE_FIRST, 0, count, alpha, beta, searchedAlpha, slot, best, bestMove);
      } else {
        if (pending === NO_VALUE) {
          v = 0 - this.search(cpl, cph, col, coh, 0 - alpha - 1, 0 - alpha, n - 1, cpar, ply + 1);
          if (this.aborted) return this.suspend(ply, i, PHASE_FIRST, 0, count, alpha, beta, searchedAlpha, slot, best, bestMove);
        } else {
          v = pending;
          pending = NO_VALUE;
        }
        // The probe proved a lower bound v: the re-search window starts just below it.
        if (v > alpha && v < beta) {
          const w = 0 - this.search(cpl, cph, col, coh, 0 - beta, 0 - (v - 1), n - 1, cpar, ply + 1);
          if (this.aborted) return this.suspend(ply, i, PHASE_RESEARCH, v, count, alpha, beta, searchedAlpha, slot, best, bestMove);
          v = w;
        }
      }
      if (v > best) {
        best = v;
        bestMove = sq;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    // Every child that a limit stopped returned above: best is proven.
    if (n >= HASHED) this.store(slot, pl, ph, ol, oh, n, searchedAlpha, beta, best, bestMove);
    return best;
  }

  /** Index (in table) of the entry holding this board, else -2 - the index of its bucket's first entry. */
  private probe(pl: number, ph: number, ol: number, oh: number): number {
    let h = Math.imul(pl, 0x9e3779b1) ^ Math.imul(ph ^ (ph >>> 16), 0x85ebca77);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(ol, 0xc2b2ae3d) ^ Math.imul(oh ^ (oh >>> 13), 0x27d4eb2f);
    h ^= h >>> 13;
    h = Math.imul(h, 0x165667b1);
    h ^= h >>> 16;
    const t = this.table;
    const g = this.generation;
    const a = (h & this.mask) * (2 * ENTRY);
    const b = a + ENTRY;
    if (t[a] === pl && t[a + 1] === ph && t[a + 2] === ol && t[a + 3] === oh && t[a + 5] === g) return a;
    if (t[b] === pl && t[b + 1] === ph && t[b + 2] === ol && t[b + 3] === oh && t[b + 5] === g) return b;
    // Not found: the caller stores into the deeper-preferred slot a when it is free or shallower, else b.
    return -2 - a;
  }

  private store(slot: number, pl: number, ph: number, ol: number, oh: number, n: number, alpha: number, beta: number, best: number, move: number): void {
    const t = this.table;
    let lower: number;
    let upper: number;
    if (slot >= 0) {
      const bounds = t[slot + 4];
      lower = (bounds << 24) >> 24;
      upper = (bounds << 16) >> 24;
    } else {
      const a = -2 - slot;
      // The first entry unless it holds a deeper position of this generation.
      slot = t[a + 5] !== this.generation || t[a + 4] >>> 24 <= n ? a : a + ENTRY;
      lower = -INF;
      upper = INF;
    }
    if (best <= alpha) upper = best < upper ? best : upper;
    else if (best >= beta) lower = best > lower ? best : lower;
    else lower = upper = best;
    t[slot] = pl;
    t[slot + 1] = ph;
    t[slot + 2] = ol;
    t[slot + 3] = oh;
    t[slot + 4] = (lower & 0xff) | ((upper & 0xff) << 8) | ((move & 0xff) << 16) | (n << 24);
    t[slot + 5] = this.generation;
  }

  /** Negamax over the empty squares directly (odd-parity quadrants first), for the last SHALLOW empties. */
  private shallow(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, n: number, parity: number): number {
    const el = ~(pl | ol);
    const eh = ~(ph | oh);
    if (n === 2) {
      let x1: number;
      let x2: number;
      if (el !== 0) {
        x1 = lowestBit(el);
        const rest = el & (el - 1);
        x2 = rest !== 0 ? lowestBit(rest) : 32 + lowestBit(eh);
      } else {
        x1 = 32 + lowestBit(eh);
        x2 = 32 + lowestBit(eh & (eh - 1));
      }
      return this.two(pl, ph, ol, oh, alpha, beta, x1, x2);
    }
    if (n === 1) {
      const d = popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh);
      return this.last(d, pl, ph, ol, oh, el !== 0 ? lowestBit(el) : 32 + lowestBit(eh));
    }
    if (n >= 3 && n <= 5) {
      // The three to five empties, for the written-out solvers.
      let xl = el;
      let xh = eh;
      let s1 = -1;
      let s2 = -1;
      let s3 = -1;
      let s4 = -1;
      let s5 = -1;
      while ((xl | xh) !== 0) {
        let x: number;
        if (xl !== 0) {
          x = lowestBit(xl);
          xl &= xl - 1;
        } else {
          x = 32 + lowestBit(xh);
          xh &= xh - 1;
        }
        if (s1 < 0) s1 = x;
        else if (s2 < 0) s2 = x;
        else if (s3 < 0) s3 = x;
        else if (s4 < 0) s4 = x;
        else s5 = x;
      }
      if (n === 3) return this.sortedThree(pl, ph, ol, oh, alpha, beta, parity, s1, s2, s3);
      if (n === 4) return this.four(pl, ph, ol, oh, alpha, beta, parity, s1, s2, s3, s4);
      return this.five(pl, ph, ol, oh, alpha, beta, parity, s1, s2, s3, s4, s5);
    }
    this.nodes++;
    // Stability cutoff; skipped at once when even all the opponent's discs being stable would not cut.
    if (alpha >= STABILITY_THRESHOLD[n] && 64 - 2 * pop2(ol, oh) <= alpha) {
      const bound = 64 - 2 * stableCount(ol, oh, pl, ph);
      if (bound <= alpha) return bound;
    }
    const t = this.t;
    let best = -INF;
    const order = parity * 6;
    for (let round = 0; round < 6; round++) {
      let xl = el & ORDER_LO[order + round];
      let xh = eh & ORDER_HI[order + round];
      while ((xl | xh) !== 0) {
        let sq: number;
        if (xl !== 0) {
          sq = lowestBit(xl);
          xl &= xl - 1;
        } else {
          sq = 32 + lowestBit(xh);
          xh &= xh - 1;
        }
        if (((ol & NEIGHBOUR_LO[sq]) | (oh & NEIGHBOUR_HI[sq])) === 0) continue;
        flips(sq, pl, ph, ol, oh, t, 4);
        const fl = t[4];
        const fh = t[5];
        if ((fl | fh) === 0) continue;
        const v = 0 - this.shallow(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[sq], ph | fh | BIT_HI[sq], 0 - beta, 0 - alpha, n - 1, parity ^ QUADRANT[sq]);
        if (v > best) {
          best = v;
          if (v > alpha) {
            alpha = v;
            if (alpha >= beta) return best;
          }
        }
      }
    }
    if (best !== -INF) return best;
    // No move: pass if the opponent can move, else the game is over.
    mobility(ol, oh, pl, ph, t, 4);
    if ((t[4] | t[5]) === 0) return finalScore(pl, ph, ol, oh);
    return 0 - this.shallow(ol, oh, pl, ph, 0 - beta, 0 - alpha, n, parity);
  }

  /**
   * Three empties s1, s2, s3 put in the order the rounds of shallow would try them (by rank: parity, then square
   * class; then by index), for three.
   */
  private sortedThree(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, parity: number, s1: number, s2: number, s3: number): number {
    let a = ((parity & QUADRANT[s1] ? 0 : 3) + SQUARE_CLASS[s1]) * 64 + s1;
    let b = ((parity & QUADRANT[s2] ? 0 : 3) + SQUARE_CLASS[s2]) * 64 + s2;
    let c = ((parity & QUADRANT[s3] ? 0 : 3) + SQUARE_CLASS[s3]) * 64 + s3;
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    if (b > c) {
      const t = b;
      b = c;
      c = t;
    }
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    return this.three(pl, ph, ol, oh, alpha, beta, a & 63, b & 63, c & 63);
  }

  /**
   * Five empties (any order in): each tried in the parity order of shallow, its child solved by four with the
   * other four squares (no collecting them from the board), passes included, no lists.
   */
  private five(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, parity: number, s1: number, s2: number, s3: number, s4: number, s5: number): number {
    this.nodes++;
    // Stability cutoff; skipped at once when even all the opponent's discs being stable would not cut.
    if (alpha >= STABILITY_THRESHOLD[5] && 64 - 2 * pop2(ol, oh) <= alpha) {
      const bound = 64 - 2 * stableCount(ol, oh, pl, ph);
      if (bound <= alpha) return bound;
    }
    // Sorted by rank and index, as the rounds of shallow try them (insertion into five words).
    const k = this.five5;
    k[0] = ((parity & QUADRANT[s1] ? 0 : 3) + SQUARE_CLASS[s1]) * 64 + s1;
    k[1] = ((parity & QUADRANT[s2] ? 0 : 3) + SQUARE_CLASS[s2]) * 64 + s2;
    k[2] = ((parity & QUADRANT[s3] ? 0 : 3) + SQUARE_CLASS[s3]) * 64 + s3;
    k[3] = ((parity & QUADRANT[s4] ? 0 : 3) + SQUARE_CLASS[s4]) * 64 + s4;
    k[4] = ((parity & QUADRANT[s5] ? 0 : 3) + SQUARE_CLASS[s5]) * 64 + s5;
    for (let i = 1; i < 5; i++) {
      const key = k[i];
      let j = i;
      while (j > 0 && k[j - 1] > key) {
        k[j] = k[j - 1];
        j--;
      }
      k[j] = key;
    }
    const f = this.t;
    let best = -INF;
    for (let i = 0; i < 5; i++) {
      const x = k[i] & 63;
      if (((ol & NEIGHBOUR_LO[x]) | (oh & NEIGHBOUR_HI[x])) === 0) continue;
      flips(x, pl, ph, ol, oh, f, 4);
      const fl = f[4];
      const fh = f[5];
      if ((fl | fh) === 0) continue;
      // The other four squares (four sorts them itself).
      const v = 0 - this.four(
        ol ^ fl,
        oh ^ fh,
        pl | fl | BIT_LO[x],
        ph | fh | BIT_HI[x],
        0 - beta,
        0 - alpha,
        parity ^ QUADRANT[x],
        k[i === 0 ? 1 : 0] & 63,
        k[i <= 1 ? 2 : 1] & 63,
        k[i <= 2 ? 3 : 2] & 63,
        k[i <= 3 ? 4 : 3] & 63,
      );
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return best;
        }
      }
    }
    if (best !== -INF) return best;
    // No move: pass if the opponent can move, else the game is over.
    mobility(ol, oh, pl, ph, f, 4);
    if ((f[4] | f[5]) === 0) return finalScore(pl, ph, ol, oh);
    return 0 - this.five(ol, oh, pl, ph, 0 - beta, 0 - alpha, parity, s1, s2, s3, s4, s5);
  }

  /**
   * Four empties (any order in): each tried in the parity order of shallow, its child solved by sortedThree,
   * passes included, no lists.
   */
  private four(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, parity: number, s1: number, s2: number, s3: number, s4: number): number {
    this.nodes++;
    // Stability cutoff; skipped at once when even all the opponent's discs being stable would not cut.
    if (alpha >= STABILITY_THRESHOLD[4] && 64 - 2 * pop2(ol, oh) <= alpha) {
      const bound = 64 - 2 * stableCount(ol, oh, pl, ph);
      if (bound <= alpha) return bound;
    }
    // Sort the four by rank and index (a sorting network of five compare-exchanges).
    let a = ((parity & QUADRANT[s1] ? 0 : 3) + SQUARE_CLASS[s1]) * 64 + s1;
    let b = ((parity & QUADRANT[s2] ? 0 : 3) + SQUARE_CLASS[s2]) * 64 + s2;
    let c = ((parity & QUADRANT[s3] ? 0 : 3) + SQUARE_CLASS[s3]) * 64 + s3;
    let d = ((parity & QUADRANT[s4] ? 0 : 3) + SQUARE_CLASS[s4]) * 64 + s4;
    let t: number;
    if (a > b) {
      t = a;
      a = b;
      b = t;
    }
    if (c > d) {
      t = c;
      c = d;
      d = t;
    }
    if (a > c) {
      t = a;
      a = c;
      c = t;
    }
    if (b > d) {
      t = b;
      b = d;
      d = t;
    }
    if (b > c) {
      t = b;
      b = c;
      c = t;
    }
    const x1 = a & 63;
    const x2 = b & 63;
    const x3 = c & 63;
    const x4 = d & 63;
    const f = this.t;
    let best = -INF;
    for (let i = 0; i < 4; i++) {
      const x = i === 0 ? x1 : i === 1 ? x2 : i === 2 ? x3 : x4;
      if (((ol & NEIGHBOUR_LO[x]) | (oh & NEIGHBOUR_HI[x])) === 0) continue;
      flips(x, pl, ph, ol, oh, f, 4);
      const fl = f[4];
      const fh = f[5];
      if ((fl | fh) === 0) continue;
      const cpl = ol ^ fl;
      const cph = oh ^ fh;
      const col = pl | fl | BIT_LO[x];
      const coh = ph | fh | BIT_HI[x];
      const cpar = parity ^ QUADRANT[x];
      const v =
        i === 0
          ? 0 - this.sortedThree(cpl, cph, col, coh, 0 - beta, 0 - alpha, cpar, x2, x3, x4)
          : i === 1
            ? 0 - this.sortedThree(cpl, cph, col, coh, 0 - beta, 0 - alpha, cpar, x1, x3, x4)
            : i === 2
              ? 0 - this.sortedThree(cpl, cph, col, coh, 0 - beta, 0 - alpha, cpar, x1, x2, x4)
              : 0 - this.sortedThree(cpl, cph, col, coh, 0 - beta, 0 - alpha, cpar, x1, x2, x3);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return best;
        }
      }
    }
    if (best !== -INF) return best;
    // No move: pass if the opponent can move, else the game is over.
    mobility(ol, oh, pl, ph, f, 4);
    if ((f[4] | f[5]) === 0) return finalScore(pl, ph, ol, oh);
    return 0 - this.four(ol, oh, pl, ph, 0 - beta, 0 - alpha, parity, x1, x2, x3, x4);
  }

  /**
   * Three empties, tried in the order x1, x2, x3 (the parity order of shallow): each move written out, its
   * child solved by two with the other two squares in index order, passes included, no lists.
   */
  private three(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, x1: number, x2: number, x3: number): number {
    this.nodes++;
    // Stability cutoff; skipped at once when even all the opponent's discs being stable would not cut.
    if (alpha >= STABILITY_THRESHOLD[3] && 64 - 2 * pop2(ol, oh) <= alpha) {
      const bound = 64 - 2 * stableCount(ol, oh, pl, ph);
      if (bound <= alpha) return bound;
    }
    const t = this.t;
    let best = -INF;
    let fl = 0;
    let fh = 0;
    if (((ol & NEIGHBOUR_LO[x1]) | (oh & NEIGHBOUR_HI[x1])) !== 0) {
      flips(x1, pl, ph, ol, oh, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const v = 0 - this.two(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[x1], ph | fh | BIT_HI[x1], 0 - beta, 0 - alpha, x2 < x3 ? x2 : x3, x2 < x3 ? x3 : x2);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return best;
        }
      }
    }
    fl = 0;
    fh = 0;
    if (((ol & NEIGHBOUR_LO[x2]) | (oh & NEIGHBOUR_HI[x2])) !== 0) {
      flips(x2, pl, ph, ol, oh, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const v = 0 - this.two(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[x2], ph | fh | BIT_HI[x2], 0 - beta, 0 - alpha, x1 < x3 ? x1 : x3, x1 < x3 ? x3 : x1);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return best;
        }
      }
    }
    fl = 0;
    fh = 0;
    if (((ol & NEIGHBOUR_LO[x3]) | (oh & NEIGHBOUR_HI[x3])) !== 0) {
      flips(x3, pl, ph, ol, oh, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const v = 0 - this.two(ol ^ fl, oh ^ fh, pl | fl | BIT_LO[x3], ph | fh | BIT_HI[x3], 0 - beta, 0 - alpha, x1 < x2 ? x1 : x2, x1 < x2 ? x2 : x1);
      if (v > best) best = v;
    }
    if (best !== -INF) return best;
    // No move: pass if the opponent can move, else the game is over.
    mobility(ol, oh, pl, ph, t, 4);
    if ((t[4] | t[5]) === 0) return finalScore(pl, ph, ol, oh);
    return 0 - this.three(ol, oh, pl, ph, 0 - beta, 0 - alpha, x1, x2, x3);
  }

  /** Two empties x1, x2: both orders written out, passes included, no lists. */
  private two(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, x1: number, x2: number): number {
    this.nodes++;
    const t = this.t;
    // A move leaves 63 discs: the child's mover, with c of them, leads by 2c - 63.
    let best = -INF;
    let fl = 0;
    let fh = 0;
    if (((ol & NEIGHBOUR_LO[x1]) | (oh & NEIGHBOUR_HI[x1])) !== 0) {
      flips(x1, pl, ph, ol, oh, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const cpl = ol ^ fl;
      const cph = oh ^ fh;
      best = 0 - this.last(2 * pop2(cpl, cph) - 63, cpl, cph, pl | fl | BIT_LO[x1], ph | fh | BIT_HI[x1], x2);
      if (best >= beta) return best;
    }
    fl = 0;
    fh = 0;
    if (((ol & NEIGHBOUR_LO[x2]) | (oh & NEIGHBOUR_HI[x2])) !== 0) {
      flips(x2, pl, ph, ol, oh, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const cpl = ol ^ fl;
      const cph = oh ^ fh;
      const v = 0 - this.last(2 * pop2(cpl, cph) - 63, cpl, cph, pl | fl | BIT_LO[x2], ph | fh | BIT_HI[x2], x1);
      if (v > best) best = v;
    }
    if (best !== -INF) return best;
    // The side to move passes: the opponent picks the square worst for us.
    fl = 0;
    fh = 0;
    if (((pl & NEIGHBOUR_LO[x1]) | (ph & NEIGHBOUR_HI[x1])) !== 0) {
      flips(x1, ol, oh, pl, ph, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const cpl = pl ^ fl;
      const cph = ph ^ fh;
      best = this.last(2 * pop2(cpl, cph) - 63, cpl, cph, ol | fl | BIT_LO[x1], oh | fh | BIT_HI[x1], x2);
    }
    fl = 0;
    fh = 0;
    if (((pl & NEIGHBOUR_LO[x2]) | (ph & NEIGHBOUR_HI[x2])) !== 0) {
      flips(x2, ol, oh, pl, ph, t, 4);
      fl = t[4];
      fh = t[5];
    }
    if ((fl | fh) !== 0) {
      const cpl = pl ^ fl;
      const cph = ph ^ fh;
      const v = this.last(2 * pop2(cpl, cph) - 63, cpl, cph, ol | fl | BIT_LO[x2], oh | fh | BIT_HI[x2], x1);
      if (best === -INF || v < best) best = v;
    }
    if (best !== -INF) return best;
    // Nobody can move. finalScore (inlined) brings the type feedback of its other callers: arithmetic of its own
    // here, first run deep inside a solve, would deoptimize two.
    return finalScore(pl, ph, ol, oh);
  }

  /**
   * The exact score with one empty square left, given the disc difference d of the side to move: whoever can
   * plays it, else the game ends as it stands.
   */
  private last(d: number, pl: number, ph: number, ol: number, oh: number, sq: number): number {
    this.nodes++;
    let f = lastFlipCount(sq, pl, ph);
    if (f !== 0) return d + 2 * f + 1;
    // The opponent flips nothing unless a neighbour of sq holds one of the mover's discs.
    f = ((pl & NEIGHBOUR_LO[sq]) | (ph & NEIGHBOUR_HI[sq])) !== 0 ? lastFlipCount(sq, ol, oh) : 0;
    if (f !== 0) return d - 2 * f - 1;
    return d > 0 ? d + 1 : d < 0 ? d - 1 : 0;
  }
}

/** Number of empty squares. */
function emptiesOf(pl: number, ph: number, ol: number, oh: number): number {
  return 64 - popcount(pl | ol) - popcount(ph | oh);
}

/** Quadrants with an odd number of empties, as a 4-bit set. */
function parityOf(pl: number, ph: number, ol: number, oh: number): number {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  return (
    (popcount(el & 0x0f0f0f0f) & 1) |
    ((popcount(el & 0xf0f0f0f0) & 1) << 1) |
    ((popcount(eh & 0x0f0f0f0f) & 1) << 2) |
    ((popcount(eh & 0xf0f0f0f0) & 1) << 3)
  );
}

/** Empty squares next to the mover's discs: the opponent's potential replies (the fewer, the better). */
function potential(pl: number, ph: number, el: number, eh: number): number {
  // Sources that may step east (not on column H) and west (not on column A), so rows never wrap.
  const el1 = pl & 0x7f7f7f7f;
  const eh1 = ph & 0x7f7f7f7f;
  const wl1 = pl & 0xfefefefe;
  const wh1 = ph & 0xfefefefe;
  const nl = (pl << 8) | (pl >>> 8) | (ph << 24) | (el1 << 1) | (el1 << 9) | (el1 >>> 7) | (eh1 << 25) | (wl1 >>> 1) | (wl1 >>> 9) | (wh1 << 23) | (wl1 << 7);
  const nh = (ph << 8) | (ph >>> 8) | (pl >>> 24) | (eh1 << 1) | (eh1 << 9) | (el1 >>> 23) | (eh1 >>> 7) | (wh1 >>> 1) | (wh1 >>> 9) | (wh1 << 7) | (wl1 >>> 25);
  return pop2(nl & el, nh & eh);
}

/** Solves a position exactly with a fresh solver (allocates the table: reuse an EndgameSolver for many solves). */
export function solveEndgame(pos: ReversiPosition, options: SolverOptions = {}, limits?: SolveLimits): SolveResult {
  return new EndgameSolver(options).solve(pos, limits);
}

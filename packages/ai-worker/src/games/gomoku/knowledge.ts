import { MAX_MOVES, gomokuPatterns, type GomokuPosition, type Position } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';
import { COMBOS, EVAL_KINDS, EVAL_SIDE, LINE_VALUE, PointValues, fittedTables, layoutOf } from './point-values.js';
import { ThreatInterrupt, VcfSolver } from './vcf.js';

const P = gomokuPatterns;

// Local copies: pattern kinds are read millions of times, and a namespace lookup per read costs (see patterns.ts).
const FOUR = P.FOUR;
const OPEN_FOUR = P.OPEN_FOUR;
const FIVE_VALUE = LINE_VALUE[P.FIVE];

/** How many forced blocks in a row a leaf evaluation plays out (a chain of fours answered by blocks). */
const FORCED_BLOCKS = 4;

/** An evaluation beyond the patterns: the side to move completes a five, or cannot stop one. */
const WON = 5_000_000;
/** The side to move has an unanswered open three (or four-three) with nothing sharper against it. */
const WINNING = 500_000;

/** The pattern evaluation stays below the threat scores (WINNING). */
const MAX_PATTERN_EVAL = 400_000;

/** What a stone of either colour would make on each empty point, kept between positions (see PointValues). */
const values = new PointValues();

/**
 * The per-position scan both hooks use: the empty points within two lines of a stone, with what each is worth
 * to the side to move (attack) and to the opponent (defence). Kept in module buffers: no allocation per node.
 */
class Scan {
  readonly points = new Int32Array(MAX_MOVES);
  readonly attack = new Int32Array(MAX_MOVES);
  readonly defence = new Int32Array(MAX_MOVES);
  /** The strongest pattern kind each point makes for the side to move and for the opponent. */
  readonly attackKind = new Uint8Array(MAX_MOVES);
  readonly defenceKind = new Uint8Array(MAX_MOVES);
  /** Whether the opponent has an open three (a point making a straight four). */
  opOpenThree = false;
  private stamp = new Int32Array(0);
  private gen = 0;
  count = 0;
  /** Points where the side to move would make a four (or better): where a VCF of its own would start. */
  myFours = 0;
  /** Points where the side to move / the opponent would complete a five. */
  myFives = 0;
  opFives = 0;
  opFivePoint = -1;
  /** Best attack and defence values. */
  bestAttack = 0;
  bestDefence = 0;
  /** The evaluation's sum over the points, both colours (their fitted per-point worth). */
  evalSum = 0;

  /**
   * Scans `g`: with `listed`, the points in the order the ranking reads them (the stones' neighbours, stone by
   * stone, as the search has always seen them, so that equal keys keep their order); without, the board's points
   * in order, for the evaluation, which reads only the totals (the cheaper walk: no stamps, no neighbour lists).
   */
  run(g: GomokuPosition, listed: boolean): void {
    values.sync(g);
    const cells = g.cells;
    const me = g.currentPlayer();
    this.count = 0;
    this.myFours = 0;
    this.myFives = 0;
    this.opFives = 0;
    this.opFivePoint = -1;
    this.bestAttack = 0;
    this.bestDefence = 0;
    this.evalSum = 0;
    this.opOpenThree = false;
    const points = g.geo.points;
    if (!listed) {
      const nearStones = values.nearStones;
      for (let i = 0; i < points.length; i++) {
        const p = points[i];
        if (cells[p] === 0 && nearStones[p] !== 0) this.add(p, me);
      }
      return;
    }
    const { near, nearCount } = layoutOf(g);
    if (this.stamp.length < cells.length) this.stamp = new Int32Array(cells.length);
    const stamp = this.stamp;
    const gen = ++this.gen;
    for (let i = 0; i < points.length; i++) {
      const s = points[i];
      const c = cells[s];
      if (c !== 1 && c !== 2) continue;
      const base = s * 24;
      for (let k = 0, end = nearCount[s]; k < end; k++) {
        const p = near[base + k];
        if (cells[p] !== 0 || stamp[p] === gen) continue;
        stamp[p] = gen;
        this.add(p, me);
      }
    }
  }

  /** Counts empty point `p` for `me` (to move) and the opponent. */
  private add(p: number, me: number): void {
    const a = values.value(p, me);
    const ak = values.kind;
    const e = values.asMover;
    const d = values.value(p, me ^ 1);
    const dk = values.kind;
    this.evalSum += e + values.asOpponent;
    const n = this.count++;
    this.attackKind[n] = ak;
    this.defenceKind[n] = dk;
    if (dk === OPEN_FOUR) this.opOpenThree = true;
    if (ak >= FOUR) this.myFours++;
    if (a >= FIVE_VALUE) this.myFives++;
    if (d >= FIVE_VALUE) {
      this.opFives++;
      this.opFivePoint = p;
    }
    if (a > this.bestAttack) this.bestAttack = a;
    if (d > this.bestDefence) this.bestDefence = d;
    this.points[n] = p;
    this.attack[n] = a;
    this.defence[n] = d;
  }
}

const scan = new Scan();

/** A short VCF probe at the leaves: how many nodes and attacker fours it may spend. */
const LEAF_VCF_NODES = 100;
const LEAF_VCF_DEPTH = 8;
const leafSolver = new VcfSolver(14);
const leafLimits = new ThreatInterrupt();
const NO_LIMITS = {};
/** Whether the leaves look for a VCF: the level's choice (threatBudget), set by the presolve before each search. */
let leafVcfOn = true;

/** Turns the leaf VCF probe on or off for the searches that follow (full strength: on). */
export function setLeafVcf(on: boolean): void {
  leafVcfOn = on;
}

/**
 * Whether the side to move wins by a short VCF: a chain of fours the pattern sum cannot see (each four is
 * forced, so it is as good as won), found within a few nodes; the solver's table keeps refuted positions
 * from one leaf to the next.
 */
function leafVcf(g: GomokuPosition): boolean {
  leafLimits.set(NO_LIMITS, LEAF_VCF_NODES);
  leafSolver.begin(g, g.currentPlayer(), LEAF_VCF_NODES, leafLimits);
  return leafSolver.searchFrom(LEAF_VCF_DEPTH, false);
}

const keys = new Float64Array(MAX_MOVES);

/** The root's moves as the threat presolver decided them (they may rank below the width), by position key. */
let rootLo = 0;
let rootHi = 0;
let rootCount = -1;
const rootList = new Int32Array(MAX_MOVES);

/** Makes `moves` the searched moves of `g`'s position (null: back to the ranking), e.g. the defences of a VCT. */
export function setRootMoves(g: GomokuPosition, moves: readonly number[] | null): void {
  rootCount = moves === null ? -1 : moves.length;
  rootLo = g.hashLo;
  rootHi = g.hashHi;
  if (moves !== null) rootList.set(moves);
}

/**
 * The side to move's view: a five to complete wins; two fives against it (and none of its own) lose; one is
 * blocked first and the position after the block is evaluated; an open four or double threat with no four
 * against it wins in a few moves, and so does a short VCF (a probe of at most 100 solver nodes); otherwise the
 * weighted pattern sum: each nearby point's line patterns and the combination of its two strongest lines (the
 * double threats among them), weighed differently for the side to move (it plays first) and the opponent, plus both
 * sides' best point values — weights fitted to game outcomes (eval-weights.ts, `bench train-gomoku`): +91 ± 52 Elo
 * over one hand-set value a kind (2026-12-06), and the combinations another +29 ± 38 in self-play at equal time
 * (the bench README).
 */
export function gomokuEvaluate(g: GomokuPosition): number {
  return evaluateBlocking(g, FORCED_BLOCKS);
}

/**
 * A four made just before the horizon has one answer, its block: the position is evaluated after that block (up
 * to `blocks` of them in a row). Evaluated as it stands, the five point counted 200,000 against the side to move
 * (and half of it again as its worst point), so the root score swung by about ±300,000 between odd and even depths.
 */
function evaluateBlocking(g: GomokuPosition, blocks: number): number {
  scan.run(g, false);
  if (scan.myFives > 0) return WON;
  if (scan.opFives >= 2) return -WON;
  if (scan.opFives === 1 && blocks > 0 && g.isLegal(scan.opFivePoint)) {
    g.play(scan.opFivePoint);
    const v = -evaluateBlocking(g, blocks - 1);
    g.undo();
    return v;
  }
  if (scan.opFives === 0 && scan.bestAttack >= LINE_VALUE[OPEN_FOUR]) return WINNING;
  if (leafVcfOn && scan.opFives === 0 && scan.myFours > 0 && leafVcf(g)) return WINNING;
  return patternSum(scan.evalSum, scan.bestAttack, scan.bestDefence);
}

/** The pattern evaluation from the point sum and the two best points, kept below the threat scores. */
function patternSum(sum: number, bestAttack: number, bestDefence: number): number {
  const best = fittedTables.best;
  const v = Math.round(sum + best[0] * bestAttack + best[1] * bestDefence);
  return v > MAX_PATTERN_EVAL ? MAX_PATTERN_EVAL : v < -MAX_PATTERN_EVAL ? -MAX_PATTERN_EVAL : v;
}

const KIND_NAMES = ['none', 'two', 'open two', 'three', 'open three', 'four', 'open four'];

/** The combinations' names in comboIndex order ("open two + open two"). */
const COMBO_NAMES: readonly string[] = KIND_NAMES.slice(1).flatMap((k1, i) => KIND_NAMES.slice(0, i + 2).map((k2) => `${k1} + ${k2}`));

/** What the weights multiply, side to move first (the order of GOMOKU_EVAL_WEIGHTS). */
export const gomokuEvalFeatureNames: readonly string[] = ['mover', 'opponent'].flatMap((side) => [
  ...KIND_NAMES.slice(1).map((k) => `${side} ${k} lines`),
  ...COMBO_NAMES.map((c) => `${side} ${c} points`),
  `${side} best point value`,
]);

/**
 * The features the evaluation weighs, into `out` (2 · EVAL_SIDE numbers, the order of gomokuEvalFeatureNames),
 * when `g` is scored by its patterns: false when a five, an open four to make or a short VCF decides it first
 * (what gomokuEvaluate returns then does not depend on the weights). Counts the same points as the evaluation:
 * empty, within two points of a stone on a line, renju black's forbidden points worth nothing to black.
 */
export function gomokuEvalFeatures(g: GomokuPosition, out: Float64Array): boolean {
  scan.run(g, false);
  if (scan.myFives > 0 || scan.opFives > 0 || scan.bestAttack >= LINE_VALUE[OPEN_FOUR]) return false;
  if (leafVcfOn && scan.myFours > 0 && leafVcf(g)) return false;
  out.fill(0, 0, 2 * EVAL_SIDE);
  const me = g.currentPlayer();
  for (let i = 0; i < scan.count; i++) {
    const p = scan.points[i];
    for (let side = 0; side < 2; side++) {
      const colour = side === 0 ? me : me ^ 1;
      if (values.value(p, colour) === 0 && values.kind === 0) continue; // renju-forbidden, or no pattern to count
      const base = side * EVAL_SIDE;
      for (let d = 0; d < 4; d++) {
        const at = EVAL_KINDS.indexOf(values.lineKind(p, d, colour) as (typeof EVAL_KINDS)[number]);
        if (at >= 0) out[base + at]++;
      }
      const ci = values.combo(p, colour);
      if (ci >= 0) out[base + EVAL_KINDS.length + ci]++;
    }
  }
  out[EVAL_KINDS.length + COMBOS] = scan.bestAttack;
  out[EVAL_SIDE + EVAL_KINDS.length + COMBOS] = scan.bestDefence;
  return true;
}

/**
 * The points worth searching, best first and at most `width`: a five when there is one; the block when the
 * opponent threatens a five (every other move loses); else the nearby points ranked by attack and defence
 * together. Renju black never gets a forbidden point (checked on the chosen few only). Centre on an empty board.
 */
export function gomokuSearchMoves(pos: Position, into: Int32Array, width: number): number {
  const g = pos as GomokuPosition;
  if (g.stoneCount() === 0) {
    const c = g.geo.point(g.geo.size >> 1, g.geo.size >> 1);
    if (!g.isLegal(c)) return 0;
    into[0] = c;
    return 1;
  }
  if (rootCount > 0 && g.hashLo === rootLo && g.hashHi === rootHi) {
    into.set(rootList.subarray(0, rootCount));
    return rootCount;
  }
  scan.run(g, true);
  const n = scan.count;
  const pts = scan.points;
  if (scan.myFives > 0) {
    for (let i = 0; i < n; i++) {
      if (scan.attack[i] >= FIVE_VALUE && g.isLegal(pts[i])) {
        into[0] = pts[i];
        return 1;
      }
    }
  }
  if (scan.opFives > 0) {
    // Block a five (or counter with nothing: a second five point means the game is lost anyway).
    let k = 0;
    for (let i = 0; i < n; i++) if (scan.defence[i] >= FIVE_VALUE && g.isLegal(pts[i])) into[k++] = pts[i];
    if (k > 0) return k;
  }
  // Against an open three (and without a straight four of our own) only three kinds of moves can matter: a
  // block (a point where the opponent would make a four), a four of our own (forcing), or a double threat.
  const mustDefend = scan.opOpenThree && scan.bestAttack < LINE_VALUE[OPEN_FOUR];
  for (let i = 0; i < n; i++) {
    const a = scan.attack[i];
    const d = scan.defence[i];
    keys[i] = Math.max(a, d) * 2 + Math.min(a, d);
    if (mustDefend && scan.defenceKind[i] < FOUR && scan.attackKind[i] < FOUR) keys[i] = -1;
  }
  let k = 0;
  for (let i = 0; i < n && k < width; i++) {
    let b = i;
    for (let j = i + 1; j < n; j++) if (keys[j] > keys[b]) b = j;
    const tk = keys[i];
    keys[i] = keys[b];
    keys[b] = tk;
    const tp = pts[i];
    pts[i] = pts[b];
    pts[b] = tp;
    if (keys[i] < 0) break;
    if (g.isLegal(pts[i])) into[k++] = pts[i];
  }
  if (k > 0) return k;
  // Every nearby point is forbidden (renju black): any legal point.
  return 0;
}

/** Gomoku/Renju knowledge for alpha-beta: threat-aware pattern evaluation, the `width` best points near stones. */
export function gomokuKnowledge(width = 14): Evaluator {
  return {
    evaluate(pos: Position, player: number): number {
      const g = pos as GomokuPosition;
      const v = gomokuEvaluate(g);
      return player === g.currentPlayer() ? v : -v;
    },
    searchMoves: (pos: Position, into: Int32Array) => gomokuSearchMoves(pos, into, width),
    // The moves come out of searchMoves best first: keep that order ahead of killers and history.
    orderMoves(_pos: Position, _moves: Int32Array, n: number, scores: Float64Array): void {
      for (let i = 0; i < n; i++) scores[i] = n - i;
    },
  };
}

import { gomokuPatterns, type GomokuPosition } from '@qi/engine';
import { GOMOKU_EVAL_WEIGHTS } from './eval-weights.js';

const P = gomokuPatterns;

/**
 * What one stone's pattern on one line is worth to its owner (index: pattern kind): ranks the moves and makes each
 * point's value (the best points the evaluation weighs, the threat tests); the evaluation's own per-line weights are
 * fitted (EvalTables).
 */
export const LINE_VALUE = new Int32Array(16);
LINE_VALUE[P.TWO] = 10;
LINE_VALUE[P.OPEN_TWO] = 60;
LINE_VALUE[P.THREE] = 80;
LINE_VALUE[P.OPEN_THREE] = 500;
LINE_VALUE[P.FOUR] = 600;
LINE_VALUE[P.OPEN_FOUR] = 20_000;
LINE_VALUE[P.FIVE] = 200_000;

/** A point that makes two threats at once (four-four, four-three, three-three) is worth an open four. */
const DOUBLE_THREAT = 15_000;

// Local copies: pattern kinds are read millions of times, and a namespace lookup per read costs (see patterns.ts).
const FOUR = P.FOUR;
const OPEN_FOUR = P.OPEN_FOUR;
const OPEN_THREE = P.OPEN_THREE;
const OVERLINE = P.OVERLINE;
const FIVE = P.FIVE;
const KIND_MASK = 15; // patternKind(entry) is entry & 15

/**
 * The evaluation's per-point weights from a weight vector (order: gomokuEvalFeatureNames): per line pattern kind as
 * the side to move's and as the opponent's, per combination of a point's two strongest lines (COMBOS), the best point.
 */
export interface EvalTables {
  mover: Int32Array;
  opponent: Int32Array;
  /** Per combination index (comboIndex), the side to move's at [i], the opponent's at [COMBOS + i]. */
  combo: Int32Array;
  /** Factors of the side to move's and the opponent's best point value (LINE_VALUE's sum with the bonus). */
  best: Float64Array;
}

/** Kinds the weights cover, TWO to OPEN_FOUR (a five ends the evaluation before the sum). */
export const EVAL_KINDS = [P.TWO, P.OPEN_TWO, P.THREE, P.OPEN_THREE, P.FOUR, P.OPEN_FOUR] as const;

/**
 * A point's combination: its strongest line kind k1 (TWO … OPEN_FOUR) with its second k2 (NONE … k1), one weight
 * each; a stone that would make two open twos at once is worth more than two single ones (it prepares a
 * three-three), which a sum over lines cannot say. The double threats are the combinations with k2 ≥ OPEN_THREE.
 */
export const COMBOS = 27;

/** The combination index of strongest kind `k1` (1 … 6) and second `k2` (0 … k1); k1 below TWO has none (-1). */
export function comboIndex(k1: number, k2: number): number {
  return k1 < 1 ? -1 : ((k1 - 1) * (k1 + 2)) / 2 + k2;
}

/** Weights per side: the kinds, the combinations, the best point. */
export const EVAL_SIDE = EVAL_KINDS.length + COMBOS + 1;

/** The hand-set combination weights: the double-threat bonus on three-three, twice on a four with another threat. */
function handCombos(): number[] {
  const w = new Array<number>(COMBOS).fill(0);
  for (let k1 = P.OPEN_THREE; k1 <= P.OPEN_FOUR; k1++) {
    for (let k2 = P.OPEN_THREE; k2 <= k1; k2++) w[comboIndex(k1, k2)] = k1 >= P.FOUR ? 2 * DOUBLE_THREAT : DOUBLE_THREAT;
  }
  return w;
}

/**
 * The hand-set evaluation the fitted weights replaced, in their order (gomokuEvalFeatureNames): LINE_VALUE per
 * kind, the double-threat bonus (twice with a four) and the best point for the side to move; the same negated,
 * the best point halved, for the opponent. `bench train-gomoku` starts from it and measures against it.
 */
export const HAND_EVAL_WEIGHTS: readonly number[] = [
  ...EVAL_KINDS.map((k) => LINE_VALUE[k]),
  ...handCombos(),
  1,
  ...EVAL_KINDS.map((k) => -LINE_VALUE[k]),
  ...handCombos().map((x) => -x),
  -0.5,
];

/** Tables from a weight vector of 2 · EVAL_SIDE numbers (rounded to integers except the best-point factors). */
function evalTables(w: readonly number[]): EvalTables {
  if (w.length !== 2 * EVAL_SIDE) throw new Error(`Gomoku evaluation weights: ${w.length} numbers, expected ${2 * EVAL_SIDE}`);
  const t: EvalTables = { mover: new Int32Array(16), opponent: new Int32Array(16), combo: new Int32Array(2 * COMBOS), best: new Float64Array(2) };
  EVAL_KINDS.forEach((k, i) => {
    t.mover[k] = Math.round(w[i]);
    t.opponent[k] = Math.round(w[EVAL_SIDE + i]);
  });
  const n = EVAL_KINDS.length;
  for (let i = 0; i < COMBOS; i++) {
    t.combo[i] = Math.round(w[n + i]);
    t.combo[COMBOS + i] = Math.round(w[EVAL_SIDE + n + i]);
  }
  t.best.set([w[n + COMBOS], w[EVAL_SIDE + n + COMBOS]]);
  return t;
}

/** The shipped weights' tables. */
export const fittedTables = evalTables(GOMOKU_EVAL_WEIGHTS);

/** A line pattern reads the stones up to five points either side (an 11-bit window of the line word). */
const REACH = 5;

/** Per board size: the tables the cache walks (built once a size). */
interface Layout {
  /** The on-board points up to two steps along the eight lines through each point, 24 slots a point. */
  near: Int32Array;
  nearCount: Uint8Array;
  /** The on-board points up to REACH steps along line direction d through p (p left out), 2·REACH slots a (p, d). */
  reach: Int32Array;
  reachCount: Uint8Array;
}

const layouts = new Map<number, Layout>();

/** The near and reach tables of `g`'s board size. */
export function layoutOf(g: GomokuPosition): Layout {
  const size = g.geo.size;
  let t = layouts.get(size);
  if (t !== undefined) return t;
  const geo = g.geo;
  const w = geo.width;
  const cells = geo.cellCount;
  const near = new Int32Array(cells * 24);
  const nearCount = new Uint8Array(cells);
  const reach = new Int32Array(cells * 8 * REACH);
  const reachCount = new Uint8Array(cells * 4);
  for (const p of geo.points) {
    const x = (p % w) - 1;
    const y = Math.floor(p / w) - 1;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        // Points on the eight lines through the stone only: a knight's-move point shares no line with it.
        if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) continue;
        if ((dx === 0 && dy === 0) || x + dx < 0 || x + dx >= size || y + dy < 0 || y + dy >= size) continue;
        near[p * 24 + nearCount[p]++] = (y + dy + 1) * w + x + dx + 1;
      }
    }
    for (let d = 0; d < 4; d++) {
      const line = geo.lineOf[d * cells + p];
      const bit = geo.bitOf[d * cells + p];
      for (let t = Math.max(geo.lineLo[line], bit - REACH); t <= Math.min(geo.lineHi[line], bit + REACH); t++) {
        if (t !== bit) reach[(p * 4 + d) * 2 * REACH + reachCount[p * 4 + d]++] = geo.lineBase[line] + t * geo.steps[d];
      }
    }
  }
  t = { near, nearCount, reach, reachCount };
  layouts.set(size, t);
  return t;
}

/**
 * What a stone of either colour on each empty point would make — the summed line values with a bonus for two
 * threats at once, and the strongest line pattern kind — kept from one evaluation to the next. A point's line
 * pattern on one line changes only when a stone within five points on that line does, so `sync` compares the
 * board with the one it saw last (a search's consecutive leaves differ by a few stones) and marks stale just the
 * (point, line) pairs those stones reach, recomputed when next read. It also keeps, per point, how many stones lie within two points
 * on its eight lines (the points worth evaluating). Renju black's forbidden points depend on more than the
 * lines through them, so the few black values the ban may touch (a double threat or an overline) are checked
 * on every read, as before.
 */
export class PointValues {
  /** The board the values belong to (0 empty, 1 black, 2 white, 3 border), as the last sync saw it. */
  private seen = new Uint8Array(0);
  private size = 0;
  private rule = '';
  /** Per point: stones within two points on its eight lines. */
  nearStones = new Uint8Array(0);
  /** Per point and colour (index 2p + colour): the value and kind before the renju check; valid when fresh. */
  private raw = new Int32Array(0);
  private rawKind = new Uint8Array(0);
  /** Per point and colour: black's value depends on whether the point is forbidden (renju). */
  private banned = new Uint8Array(0);
  /** Per point: raw values up to date; per (point, direction) at 4p + d: its two kinds (lineKind, 8p + 2d + colour) up to date. */
  private fresh = new Uint8Array(0);
  private freshLine = new Uint8Array(0);
  private lineKinds = new Uint8Array(0);
  private g: GomokuPosition | null = null;
  private renju = false;
  /** The strongest line pattern kind of the last `value` read (0 on a renju-forbidden point). */
  kind = 0;
  /** The evaluation's worth of the last `value` read's point to its colour, as the side to move and as the opponent. */
  asMover = 0;
  asOpponent = 0;
  /** Per point and colour: the evaluation's worth (fittedTables) as the side to move and as the opponent. */
  private evalA = new Int32Array(0);
  private evalD = new Int32Array(0);
  /** Per point and colour: the combination of its two strongest lines (comboIndex) + 1, or 0 for none. */
  private combos = new Uint8Array(0);

  /** Brings the values up to `g`'s board (any position of any size and rule). */
  sync(g: GomokuPosition): void {
    const cells = g.cells;
    const lay = layoutOf(g);
    this.g = g;
    if (this.size !== g.geo.size || this.rule !== g.rule) {
      const n = cells.length;
      this.size = g.geo.size;
      this.rule = g.rule;
      this.renju = g.rule === 'renju';
      this.seen = new Uint8Array(n);
      this.nearStones = new Uint8Array(n);
      this.raw = new Int32Array(2 * n);
      this.rawKind = new Uint8Array(2 * n);
      this.banned = new Uint8Array(2 * n);
      this.evalA = new Int32Array(2 * n);
      this.evalD = new Int32Array(2 * n);
      this.combos = new Uint8Array(2 * n);
      // As if the board were empty: nothing near, every value stale.
      this.fresh = new Uint8Array(n);
      this.freshLine = new Uint8Array(4 * n);
      this.lineKinds = new Uint8Array(8 * n);
    }
    const seen = this.seen;
    const fresh = this.fresh;
    const freshLine = this.freshLine;
    const reachCount = lay.reachCount;
    const near = lay.near;
    const reach = lay.reach;
    const nearStones = this.nearStones;
    const points = g.geo.points;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      const was = seen[p];
      const is = cells[p];
      if (was === is) continue;
      seen[p] = is;
      const delta = (is !== 0 ? 1 : 0) - (was !== 0 ? 1 : 0);
      if (delta !== 0) {
        const base = p * 24;
        for (let k = 0, c = lay.nearCount[p]; k < c; k++) nearStones[near[base + k]] += delta;
      }
      for (let d = 0; d < 4; d++) {
        const base = (p * 4 + d) * 2 * REACH;
        for (let k = 0, c = reachCount[p * 4 + d]; k < c; k++) {
          const q = reach[base + k];
          fresh[q] = 0;
          freshLine[q * 4 + d] = 0;
        }
      }
    }
  }

  /** What a `colour` stone on empty point `p` would be worth (pointValue), its strongest kind left in `kind`. */
  value(p: number, colour: number): number {
    if (this.fresh[p] === 0) this.compute(p);
    const i = 2 * p + colour;
    if (this.banned[i] !== 0 && (this.g as GomokuPosition).forbiddenCode(p) !== 0) {
      // A renju black forbidden point: black cannot play it, so it is worth nothing to black and needs no block.
      this.kind = 0;
      this.asMover = 0;
      this.asOpponent = 0;
      return 0;
    }
    this.kind = this.rawKind[i];
    this.asMover = this.evalA[i];
    this.asOpponent = this.evalD[i];
    return this.raw[i];
  }

  /** The line pattern kind a `colour` stone on empty point `p` would make along direction `d` (before the renju check). */
  lineKind(p: number, d: number, colour: number): number {
    if (this.fresh[p] === 0) this.compute(p);
    return this.lineKinds[8 * p + 2 * d + colour];
  }

  /** The combination index (comboIndex) of a `colour` stone on empty point `p`, -1 for none (before the renju check). */
  combo(p: number, colour: number): number {
    if (this.fresh[p] === 0) this.compute(p);
    return this.combos[2 * p + colour] - 1;
  }

  private compute(p: number): void {
    const g = this.g as GomokuPosition;
    const lineKind = this.lineKinds;
    const { mover, opponent, combo } = fittedTables;
    for (let d = 0; d < 4; d++) {
      if (this.freshLine[p * 4 + d] !== 0) continue;
      lineKind[8 * p + 2 * d] = g.pattern(p, d, 0) & KIND_MASK;
      lineKind[8 * p + 2 * d + 1] = g.pattern(p, d, 1) & KIND_MASK;
      this.freshLine[p * 4 + d] = 1;
    }
    for (let colour = 0; colour < 2; colour++) {
      let v = 0;
      let fours = 0;
      let threes = 0;
      let top = 0;
      let first = 0;
      let second = 0;
      let ea = 0;
      let ed = 0;
      for (let d = 0; d < 4; d++) {
        const k = lineKind[8 * p + 2 * d + colour];
        v += LINE_VALUE[k];
        ea += mover[k];
        ed += opponent[k];
        if (k > top) top = k;
        if (k === FOUR || k === OPEN_FOUR) fours++;
        else if (k === OPEN_THREE) threes++;
        // The combination reads kinds TWO … OPEN_FOUR (a five decides the evaluation first; an overline is nothing).
        const c = k <= OPEN_FOUR ? k : 0;
        if (c > first) {
          second = first;
          first = c;
        } else if (c > second) second = c;
      }
      const ci = comboIndex(first, second);
      if (ci >= 0) {
        ea += combo[ci];
        ed += combo[COMBOS + ci];
      }
      const i = 2 * p + colour;
      this.combos[i] = ci + 1;
      this.banned[i] = colour === 0 && this.renju && (fours + threes >= 2 || top === OVERLINE) && top !== FIVE ? 1 : 0;
      if (fours + threes >= 2) v += fours > 0 ? 2 * DOUBLE_THREAT : DOUBLE_THREAT;
      this.evalA[i] = ea;
      this.evalD[i] = ed;
      this.raw[i] = v;
      this.rawKind[i] = top;
    }
    this.fresh[p] = 1;
  }
}

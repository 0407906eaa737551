import { gomokuPatterns, type GomokuPosition } from '@qi/engine';

const { FIVE, OPEN_FOUR, OPEN_THREE, THREE, fourMask, patternKind } = gomokuPatterns;

/**
 * Threat points found from the line words: windows of 5 or 6 cells with the right number of own stones and
 * nothing blocking, then each candidate confirmed by the pattern table in the window's direction (which
 * knows the exact-five and overline rules). Lines with too few own stones are skipped by a popcount, so a
 * scan costs little more than one pass over the ~80 line words.
 */

/** Threat kinds for scanThreats. */
export const FIVE_POINTS = 0;
/** Points making a four. */
export const FOUR_POINTS = 1;
/** Points making a straight four (or two fours on one line). */
export const OPEN_FOUR_POINTS = 2;
/** Points making a three that can become a straight four. */
export const THREE_POINTS = 3;
/** Points giving three own stones in an unblocked five-cell window (one stone short of a four). */
export const SWORD_POINTS = 4;

const stamp = new Int32Array(22 * 21 + 2);
let generation = 0;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

const NEED = [4, 3, 3, 2, 2];
const WIDTH = [5, 5, 6, 6, 5];

/**
 * Writes the distinct points of one threat kind for `colour` into `out` from index `at`; returns how many.
 * Points are not checked for renju legality (see GomokuPosition.mayPlay).
 */
export function scanThreats(pos: GomokuPosition, colour: number, kind: number, out: Int32Array, at: number): number {
  const g = pos.geo;
  const own = pos.lines[colour];
  const opp = pos.lines[colour ^ 1];
  const need = NEED[kind];
  const width = WIDTH[kind];
  const full = (1 << width) - 1;
  // For 6-cell windows the two ends must be empty and the stones sit in the middle four.
  const inner = width === 6 ? 0b011110 : full;
  const gen = ++generation;
  let n = at;
  for (let line = 0; line < g.lineCount; line++) {
    const o = own[line];
    if (o === 0 || popcount(o) < need) continue;
    const blocked = opp[line] | g.lineBorder[line];
    const d = g.lineDir[line];
    const step = g.steps[d];
    const base = g.lineBase[line];
    const last = g.lineHi[line] - width + 1;
    for (let t = g.lineLo[line]; t <= last; t++) {
      if (((blocked >>> t) & full) !== 0) continue;
      const w = (o >>> t) & full;
      if ((w & ~inner) !== 0 || popcount(w) !== need) continue;
      let empties = inner & ~w;
      while (empties !== 0) {
        const b = 31 - Math.clz32(empties);
        empties &= ~(1 << b);
        const p = base + (t + b) * step;
        if (stamp[p] === gen) continue;
        const e = pos.pattern(p, d, colour);
        const k = patternKind(e);
        const ok =
          kind === FIVE_POINTS
            ? k === FIVE
            : kind === FOUR_POINTS
              ? fourMask(e) !== 0
              : kind === OPEN_FOUR_POINTS
                ? k === OPEN_FOUR
                : kind === THREE_POINTS
                  ? k === OPEN_THREE
                  : k >= THREE && k <= OPEN_FOUR;
        if (!ok) continue;
        stamp[p] = gen;
        out[n++] = p;
      }
    }
  }
  return n - at;
}

/** Writes the points where `colour` wins at once with a five, confirming each; returns how many (0, 1, 2 …). */
export function fivePoints(pos: GomokuPosition, colour: number, out: Int32Array, at: number): number {
  return scanThreats(pos, colour, FIVE_POINTS, out, at);
}

/** Writes the points completing a five for `colour` after it plays `p` (fours made by `p`) into `out`; returns how many. */
export function completionPoints(pos: GomokuPosition, p: number, colour: number, out: Int32Array, at: number): number {
  let n = at;
  for (let d = 0; d < 4; d++) {
    let mask = fourMask(pos.pattern(p, d, colour));
    const step = pos.geo.steps[d];
    while (mask !== 0) {
      const b = 31 - Math.clz32(mask);
      mask &= ~(1 << b);
      const q = p + (b - 4) * step;
      let dup = false;
      for (let i = at; i < n; i++) if (out[i] === q) dup = true;
      if (!dup) out[n++] = q;
    }
  }
  return n - at;
}

/**
 * How much a `colour` stone on `p` builds (quintet's potential): over the unblocked five-cell windows through
 * `p` in all four directions, the sum of the window's own stone counts (the new stone included) where that count
 * is at least 2. Orders threat-search moves; a point near nothing scores 0.
 */
export function potential(pos: GomokuPosition, p: number, colour: number): number {
  const g = pos.geo;
  let sum = 0;
  for (let d = 0; d < 4; d++) {
    const k = d * g.cellCount + p;
    const line = g.lineOf[k];
    const t = g.bitOf[k];
    const own = pos.lines[colour][line];
    const blocked = pos.lines[colour ^ 1][line] | g.lineBorder[line];
    for (let s = t - 4; s <= t; s++) {
      if (((blocked >>> s) & 31) !== 0) continue;
      const c = popcount((own >>> s) & 31) + 1;
      if (c >= 2) sum += c;
    }
  }
  return sum;
}

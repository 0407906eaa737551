import { reversiBits } from '@qi/engine';

// Module-level bindings: vitest's module runner turns calls of imported functions into property lookups (see solve.ts).
const { mobility, popcount } = reversiBits;

/**
 * Logistello/Edax-style board patterns for Reversi. A pattern type is an ordered list of squares (the base, drawn
 * at the A1 corner); its instances are the base under the 8 symmetries of the board, one per distinct square set,
 * each listing its squares in the base's order, so every instance of a type reads the same weight table. A
 * configuration's index is base 3 over its squares (0 empty, 1 the side to move's disc, 2 the opponent's), the
 * first square the most significant digit. A type whose square set maps onto itself under some symmetry (the 3x3
 * corner under the diagonal, an edge under its mirror) gets the same configuration at two indices: `canonical`
 * folds those to one, so the fit learns one weight and the evaluation stays symmetric.
 */

/** One pattern type: a name and its base squares (square = row * 8 + col, A1 = 0). */
export interface PatternType {
  /** Short name (in the weights file's header and the trainer's report). */
  readonly name: string;
  /** Base squares, the first the most significant base-3 digit. */
  readonly squares: readonly number[];
}

const sq = (r: number, c: number): number => r * 8 + c;
const range = (n: number, f: (i: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i));

/** The pattern types, in the order of the weight table. */
export const PATTERN_TYPES: readonly PatternType[] = [
  { name: 'corner3x3', squares: [sq(0, 0), sq(0, 1), sq(0, 2), sq(1, 0), sq(1, 1), sq(1, 2), sq(2, 0), sq(2, 1), sq(2, 2)] },
  { name: 'corner2x5', squares: [...range(5, (i) => sq(0, i)), ...range(5, (i) => sq(1, i))] },
  // The edge with both X squares: the X square decides whether an empty corner can be taken.
  { name: 'edge2x', squares: [sq(1, 1), ...range(8, (i) => sq(0, i)), sq(1, 6)] },
  { name: 'row2', squares: range(8, (i) => sq(1, i)) },
  { name: 'row3', squares: range(8, (i) => sq(2, i)) },
  { name: 'row4', squares: range(8, (i) => sq(3, i)) },
  { name: 'diag8', squares: range(8, (i) => sq(i, i)) },
  { name: 'diag7', squares: range(7, (i) => sq(i, i + 1)) },
  { name: 'diag6', squares: range(6, (i) => sq(i, i + 2)) },
  { name: 'diag5', squares: range(5, (i) => sq(i, i + 3)) },
  { name: 'diag4', squares: range(4, (i) => sq(i, i + 4)) },
];

/** The 8 symmetries of the board as square maps. */
export const SYMMETRIES: readonly ((s: number) => number)[] = [
  (s) => s,
  (s) => sq(s & 7, s >> 3), // main diagonal
  (s) => sq(s >> 3, 7 - (s & 7)), // left-right
  (s) => sq(7 - (s >> 3), s & 7), // top-bottom
  (s) => sq(7 - (s >> 3), 7 - (s & 7)), // half turn
  (s) => sq(7 - (s & 7), 7 - (s >> 3)), // anti-diagonal
  (s) => sq(s & 7, 7 - (s >> 3)), // quarter turn
  (s) => sq(7 - (s & 7), s >> 3), // the other quarter turn
];

const POW3 = range(11, (i) => 3 ** i);

/** Mobility values kept apart in the mobility tables (more moves share the last entry). */
export const MOBILITY_SIZE = 32;
/**
 * Per stage, after the pattern tables: the side to move's mobility table, the opponent's, then parity
 * (even / odd empties, which also serves as the stage's bias).
 */
export const EXTRA_SIZE = 2 * MOBILITY_SIZE + 2;

/** Number of game stages, each its own weights: by empty squares, 5 a stage (60–56 is stage 0, 4–0 stage 11 … 12). */
export const STAGES = 12;

/** The stage of a position with `empties` empty squares. */
export function stageOf(empties: number): number {
  const s = Math.floor((60 - empties) / 5);
  return s < 0 ? 0 : s >= STAGES ? STAGES - 1 : s;
}

/** The flat layout every evaluator and the trainer share; built once at module load. */
export interface PatternLayout {
  /** Offset of each type's table within a stage. */
  readonly typeOffset: Int32Array;
  /** Size of each type's table (3^squares). */
  readonly typeSize: Int32Array;
  /** Weights of one stage: every type's full table, then EXTRA_SIZE. */
  readonly stageSize: number;
  /** Offset of the extra features within a stage. */
  readonly extraOffset: number;
  /** Number of pattern instances (46). */
  readonly instances: number;
  /** Each instance's pattern type. */
  readonly instType: Int32Array;
  /** Each instance's first square in `squares`. */
  readonly instStart: Int32Array;
  /** Each instance's number of squares. */
  readonly instLength: Int32Array;
  /** Every instance's squares, in its type's digit order. */
  readonly squares: Int32Array;
  /** Per stage-local weight index, its canonical index (the least index of the same configuration under the type's own symmetries). */
  readonly canonical: Int32Array;
}

function buildLayout(): PatternLayout {
  const typeOffset = new Int32Array(PATTERN_TYPES.length);
  const typeSize = new Int32Array(PATTERN_TYPES.length);
  let off = 0;
  const instType: number[] = [];
  const instStart: number[] = [];
  const instLength: number[] = [];
  const squares: number[] = [];
  for (let t = 0; t < PATTERN_TYPES.length; t++) {
    const base = PATTERN_TYPES[t].squares;
    typeOffset[t] = off;
    typeSize[t] = POW3[base.length];
    off += typeSize[t];
    const seen = new Set<string>();
    for (const g of SYMMETRIES) {
      const mapped = base.map(g);
      const key = [...mapped].sort((a, b) => a - b).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      instType.push(t);
      instStart.push(squares.length);
      instLength.push(mapped.length);
      squares.push(...mapped);
    }
  }
  const extraOffset = off;
  const stageSize = off + EXTRA_SIZE;
  const canonical = new Int32Array(stageSize);
  for (let i = 0; i < stageSize; i++) canonical[i] = i;
  for (let t = 0; t < PATTERN_TYPES.length; t++) {
    const base = PATTERN_TYPES[t].squares;
    const n = base.length;
    // The type's own symmetries as digit permutations: g(base[i]) = base[perm[i]].
    const perms: number[][] = [];
    for (const g of SYMMETRIES) {
      const perm = base.map((s) => base.indexOf(g(s)));
      if (perm.every((p) => p >= 0) && perm.some((p, i) => p !== i)) perms.push(perm);
    }
    if (perms.length === 0) continue;
    const digits = new Int32Array(n);
    for (let idx = 0; idx < typeSize[t]; idx++) {
      let x = idx;
      for (let i = n - 1; i >= 0; i--) {
        digits[i] = x % 3;
        x = (x - digits[i]) / 3;
      }
      let best = idx;
      for (const perm of perms) {
        // The square base[perm[i]] now holds digit i.
        let j = 0;
        const moved = new Int32Array(n);
        for (let i = 0; i < n; i++) moved[perm[i]] = digits[i];
        for (let i = 0; i < n; i++) j = j * 3 + moved[i];
        if (j < best) best = j;
      }
      canonical[typeOffset[t] + idx] = typeOffset[t] + best;
    }
  }
  return {
    typeOffset,
    typeSize,
    stageSize,
    extraOffset,
    instances: instType.length,
    instType: Int32Array.from(instType),
    instStart: Int32Array.from(instStart),
    instLength: Int32Array.from(instLength),
    squares: Int32Array.from(squares),
    canonical,
  };
}

/** The layout of the weight tables (see PatternLayout). */
export const LAYOUT: PatternLayout = buildLayout();

/** Features of one position: a stage-local weight index per instance, then the three extra-feature indices. */
export const FEATURES = LAYOUT.instances + 3;

/**
 * Lines of the board as bytes: rows 0–7 (bit = column), columns 8–15 (bit = row), diagonals c − r = d at
 * 23 + d and anti-diagonals r + c = a at 31 + a (bit = column: a diagonal has one square per column, so its
 * squares gather into a byte by one multiplication per half without carries).
 */
const LINES = 46;
const lineLo = new Int32Array(LINES);
const lineHi = new Int32Array(LINES);
for (let s = 0; s < 64; s++) {
  const r = s >> 3;
  const c = s & 7;
  for (const line of [r, 8 + c, 23 + c - r, 31 + r + c]) {
    if (s < 32) lineLo[line] |= 1 << s;
    else lineHi[line] |= 1 << (s - 32);
  }
}

/**
 * Each instance as runs of squares along one line (a segment: line, first bit, length, direction), so that its
 * index is a few table lookups on line bytes instead of one test per square. Built from the instances' square
 * lists, so every index equals the square-by-square one (featureIndicesReference).
 */
interface Segments {
  /** Per instance, its first segment; instance k has segments segStart[k] … segStart[k + 1] − 1. */
  start: Int32Array;
  line: Int32Array;
  shift: Int32Array;
  mask: Int32Array;
  /** Offset in TABLES of the segment's (length, direction) table: bits of (byte >>> shift) & mask → base-3 value. */
  table: Int32Array;
  /** 3^(digits after the segment in its instance). */
  mul: Int32Array;
  /** The lines any segment reads. */
  used: Int32Array;
}

const tableOffsets = new Map<string, number>();
const tableValues: number[] = [];
/** The table for runs of n bits read upwards (dir 1: the lowest bit most significant) or downwards (dir −1). */
function tableFor(n: number, dir: number): number {
  const key = `${n},${dir}`;
  const known = tableOffsets.get(key);
  if (known !== undefined) return known;
  const off = tableValues.length;
  for (let x = 0; x < 1 << n; x++) {
    let v = 0;
    for (let i = 0; i < n; i++) if ((x >> i) & 1) v += POW3[dir === 1 ? n - 1 - i : i];
    tableValues.push(v);
  }
  tableOffsets.set(key, off);
  return off;
}

/** The line and bit of square s along direction (dr, dc) of a run. */
function lineBit(s: number, dr: number, dc: number): [number, number] {
  const r = s >> 3;
  const c = s & 7;
  if (dr === 0) return [r, c];
  if (dc === 0) return [8 + c, r];
  return dr === dc ? [23 + c - r, c] : [31 + r + c, c];
}

const SEG: Segments = ((): Segments => {
  const start = [0];
  const line: number[] = [];
  const shift: number[] = [];
  const mask: number[] = [];
  const table: number[] = [];
  const mul: number[] = [];
  const used = new Set<number>();
  for (let k = 0; k < LAYOUT.instances; k++) {
    const sq = Array.from(LAYOUT.squares.subarray(LAYOUT.instStart[k], LAYOUT.instStart[k] + LAYOUT.instLength[k]));
    let i = 0;
    while (i < sq.length) {
      // The longest run from square i with one step (dr, dc) between neighbours.
      let j = i + 1;
      let dr = 0;
      let dc = 1;
      if (j < sq.length) {
        const ddr = (sq[j] >> 3) - (sq[i] >> 3);
        const ddc = (sq[j] & 7) - (sq[i] & 7);
        if (Math.abs(ddr) <= 1 && Math.abs(ddc) <= 1 && (ddr !== 0 || ddc !== 0)) {
          dr = ddr;
          dc = ddc;
          while (j < sq.length && (sq[j] >> 3) - (sq[j - 1] >> 3) === dr && (sq[j] & 7) - (sq[j - 1] & 7) === dc) j++;
        }
      }
      const n = j - i;
      const [ln, first] = lineBit(sq[i], dr, dc);
      const [, last] = lineBit(sq[j - 1], dr, dc);
      const dir = n === 1 || last > first ? 1 : -1;
      line.push(ln);
      shift.push(Math.min(first, last));
      mask.push((1 << n) - 1);
      table.push(tableFor(n, dir));
      mul.push(POW3[sq.length - j]);
      used.add(ln);
      i = j;
    }
    start.push(line.length);
  }
  return {
    start: Int32Array.from(start),
    line: Int32Array.from(line),
    shift: Int32Array.from(shift),
    mask: Int32Array.from(mask),
    table: Int32Array.from(table),
    mul: Int32Array.from(mul),
    used: Int32Array.from([...used].sort((a, b) => a - b)),
  };
})();
const TABLES = Int32Array.from(tableValues);
/** Each instance's type offset, so that an index starts at its table's place. */
const INST_BASE = Int32Array.from({ length: LAYOUT.instances }, (_, k) => LAYOUT.typeOffset[LAYOUT.instType[k]]);

const mob = new Int32Array(2);
const myLine = new Int32Array(LINES);
const opLine = new Int32Array(LINES);

/** The diagonal lines some segment reads (rows and columns are always read). */
const DIAGONALS = SEG.used.filter((line) => line >= 16);

/**
 * Writes the stage-local weight indices of the position (pl, ph) to move against (ol, oh) into out[at..at+FEATURES):
 * one per pattern instance, then the side to move's mobility, the opponent's and the parity entry. Returns the
 * empty-square count. No allocation: the lines are read into scratch arrays, each instance is a few lookups.
 */
export function featureIndices(pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): number {
  const L = LAYOUT;
  // Rows and columns always (the edges and rows use them all); diagonals as the segments need them.
  for (let r = 0; r < 4; r++) {
    myLine[r] = (pl >>> (8 * r)) & 255;
    opLine[r] = (ol >>> (8 * r)) & 255;
    myLine[r + 4] = (ph >>> (8 * r)) & 255;
    opLine[r + 4] = (oh >>> (8 * r)) & 255;
  }
  for (let c = 0; c < 8; c++) {
    myLine[8 + c] = ((Math.imul((pl >>> c) & 0x01010101, 0x01020408) >>> 24) & 15) | (((Math.imul((ph >>> c) & 0x01010101, 0x01020408) >>> 24) & 15) << 4);
    opLine[8 + c] = ((Math.imul((ol >>> c) & 0x01010101, 0x01020408) >>> 24) & 15) | (((Math.imul((oh >>> c) & 0x01010101, 0x01020408) >>> 24) & 15) << 4);
  }
  const diagonals = DIAGONALS;
  for (let u = 0; u < diagonals.length; u++) {
    const line = diagonals[u];
    const ml = lineLo[line];
    const mh = lineHi[line];
    myLine[line] = (Math.imul(pl & ml, 0x01010101) >>> 24) | (Math.imul(ph & mh, 0x01010101) >>> 24);
    opLine[line] = (Math.imul(ol & ml, 0x01010101) >>> 24) | (Math.imul(oh & mh, 0x01010101) >>> 24);
  }
  const segStart = SEG.start;
  const segLine = SEG.line;
  const segShift = SEG.shift;
  const segMask = SEG.mask;
  const segTable = SEG.table;
  const segMul = SEG.mul;
  for (let k = 0; k < L.instances; k++) {
    let idx = INST_BASE[k];
    const end = segStart[k + 1];
    for (let g = segStart[k]; g < end; g++) {
      const line = segLine[g];
      const sh = segShift[g];
      const m = segMask[g];
      const t = segTable[g];
      idx += (TABLES[t + ((myLine[line] >>> sh) & m)] + 2 * TABLES[t + ((opLine[line] >>> sh) & m)]) * segMul[g];
    }
    out[at + k] = idx;
  }
  mobility(pl, ph, ol, oh, mob, 0);
  const my = popcount(mob[0]) + popcount(mob[1]);
  mobility(ol, oh, pl, ph, mob, 0);
  const op = popcount(mob[0]) + popcount(mob[1]);
  const empties = 64 - popcount(pl) - popcount(ph) - popcount(ol) - popcount(oh);
  const x = at + L.instances;
  out[x] = L.extraOffset + (my < MOBILITY_SIZE ? my : MOBILITY_SIZE - 1);
  out[x + 1] = L.extraOffset + MOBILITY_SIZE + (op < MOBILITY_SIZE ? op : MOBILITY_SIZE - 1);
  out[x + 2] = L.extraOffset + 2 * MOBILITY_SIZE + (empties & 1);
  return empties;
}

/** The slow reference of featureIndices (tests): digits read square by square with colourAt-style lookups. */
export function featureIndicesReference(board: readonly number[], toMove: number): number[] {
  const out: number[] = [];
  const L = LAYOUT;
  for (let k = 0; k < L.instances; k++) {
    let idx = 0;
    for (let j = 0; j < L.instLength[k]; j++) {
      const c = board[L.squares[L.instStart[k] + j]];
      idx += (c < 0 ? 0 : c === toMove ? 1 : 2) * POW3[L.instLength[k] - 1 - j];
    }
    out.push(L.typeOffset[L.instType[k]] + idx);
  }
  return out;
}

/**
 * Per square, the pattern instances it belongs to: entries SQ_START[s] … SQ_START[s + 1] − 1 of SQ_INST (the
 * instance) and SQ_POW (3^the square's digit place in it), so a square's change updates the indices it is in.
 */
const SQ_START = new Int32Array(65);
const SQ_INST: Int32Array = new Int32Array(LAYOUT.squares.length);
const SQ_POW: Int32Array = new Int32Array(LAYOUT.squares.length);
{
  const lists: [number, number][][] = Array.from({ length: 64 }, () => []);
  for (let k = 0; k < LAYOUT.instances; k++) {
    const n = LAYOUT.instLength[k];
    for (let j = 0; j < n; j++) lists[LAYOUT.squares[LAYOUT.instStart[k] + j]].push([k, POW3[n - 1 - j]]);
  }
  let e = 0;
  for (let s = 0; s < 64; s++) {
    SQ_START[s] = e;
    for (const [k, p] of lists[s]) {
      SQ_INST[e] = k;
      SQ_POW[e] = p;
      e++;
    }
  }
  SQ_START[64] = e;
}

/**
 * The pattern instances' indices (as featureIndices writes them) of the last board it was given, kept up to date
 * from one board to the next by the squares that changed. Boards a search evaluates one after the other differ in
 * a few squares (a move and its flips, taken back, another one played), so this costs a fraction of reading every
 * pattern again; any two boards give the right indices. Keep one per side to move: the boards a side evaluates
 * follow each other closely, while the other side's come from another ply.
 */
export class PatternIndices {
  /** Stage-local weight index per instance (the side to move's discs the digit 1, the opponent's 2). */
  readonly indices: Int32Array = Int32Array.from(INST_BASE);
  private pl = 0;
  private ph = 0;
  private ol = 0;
  private oh = 0;

  /** Brings the indices to the board of the side to move (pl, ph) against (ol, oh). */
  update(pl: number, ph: number, ol: number, oh: number): void {
    const ml = this.pl;
    const mh = this.ph;
    const tl = this.ol;
    const th = this.oh;
    let lo = (ml ^ pl) | (tl ^ ol);
    let hi = (mh ^ ph) | (th ^ oh);
    if ((lo | hi) === 0) return;
    const idx = this.indices;
    while (lo !== 0) {
      const bit = lo & -lo;
      lo ^= bit;
      const s = 31 - Math.clz32(bit);
      const from = (ml & bit) !== 0 ? 1 : (tl & bit) !== 0 ? 2 : 0;
      const d = ((pl & bit) !== 0 ? 1 : (ol & bit) !== 0 ? 2 : 0) - from;
      for (let e = SQ_START[s], end = SQ_START[s + 1]; e < end; e++) idx[SQ_INST[e]] += d * SQ_POW[e];
    }
    while (hi !== 0) {
      const bit = hi & -hi;
      hi ^= bit;
      const s = 63 - Math.clz32(bit);
      const from = (mh & bit) !== 0 ? 1 : (th & bit) !== 0 ? 2 : 0;
      const d = ((ph & bit) !== 0 ? 1 : (oh & bit) !== 0 ? 2 : 0) - from;
      for (let e = SQ_START[s], end = SQ_START[s + 1]; e < end; e++) idx[SQ_INST[e]] += d * SQ_POW[e];
    }
    this.pl = pl;
    this.ph = ph;
    this.ol = ol;
    this.oh = oh;
  }
}

/**
 * The weights w (a stage's, from `base`) summed over the pattern instances of the board (pl, ph) to move against
 * (ol, oh), read through pi (updated to that board), plus both sides' move counts `my` and `op`: the trained
 * evaluation but for its parity term, in 1/100 disc.
 */
export function patternSum(pi: PatternIndices, w: Int16Array, base: number, pl: number, ph: number, ol: number, oh: number, my: number, op: number): number {
  pi.update(pl, ph, ol, oh);
  const idx = pi.indices;
  let v = 0;
  for (let k = 0; k < LAYOUT.instances; k++) v += w[base + idx[k]];
  return v + w[base + LAYOUT.extraOffset + (my < MOBILITY_SIZE ? my : MOBILITY_SIZE - 1)] + w[base + LAYOUT.extraOffset + MOBILITY_SIZE + (op < MOBILITY_SIZE ? op : MOBILITY_SIZE - 1)];
}

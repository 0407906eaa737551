/**
 * Line patterns of Gomoku/Renju as lookup tables.
 *
 * A pattern is what one colour gets on one line (one of four directions) by having a stone on a point. It
 * depends only on the 10 cells within distance 5 on that line, each own / empty / blocked (opponent stone or
 * off the board): 3^10 = 59,049 windows, classified once per win rule (exact five or five-or-more) into a
 * packed uint32 entry. The position keeps each line as bit words, so a pattern costs a shift, a mask and two
 * small table lookups (see GomokuPosition.pattern).
 *
 * Window layout: bit i of an 11-bit mask is the cell at offset i - 5 along the line; bit 5 is the point itself.
 */

/** Pattern kinds, weakest to strongest; FIVE wins, OVERLINE is six or more under an exact-five rule. */
export const NONE = 0;
/** One more stone on the line gives at most a closed three. */
export const TWO = 1;
/** One more stone gives an open three. */
export const OPEN_TWO = 2;
/** A closed three: one more stone gives a four, never a straight four. */
export const THREE = 3;
/** A three that one more stone turns into a straight four (renju's "three"; real or fake is decided by the position). */
export const OPEN_THREE = 4;
/** A four: exactly one point completes a five. */
export const FOUR = 5;
/** A straight four (.XXXX.) or two fours on one line: two points complete a five. */
export const OPEN_FOUR = 6;
/** A winning five (exactly five, or five or more where overlines win). */
export const FIVE = 7;
/** Six or more where only an exact five wins (standard rule, renju black). */
export const OVERLINE = 8;

/** The kind of a packed pattern entry (NONE … OVERLINE). */
export function patternKind(entry: number): number {
  return entry & 15;
}

/** Points completing a five, as a 9-bit mask of offsets -4..4 (bit o + 4). */
export function fourMask(entry: number): number {
  return (entry >>> 4) & 511;
}

/** Points turning the line into a straight four, as a 9-bit mask of offsets -4..4 (bit o + 4). */
export function threeMask(entry: number): number {
  return (entry >>> 13) & 511;
}

/** How many fours the stone makes on the line (a straight four counts once, `X.XXX.X`-style shapes twice). */
export function fourCount(entry: number): number {
  return (entry >>> 22) & 3;
}

/** Maps an 11-bit mask to its base-3 digits over the 10 non-centre cells (digit 1 per set bit). */
export const BASE3 = new Int32Array(2048);
{
  for (let m = 0; m < 2048; m++) {
    let v = 0;
    let p = 1;
    for (let i = 0; i < 11; i++) {
      if (i === 5) continue;
      if (m & (1 << i)) v += p;
      p *= 3;
    }
    BASE3[m] = v;
  }
}

const WINDOWS = 59049;
const OWN = 1;
const BLOCK = 2;

/** Whether, on `cells` (offsets -5..5 stored at 0..10), the own run through `i` wins under the rule. */
function winsAt(cells: Uint8Array, i: number, exact: boolean, mustContain: number): boolean {
  let l = i;
  while (l > 0 && cells[l - 1] === OWN) l--;
  let r = i;
  while (r < 10 && cells[r + 1] === OWN) r++;
  if (mustContain < l || mustContain > r) return false;
  const len = r - l + 1;
  return exact ? len === 5 : len >= 5;
}

/** Packs the five/four/three facts of one window (centre own); kinds below THREE are filled in later. */
function classify(cells: Uint8Array, exact: boolean): number {
  let l = 5;
  while (l > 0 && cells[l - 1] === OWN) l--;
  let r = 5;
  while (r < 10 && cells[r + 1] === OWN) r++;
  const run = r - l + 1;
  if (run >= 5) return run === 5 || !exact ? FIVE : OVERLINE;
  let fours = 0;
  for (let i = 1; i <= 9; i++) {
    if (cells[i] !== 0) continue;
    cells[i] = OWN;
    if (winsAt(cells, i, exact, 5)) fours |= 1 << (i - 1);
    cells[i] = 0;
  }
  let straight = false;
  for (let b = 0; b < 5; b++) if ((fours >>> b) & (fours >>> (b + 5)) & 1) straight = true;
  let count = popcount(fours) - (straight ? 1 : 0);
  if (count > 3) count = 3;
  let threes = 0;
  if (fours === 0) {
    for (let i = 2; i <= 8; i++) {
      if (cells[i] !== 0) continue;
      cells[i] = OWN;
      if (makesStraightFour(cells, exact, i)) threes |= 1 << (i - 1);
      cells[i] = 0;
    }
  }
  const kind = fours !== 0 ? (count >= 2 || straight ? OPEN_FOUR : FOUR) : threes !== 0 ? OPEN_THREE : NONE;
  return kind | (fours << 4) | (threes << 13) | (count << 22);
}

/** Whether the own stones include a straight four (both ends complete a winning five) holding the centre and `q`. */
function makesStraightFour(cells: Uint8Array, exact: boolean, q: number): boolean {
  for (let e = 1; e <= 4; e++) {
    const f = e + 5;
    if (cells[e] !== 0 || cells[f] !== 0) continue;
    if (q <= e || q >= f) continue;
    let full = true;
    for (let k = e + 1; k < f; k++) if (cells[k] !== OWN) full = false;
    if (!full) continue;
    cells[e] = OWN;
    const a = winsAt(cells, e, exact, 5);
    cells[e] = 0;
    cells[f] = OWN;
    const b = winsAt(cells, f, exact, 5);
    cells[f] = 0;
    if (a && b) return true;
  }
  return false;
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

function decode(index: number, cells: Uint8Array): void {
  let v = index;
  for (let i = 0; i < 11; i++) {
    if (i === 5) {
      cells[i] = OWN;
      continue;
    }
    cells[i] = v % 3;
    v = (v - cells[i]) / 3;
  }
}

const POW3 = [1, 3, 9, 27, 81, 0, 243, 729, 2187, 6561, 19683];

function buildTable(exact: boolean): Uint32Array {
  const table = new Uint32Array(WINDOWS);
  const cells = new Uint8Array(11);
  for (let idx = 0; idx < WINDOWS; idx++) {
    decode(idx, cells);
    table[idx] = classify(cells, exact);
  }
  // Weaker kinds look one stone ahead: a closed three is one stone from a four, a two one stone from a three.
  lookAhead(table, cells, FOUR, OPEN_FOUR, THREE, FOUR, THREE);
  lookAhead(table, cells, OPEN_THREE, OPEN_THREE, OPEN_TWO, THREE, TWO);
  return table;
}

/**
 * Gives each NONE window the kind `better` when one more own stone can make a kind in [lo, hi], else `worse`
 * when one more stone can make kind `worseFrom`.
 */
function lookAhead(table: Uint32Array, cells: Uint8Array, lo: number, hi: number, better: number, worseFrom: number, worse: number): void {
  for (let idx = 0; idx < WINDOWS; idx++) {
    if ((table[idx] & 15) !== NONE) continue;
    decode(idx, cells);
    let best = NONE;
    for (let i = 1; i <= 9; i++) {
      if (i === 5 || cells[i] !== 0) continue;
      const k = table[idx + POW3[i]] & 15;
      if (k >= lo && k <= hi) best = better;
      else if (k === worseFrom && best === NONE) best = worse;
    }
    table[idx] = (table[idx] & ~15) | best;
  }
}

let exactTable: Uint32Array | null = null;
let freeTable: Uint32Array | null = null;

/** The pattern table for a win rule: `exact` = only exactly five wins (standard, renju black). Built on first use. */
export function patternTable(exact: boolean): Uint32Array {
  if (exact) return (exactTable ??= buildTable(true));
  return (freeTable ??= buildTable(false));
}

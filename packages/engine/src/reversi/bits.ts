/**
 * Reversi bitboards as two 32-bit halves: square s = row * 8 + col (A1 = 0 top-left, H8 = 63); the low half
 * holds rows 1–4 (squares 0–31), the high half rows 5–8. Every function here works on plain int32 values and
 * writes two-word results into a caller's Int32Array, so hot loops never allocate and never touch BigInt.
 */

/** Both halves of the mask that keeps columns B–G (drops A and H, where shifts would wrap). */
const INNER = 0x7e7e7e7e;

/** Number of set bits of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero 32-bit value. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * Writes the legal-move bitboard of the player with discs (pl, ph) against (ol, oh) into out[at], out[at+1].
 * Per direction, a chain of opponent discs can hold at most three squares in each half: the half the chains
 * start in is filled first (three steps), then the other (three steps, fed by the first half's edge row), so
 * only one carry crosses the halves. Eastward chains are found by an addition: adding the discs just east of
 * the player's to the opponent's runs carries through each run onto the square past it.
 */
export function mobility(pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  const ml = ol & INNER;
  const mh = oh & INNER;
  // +1 by carries, which stop at column H (not in ml, mh) so never cross rows or halves; the sums keep the
  // opponent's discs not on a chain, which the final mask of empties removes.
  let rl = ml + (ml & (pl << 1));
  let rh = mh + (mh & (ph << 1));
  // −1 by a parallel-prefix fill, each half alone (the column mask stops every chain at the row's end).
  {
    let fl = ml & (pl >>> 1);
    let fh = mh & (ph >>> 1);
    fl |= ml & (fl >>> 1);
    fh |= mh & (fh >>> 1);
    const prl = ml & (ml >>> 1);
    const prh = mh & (mh >>> 1);
    fl |= prl & (fl >>> 2);
    fh |= prh & (fh >>> 2);
    fl |= prl & (fl >>> 2);
    fh |= prh & (fh >>> 2);
    rl |= fl >>> 1;
    rh |= fh >>> 1;
  }
  // +8: chains start in the low half and carry on into the high half.
  {
    let f = ol & (pl << 8);
    f |= ol & (f << 8);
    f |= ol & (f << 8);
    let g = oh & ((ph << 8) | ((f | pl) >>> 24));
    g |= oh & (g << 8);
    g |= oh & (g << 8);
    rl |= f << 8;
    rh |= (g << 8) | (f >>> 24);
  }
  // +9: chains start in the low half and carry on into the high half.
  {
    let f = ml & (pl << 9);
    f |= ml & (f << 9);
    f |= ml & (f << 9);
    let g = mh & ((ph << 9) | ((f | pl) >>> 23));
    g |= mh & (g << 9);
    g |= mh & (g << 9);
    rl |= f << 9;
    rh |= (g << 9) | (f >>> 23);
  }
  // +7: chains start in the low half and carry on into the high half.
  {
    let f = ml & (pl << 7);
    f |= ml & (f << 7);
    f |= ml & (f << 7);
    let g = mh & ((ph << 7) | ((f | pl) >>> 25));
    g |= mh & (g << 7);
    g |= mh & (g << 7);
    rl |= f << 7;
    rh |= (g << 7) | (f >>> 25);
  }
  // −8: chains start in the high half and carry on into the low half.
  {
    let f = oh & (ph >>> 8);
    f |= oh & (f >>> 8);
    f |= oh & (f >>> 8);
    let g = ol & ((pl >>> 8) | ((f | ph) << 24));
    g |= ol & (g >>> 8);
    g |= ol & (g >>> 8);
    rh |= f >>> 8;
    rl |= (g >>> 8) | (f << 24);
  }
  // −9: chains start in the high half and carry on into the low half.
  {
    let f = mh & (ph >>> 9);
    f |= mh & (f >>> 9);
    f |= mh & (f >>> 9);
    let g = ml & ((pl >>> 9) | ((f | ph) << 23));
    g |= ml & (g >>> 9);
    g |= ml & (g >>> 9);
    rh |= f >>> 9;
    rl |= (g >>> 9) | (f << 23);
  }
  // −7: chains start in the high half and carry on into the low half.
  {
    let f = mh & (ph >>> 7);
    f |= mh & (f >>> 7);
    f |= mh & (f >>> 7);
    let g = ml & ((pl >>> 7) | ((f | ph) << 25));
    g |= ml & (g >>> 7);
    g |= ml & (g >>> 7);
    rh |= f >>> 7;
    rl |= (g >>> 7) | (f << 25);
  }
  out[at] = rl & ~(pl | ol);
  out[at + 1] = rh & ~(ph | oh);
}

/** Bit of square s in the low half (0 when s is in the high half), and vice versa; sized 65 so index 64 reads 0. */
export const BIT_LO = new Int32Array(65);
/** Bit of square s in the high half (0 when s is in the low half). */
export const BIT_HI = new Int32Array(65);
for (let s = 0; s < 64; s++) {
  if (s < 32) BIT_LO[s] = 1 << s;
  else BIT_HI[s] = 1 << (s - 32);
}

/**
 * OUTFLANK[x * 256 + o]: on a line of 8 squares with the opponent's discs o, the squares that would outflank a
 * disc placed at x (the first square past a run of at least one opponent disc, each way) if the player held them.
 */
const OUTFLANK = new Uint8Array(8 * 256);
/** FLIPPED[x * 256 + f]: the squares strictly between x and the outflanking squares f of the same line. */
const FLIPPED = new Uint8Array(8 * 256);
for (let x = 0; x < 8; x++) {
  for (let m = 0; m < 256; m++) {
    let outflank = 0;
    let flipped = 0;
    for (const step of [1, -1]) {
      let q = x + step;
      while (q >= 0 && q < 8 && ((m >> q) & 1) === 1) q += step;
      if (q !== x + step && q >= 0 && q < 8) outflank |= 1 << q;
      q = x + step;
      while (q >= 0 && q < 8 && ((m >> q) & 1) === 0) q += step;
      if (q >= 0 && q < 8) for (let t = x + step; t !== q; t += step) flipped |= 1 << t;
    }
    OUTFLANK[x * 256 + m] = outflank;
    FLIPPED[x * 256 + m] = flipped;
  }
}
/** LINES[8*s ..]: the row, column, diagonal (+9) and anti-diagonal (+7) through square s, each as (lo, hi). */
export const LINES = new Int32Array(64 * 8);
for (let s = 0; s < 64; s++) {
  for (let t = 0; t < 64; t++) {
    const dr = (t >> 3) - (s >> 3);
    const dc = (t & 7) - (s & 7);
    const on = [dr === 0, dc === 0, dr === dc, dr === -dc];
    for (let k = 0; k < 4; k++) {
      if (!on[k]) continue;
      LINES[8 * s + 2 * k] |= BIT_LO[t];
      LINES[8 * s + 2 * k + 1] |= BIT_HI[t];
    }
  }
}

/** Column c (0..7) of a board (lo, hi) as a byte, bit i = row i: both halves' four bits gathered by one product. */
export function columnOf(l: number, h: number, c: number): number {
  return Math.imul(((l >>> c) & 0x01010101) | (((h >>> c) & 0x01010101) << 4), 0x01020408) >>> 24;
}

/**
 * Writes into out[at], out[at+1] the discs that a disc of the player (pl, ph) placed on empty square `sq`
 * would flip against (ol, oh); both words are 0 when the move flips nothing (so it is not legal).
 * Kindergarten style, without loops or branches: each of the four lines through sq is gathered into 8-bit
 * patterns of both colours (a row is a byte of one half; a column by columnOf; a diagonal, one square a row at
 * distinct columns, by one product over both halves ORed), two table lookups give its flipped squares, which
 * are spread back onto the board (5 multiplications in all: this is the endgame solver's hottest function).
 */
export function flips(sq: number, pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  const r = sq >> 3;
  const c = sq & 7;
  const pc = c << 8;
  let fl: number;
  let fh: number;
  // Row: a byte of one half.
  {
    const shift = (r & 3) << 3;
    const o = ((r < 4 ? ol : oh) >>> shift) & 0xff;
    const p = (r < 4 ? pl : ph) >>> shift;
    const f = FLIPPED[pc + (OUTFLANK[pc + o] & p)] << shift;
    fl = r < 4 ? f : 0;
    fh = r < 4 ? 0 : f;
  }
  // Column: gathered by columnOf, spread back nibble by nibble.
  {
    const pr = r << 8;
    const f = FLIPPED[pr + (OUTFLANK[pr + columnOf(ol, oh, c)] & columnOf(pl, ph, c))];
    fl |= (Math.imul(f & 15, 0x00204081) & 0x01010101) << c;
    fh |= (Math.imul(f >>> 4, 0x00204081) & 0x01010101) << c;
  }
  // Diagonals: a byte copied to every row and masked by the diagonal spreads them back.
  {
    const ml = LINES[8 * sq + 4];
    const mh = LINES[8 * sq + 5];
    const o = Math.imul((ol & ml) | (oh & mh), 0x01010101) >>> 24;
    const p = Math.imul((pl & ml) | (ph & mh), 0x01010101) >>> 24;
    const f = Math.imul(FLIPPED[pc + (OUTFLANK[pc + o] & p)], 0x01010101);
    fl |= f & ml;
    fh |= f & mh;
  }
  {
    const ml = LINES[8 * sq + 6];
    const mh = LINES[8 * sq + 7];
    const o = Math.imul((ol & ml) | (oh & mh), 0x01010101) >>> 24;
    const p = Math.imul((pl & ml) | (ph & mh), 0x01010101) >>> 24;
    const f = Math.imul(FLIPPED[pc + (OUTFLANK[pc + o] & p)], 0x01010101);
    fl |= f & ml;
    fh |= f & mh;
  }
  out[at] = fl;
  out[at + 1] = fh;
}

const countScratch = new Int32Array(2);

/** How many discs a disc of the player placed on empty square `sq` would flip (0: not a legal move). */
export function flipCount(sq: number, pl: number, ph: number, ol: number, oh: number): number {
  flips(sq, pl, ph, ol, oh, countScratch, 0);
  return popcount(countScratch[0]) + popcount(countScratch[1]);
}

const stableScratch = new Int32Array(2);

/** How many of the player's discs (pl, ph) can never be flipped (a lower bound; see stableSet). */
export function stableDiscs(pl: number, ph: number, ol: number, oh: number): number {
  stableSet(pl, ph, ol, oh, stableScratch, 0);
  return popcount(stableScratch[0]) + popcount(stableScratch[1]);
}

/**
 * Writes into out[at], out[at+1] a set of the player's discs (pl, ph) that can never be flipped: a disc is stable
 * when, along each of the four lines through it, the line is full or a board edge or a stable disc of its colour
 * is next to it. Grown from the corners and full lines to a fixed point, starting from the player's discs in
 * (seedL, seedH), which the caller knows to be stable by other means (the endgame solver's edge table).
 */
export function stableSet(pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number, seedL = 0, seedH = 0): void {
  // Full lines. Rows and columns at once: a row's byte ANDed down to its first bit, the columns' bits ANDed
  // across the eight rows; then every diagonal starts full and each empty square empties its two diagonals.
  const fl = pl | ol;
  const fh = ph | oh;
  let r = fl & (fl >>> 4);
  r &= r >>> 2;
  r &= r >>> 1;
  let rowL = Math.imul(r & 0x01010101, 0xff);
  r = fh & (fh >>> 4);
  r &= r >>> 2;
  r &= r >>> 1;
  let rowH = Math.imul(r & 0x01010101, 0xff);
  let c = fl & fh;
  c &= c >>> 16;
  c &= c >>> 8;
  let vL = Math.imul(c & 0xff, 0x01010101);
  let vH = vL;
  let d9L = -1;
  let d9H = -1;
  let d7L = -1;
  let d7H = -1;
  let xl = ~fl;
  let xh = ~fh;
  while ((xl | xh) !== 0) {
    let sq: number;
    if (xl !== 0) {
      sq = lowestBit(xl);
      xl &= xl - 1;
    } else {
      sq = 32 + lowestBit(xh);
      xh &= xh - 1;
    }
    const k = 8 * sq;
    d9L &= ~LINES[k + 4];
    d9H &= ~LINES[k + 5];
    d7L &= ~LINES[k + 6];
    d7H &= ~LINES[k + 7];
  }
  // Edges count as stable neighbours: columns A/H horizontally, rows 1/8 vertically, the whole rim diagonally.
  rowL |= 0x81818181;
  rowH |= 0x81818181;
  vL |= 0xff;
  vH |= 0xff000000 | 0;
  d9L |= 0x818181ff;
  d9H |= 0xff818181 | 0;
  d7L |= 0x818181ff;
  d7H |= 0xff818181 | 0;
  // The set only grows: a seed stays in it, and from an empty seed each step contains the last.
  let sl = seedL & pl;
  let sh = seedH & ph;
  for (;;) {
    const nl =
      sl |
      (pl &
        (rowL | (sl << 1) | (sl >>> 1)) &
        (vL | (sl << 8) | (sl >>> 8) | (sh << 24)) &
        (d9L | (sl << 9) | (sl >>> 9) | (sh << 23)) &
        (d7L | (sl << 7) | (sl >>> 7) | (sh << 25)));
    const nh =
      sh |
      (ph &
        (rowH | (sh << 1) | (sh >>> 1)) &
        (vH | (sh << 8) | (sh >>> 8) | (sl >>> 24)) &
        (d9H | (sh << 9) | (sh >>> 9) | (sl >>> 23)) &
        (d7H | (sh << 7) | (sh >>> 7) | (sl >>> 25)));
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  out[at] = sl;
  out[at + 1] = sh;
}

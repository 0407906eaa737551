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
 * Edax's parallel-prefix fill, four steps per direction pair, with the carries between halves made explicit.
 */
export function mobility(pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const ml = ol & INNER;
  const mh = oh & INNER;
  let rl: number;
  let rh: number;

  // Horizontal (±1, ±2): the column mask makes cross-half carries land on masked squares, so each half is alone.
  {
    let fl = ml & (pl << 1);
    let fh = mh & (ph << 1);
    fl |= ml & (fl << 1);
    fh |= mh & (fh << 1);
    const pll = ml & (ml << 1);
    const plh = mh & (mh << 1);
    fl |= pll & (fl << 2);
    fh |= plh & (fh << 2);
    fl |= pll & (fl << 2);
    fh |= plh & (fh << 2);
    rl = fl << 1;
    rh = fh << 1;
    let gl = ml & (pl >>> 1);
    let gh = mh & (ph >>> 1);
    gl |= ml & (gl >>> 1);
    gh |= mh & (gh >>> 1);
    const prl = ml & (ml >>> 1);
    const prh = mh & (mh >>> 1);
    gl |= prl & (gl >>> 2);
    gh |= prh & (gh >>> 2);
    gl |= prl & (gl >>> 2);
    gh |= prh & (gh >>> 2);
    rl |= gl >>> 1;
    rh |= gh >>> 1;
  }
  // Vertical (±8, ±16): full opponent mask, carries between rows 4 and 5.
  {
    let fl = ol & (pl << 8);
    let fh = oh & ((ph << 8) | (pl >>> 24));
    fh |= oh & ((fh << 8) | (fl >>> 24));
    fl |= ol & (fl << 8);
    const pll = ol & (ol << 8);
    const plh = oh & ((oh << 8) | (ol >>> 24));
    fh |= plh & ((fh << 16) | (fl >>> 16));
    fl |= pll & (fl << 16);
    fh |= plh & ((fh << 16) | (fl >>> 16));
    fl |= pll & (fl << 16);
    rl |= fl << 8;
    rh |= (fh << 8) | (fl >>> 24);
    let gl = ol & ((pl >>> 8) | (ph << 24));
    let gh = oh & (ph >>> 8);
    gl |= ol & ((gl >>> 8) | (gh << 24));
    gh |= oh & (gh >>> 8);
    const prl = ol & ((ol >>> 8) | (oh << 24));
    const prh = oh & (oh >>> 8);
    gl |= prl & ((gl >>> 16) | (gh << 16));
    gh |= prh & (gh >>> 16);
    gl |= prl & ((gl >>> 16) | (gh << 16));
    gh |= prh & (gh >>> 16);
    rl |= (gl >>> 8) | (gh << 24);
    rh |= gh >>> 8;
  }
  // Diagonal (±9, ±18).
  {
    let fl = ml & (pl << 9);
    let fh = mh & ((ph << 9) | (pl >>> 23));
    fh |= mh & ((fh << 9) | (fl >>> 23));
    fl |= ml & (fl << 9);
    const pll = ml & (ml << 9);
    const plh = mh & ((mh << 9) | (ml >>> 23));
    fh |= plh & ((fh << 18) | (fl >>> 14));
    fl |= pll & (fl << 18);
    fh |= plh & ((fh << 18) | (fl >>> 14));
    fl |= pll & (fl << 18);
    rl |= fl << 9;
    rh |= (fh << 9) | (fl >>> 23);
    let gl = ml & ((pl >>> 9) | (ph << 23));
    let gh = mh & (ph >>> 9);
    gl |= ml & ((gl >>> 9) | (gh << 23));
    gh |= mh & (gh >>> 9);
    const prl = ml & ((ml >>> 9) | (mh << 23));
    const prh = mh & (mh >>> 9);
    gl |= prl & ((gl >>> 18) | (gh << 14));
    gh |= prh & (gh >>> 18);
    gl |= prl & ((gl >>> 18) | (gh << 14));
    gh |= prh & (gh >>> 18);
    rl |= (gl >>> 9) | (gh << 23);
    rh |= gh >>> 9;
  }
  // Anti-diagonal (±7, ±14).
  {
    let fl = ml & (pl << 7);
    let fh = mh & ((ph << 7) | (pl >>> 25));
    fh |= mh & ((fh << 7) | (fl >>> 25));
    fl |= ml & (fl << 7);
    const pll = ml & (ml << 7);
    const plh = mh & ((mh << 7) | (ml >>> 25));
    fh |= plh & ((fh << 14) | (fl >>> 18));
    fl |= pll & (fl << 14);
    fh |= plh & ((fh << 14) | (fl >>> 18));
    fl |= pll & (fl << 14);
    rl |= fl << 7;
    rh |= (fh << 7) | (fl >>> 25);
    let gl = ml & ((pl >>> 7) | (ph << 25));
    let gh = mh & (ph >>> 7);
    gl |= ml & ((gl >>> 7) | (gh << 25));
    gh |= mh & (gh >>> 7);
    const prl = ml & ((ml >>> 7) | (mh << 25));
    const prh = mh & (mh >>> 7);
    gl |= prl & ((gl >>> 14) | (gh << 18));
    gh |= prh & (gh >>> 14);
    gl |= prl & ((gl >>> 14) | (gh << 18));
    gh |= prh & (gh >>> 14);
    rl |= (gl >>> 7) | (gh << 25);
    rh |= gh >>> 7;
  }
  out[at] = rl & el;
  out[at + 1] = rh & eh;
}

/** Bit of square s in the low half (0 when s is in the high half), and vice versa; sized 65 so index 64 reads 0. */
export const BIT_LO = new Int32Array(65);
/** Bit of square s in the high half (0 when s is in the low half). */
export const BIT_HI = new Int32Array(65);
for (let s = 0; s < 64; s++) {
  if (s < 32) BIT_LO[s] = 1 << s;
  else BIT_HI[s] = 1 << (s - 32);
}

/** RAYS[s*64 + d*8 + k]: the k-th square from s in direction d, 64 past the board edge (a square with no bits). */
const RAYS = new Uint8Array(64 * 64).fill(64);
/** The eight neighbours of each square, as (lo, hi) masks: only a direction starting on an opponent disc can flip. */
const NEIGHBOURS = new Int32Array(128);
/** DIRECTION[delta + 9]: the direction number of a step from a square to its neighbour square + delta. */
const DIRECTION = new Int8Array(19);
{
  const dr = [-1, -1, -1, 0, 0, 1, 1, 1];
  const dc = [-1, 0, 1, -1, 1, -1, 0, 1];
  for (let d = 0; d < 8; d++) DIRECTION[dr[d] * 8 + dc[d] + 9] = d;
  for (let s = 0; s < 64; s++) {
    for (let d = 0; d < 8; d++) {
      let r = (s >> 3) + dr[d];
      let c = (s & 7) + dc[d];
      let k = 0;
      while (r >= 0 && r < 8 && c >= 0 && c < 8) {
        RAYS[s * 64 + d * 8 + k++] = r * 8 + c;
        r += dr[d];
        c += dc[d];
      }
      // A direction with a single square cannot flip: its neighbour is not listed.
      if (k >= 2) {
        const n = RAYS[s * 64 + d * 8];
        NEIGHBOURS[2 * s] |= BIT_LO[n];
        NEIGHBOURS[2 * s + 1] |= BIT_HI[n];
      }
    }
  }
}

/**
 * Writes into out[at], out[at+1] the discs that a disc of the player (pl, ph) placed on empty square `sq`
 * would flip against (ol, oh); both words are 0 when the move flips nothing (so it is not legal).
 * Only rays whose first square holds an opponent disc are walked.
 */
export function flips(sq: number, pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  let fl = 0;
  let fh = 0;
  let al = NEIGHBOURS[2 * sq] & ol;
  let ah = NEIGHBOURS[2 * sq + 1] & oh;
  while ((al | ah) !== 0) {
    let n: number;
    if (al !== 0) {
      n = lowestBit(al);
      al &= al - 1;
    } else {
      n = 32 + lowestBit(ah);
      ah &= ah - 1;
    }
    let k = sq * 64 + DIRECTION[n - sq + 9] * 8 + 1;
    let rl = BIT_LO[n];
    let rh = BIT_HI[n];
    let s = RAYS[k];
    while (((ol & BIT_LO[s]) | (oh & BIT_HI[s])) !== 0) {
      rl |= BIT_LO[s];
      rh |= BIT_HI[s];
      s = RAYS[++k];
    }
    if (((pl & BIT_LO[s]) | (ph & BIT_HI[s])) !== 0) {
      fl |= rl;
      fh |= rh;
    }
  }
  out[at] = fl;
  out[at + 1] = fh;
}

/** How many discs a disc of the player placed on empty square `sq` would flip (0: not a legal move). */
export function flipCount(sq: number, pl: number, ph: number, ol: number, oh: number): number {
  let count = 0;
  let al = NEIGHBOURS[2 * sq] & ol;
  let ah = NEIGHBOURS[2 * sq + 1] & oh;
  while ((al | ah) !== 0) {
    let n: number;
    if (al !== 0) {
      n = lowestBit(al);
      al &= al - 1;
    } else {
      n = 32 + lowestBit(ah);
      ah &= ah - 1;
    }
    let k = sq * 64 + DIRECTION[n - sq + 9] * 8 + 1;
    let run = 1;
    let s = RAYS[k];
    while (((ol & BIT_LO[s]) | (oh & BIT_HI[s])) !== 0) {
      run++;
      s = RAYS[++k];
    }
    if (((pl & BIT_LO[s]) | (ph & BIT_HI[s])) !== 0) count += run;
  }
  return count;
}

/** LINES[8*s ..]: the row, column, diagonal and anti-diagonal through square s, each as (lo, hi). */
const LINES = new Int32Array(64 * 8);
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

const stableScratch = new Int32Array(2);

/** How many of the player's discs (pl, ph) can never be flipped (a lower bound; see stableSet). */
export function stableDiscs(pl: number, ph: number, ol: number, oh: number): number {
  stableSet(pl, ph, ol, oh, stableScratch, 0);
  return popcount(stableScratch[0]) + popcount(stableScratch[1]);
}

/**
 * Writes into out[at], out[at+1] a set of the player's discs (pl, ph) that can never be flipped: a disc is stable
 * when, along each of the four lines through it, the line is full or a board edge or a stable disc of its colour
 * is next to it. Grown from the corners and full lines to a fixed point.
 */
export function stableSet(pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  // Full lines: every line starts full and each empty square empties its four lines.
  let rowL = -1;
  let rowH = -1;
  let vL = -1;
  let vH = -1;
  let d9L = -1;
  let d9H = -1;
  let d7L = -1;
  let d7H = -1;
  let xl = ~(pl | ol);
  let xh = ~(ph | oh);
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
    rowL &= ~LINES[k];
    rowH &= ~LINES[k + 1];
    vL &= ~LINES[k + 2];
    vH &= ~LINES[k + 3];
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
  let sl = 0;
  let sh = 0;
  for (;;) {
    const nl =
      pl &
      (rowL | (sl << 1) | (sl >>> 1)) &
      (vL | (sl << 8) | (sl >>> 8) | (sh << 24)) &
      (d9L | (sl << 9) | (sl >>> 9) | (sh << 23)) &
      (d7L | (sl << 7) | (sl >>> 7) | (sh << 25));
    const nh =
      ph &
      (rowH | (sh << 1) | (sh >>> 1)) &
      (vH | (sh << 8) | (sh >>> 8) | (sl >>> 24)) &
      (d9H | (sh << 9) | (sh >>> 9) | (sl >>> 23)) &
      (d7H | (sh << 7) | (sh >>> 7) | (sl >>> 25));
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  out[at] = sl;
  out[at + 1] = sh;
}

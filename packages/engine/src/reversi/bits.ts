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
 * RAY[16*s + 2*d], RAY[16*s + 2*d + 1]: the squares from s to the board edge in direction d (s excluded), as
 * (lo, hi). Directions 0–3 (+1, +7, +8, +9) run towards higher squares, 4–7 (−1, −7, −8, −9) towards lower ones.
 */
const RAY = new Int32Array(64 * 16);
{
  const dr = [0, 1, 1, 1, 0, -1, -1, -1];
  const dc = [1, -1, 0, 1, -1, 1, 0, -1];
  for (let s = 0; s < 64; s++) {
    for (let d = 0; d < 8; d++) {
      let r = (s >> 3) + dr[d];
      let c = (s & 7) + dc[d];
      while (r >= 0 && r < 8 && c >= 0 && c < 8) {
        RAY[16 * s + 2 * d] |= BIT_LO[r * 8 + c];
        RAY[16 * s + 2 * d + 1] |= BIT_HI[r * 8 + c];
        r += dr[d];
        c += dc[d];
      }
    }
  }
}
/** RAY_OF[delta + 9]: the offset in RAY of the direction of a step to the neighbour square + delta. */
const RAY_OF = new Int8Array(19);
/** The neighbours of each square from which a ray of at least two squares starts, as (lo, hi): only those can flip. */
const NEIGHBOURS = new Int32Array(128);
{
  const delta = [1, 7, 8, 9, -1, -7, -8, -9];
  const dr = [0, 1, 1, 1, 0, -1, -1, -1];
  const dc = [1, -1, 0, 1, -1, 1, 0, -1];
  for (let d = 0; d < 8; d++) RAY_OF[delta[d] + 9] = 2 * d;
  for (let s = 0; s < 64; s++) {
    for (let d = 0; d < 8; d++) {
      const r = (s >> 3) + dr[d];
      const c = (s & 7) + dc[d];
      const r2 = r + dr[d];
      const c2 = c + dc[d];
      if (r2 < 0 || r2 > 7 || c2 < 0 || c2 > 7) continue;
      NEIGHBOURS[2 * s] |= BIT_LO[r * 8 + c];
      NEIGHBOURS[2 * s + 1] |= BIT_HI[r * 8 + c];
    }
  }
}

/**
 * Writes into out[at], out[at+1] the discs that a disc of the player (pl, ph) placed on empty square `sq`
 * would flip against (ol, oh); both words are 0 when the move flips nothing (so it is not legal).
 * Only directions whose first square is the opponent's are looked at, each in constant time without branches:
 * the first square of the ray that is not the opponent's (lowest bit going up, highest going down, found in
 * the nearer half when that half has one) outflanks when it is the player's, and the ray's squares before it flip.
 */
export function flips(sq: number, pl: number, ph: number, ol: number, oh: number, out: Int32Array, at: number): void {
  let fl = 0;
  let fh = 0;
  let al = NEIGHBOURS[2 * sq] & ol;
  let ah = NEIGHBOURS[2 * sq + 1] & oh;
  const nl = ~ol;
  const nh = ~oh;
  while ((al | ah) !== 0) {
    let n: number;
    if (al !== 0) {
      n = 31 - Math.clz32(al & -al);
      al &= al - 1;
    } else {
      n = 63 - Math.clz32(ah & -ah);
      ah &= ah - 1;
    }
    const d = RAY_OF[n - sq + 9] + (sq << 4);
    const ml = RAY[d];
    const mh = RAY[d + 1];
    if (n > sq) {
      // Up: the lowest non-opponent square of the ray, in the low half if any is there.
      const xl = nl & ml;
      const xh = nh & mh;
      const zl = (xl | -xl) >> 31;
      const bl = xl & -xl;
      const bh = xh & -xh & ~zl;
      const o = (bl & pl) | (bh & ph);
      const m = (o | -o) >> 31;
      fl |= (bl - 1) & ml & m;
      fh |= (bh - 1) & mh & ~zl & m;
    } else {
      // Down: the highest non-opponent square of the ray, in the high half if any is there.
      const xl = nl & ml;
      const xh = nh & mh;
      const zh = (xh | -xh) >> 31;
      const bh = (TOP >>> Math.clz32(xh)) & xh;
      const bl = (TOP >>> Math.clz32(xl)) & xl & ~zh;
      const o = (bl & pl) | (bh & ph);
      const m = (o | -o) >> 31;
      fh |= (-(bh << 1) | ~zh) & mh & m;
      fl |= -(bl << 1) & ml & m;
    }
  }
  out[at] = fl;
  out[at + 1] = fh;
}

/** The top bit of a 32-bit word: shifted right by a count of leading zeros, it isolates the highest set bit. */
const TOP = 0x80000000 | 0;

const countScratch = new Int32Array(2);

/** How many discs a disc of the player placed on empty square `sq` would flip (0: not a legal move). */
export function flipCount(sq: number, pl: number, ph: number, ol: number, oh: number): number {
  flips(sq, pl, ph, ol, oh, countScratch, 0);
  return popcount(countScratch[0]) + popcount(countScratch[1]);
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

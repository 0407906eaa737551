import { mobility, popcount, stableDiscs, type Position, type ReversiPosition } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';
import { FEATURES, LAYOUT, featureIndices, stageOf } from './patterns.js';
import { reversiWeights } from './weights.js';

/** Evaluation units per disc: a finished game scores its disc differential in these units (see reversiTerminal). */
export const DISC = 100;
/** A finished, won game scores at least this (plus its margin), above any evaluation of an unfinished one. */
export const REVERSI_WON = 20_000;
/** Evaluations of unfinished games stay within ±this, so they never compare as a win. */
const EVAL_CAP = REVERSI_WON - 1;

const NOT_A = 0xfefefefe | 0; // every square but column A (a left shift must not wrap H into A)
const NOT_H = 0x7f7f7f7f; // every square but column H
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

// X squares (diagonal to a corner) and C squares (next to it on the edge), per corner: A1, H1, A8, H8.
const CORNER_SQ = [0, 7, 56, 63];
const X_SQ = [9, 14, 49, 54];
const C_SQ = [
  [1, 8],
  [6, 15],
  [48, 57],
  [55, 62],
];

const bits = new Int32Array(4);
const moves = new Int32Array(2);

/** A set's squares one step in any of the 8 directions (64-bit set as low/high 32-bit halves); writes out[0..2). */
function dilate(lo: number, hi: number, out: Int32Array): void {
  // Horizontal neighbours stay in their half.
  let rl = ((lo << 1) & NOT_A) | ((lo >>> 1) & NOT_H);
  let rh = ((hi << 1) & NOT_A) | ((hi >>> 1) & NOT_H);
  // The set and its horizontal neighbours, one row up and down (rows cross from the low half into the high one).
  const wl = lo | rl;
  const wh = hi | rh;
  rl |= (wl << 8) | (wl >>> 8) | (wh << 24);
  rh |= (wh << 8) | (wh >>> 8) | (wl >>> 24);
  out[0] = rl;
  out[1] = rh;
}

const near = new Int32Array(2);

function squareOf(lo: number, hi: number, sq: number): boolean {
  return sq < 32 ? ((lo >>> sq) & 1) === 1 : ((hi >>> (sq - 32)) & 1) === 1;
}

/**
 * The midgame evaluation for the side to move, in 1/100 disc: mobility (moves now) and potential mobility (empty
 * squares next to the opponent's discs), corners, X and C squares next to an empty corner, stable discs (grown
 * from the corners and full lines by the engine's stableSet), parity (who gets the last move of the game), and
 * the disc count only near the end. Weights move with the number of empties: mobility matters early, discs late.
 */
export function reversiEvaluate(r: ReversiPosition): number {
  r.bitboards(bits);
  const pl = bits[0];
  const ph = bits[1];
  const ol = bits[2];
  const oh = bits[3];
  const emL = ~(pl | ol);
  const emH = ~(ph | oh);
  const empties = popcount(emL) + popcount(emH);

  mobility(pl, ph, ol, oh, moves, 0);
  const myMoves = popcount(moves[0]) + popcount(moves[1]);
  mobility(ol, oh, pl, ph, moves, 0);
  const opMoves = popcount(moves[0]) + popcount(moves[1]);

  dilate(ol, oh, near);
  const myPotential = popcount(near[0] & emL) + popcount(near[1] & emH);
  dilate(pl, ph, near);
  const opPotential = popcount(near[0] & emL) + popcount(near[1] & emH);

  const corners = popcount(pl & CORNERS_LO) + popcount(ph & CORNERS_HI) - popcount(ol & CORNERS_LO) - popcount(oh & CORNERS_HI);

  // Squares next to an empty corner give it away.
  let xc = 0;
  for (let k = 0; k < 4; k++) {
    if (!squareOf(emL, emH, CORNER_SQ[k])) continue;
    const x = X_SQ[k];
    if (squareOf(pl, ph, x)) xc -= 2;
    else if (squareOf(ol, oh, x)) xc += 2;
    for (const c of C_SQ[k]) {
      if (squareOf(pl, ph, c)) xc -= 1;
      else if (squareOf(ol, oh, c)) xc += 1;
    }
  }

  const stable = stableDiscs(pl, ph, ol, oh) - stableDiscs(ol, oh, pl, ph);
  const discs = popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh);

  // Phase: 1 at the start (60 empties), 0 at the end.
  const early = empties / 60;
  const late = 1 - early;
  let v = 0;
  v += ((myMoves - opMoves) * 1000) / (myMoves + opMoves + 2) * (0.6 + 0.6 * early);
  v += ((myPotential - opPotential) * 500) / (myPotential + opPotential + 2) * (0.3 + 0.7 * early);
  v += corners * 800;
  v += xc * (150 + 100 * early);
  v += stable * (60 + 40 * late);
  v += late > 0.7 ? discs * DISC * (late - 0.7) * 2 : 0;
  // The side that moves last in an even-empties region keeps the parity; only the overall parity, and only late.
  v += empties <= 20 ? ((empties & 1) === 1 ? 60 : -60) : 0;
  if (myMoves === 0) v -= 200; // a forced pass
  return v > EVAL_CAP ? EVAL_CAP : v < -EVAL_CAP ? -EVAL_CAP : Math.round(v);
}

const features = new Int32Array(FEATURES);

/**
 * The trained pattern evaluation for the side to move, in 1/100 disc: the sum of its stage's weights over the
 * pattern instances, both sides' mobility and the parity (see patterns.ts), within the same ±bound as reversiEvaluate.
 */
export function reversiPatternEvaluate(r: ReversiPosition, w: Int16Array): number {
  r.bitboards(bits);
  const empties = featureIndices(bits[0], bits[1], bits[2], bits[3], features, 0);
  const base = stageOf(empties) * LAYOUT.stageSize;
  let v = 0;
  for (let k = 0; k < FEATURES; k++) v += w[base + features[k]];
  return v > EVAL_CAP ? EVAL_CAP : v < -EVAL_CAP ? -EVAL_CAP : v;
}

/** A finished game from `player`'s view: a win above every evaluation, plus the disc margin (empties to the winner). */
export function reversiTerminal(r: ReversiPosition, player: number): number {
  const s = player === 0 ? r.score() : -r.score();
  return s > 0 ? REVERSI_WON + s * DISC : s < 0 ? -REVERSI_WON + s * DISC : 0;
}

const scratch = new Int32Array(4);

/**
 * Move ordering: corners first, X and C squares next to an empty corner last, and otherwise the moves that leave
 * the opponent the fewest replies (its mobility after the move, corner replies counted twice).
 */
function orderReversi(pos: Position, list: Int32Array, n: number, scores: Float64Array): void {
  const r = pos as ReversiPosition;
  for (let i = 0; i < n; i++) {
    const m = list[i];
    if (m < 0) {
      scores[i] = 0;
      continue;
    }
    let s = 0;
    const k = cornerIndex(m);
    if (k >= 0) s += 100;
    else {
      const near = nextToCorner(m);
      if (near >= 0 && r.colourAt(CORNER_SQ[near]) === -1) s -= X_SQ[near] === m ? 60 : 25;
    }
    r.play(m);
    r.bitboards(scratch);
    mobility(scratch[0], scratch[1], scratch[2], scratch[3], moves, 0);
    const replies = popcount(moves[0]) + popcount(moves[1]) + popcount(moves[0] & CORNERS_LO) + popcount(moves[1] & CORNERS_HI);
    r.undo();
    scores[i] = s - replies;
  }
}

function cornerIndex(sq: number): number {
  return sq === 0 ? 0 : sq === 7 ? 1 : sq === 56 ? 2 : sq === 63 ? 3 : -1;
}

/** The corner an X or C square belongs to, or -1. */
function nextToCorner(sq: number): number {
  for (let k = 0; k < 4; k++) if (X_SQ[k] === sq || C_SQ[k][0] === sq || C_SQ[k][1] === sq) return k;
  return -1;
}

/**
 * Reversi knowledge for alpha-beta: the trained pattern evaluation once this thread has weights (weights.ts),
 * the hand-written one until then; the terminal score in the same units, and the move ordering.
 */
export const reversiKnowledge: Evaluator = {
  evaluate(pos: Position, player: number): number {
    const r = pos as ReversiPosition;
    const w = reversiWeights();
    const v = w !== null ? reversiPatternEvaluate(r, w) : reversiEvaluate(r);
    return player === r.currentPlayer() ? v : -v;
  },
  terminal(pos: Position, player: number): number {
    return reversiTerminal(pos as ReversiPosition, player);
  },
  orderMoves: orderReversi,
};

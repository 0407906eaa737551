import { flips, mobility, popcount, stableDiscs, type Position, type ReversiPosition } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';
import { LAYOUT, MOBILITY_SIZE, PatternIndices, patternSum, stageOf } from './patterns.js';
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
const flipped = new Int32Array(2);

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

// One per side to move (black, white): each sees the boards its side evaluates, one close to the next.
const indices = [new PatternIndices(), new PatternIndices()];
const PARITY = LAYOUT.extraOffset + 2 * MOBILITY_SIZE;

/**
 * The trained pattern evaluation for the side to move, in 1/100 disc: the sum of its stage's weights over the
 * pattern instances, both sides' mobility and the parity (see patterns.ts), within the same ±bound as reversiEvaluate.
 * The instances' indices are those of featureIndices, kept up to date from the board evaluated before (PatternIndices).
 */
export function reversiPatternEvaluate(r: ReversiPosition, w: Int16Array): number {
  r.bitboards(bits);
  const pl = bits[0];
  const ph = bits[1];
  const ol = bits[2];
  const oh = bits[3];
  mobility(pl, ph, ol, oh, moves, 0);
  const my = popcount(moves[0]) + popcount(moves[1]);
  mobility(ol, oh, pl, ph, moves, 0);
  const op = popcount(moves[0]) + popcount(moves[1]);
  return patternValue(pl, ph, ol, oh, r.currentPlayer(), my, op, w);
}

/** The pattern evaluation of (pl, ph) to move, colour `player`, against (ol, oh), given both sides' move counts. */
function patternValue(pl: number, ph: number, ol: number, oh: number, player: number, my: number, op: number, w: Int16Array): number {
  const empties = 64 - popcount(pl | ol) - popcount(ph | oh);
  const base = stageOf(empties) * LAYOUT.stageSize;
  const v = patternSum(indices[player], w, base, pl, ph, ol, oh, my, op) + w[base + PARITY + (empties & 1)];
  return v > EVAL_CAP ? EVAL_CAP : v < -EVAL_CAP ? -EVAL_CAP : v;
}

/**
 * Evaluator.leafAfter: the position after `move` made from its flips on the bitboards (a play also updates the
 * hash and the undo stack, and isTerminal runs the mobility the evaluation runs again). Finished there (neither
 * side can move): reversiTerminal; else the trained evaluation, or the hand-written one by playing the move.
 */
function reversiLeafAfter(pos: Position, move: number, out: Float64Array): void {
  const r = pos as ReversiPosition;
  const w = reversiWeights();
  // A pass is a move: the other side is always to move after one.
  out[2] = 1;
  if (w === null) {
    r.play(move);
    const over = r.isTerminal();
    out[0] = over ? reversiTerminal(r, r.currentPlayer()) : reversiEvaluate(r);
    out[1] = over ? 1 : 0;
    r.undo();
    return;
  }
  r.bitboards(bits);
  // The mover (pl, ph) and its opponent (ol, oh), the side to move after the move.
  let pl = bits[0];
  let ph = bits[1];
  let ol = bits[2];
  let oh = bits[3];
  // The ordering of this node (its last call, on this board) has the move's flips and the reply count.
  const known = move >= 0 && childStamp[move] === stamp && orderedBoard[0] === pl && orderedBoard[1] === ph && orderedBoard[2] === ol && orderedBoard[3] === oh;
  if (move >= 0) {
    let fl: number;
    let fh: number;
    if (known) {
      fl = childFlipLo[move];
      fh = childFlipHi[move];
    } else {
      flips(move, pl, ph, ol, oh, flipped, 0);
      fl = flipped[0];
      fh = flipped[1];
    }
    pl |= fl | (move < 32 ? 1 << move : 0);
    ph |= fh | (move >= 32 ? 1 << (move - 32) : 0);
    ol ^= fl;
    oh ^= fh;
  }
  let my: number;
  if (known) my = childMoves[move];
  else {
    mobility(ol, oh, pl, ph, moves, 0);
    my = popcount(moves[0]) + popcount(moves[1]);
  }
  mobility(pl, ph, ol, oh, moves, 0);
  const op = popcount(moves[0]) + popcount(moves[1]);
  if (my === 0 && op === 0) {
    // The disc difference for the side to move there, the empty squares to the winner (reversiTerminal).
    const d = popcount(ol) + popcount(oh) - popcount(pl) - popcount(ph);
    const e = 64 - popcount(pl | ol) - popcount(ph | oh);
    out[0] = exactScore(d > 0 ? d + e : d < 0 ? d - e : 0);
    out[1] = 1;
    return;
  }
  out[0] = patternValue(ol, oh, pl, ph, 1 - r.currentPlayer(), my, op, w);
  out[1] = 0;
}

/** An exact score (disc differential) in the evaluation's units: wins above any evaluation, as the search scores them. */
export function exactScore(discs: number): number {
  return discs > 0 ? REVERSI_WON + discs * DISC : discs < 0 ? -REVERSI_WON + discs * DISC : 0;
}

/** A finished game from `player`'s view: a win above every evaluation, plus the disc margin (empties to the winner). */
export function reversiTerminal(r: ReversiPosition, player: number): number {
  return exactScore(player === 0 ? r.score() : -r.score());
}

const scratch = new Int32Array(4);

/*
 * What the last ordering found per move: its flips and the opponent's move count after it. A frontier node's
 * ordering runs just before its children are scored as leaves (reversiLeafAfter), which then reuse both: the
 * board the ordering saw (orderedBoard) and the stamp of its call tell whether an entry is for this node.
 */
const orderedBoard = new Int32Array(4);
const childFlipLo = new Int32Array(64);
const childFlipHi = new Int32Array(64);
const childMoves = new Int32Array(64);
const childStamp = new Int32Array(64);
let stamp = 0;

/** Per square: +100 on a corner, else the penalty of an X (60) or C (25) square while its corner is empty. */
const SQ_BONUS = new Int32Array(64);
/** Per square: the corner an X or C square gives away, or -1. */
const SQ_CORNER = new Int8Array(64).fill(-1);
for (let k = 0; k < 4; k++) {
  SQ_BONUS[CORNER_SQ[k]] = 100;
  SQ_CORNER[X_SQ[k]] = CORNER_SQ[k];
  SQ_BONUS[X_SQ[k]] = -60;
  for (const c of C_SQ[k]) {
    SQ_CORNER[c] = CORNER_SQ[k];
    SQ_BONUS[c] = -25;
  }
}

/**
 * Move ordering: corners first, X and C squares next to an empty corner last, and otherwise the moves that leave
 * the opponent the fewest replies (its mobility after the move, corner replies counted twice). The position after
 * each move is made from its flips on the bitboards, not played: a play also updates the hash and the undo stack,
 * which an ordering does not need, and it runs at every interior node for every move.
 */
function orderReversi(pos: Position, list: Int32Array, n: number, scores: Float64Array): void {
  const r = pos as ReversiPosition;
  r.bitboards(scratch);
  const pl = scratch[0];
  const ph = scratch[1];
  const ol = scratch[2];
  const oh = scratch[3];
  stamp = (stamp + 1) | 0;
  orderedBoard[0] = pl;
  orderedBoard[1] = ph;
  orderedBoard[2] = ol;
  orderedBoard[3] = oh;
  for (let i = 0; i < n; i++) {
    const m = list[i];
    if (m < 0) {
      scores[i] = 0;
      continue;
    }
    const corner = SQ_CORNER[m];
    // A corner's bonus always counts; an X or C square's penalty only while its corner is empty.
    const s = corner < 0 || !squareOf(pl | ol, ph | oh, corner) ? SQ_BONUS[m] : 0;
    flips(m, pl, ph, ol, oh, flipped, 0);
    const fl = flipped[0];
    const fh = flipped[1];
    // The opponent to move after m: its discs lose the flips, the mover's gain them and m.
    mobility(ol ^ fl, oh ^ fh, pl | fl | (m < 32 ? 1 << m : 0), ph | fh | (m >= 32 ? 1 << (m - 32) : 0), moves, 0);
    const count = popcount(moves[0]) + popcount(moves[1]);
    scores[i] = s - count - popcount(moves[0] & CORNERS_LO) - popcount(moves[1] & CORNERS_HI);
    childFlipLo[m] = fl;
    childFlipHi[m] = fh;
    childMoves[m] = count;
    childStamp[m] = stamp;
  }
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
  leafAfter: reversiLeafAfter,
};

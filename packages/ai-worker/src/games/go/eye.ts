import { BORDER } from '@qi/engine';

/**
 * The one-point eye test every Go playout and the tree's move filter share. A point whose four neighbours are all
 * one colour's stones (or the edge) is that colour's eye unless its diagonals spoil it: two enemy diagonals in the
 * middle, one on the edge or in the corner (where the off-board diagonals count as one). The neighbour test itself
 * stays with each caller, because each already reads the neighbours for its own purpose (suicide, self-atari).
 */

/** Whether the diagonals of p, whose neighbours are all own stones or edge, leave it a real eye against colour o. */
export function diagonalsKeepEye(color: Uint8Array, W: number, p: number, o: number): boolean {
  let bad = 0, edge = 0;
  const d0 = color[p - W - 1], d1 = color[p - W + 1], d2 = color[p + W - 1], d3 = color[p + W + 1];
  if (d0 === o) bad++; else if (d0 === BORDER) edge = 1;
  if (d1 === o) bad++; else if (d1 === BORDER) edge = 1;
  if (d2 === o) bad++; else if (d2 === BORDER) edge = 1;
  if (d3 === o) bad++; else if (d3 === BORDER) edge = 1;
  return bad + edge < 2;
}

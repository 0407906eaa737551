import type { Position } from './game.js';

/**
 * Counts the leaves of the game tree to `depth` plies, bulk-counting at the last ply.
 * A terminal position counts as one leaf at every depth (the convention of the Othello perft tables).
 * Move buffers are allocated once per depth, never per node.
 */
export function perft(pos: Position, depth: number, maxMoves = 1024): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a whole number ≥ 0, got ${depth}`);
  const buffers: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) buffers.push(new Int32Array(maxMoves));
  return count(pos, depth, buffers);
}

function count(pos: Position, depth: number, buffers: Int32Array[]): number {
  if (depth === 0 || pos.isTerminal()) return 1;
  const moves = buffers[depth];
  const n = pos.legalMoves(moves);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos.play(moves[i]);
    total += count(pos, depth - 1, buffers);
    pos.undo();
  }
  return total;
}

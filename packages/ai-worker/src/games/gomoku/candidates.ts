import { MAX_MOVES, type GomokuPosition, type Position } from '@qi/engine';

const legal = new Int32Array(MAX_MOVES);

/**
 * Gomoku/Renju candidate moves: legal points within two lines of a stone (renju forbidden points are already
 * excluded by the engine); returns 0 on an empty board, which the searches read as "every legal move".
 */
export function gomokuCandidates(pos: Position, into: Int32Array): number {
  const g = pos as GomokuPosition;
  const w = g.geo.width;
  const cells = g.cells;
  const n = pos.legalMoves(legal);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const p = legal[i];
    let near = false;
    for (let dy = -2; dy <= 2 && !near; dy++) {
      for (let dx = -2; dx <= 2 && !near; dx++) {
        const q = p + dy * w + dx;
        // Cells hold 1 (black) or 2 (white) for stones; borders (3) and empties (0) do not count.
        if (q >= 0 && q < cells.length && (cells[q] === 1 || cells[q] === 2)) near = true;
      }
    }
    if (near) into[k++] = p;
  }
  return k;
}

import type { BoardCell } from './types.js';

/**
 * The cell the keyboard cursor moves to from `from` for an arrow key (dx, dy): the nearest cell within 60° of that
 * direction, distance weighted against straying sideways, so that a square grid steps one point and the star's
 * rows (offset by half a step) step to the nearer of the two cells below. Null at the edge.
 */
export function nearestInDirection(cells: readonly BoardCell[], from: number, dx: number, dy: number): number | null {
  const start = cells.find((c) => c.id === from);
  if (!start) return cells[0]?.id ?? null;
  let best: number | null = null;
  let bestCost = Infinity;
  for (const c of cells) {
    if (c.id === from) continue;
    const vx = c.x - start.x, vy = c.y - start.y;
    const along = vx * dx + vy * dy;
    if (along <= 1e-6) continue;
    const across = Math.abs(vx * dy - vy * dx);
    if (across > along * Math.tan(Math.PI / 3)) continue;
    const cost = along + 2 * across;
    if (cost < bestCost - 1e-9) (bestCost = cost), (best = c.id);
  }
  return best;
}

/** A point by column (0 = left) and row (0 = top). */
export interface Vertex {
  col: number;
  row: number;
}

/**
 * The star points (hoshi) drawn on the grid — decoration, not a rule: the 3-3 points on small boards, the 4-4
 * points from 13×13 up, the side stars on 15×15 and larger, and the centre on odd sizes.
 */
export function starPoints(size: number): Vertex[] {
  if (size < 7) return size % 2 === 1 && size >= 5 ? [{ col: (size - 1) / 2, row: (size - 1) / 2 }] : [];
  const edge = size >= 13 ? 3 : 2;
  const far = size - 1 - edge;
  const lines = [edge, far];
  const mid = (size - 1) / 2;
  if (size % 2 === 1 && size >= 15) lines.splice(1, 0, mid);
  const out: Vertex[] = [];
  for (const row of lines) for (const col of lines) out.push({ col, row });
  if (size % 2 === 1 && size < 15) out.push({ col: mid, row: mid });
  return out;
}

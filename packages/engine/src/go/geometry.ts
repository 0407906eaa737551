/** Row stride of the padded board: one sentinel column on each side. */
export function strideOf(size: number): number {
  return size + 2;
}

/** The padded 1-D point of column `col` (0 = left) and row `row` (0 = top) on a `size` board (no range check). */
export function pointOf(size: number, col: number, row: number): number {
  return (row + 1) * (size + 2) + col + 1;
}

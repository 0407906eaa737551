import type { BoardCell, BoardLayout, BoardStyle } from './types.js';

/** A cell of a square board by column (0 = left) and row (0 = top): its engine id and its name. */
export type CellAt = (col: number, row: number) => { id: number; name: string };

/** Splits a cell name into its column letters and row digits (`D4` → `D`, `4`), for the coordinate labels. */
function parts(name: string): [string, string] {
  const m = /^([A-Za-z]+)(\d+)$/.exec(name);
  return m ? [m[1], m[2]] : [name, ''];
}

/**
 * The layout of a board of intersections (Go, Gomoku): `size` lines each way one unit apart, a band for the
 * coordinates on every side, and `dots` (the star points) by column and row.
 */
export function intersectionLayout(style: BoardStyle, size: number, at: CellAt, dots: { col: number; row: number }[]): BoardLayout {
  const M = 0.95;
  const cells: BoardCell[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const { id, name } = at(col, row);
      cells.push({ id, name, x: M + col, y: M + row });
    }
  }
  const lines: BoardLayout['lines'] = [];
  for (let i = 0; i < size; i++) {
    const edge = i === 0 || i === size - 1;
    lines.push({ x1: M, y1: M + i, x2: M + size - 1, y2: M + i, edge });
    lines.push({ x1: M + i, y1: M, x2: M + i, y2: M + size - 1, edge });
  }
  const labels: BoardLayout['labels'] = [];
  const far = M + size - 1 + 0.62;
  for (let col = 0; col < size; col++) {
    const [letters] = parts(at(col, 0).name);
    labels.push({ x: M + col, y: M - 0.62, text: letters }, { x: M + col, y: far, text: letters });
  }
  for (let row = 0; row < size; row++) {
    const [, digits] = parts(at(0, row).name);
    labels.push({ x: M - 0.62, y: M + row, text: digits }, { x: far, y: M + row, text: digits });
  }
  const extent = 2 * M + size - 1;
  const r = size >= 19 ? 0.11 : 0.1;
  return {
    style,
    width: extent,
    height: extent,
    cells,
    lines,
    dots: dots.map((d) => ({ x: M + d.col, y: M + d.row, r })),
    labels,
    radius: 0.47,
  };
}

/** The layout of a board of squares (Reversi): `size` squares each way, labels outside, corner dots. */
export function squareLayout(style: BoardStyle, size: number, at: CellAt, dotsAt: { col: number; row: number }[]): BoardLayout {
  const M = 0.7;
  const cells: BoardCell[] = [];
  const squares: NonNullable<BoardLayout['squares']> = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const { id, name } = at(col, row);
      cells.push({ id, name, x: M + col + 0.5, y: M + row + 0.5 });
      squares.push({ x: M + col, y: M + row, size: 1 });
    }
  }
  const labels: BoardLayout['labels'] = [];
  for (let col = 0; col < size; col++) labels.push({ x: M + col + 0.5, y: M / 2, text: parts(at(col, 0).name)[0] });
  for (let row = 0; row < size; row++) labels.push({ x: M / 2, y: M + row + 0.5, text: parts(at(0, row).name)[1] });
  // Labels sit above and left only: the frame on the other two sides is a thin border.
  const extent = M + size + 0.25;
  return {
    style,
    width: extent,
    height: extent,
    cells,
    lines: [],
    squares,
    // Reversi's dots sit on the corners between squares (col, row name the square below and right of the dot).
    dots: dotsAt.map((d) => ({ x: M + d.col, y: M + d.row, r: 0.07 })),
    labels,
    radius: 0.42,
  };
}

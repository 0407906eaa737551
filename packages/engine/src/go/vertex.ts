/** GTP column letters: A–Z without I (25 letters, enough for 25x25). */
export const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** A GTP vertex (`D4`) for column `col` (0 = left) and row `row` (0 = top) on a `size` board. */
export function vertexToText(size: number, col: number, row: number): string {
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= size || row >= size) {
    throw new RangeError(`(${col}, ${row}) is not on a ${size}x${size} board`);
  }
  return COLUMN_LETTERS[col] + String(size - row);
}

/** Parses a GTP vertex (any case, `pass` too) into a column and row (row 0 = top); RangeError naming the text otherwise. */
export function parseVertex(size: number, text: string): { col: number; row: number } | 'pass' {
  const t = text.trim().toUpperCase();
  if (t === 'PASS') return 'pass';
  const m = /^([A-Z])(\d{1,3})$/.exec(t);
  if (!m) throw new RangeError(`"${text}" is not a vertex (expected a letter and a number such as D4, or pass)`);
  if (m[1] === 'I') throw new RangeError(`"${text}": the column letter I is not used in Go coordinates`);
  const col = COLUMN_LETTERS.indexOf(m[1]);
  const num = Number(m[2]);
  if (col >= size) throw new RangeError(`"${text}": column ${m[1]} is off the ${size}x${size} board`);
  if (num < 1 || num > size) throw new RangeError(`"${text}": row ${m[2]} is off the ${size}x${size} board`);
  return { col, row: size - num };
}

/**
 * Renju notation: column letter A.. (left to right, keeping I) + row number from 1 at the bottom, e.g. `H8`
 * is the centre of 15x15. Sizes up to 20 use letters A..T.
 */

/** The smallest and largest board sizes the engine supports. */
export const MIN_SIZE = 5;
/** The largest board size (columns A..T). */
export const MAX_SIZE = 20;

const LETTERS = 'ABCDEFGHIJKLMNOPQRST';

/** Text of the point at column `x` (0 = A) and row `y` (0 = row 1, the bottom). */
export function pointName(x: number, y: number): string {
  return LETTERS[x] + String(y + 1);
}

/** Parses `H8` / `h8` into {x, y}; throws a RangeError naming the text when it is not a point of a size-`size` board. */
export function parsePointName(text: string, size: number): { x: number; y: number } {
  const m = /^\s*([A-Za-z])(\d{1,2})\s*$/.exec(text);
  if (!m) throw new RangeError(`"${text}" is not a point (renju notation: a column letter and a row number, like H8)`);
  const x = LETTERS.indexOf(m[1].toUpperCase());
  const y = Number(m[2]) - 1;
  if (x < 0 || x >= size || y < 0 || y >= size) {
    throw new RangeError(`point "${text}" is off the ${size}x${size} board (columns A-${LETTERS[size - 1]}, rows 1-${size})`);
  }
  return { x, y };
}

import { SgfError } from './error.js';
import { splitCompose } from './text.js';

/**
 * SGF points for board games on a grid (Go, Gomoku, Othello): two letters, column then row, `a` = 0 at the
 * left/top, `a`–`z` = 0–25 then `A`–`Z` = 26–51 (FF[4]).
 */

/** One point: column 0 at the left, row 0 at the top. */
export interface SgfPoint {
  col: number;
  row: number;
}

function letterValue(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 65 && code <= 90) return code - 65 + 26;
  return -1;
}

/**
 * Parses a two-letter point on a `width`×`height` board; throws SgfError (without a place) naming the value
 * when it is not a point on that board. Pass values (`''`, `tt`) are the caller's business.
 */
export function parsePoint(raw: string, width: number, height = width): SgfPoint {
  const v = raw.trim();
  const col = v.length === 2 ? letterValue(v.charCodeAt(0)) : -1;
  const row = v.length === 2 ? letterValue(v.charCodeAt(1)) : -1;
  if (col < 0 || row < 0) throw new SgfError(`"${raw}" is not an SGF point (two letters a–z, A–Z)`);
  if (col >= width || row >= height) {
    throw new SgfError(`point "${raw}" is off the ${width}x${height} board`);
  }
  return { col, row };
}

/** The two-letter SGF text of a point. */
export function pointText(col: number, row: number): string {
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col > 51 || row > 51) {
    throw new RangeError(`(${col}, ${row}) cannot be written as an SGF point`);
  }
  const letter = (v: number) => String.fromCharCode(v < 26 ? 97 + v : 65 + v - 26);
  return letter(col) + letter(row);
}

/**
 * Expands a list of raw point values, each a point or a compressed rectangle `aa:cc` (FF[4] "list of point"),
 * into points, in order; throws SgfError naming the bad value.
 */
export function expandPointList(values: readonly string[], width: number, height = width): SgfPoint[] {
  const out: SgfPoint[] = [];
  for (const raw of values) {
    const parts = splitCompose(raw);
    if (parts === null) {
      out.push(parsePoint(raw, width, height));
      continue;
    }
    const a = parsePoint(parts[0], width, height);
    const b = parsePoint(parts[1], width, height);
    if (b.col < a.col || b.row < a.row) throw new SgfError(`"${raw}" is not a rectangle (upper-left:lower-right)`);
    for (let row = a.row; row <= b.row; row++) for (let col = a.col; col <= b.col; col++) out.push({ col, row });
  }
  return out;
}

/**
 * Board geometries for Chinese Checkers: the 121-hole star and the 8x8 square board of the classic MFC 跳棋
 * course program. A geometry is pure data (typed arrays) that the move generator and the solvers walk.
 *
 * Star holes use axial coordinates (q, r) with s = -q - r: the star is the union of the two big triangles
 * {q, r, s ≥ -4} and {q, r, s ≤ 4}. Rows are r = -8 (top) .. 8 (bottom) and a row is read left to right by q.
 * A hole is named by its row letter a..q (a = the top tip, q = the bottom tip) and its 1-based place in the row
 * counted from the left: the top point is a1, b1 b2, c1..c3, d1..d4; the hexagon's widest rows are e1..e13 and
 * m1..m13; the centre hole is i5; the bottom point is n1..n4, o1..o3, p1 p2, q1.
 *
 * The six points (triangles) are numbered clockwise from the top: 0 top, 1 upper right, 2 lower right,
 * 3 bottom, 4 lower left, 5 upper left; point k faces point (k + 3) % 6.
 *
 * Square squares are named like chess squares: files a..h left to right, ranks 1..8 from the bottom.
 * Its two zones are 0 = ranks 6..8 (top three rows) and 1 = ranks 1..3 (bottom three rows).
 */

/** Which board a geometry describes. */
export type BoardKind = 'star' | 'square8';

/** A board's holes, adjacency and points as typed arrays (shared, read-only). */
export interface Geometry {
  /** Which board this is. */
  readonly kind: BoardKind;
  /** Number of holes; holes are indexed 0..cells-1, row by row from the top. */
  readonly cells: number;
  /** Number of directions (6 on the star, 8 on the square board). */
  readonly dirs: number;
  /** neighbour[cell * dirs + d]: the adjacent hole in direction d, or -1 off the board. */
  readonly neighbour: Int16Array;
  /** landing[cell * dirs + d]: the hole two steps away in direction d (where a hop lands), or -1. */
  readonly landing: Int16Array;
  /** The point (zone) each hole belongs to, or -1 for the middle of the board. */
  readonly region: Int8Array;
  /** The holes of each point (zone), in index order. */
  readonly regionCells: readonly Int16Array[];
  /** The point (zone) facing each point. */
  readonly opposite: Int8Array;
  /** distance[region * cells + cell]: moves a lone piece needs from `cell` to the far tip (row) of `region`. */
  readonly distance: Int16Array;
  /** Hole names (see the module comment), by index. */
  readonly names: readonly string[];
  /** Home points (zones) of players 0..n-1 for each supported player count (index = count). */
  readonly seats: readonly (readonly number[] | null)[];
  /** Rows for drawing: hole indices of each row, and each hole's column in a picture (2 characters per step). */
  readonly rows: readonly Int16Array[];
  /** Column of each hole in a text picture. */
  readonly column: Int16Array;
}

const ROW_LETTERS = 'abcdefghijklmnopq';

/** Axial direction vectors of the star (E, NE, NW, W, SW, SE); direction d + 3 is the reverse of d. */
const HEX_DIRS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

/** Whether axial (q, r) is a hole of the 121-hole star. */
export function onStar(q: number, r: number): boolean {
  const s = -q - r;
  const up = q >= -4 && r >= -4 && s >= -4;
  const down = q <= 4 && r <= 4 && s <= 4;
  return up || down;
}

/** The point of axial (q, r) on the star (0 top, clockwise), or -1 inside the hexagon. */
export function starPoint(q: number, r: number): number {
  const s = -q - r;
  if (r <= -5) return 0;
  if (q >= 5) return 1;
  if (s <= -5) return 2;
  if (r >= 5) return 3;
  if (q <= -5) return 4;
  if (s >= 5) return 5;
  return -1;
}

function buildStar(): Geometry {
  const qs: number[] = [];
  const rs: number[] = [];
  const names: string[] = [];
  const rows: Int16Array[] = [];
  for (let r = -8; r <= 8; r++) {
    const row: number[] = [];
    for (let q = -8; q <= 8; q++) {
      if (!onStar(q, r)) continue;
      row.push(qs.length);
      names.push(ROW_LETTERS[r + 8] + String(row.length));
      qs.push(q);
      rs.push(r);
    }
    rows.push(Int16Array.from(row));
  }
  const cells = qs.length;
  const index = new Map<string, number>();
  for (let i = 0; i < cells; i++) index.set(`${qs[i]},${rs[i]}`, i);
  const at = (q: number, r: number): number => index.get(`${q},${r}`) ?? -1;
  const dirs = 6;
  const neighbour = new Int16Array(cells * dirs);
  const landing = new Int16Array(cells * dirs);
  const region = new Int8Array(cells);
  const column = new Int16Array(cells);
  for (let i = 0; i < cells; i++) {
    for (let d = 0; d < dirs; d++) {
      const [dq, dr] = HEX_DIRS[d];
      neighbour[i * dirs + d] = at(qs[i] + dq, rs[i] + dr);
      landing[i * dirs + d] = at(qs[i] + 2 * dq, rs[i] + 2 * dr);
    }
    region[i] = starPoint(qs[i], rs[i]);
    column[i] = 2 * qs[i] + rs[i] + 12;
  }
  const regionCells = regionLists(region, 6);
  // The tip of each point is its hole farthest from the centre.
  const distance = new Int16Array(6 * cells);
  for (let k = 0; k < 6; k++) {
    let tip = regionCells[k][0];
    for (const c of regionCells[k]) if (hexNorm(qs[c], rs[c]) > hexNorm(qs[tip], rs[tip])) tip = c;
    for (let i = 0; i < cells; i++) distance[k * cells + i] = hexNorm(qs[i] - qs[tip], rs[i] - rs[tip]);
  }
  return {
    kind: 'star',
    cells,
    dirs,
    neighbour,
    landing,
    region,
    regionCells,
    opposite: Int8Array.from([3, 4, 5, 0, 1, 2]),
    distance,
    names,
    seats: [null, [3], [3, 0], [3, 5, 1], [3, 4, 0, 1], null, [3, 4, 5, 0, 1, 2]],
    rows,
    column,
  };
}

function hexNorm(dq: number, dr: number): number {
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

function regionLists(region: Int8Array, count: number): Int16Array[] {
  const lists: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < region.length; i++) if (region[i] >= 0) lists[region[i]].push(i);
  return lists.map((l) => Int16Array.from(l));
}

/** Square directions: E, NE, N, NW, W, SW, S, SE as (dcol, drow) with row 0 at the top. */
const SQUARE_DIRS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];

function buildSquare8(): Geometry {
  const cells = 64;
  const dirs = 8;
  const neighbour = new Int16Array(cells * dirs);
  const landing = new Int16Array(cells * dirs);
  const region = new Int8Array(cells);
  const column = new Int16Array(cells);
  const names: string[] = [];
  const rows: Int16Array[] = [];
  const inside = (c: number, r: number): boolean => c >= 0 && c < 8 && r >= 0 && r < 8;
  for (let r = 0; r < 8; r++) {
    const row: number[] = [];
    for (let c = 0; c < 8; c++) {
      const i = r * 8 + c;
      row.push(i);
      names.push('abcdefgh'[c] + String(8 - r));
      for (let d = 0; d < dirs; d++) {
        const [dc, dr] = SQUARE_DIRS[d];
        neighbour[i * dirs + d] = inside(c + dc, r + dr) ? (r + dr) * 8 + c + dc : -1;
        landing[i * dirs + d] = inside(c + 2 * dc, r + 2 * dr) ? (r + 2 * dr) * 8 + c + 2 * dc : -1;
      }
      region[i] = r <= 2 ? 0 : r >= 5 ? 1 : -1;
      column[i] = 2 * c;
    }
    rows.push(Int16Array.from(row));
  }
  const distance = new Int16Array(2 * cells);
  for (let i = 0; i < cells; i++) {
    const r = i >> 3;
    distance[i] = r;
    distance[cells + i] = 7 - r;
  }
  return {
    kind: 'square8',
    cells,
    dirs,
    neighbour,
    landing,
    region,
    regionCells: regionLists(region, 2),
    opposite: Int8Array.from([1, 0]),
    distance,
    names,
    seats: [null, [1], [1, 0]],
    rows,
    column,
  };
}

let star: Geometry | null = null;
let square8: Geometry | null = null;

/** The shared geometry of a board (built once). */
export function geometry(kind: BoardKind): Geometry {
  if (kind === 'star') return (star ??= buildStar());
  return (square8 ??= buildSquare8());
}

/** The index of a hole from its name (case-insensitive), or -1 when there is no such hole. */
export function holeIndex(geo: Geometry, name: string): number {
  return geo.names.indexOf(name.trim().toLowerCase());
}

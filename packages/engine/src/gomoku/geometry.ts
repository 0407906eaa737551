import { MAX_SIZE, MIN_SIZE } from './notation.js';

/**
 * Board geometry shared by every position of one size: a padded 1-D board (one border column, one border row
 * above and below) and the four line families as bit words.
 *
 * Point (x, y) has index (y + 1) * W + x + 1 with W = size + 1, so stepping 1, W, W + 1 or W - 1 from any
 * point reaches a neighbour or a border cell. Each line (row, column, diagonal, anti-diagonal) is a bit word:
 * the point at position `pos` along the line is bit 5 + pos, so an 11-bit window around any point is one shift.
 */
export class Geometry {
  /** Board size (5..20). */
  readonly size: number;
  /** Row stride of the padded board. */
  readonly width: number;
  /** Length of arrays indexed by point. */
  readonly cellCount: number;
  /** On-board points in row order, bottom row first. */
  readonly points: Int32Array;
  /** Whether an index is an on-board point. */
  readonly onBoard: Uint8Array;
  /** Point steps of the four directions: horizontal, vertical, diagonal, anti-diagonal. */
  readonly steps: Int32Array;
  /** Number of lines over all four directions. */
  readonly lineCount: number;
  /** Line of (direction d, point p) at [d * cellCount + p]. */
  readonly lineOf: Int32Array;
  /** Bit of (d, p) in its line word at [d * cellCount + p]. */
  readonly bitOf: Int32Array;
  /** Per line: bits that are not on the board (treated as blocked). */
  readonly lineBorder: Int32Array;
  /** Per line: direction. */
  readonly lineDir: Int32Array;
  /** Per line: first and last on-board bit. */
  readonly lineLo: Int32Array;
  /** Per line: last on-board bit. */
  readonly lineHi: Int32Array;
  /** Per line: the (virtual) point at bit 0, so bit t is point lineBase + (t) * step. */
  readonly lineBase: Int32Array;

  private constructor(size: number) {
    const n = size;
    const w = n + 1;
    this.size = n;
    this.width = w;
    this.cellCount = (n + 2) * w + 2;
    this.points = new Int32Array(n * n);
    this.onBoard = new Uint8Array(this.cellCount);
    this.steps = Int32Array.of(1, w, w + 1, w - 1);
    for (let y = 0, k = 0; y < n; y++) {
      for (let x = 0; x < n; x++, k++) {
        const p = (y + 1) * w + x + 1;
        this.points[k] = p;
        this.onBoard[p] = 1;
      }
    }
    // Lines: rows (pos = x), columns (pos = y), diagonals x - y = k (pos = y), anti-diagonals x + y = k (pos = y).
    const diag = 2 * n - 1;
    this.lineCount = n + n + diag + diag;
    this.lineOf = new Int32Array(4 * this.cellCount).fill(-1);
    this.bitOf = new Int32Array(4 * this.cellCount);
    this.lineBorder = new Int32Array(this.lineCount);
    this.lineDir = new Int32Array(this.lineCount);
    this.lineLo = new Int32Array(this.lineCount).fill(99);
    this.lineHi = new Int32Array(this.lineCount).fill(-1);
    this.lineBase = new Int32Array(this.lineCount);
    const idx = (x: number, y: number): number => (y + 1) * w + x + 1;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const p = idx(x, y);
        const place = (d: number, line: number, pos: number, base: number): void => {
          this.lineOf[d * this.cellCount + p] = line;
          this.bitOf[d * this.cellCount + p] = pos + 5;
          this.lineDir[line] = d;
          this.lineBase[line] = base - 5 * this.steps[d];
          this.lineLo[line] = Math.min(this.lineLo[line], pos + 5);
          this.lineHi[line] = Math.max(this.lineHi[line], pos + 5);
        };
        place(0, y, x, idx(0, y));
        place(1, n + x, y, idx(x, 0));
        place(2, 2 * n + (x - y + n - 1), y, idx(x - y, 0));
        place(3, 2 * n + diag + (x + y), y, idx(x + y, 0));
      }
    }
    for (let l = 0; l < this.lineCount; l++) {
      const inside = ((1 << (this.lineHi[l] + 1)) - 1) & ~((1 << this.lineLo[l]) - 1);
      this.lineBorder[l] = ~inside;
    }
  }

  private static cache: (Geometry | undefined)[] = [];

  /** The geometry of a size (cached); throws a RangeError outside 5..20. */
  static of(size: number): Geometry {
    if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
      throw new RangeError(`board size must be a whole number from ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`);
    }
    return (Geometry.cache[size] ??= new Geometry(size));
  }

  /** Index of (x, y), x from the left and y from the bottom, both 0-based. */
  point(x: number, y: number): number {
    return (y + 1) * this.width + x + 1;
  }

  /** Column of a point (0 = A). */
  x(p: number): number {
    return (p % this.width) - 1;
  }

  /** Row of a point (0 = row 1, the bottom). */
  y(p: number): number {
    return Math.floor(p / this.width) - 1;
  }
}

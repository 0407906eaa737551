import { zobristTable, type GameId, type Position } from '@qi/engine';

/**
 * The m,n,k-game (k in a row on a width × height board) as a test game for the searches: tic-tac-toe is
 * 3,3,3; with gravity it is Connect-k (Connect Four is 7,6,4 with gravity). Moves are cell indices, or
 * column indices with gravity. Make/unmake with Zobrist keys, like the real engines.
 */
export class MnkGame implements Position {
  /** Reported as gomoku: the nearest real game (k in a row). */
  readonly game: GameId = 'gomoku';
  readonly playerCount = 2;
  hashLo = 0;
  hashHi = 0;
  ply = 0;
  private readonly cells: Int8Array; // 0 empty, 1 first player, 2 second player
  private readonly heights: Int32Array; // stones per column (gravity)
  private readonly history: Int32Array; // cell index played at each ply
  private readonly winners: Int8Array; // winner after each ply: 0 none, 1 or 2
  private readonly keys: Uint32Array;

  /** A new empty board; throws a RangeError on an impossible size. */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly k: number,
    readonly gravity = false,
  ) {
    if (!(width >= 1 && height >= 1 && width <= 26 && height <= 26 && k >= 1 && k <= Math.max(width, height))) {
      throw new RangeError(`bad m,n,k game ${width},${height},${k}`);
    }
    this.cells = new Int8Array(width * height);
    this.heights = new Int32Array(width);
    this.history = new Int32Array(width * height + 1);
    this.winners = new Int8Array(width * height + 1);
    this.keys = zobristTable(width * height * 2 + 1, 0x6d6e6b);
  }

  /** Plays a list of moves in text form, e.g. `['b2', 'a1']` or `['d', 'd']`. */
  static from(width: number, height: number, k: number, gravity: boolean, moves: readonly string[]): MnkGame {
    const g = new MnkGame(width, height, k, gravity);
    for (const t of moves) {
      const m = g.parseMove(t);
      if (!g.isLegal(m)) throw new Error(`illegal move ${t}`);
      g.play(m);
    }
    return g;
  }

  currentPlayer(): number {
    return this.ply & 1;
  }

  /** The cell (0 empty, 1 first player, 2 second player), for evaluations. */
  cell(index: number): number {
    return this.cells[index];
  }

  legalMoves(into: Int32Array): number {
    if (this.isTerminal()) return 0;
    let n = 0;
    if (this.gravity) {
      for (let c = 0; c < this.width; c++) if (this.heights[c] < this.height) into[n++] = c;
    } else {
      for (let i = 0; i < this.cells.length; i++) if (this.cells[i] === 0) into[n++] = i;
    }
    return n;
  }

  isLegal(move: number): boolean {
    if (!Number.isInteger(move) || this.isTerminal()) return false;
    if (this.gravity) return move >= 0 && move < this.width && this.heights[move] < this.height;
    return move >= 0 && move < this.cells.length && this.cells[move] === 0;
  }

  play(move: number): void {
    const cell = this.gravity ? this.heights[move]++ * this.width + move : move;
    const stone = (this.ply & 1) + 1;
    this.cells[cell] = stone;
    this.history[this.ply] = cell;
    this.xorKey(cell * 2 + stone - 1);
    this.ply++;
    this.winners[this.ply] = this.wins(cell, stone) ? stone : 0;
    this.flipSide();
  }

  undo(): void {
    if (this.ply === 0) throw new Error('no move to undo');
    this.flipSide();
    this.ply--;
    const cell = this.history[this.ply];
    const stone = this.cells[cell];
    this.xorKey(cell * 2 + stone - 1);
    this.cells[cell] = 0;
    if (this.gravity) this.heights[cell % this.width]--;
  }

  isTerminal(): boolean {
    return this.winners[this.ply] !== 0 || this.ply === this.cells.length;
  }

  returns(out: Float64Array): void {
    const w = this.winners[this.ply];
    out[0] = w === 1 ? 1 : w === 2 ? -1 : 0;
    out[1] = -out[0];
  }

  lastMove(): number | null {
    if (this.ply === 0) return null;
    const cell = this.history[this.ply - 1];
    return this.gravity ? cell % this.width : cell;
  }

  clone(): MnkGame {
    const g = new MnkGame(this.width, this.height, this.k, this.gravity);
    for (let i = 0; i < this.ply; i++) {
      const cell = this.history[i];
      g.play(this.gravity ? cell % this.width : cell);
    }
    return g;
  }

  moveToText(move: number): string {
    if (this.gravity) return String.fromCharCode(97 + move);
    return String.fromCharCode(97 + (move % this.width)) + String(Math.floor(move / this.width) + 1);
  }

  parseMove(text: string): number {
    const m = /^([a-z])(\d*)$/.exec(text.trim().toLowerCase());
    if (!m) throw new RangeError(`not a move: "${text}"`);
    const col = m[1].charCodeAt(0) - 97;
    if (col >= this.width) throw new RangeError(`column ${m[1]} is off the board in "${text}"`);
    if (this.gravity) {
      if (m[2] !== '') throw new RangeError(`a Connect-k move is a column letter, got "${text}"`);
      return col;
    }
    const row = Number(m[2]) - 1;
    if (!(row >= 0 && row < this.height)) throw new RangeError(`row is off the board in "${text}"`);
    return row * this.width + col;
  }

  toString(): string {
    const rows: string[] = [];
    for (let r = this.height - 1; r >= 0; r--) {
      let s = '';
      for (let c = 0; c < this.width; c++) s += '.XO'[this.cells[r * this.width + c]];
      rows.push(s);
    }
    return rows.join('\n');
  }

  private wins(cell: number, stone: number): boolean {
    const x = cell % this.width;
    const y = Math.floor(cell / this.width);
    return (
      this.run(x, y, 1, 0, stone) >= this.k ||
      this.run(x, y, 0, 1, stone) >= this.k ||
      this.run(x, y, 1, 1, stone) >= this.k ||
      this.run(x, y, 1, -1, stone) >= this.k
    );
  }

  private run(x: number, y: number, dx: number, dy: number, stone: number): number {
    let n = 1;
    for (let s = 1; ; s++) {
      const a = x + s * dx;
      const b = y + s * dy;
      if (a < 0 || b < 0 || a >= this.width || b >= this.height || this.cells[b * this.width + a] !== stone) break;
      n++;
    }
    for (let s = 1; ; s++) {
      const a = x - s * dx;
      const b = y - s * dy;
      if (a < 0 || b < 0 || a >= this.width || b >= this.height || this.cells[b * this.width + a] !== stone) break;
      n++;
    }
    return n;
  }

  private xorKey(i: number): void {
    this.hashLo = (this.hashLo ^ this.keys[2 * i]) >>> 0;
    this.hashHi = (this.hashHi ^ this.keys[2 * i + 1]) >>> 0;
  }

  private flipSide(): void {
    this.xorKey(this.width * this.height * 2);
  }
}

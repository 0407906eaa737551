import { PASS, type Position } from '../core/game.js';
import { zobristTable } from '../core/zobrist.js';
import * as bits from './bits.js';

// Module-level bindings: vitest's module runner would otherwise look each imported function up on every call.
const { BIT_HI, BIT_LO, flips, lowestBit, mobility, popcount } = bits;

/** Fixed Zobrist seed of Reversi, so keys are identical in every run, process and machine. */
const ZOBRIST_SEED = 0x0e7e110;
/** Keys 0..63 black discs, 64..127 white discs, 128 white to move; each key is a (lo, hi) pair. */
const ZOBRIST = zobristTable(129, ZOBRIST_SEED);
/** Per square, black key XOR white key: what a flip of that disc does to the hash. */
const FLIP_KEY = new Uint32Array(128);
for (let s = 0; s < 64; s++) {
  FLIP_KEY[2 * s] = ZOBRIST[2 * s] ^ ZOBRIST[2 * (64 + s)];
  FLIP_KEY[2 * s + 1] = ZOBRIST[2 * s + 1] ^ ZOBRIST[2 * (64 + s) + 1];
}
const SIDE_LO = ZOBRIST[256];
const SIDE_HI = ZOBRIST[257];

/** Words per undo record: move, flips lo, flips hi, hash lo, hash hi. */
const RECORD = 5;
/** A game cannot pass twice in a row without ending, so 60 moves and 61 passes bound any game. */
const MAX_PLIES = 128;

/** Othello notation of a square: column letter and row digit, A1 top-left (`D3`). */
export function squareName(sq: number): string {
  return String.fromCharCode(65 + (sq & 7)) + String.fromCharCode(49 + (sq >> 3));
}

/** Parses `D3`/`d3` to a square index; 'pass'/'PS' (any case) to PASS; throws a RangeError naming bad text. */
export function parseSquare(text: string): number {
  const t = text.trim().toLowerCase();
  if (t === 'pass' || t === 'ps') return PASS;
  if (/^[a-h][1-8]$/.test(t)) return (t.charCodeAt(1) - 49) * 8 + (t.charCodeAt(0) - 97);
  throw new RangeError(`"${text}" is not an Othello move (a column a–h and a row 1–8 like d3, or pass)`);
}

/** Parses a side to move: X/O (board-string colours) or b/w/black/white, any case; 0 is black, 1 white. */
export function parseSide(text: string): 0 | 1 {
  const t = text.trim().toLowerCase();
  if (t === 'x' || t === 'b' || t === 'black') return 0;
  if (t === 'o' || t === 'w' || t === 'white') return 1;
  throw new RangeError(`"${text}" is not a side to move (use X or O, b or w, black or white)`);
}

/** A 64-character board string as in the FFO files (A1..H1 first; X black, O white, - empty). */
export interface ParsedBoard {
  blackLo: number;
  blackHi: number;
  whiteLo: number;
  whiteHi: number;
}

/** Reads a board string; also accepts lower case, `*` for black and `.` for empty. Throws naming the bad square. */
export function parseBoard(board: string): ParsedBoard {
  const b = board.trim();
  if (b.length !== 64) throw new RangeError(`a Reversi board string has 64 squares, got ${b.length} characters`);
  const r: ParsedBoard = { blackLo: 0, blackHi: 0, whiteLo: 0, whiteHi: 0 };
  for (let s = 0; s < 64; s++) {
    const c = b[s];
    if (c === 'X' || c === 'x' || c === '*') {
      r.blackLo |= BIT_LO[s];
      r.blackHi |= BIT_HI[s];
    } else if (c === 'O' || c === 'o') {
      r.whiteLo |= BIT_LO[s];
      r.whiteHi |= BIT_HI[s];
    } else if (c !== '-' && c !== '.') {
      throw new RangeError(`bad character "${c}" at square ${squareName(s)} (character ${s + 1}) of the board: use X, O or -`);
    }
  }
  return r;
}

/**
 * An 8x8 Reversi (Othello) position: black and white discs as two-half bitboards, make/unmake with an undo
 * stack in a typed array, an incremental 64-bit Zobrist key that includes the side to move.
 * Moves are squares 0..63 (A1 = 0 … H8 = 63) and PASS, which is legal exactly when the side to move has no
 * move and the opponent has one. The game ends when neither side can move.
 */
export class ReversiPosition implements Position {
  readonly game = 'reversi' as const;
  readonly playerCount = 2;
  /** Black discs, rows 1–4 and rows 5–8. */
  private bl = 0;
  private bh = 0;
  /** White discs. */
  private wl = 0;
  private wh = 0;
  private side = 0;
  private key0 = 0;
  private key1 = 0;
  private plies = 0;
  private readonly undoStack = new Int32Array(MAX_PLIES * RECORD);
  private readonly scratch = new Int32Array(4);
  /** The board this object started from (FFO string) and who was to move then: a record's setup. */
  private startBoard = '';
  private startSide = 0;

  /** The standard start (D4, E5 white; D5, E4 black; black to move), or a board string and side to move. */
  constructor(board?: string, toMove: string | number = 0) {
    if (board === undefined) {
      this.setDiscs(BIT_LO[28], BIT_HI[35], BIT_LO[27], BIT_HI[36], 0);
    } else {
      const p = parseBoard(board);
      const side = typeof toMove === 'number' ? toMove : parseSide(toMove);
      if (side !== 0 && side !== 1) throw new RangeError(`side to move must be 0 (black) or 1 (white), got ${toMove}`);
      this.setDiscs(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi, side);
    }
  }

  /** A position from a 64-character board string (FFO style) and the side to move (X/O/b/w/black/white). */
  static fromBoard(board: string, toMove: string | number): ReversiPosition {
    return new ReversiPosition(board, toMove);
  }

  private setDiscs(bl: number, bh: number, wl: number, wh: number, side: number): void {
    this.bl = bl | 0;
    this.bh = bh | 0;
    this.wl = wl | 0;
    this.wh = wh | 0;
    this.side = side;
    this.plies = 0;
    let k0 = side === 1 ? SIDE_LO : 0;
    let k1 = side === 1 ? SIDE_HI : 0;
    for (let s = 0; s < 64; s++) {
      const colour = (bl & BIT_LO[s]) | (bh & BIT_HI[s]) ? 0 : (wl & BIT_LO[s]) | (wh & BIT_HI[s]) ? 1 : -1;
      if (colour < 0) continue;
      k0 ^= ZOBRIST[2 * (colour * 64 + s)];
      k1 ^= ZOBRIST[2 * (colour * 64 + s) + 1];
    }
    this.key0 = k0 >>> 0;
    this.key1 = k1 >>> 0;
    this.startBoard = this.boardString();
    this.startSide = side;
  }

  /** The board string and side to move this position started from (before any move now on the undo stack). */
  initial(): { board: string; toMove: number } {
    return { board: this.startBoard, toMove: this.startSide };
  }

  /** The moves played since the start, oldest first (PASS included). */
  history(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.plies; p++) out.push(this.undoStack[p * RECORD]);
    return out;
  }

  get hashLo(): number {
    return this.key0;
  }

  get hashHi(): number {
    return this.key1;
  }

  get ply(): number {
    return this.plies;
  }

  currentPlayer(): number {
    return this.side;
  }

  /** Discs of the side to move (low, high half) and of the opponent, written to out[0..4). */
  bitboards(out: Int32Array): void {
    if (this.side === 0) {
      out[0] = this.bl;
      out[1] = this.bh;
      out[2] = this.wl;
      out[3] = this.wh;
    } else {
      out[0] = this.wl;
      out[1] = this.wh;
      out[2] = this.bl;
      out[3] = this.bh;
    }
  }

  /** Number of discs of a player (0 black, 1 white). */
  discs(player: number): number {
    return player === 0 ? popcount(this.bl) + popcount(this.bh) : popcount(this.wl) + popcount(this.wh);
  }

  /** Number of empty squares. */
  empties(): number {
    return 64 - this.discs(0) - this.discs(1);
  }

  /** The colour on a square: 0 black, 1 white, -1 empty. */
  colourAt(sq: number): number {
    if ((this.bl & BIT_LO[sq]) | (this.bh & BIT_HI[sq])) return 0;
    if ((this.wl & BIT_LO[sq]) | (this.wh & BIT_HI[sq])) return 1;
    return -1;
  }

  /** Black's final disc differential with the empty squares given to the winner (standard Othello scoring). */
  score(): number {
    const d = this.discs(0) - this.discs(1);
    const e = this.empties();
    return d > 0 ? d + e : d < 0 ? d - e : 0;
  }

  private moveBits(): void {
    if (this.side === 0) mobility(this.bl, this.bh, this.wl, this.wh, this.scratch, 0);
    else mobility(this.wl, this.wh, this.bl, this.bh, this.scratch, 0);
  }

  private opponentCanMove(): boolean {
    if (this.side === 0) mobility(this.wl, this.wh, this.bl, this.bh, this.scratch, 2);
    else mobility(this.bl, this.bh, this.wl, this.wh, this.scratch, 2);
    return (this.scratch[2] | this.scratch[3]) !== 0;
  }

  legalMoves(into: Int32Array): number {
    this.moveBits();
    let lo = this.scratch[0];
    let hi = this.scratch[1];
    if ((lo | hi) === 0) {
      if (!this.opponentCanMove()) return 0;
      into[0] = PASS;
      return 1;
    }
    let n = 0;
    while (lo !== 0) {
      into[n++] = lowestBit(lo);
      lo &= lo - 1;
    }
    while (hi !== 0) {
      into[n++] = 32 + lowestBit(hi);
      hi &= hi - 1;
    }
    return n;
  }

  isLegal(move: number): boolean {
    if (!Number.isInteger(move)) return false;
    this.moveBits();
    const lo = this.scratch[0];
    const hi = this.scratch[1];
    if (move === PASS) return (lo | hi) === 0 && this.opponentCanMove();
    if (move < 0 || move > 63) return false;
    return ((lo & BIT_LO[move]) | (hi & BIT_HI[move])) !== 0;
  }

  play(move: number): void {
    if (this.plies >= MAX_PLIES) throw new RangeError('too many plies for one Reversi game');
    const r = this.plies * RECORD;
    const u = this.undoStack;
    u[r] = move;
    u[r + 3] = this.key0;
    u[r + 4] = this.key1;
    let k0 = this.key0 ^ SIDE_LO;
    let k1 = this.key1 ^ SIDE_HI;
    if (move === PASS) {
      u[r + 1] = 0;
      u[r + 2] = 0;
    } else {
      const black = this.side === 0;
      if (black) flips(move, this.bl, this.bh, this.wl, this.wh, this.scratch, 0);
      else flips(move, this.wl, this.wh, this.bl, this.bh, this.scratch, 0);
      const fl = this.scratch[0];
      const fh = this.scratch[1];
      u[r + 1] = fl;
      u[r + 2] = fh;
      const placedLo = fl | BIT_LO[move];
      const placedHi = fh | BIT_HI[move];
      if (black) {
        this.bl |= placedLo;
        this.bh |= placedHi;
        this.wl ^= fl;
        this.wh ^= fh;
      } else {
        this.wl |= placedLo;
        this.wh |= placedHi;
        this.bl ^= fl;
        this.bh ^= fh;
      }
      const z = 2 * (this.side * 64 + move);
      k0 ^= ZOBRIST[z];
      k1 ^= ZOBRIST[z + 1];
      let x = fl;
      while (x !== 0) {
        const s = lowestBit(x);
        k0 ^= FLIP_KEY[2 * s];
        k1 ^= FLIP_KEY[2 * s + 1];
        x &= x - 1;
      }
      x = fh;
      while (x !== 0) {
        const s = 32 + lowestBit(x);
        k0 ^= FLIP_KEY[2 * s];
        k1 ^= FLIP_KEY[2 * s + 1];
        x &= x - 1;
      }
    }
    this.key0 = k0 >>> 0;
    this.key1 = k1 >>> 0;
    this.side ^= 1;
    this.plies++;
  }

  undo(): void {
    if (this.plies === 0) throw new Error('no move to undo');
    this.plies--;
    this.side ^= 1;
    const r = this.plies * RECORD;
    const u = this.undoStack;
    const move = u[r];
    this.key0 = u[r + 3] >>> 0;
    this.key1 = u[r + 4] >>> 0;
    if (move === PASS) return;
    const fl = u[r + 1];
    const fh = u[r + 2];
    const placedLo = fl | BIT_LO[move];
    const placedHi = fh | BIT_HI[move];
    if (this.side === 0) {
      this.bl ^= placedLo;
      this.bh ^= placedHi;
      this.wl |= fl;
      this.wh |= fh;
    } else {
      this.wl ^= placedLo;
      this.wh ^= placedHi;
      this.bl |= fl;
      this.bh |= fh;
    }
  }

  isTerminal(): boolean {
    this.moveBits();
    return (this.scratch[0] | this.scratch[1]) === 0 && !this.opponentCanMove();
  }

  returns(out: Float64Array): void {
    const s = Math.sign(this.score());
    out[0] = s;
    out[1] = -s;
  }

  lastMove(): number | null {
    return this.plies === 0 ? null : this.undoStack[(this.plies - 1) * RECORD];
  }

  clone(): ReversiPosition {
    const c = new ReversiPosition();
    c.bl = this.bl;
    c.bh = this.bh;
    c.wl = this.wl;
    c.wh = this.wh;
    c.side = this.side;
    c.key0 = this.key0;
    c.key1 = this.key1;
    c.plies = this.plies;
    c.undoStack.set(this.undoStack);
    c.startBoard = this.startBoard;
    c.startSide = this.startSide;
    return c;
  }

  moveToText(move: number): string {
    if (move === PASS) return 'PS';
    if (!Number.isInteger(move) || move < 0 || move > 63) throw new RangeError(`${move} is not a Reversi move`);
    return squareName(move);
  }

  parseMove(text: string): number {
    return parseSquare(text);
  }

  /** The board as 64 characters (A1..H1 first; X black, O white, - empty), the FFO/Edax convention. */
  boardString(): string {
    let s = '';
    for (let sq = 0; sq < 64; sq++) {
      const c = this.colourAt(sq);
      s += c === 0 ? 'X' : c === 1 ? 'O' : '-';
    }
    return s;
  }

  toString(): string {
    const b = this.boardString();
    const rows = ['  A B C D E F G H'];
    for (let r = 0; r < 8; r++) rows.push(`${r + 1} ${b.slice(r * 8, r * 8 + 8).split('').join(' ')}`);
    rows.push(`${this.side === 0 ? 'X (black)' : 'O (white)'} to move`);
    return rows.join('\n');
  }
}

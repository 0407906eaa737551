import { PASS, type GameId, type Position } from '../core/game.js';
import { BLACK, BORDER, ChainBoard, EMPTY, WHITE } from './board.js';
import { KeyMultiset } from './keyset.js';
import { countArea } from './regions.js';
import { goRules, handicapPoints, type GoRules } from './rules.js';
import { parseVertex, vertexToText } from './vertex.js';

/** Why a move is illegal (null when it is legal). */
export type IllegalReason = 'occupied' | 'suicide' | 'ko' | 'superko' | null;

/** The verdict of `GoPosition.analyze`: legality, the reason when illegal, and the enemy stones it would capture. */
export interface MoveAnalysis {
  legal: boolean;
  reason: IllegalReason;
  captures: number[];
}

const OK = 0;
const OCCUPIED = 1;
const SUICIDE = 2;
const KO = 3;
const SUPERKO = 4;
const REASONS: readonly IllegalReason[] = [null, 'occupied', 'suicide', 'ko', 'superko'];

/** The move value recorded for a resignation (never returned by legalMoves). */
const RESIGN = -2;
/** "No move yet" in the lastMove field. */
const NO_MOVE = -3;

// Fields of one undo record (the state before the move made from that stack level).
const R_TRAIL = 0;
const R_MOVE = 1;
const R_KO = 2;
const R_KOPL = 3;
const R_PASSES = 4;
const R_RESIGNED = 5;
const R_LAST = 6;
const R_CAPB = 7;
const R_CAPW = 8;
const R_TOMOVE = 9;
const REC = 10;
// Fields of one history entry (the position at a stack level): stone key and side to move.
const H_LO = 0;
const H_HI = 1;
const H_SIDE = 2;
const HIST = 3;

/**
 * A Go position under a GoRules value: the board with incremental chains and exact liberties, captures, ko and
 * superko state, passes and resignation, with make/unmake through a journal. Points are padded 1-D indices
 * (`point(col, row)`); moves are points or PASS.
 */
export class GoPosition implements Position {
  readonly game: GameId = 'go';
  readonly playerCount = 2;
  /** The rules this game is played under. */
  readonly rules: GoRules;
  /** Board size. */
  readonly size: number;
  /** The chains and stones (shared with playouts; do not edit directly). */
  readonly board: ChainBoard;
  private readonly pts: Int32Array;
  private readonly sideLo: number;
  private readonly sideHi: number;
  private readonly scratch: Uint8Array;
  private toMove = 0;
  private ko = -1;
  private koPlayer = -1;
  private passCount = 0;
  private resignedBy = -1;
  private last = NO_MOVE;
  private capB = 0;
  private capW = 0;
  private hcap = 0;
  private plyBase = 0;
  private sp = 0;
  private rec: Int32Array;
  private hist: Int32Array;
  /** Keys of the positions in `hist` (stones, plus side to move under situational superko), for O(1) lookups. */
  private seen: KeyMultiset | null;
  private readonly counts = new Int32Array(4);

  /** A new empty board; Black to move. */
  constructor(rules: Partial<GoRules> = {}) {
    this.rules = goRules(rules);
    this.size = this.rules.size;
    this.board = new ChainBoard(this.size, true);
    const n = this.size;
    this.pts = new Int32Array(n * n);
    for (let r = 0, i = 0; r < n; r++) for (let c = 0; c < n; c++) this.pts[i++] = this.point(c, r);
    const z = this.board.zob;
    this.sideLo = z[z.length - 2];
    this.sideHi = z[z.length - 1];
    this.scratch = new Uint8Array(this.board.N2);
    this.rec = new Int32Array(REC * 64);
    this.hist = new Int32Array(HIST * 65);
    this.seen = this.rules.ko === 'simple' ? null : new KeyMultiset();
    this.recordHistory();
  }

  // ---- geometry ----

  /** The point of column `col` (0 = left, A) and row `row` (0 = top row); RangeError off the board. */
  point(col: number, row: number): number {
    const n = this.size;
    if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= n || row >= n) {
      throw new RangeError(`(${col}, ${row}) is not on the ${n}x${n} board`);
    }
    return (row + 1) * (n + 2) + col + 1;
  }

  /** Column of point p (0 = left). */
  col(p: number): number {
    return (p % (this.size + 2)) - 1;
  }

  /** Row of point p (0 = top). */
  row(p: number): number {
    return Math.floor(p / (this.size + 2)) - 1;
  }

  /** Whether p is a point of the board (any integer accepted). */
  onBoard(p: number): boolean {
    return Number.isInteger(p) && p >= 0 && p < this.board.N2 && this.board.color[p] !== BORDER;
  }

  /** All board points, top-left to bottom-right (a shared array: do not modify). */
  points(): Int32Array {
    return this.pts;
  }

  // ---- board queries ----

  /** EMPTY, BLACK or WHITE at p. */
  stoneAt(p: number): 0 | 1 | 2 {
    this.checkPoint(p);
    return this.board.color[p] as 0 | 1 | 2;
  }

  /** How many board points are empty (a clock's estimate of the moves still to come reads it). */
  emptyPoints(): number {
    const color = this.board.color;
    let n = 0;
    for (const p of this.pts) if (color[p] === EMPTY) n++;
    return n;
  }

  /** Exact liberty count of the chain at p (0 for an empty point), O(1). */
  liberties(p: number): number {
    const b = this.board;
    const c = b.color[p];
    return c === BLACK || c === WHITE ? b.libs[b.head[p]] : 0;
  }

  /** Writes the stones of the chain at p into `into`, returns how many (0 for an empty point). */
  chainStones(p: number, into: Int32Array): number {
    this.checkPoint(p);
    const b = this.board;
    if (b.color[p] === EMPTY) return 0;
    let n = 0;
    let s = p;
    do {
      into[n++] = s;
      s = b.next[s];
    } while (s !== p);
    return n;
  }

  /** Writes the distinct liberties of the chain at p into `into`, returns how many. */
  chainLiberties(p: number, into: Int32Array): number {
    this.checkPoint(p);
    const b = this.board;
    if (b.color[p] === EMPTY) return 0;
    const stamp = b.stamps();
    const id = b.newStamp();
    let n = 0;
    let s = p;
    do {
      for (let k = 0; k < 4; k++) {
        const q = s + b.dirs[k];
        if (b.color[q] === EMPTY && stamp[q] !== id) {
          stamp[q] = id;
          into[n++] = q;
        }
      }
      s = b.next[s];
    } while (s !== p);
    return n;
  }

  /** Stones captured BY player (0 Black, 1 White). */
  captures(player: number): number {
    return player === 0 ? this.capB : this.capW;
  }

  /** The point the side to move may not play because of simple ko, or -1. */
  koPoint(): number {
    return this.koPlayer === this.toMove ? this.ko : -1;
  }

  /** Consecutive passes at the end of the history. */
  passes(): number {
    return this.passCount;
  }

  /** The player who resigned, or -1. */
  resigned(): number {
    return this.resignedBy;
  }

  /** Number of handicap stones placed by placeHandicap (0 when none). */
  get handicap(): number {
    return this.hcap;
  }

  // ---- Position interface ----

  /** Low half of the Zobrist key (stones and side to move). */
  get hashLo(): number {
    return (this.board.hashLo ^ (this.toMove === 1 ? this.sideLo : 0)) >>> 0;
  }

  /** High half of the Zobrist key. */
  get hashHi(): number {
    return (this.board.hashHi ^ (this.toMove === 1 ? this.sideHi : 0)) >>> 0;
  }

  /** Moves (and resignations) played since the position was created. */
  get ply(): number {
    return this.plyBase + this.sp;
  }

  /** 0 when Black is to move, 1 for White. */
  currentPlayer(): number {
    return this.toMove;
  }

  /** Two consecutive passes or a resignation. */
  isTerminal(): boolean {
    return this.resignedBy >= 0 || this.passCount >= 2;
  }

  /** Every legal point for the side to move, then PASS; nothing once the game is over. */
  legalMoves(into: Int32Array): number {
    if (this.isTerminal()) return 0;
    const pts = this.pts, color = this.board.color, pl = this.toMove;
    let n = 0;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      if (color[p] === EMPTY && this.judge(p, pl) === OK) into[n++] = p;
    }
    into[n++] = PASS;
    return n;
  }

  /** Whether the side to move may play `move` now (false once the game is over). */
  isLegal(move: number): boolean {
    if (this.isTerminal()) return false;
    if (move === PASS) return true;
    return this.onBoard(move) && this.judge(move, this.toMove) === OK;
  }

  /** Plays a legal move for the side to move (unchecked: see isLegal). */
  play(move: number): void {
    this.make(this.toMove, move);
  }

  /** Takes back the last move, pass or resignation. */
  undo(): void {
    if (this.sp === 0) throw new Error('no move to undo');
    if (this.seen) this.forget(this.sp);
    this.sp--;
    const r = this.sp * REC;
    const rec = this.rec;
    this.board.rollback(rec[r + R_TRAIL]);
    const h = this.sp * HIST;
    this.board.hashLo = this.hist[h + H_LO];
    this.board.hashHi = this.hist[h + H_HI];
    this.ko = rec[r + R_KO];
    this.koPlayer = rec[r + R_KOPL];
    this.passCount = rec[r + R_PASSES];
    this.resignedBy = rec[r + R_RESIGNED];
    this.last = rec[r + R_LAST];
    this.capB = rec[r + R_CAPB];
    this.capW = rec[r + R_CAPW];
    this.toMove = rec[r + R_TOMOVE];
  }

  /**
   * Per-player results: +1/-1 by resignation, otherwise by the score of the board as it stands with no dead
   * stones (area or territory as the rules say, komi and handicap bonus to White), 0 each for a tie.
   */
  returns(out: Float64Array): void {
    let margin: number;
    if (this.resignedBy >= 0) margin = this.resignedBy === 0 ? -1 : 1;
    else margin = this.scoreMargin();
    out[0] = margin > 0 ? 1 : margin < 0 ? -1 : 0;
    out[1] = -out[0];
  }

  /** Black's score minus White's (komi and handicap bonus included), counting the board as it stands. */
  scoreMargin(): number {
    const counts = this.counts;
    countArea(this.board, counts);
    const bonus = this.rules.komi + handicapPoints(this.rules, this.hcap);
    if (this.rules.scoring === 'area') return counts[0] + counts[2] - (counts[1] + counts[3] + bonus);
    return counts[2] + this.capB - (counts[3] + this.capW + bonus);
  }

  /** The last move played (a point or PASS), or null; a resignation is not a move and leaves it unchanged. */
  lastMove(): number | null {
    return this.last === NO_MOVE ? null : this.last;
  }

  /**
   * The move played before the last one (a point or PASS), or null when there is none on the undo stack (fewer than
   * two moves since the start or the last setup).
   */
  previousMove(): number | null {
    let k = this.sp - 1;
    // A resignation is not a move: the record under it holds the last move itself.
    if (k >= 0 && this.rec[k * REC + R_MOVE] === RESIGN) k--;
    if (k < 0) return null;
    const before = this.rec[k * REC + R_LAST];
    return before === NO_MOVE ? null : before;
  }

  /** A deep copy, undo history included. */
  clone(): GoPosition {
    const c = new GoPosition(this.rules);
    const b = c.board;
    b.copyFrom(this.board);
    b.trail = this.board.trail.slice();
    b.trailLen = this.board.trailLen;
    c.toMove = this.toMove;
    c.ko = this.ko;
    c.koPlayer = this.koPlayer;
    c.passCount = this.passCount;
    c.resignedBy = this.resignedBy;
    c.last = this.last;
    c.capB = this.capB;
    c.capW = this.capW;
    c.hcap = this.hcap;
    c.plyBase = this.plyBase;
    c.sp = this.sp;
    c.rec = this.rec.slice();
    c.hist = this.hist.slice();
    c.seen = this.seen ? this.seen.clone() : null;
    return c;
  }

  /** GTP text of a move: `D4` or `pass`. */
  moveToText(move: number): string {
    if (move === PASS) return 'pass';
    this.checkPoint(move);
    return vertexToText(this.size, this.col(move), this.row(move));
  }

  /** Parses a GTP vertex (any case) or `pass`; RangeError naming the text otherwise. */
  parseMove(text: string): number {
    const v = parseVertex(this.size, text);
    return v === 'pass' ? PASS : this.point(v.col, v.row);
  }

  /** Rows top first: `X` black, `O` white, `.` empty. */
  toString(): string {
    const n = this.size, color = this.board.color;
    const lines: string[] = [];
    for (let r = 0; r < n; r++) {
      let s = '';
      for (let c = 0; c < n; c++) {
        const v = color[(r + 1) * (n + 2) + c + 1];
        s += v === BLACK ? 'X' : v === WHITE ? 'O' : '.';
      }
      lines.push(s);
    }
    return lines.join('\n');
  }

  // ---- moves for any colour ----

  /** Whether `move` is legal for the colour given (default: the side to move) and why not; the board's rules only. */
  analyze(move: number, player: number = this.toMove): MoveAnalysis {
    this.checkPlayer(player);
    if (move === PASS) return { legal: true, reason: null, captures: [] };
    this.checkPoint(move);
    const code = this.judge(move, player);
    if (code !== OK) return { legal: false, reason: REASONS[code], captures: [] };
    const b = this.board;
    const o = 2 - player;
    const captures: number[] = [];
    const seen: number[] = [];
    for (let k = 0; k < 4; k++) {
      const q = move + b.dirs[k];
      if (b.color[q] !== o) continue;
      const h = b.head[q];
      if (b.libs[h] !== 1 || seen.includes(h)) continue;
      seen.push(h);
      let s = h;
      do {
        captures.push(s);
        s = b.next[s];
      } while (s !== h);
    }
    captures.sort((x, y) => x - y);
    return { legal: true, reason: null, captures };
  }

  /** Whether `player` may play `move` by the board's rules (ignores whether the game has ended). */
  isLegalFor(player: number, move: number): boolean {
    if (player !== 0 && player !== 1) return false;
    if (move === PASS) return true;
    return this.onBoard(move) && this.judge(move, player) === OK;
  }

  /** Plays `move` for `player` (either colour; SGF and GTP allow it); throws naming the move when illegal. */
  playAs(player: number, move: number): void {
    this.checkPlayer(player);
    if (this.resignedBy >= 0) throw new Error(`the game is over: ${player === 0 ? 'black' : 'white'} cannot play after a resignation`);
    if (move !== PASS) {
      if (!this.onBoard(move)) throw new RangeError(`${move} is not a point of the ${this.size}x${this.size} board`);
      const code = this.judge(move, player);
      if (code !== OK) {
        throw new Error(`illegal move ${this.moveToText(move)} for ${player === 0 ? 'black' : 'white'}: ${REASONS[code]}`);
      }
    }
    this.make(player, move);
  }

  /** `player` resigns; the game ends. undo() takes it back. */
  resign(player: number): void {
    this.checkPlayer(player);
    if (this.isTerminal()) throw new Error('the game is already over');
    this.push(RESIGN);
    this.resignedBy = player;
    this.sp++;
    this.recordHistory();
  }

  /**
   * Edits one point outside the move history (SGF AB/AW/AE, handicap): no captures happen. Clears the undo stack
   * and the ko point; superko history restarts from here.
   */
  setup(p: number, stone: 0 | 1 | 2): void {
    this.checkPoint(p);
    if (stone !== EMPTY && stone !== BLACK && stone !== WHITE) throw new RangeError(`stone must be 0, 1 or 2, got ${String(stone)}`);
    this.board.color[p] = stone;
    this.board.rebuild();
    this.restartHistory();
  }

  /** Sets the side to move (SGF PL, after handicap); not undoable, restarts the history like setup. */
  setCurrentPlayer(player: number): void {
    this.checkPlayer(player);
    this.toMove = player;
    this.restartHistory();
  }

  /**
   * Places handicap stones (fixedHandicap(size, n) or any distinct points: free placement) on an empty board
   * as setup, records the count and gives White the move. 2 up to (points - 1) stones.
   */
  placeHandicap(points: readonly number[]): void {
    const n = this.size * this.size;
    if (points.length < 2 || points.length > n - 1) throw new RangeError(`a handicap is 2 to ${n - 1} stones, got ${points.length}`);
    for (const p of this.pts) if (this.board.color[p] !== EMPTY) throw new Error('handicap stones go on an empty board');
    const seen = new Set<number>();
    for (const p of points) {
      if (!this.onBoard(p)) throw new RangeError(`handicap point ${p} is not on the board`);
      if (seen.has(p)) throw new RangeError(`handicap point ${this.moveToText(p)} is given twice`);
      seen.add(p);
    }
    for (const p of points) this.board.color[p] = BLACK;
    this.board.rebuild();
    this.hcap = points.length;
    this.toMove = 1;
    this.restartHistory();
  }

  // ---- internals ----

  private checkPoint(p: number): void {
    if (!this.onBoard(p)) throw new RangeError(`${p} is not a point of the ${this.size}x${this.size} board`);
  }

  private checkPlayer(player: number): void {
    if (player !== 0 && player !== 1) throw new RangeError(`player must be 0 (black) or 1 (white), got ${player}`);
  }

  private restartHistory(): void {
    this.ko = -1;
    this.koPlayer = -1;
    this.plyBase += this.sp;
    this.sp = 0;
    this.board.trailLen = 0;
    this.seen?.clear();
    this.recordHistory();
  }

  private recordHistory(): void {
    const need = (this.sp + 1) * HIST;
    if (need > this.hist.length) {
      const h = new Int32Array(this.hist.length * 2);
      h.set(this.hist);
      this.hist = h;
    }
    const i = this.sp * HIST;
    this.hist[i + H_LO] = this.board.hashLo;
    this.hist[i + H_HI] = this.board.hashHi;
    this.hist[i + H_SIDE] = this.toMove;
    if (this.seen) {
      const side = this.rules.ko === 'situational' && this.toMove === 1;
      this.seen.add(this.board.hashLo ^ (side ? this.sideLo : 0), this.board.hashHi ^ (side ? this.sideHi : 0));
    }
  }

  /** Drops the key of stack level k from the superko set (undo). */
  private forget(k: number): void {
    const i = k * HIST;
    const side = this.rules.ko === 'situational' && this.hist[i + H_SIDE] === 1;
    this.seen!.remove(this.hist[i + H_LO] ^ (side ? this.sideLo : 0), this.hist[i + H_HI] ^ (side ? this.sideHi : 0));
  }

  /** Saves the state before a move at the current stack level. */
  private push(move: number): void {
    if ((this.sp + 1) * REC > this.rec.length) {
      const r = new Int32Array(this.rec.length * 2);
      r.set(this.rec);
      this.rec = r;
    }
    const r = this.sp * REC, rec = this.rec;
    rec[r + R_TRAIL] = this.board.trailLen;
    rec[r + R_MOVE] = move;
    rec[r + R_KO] = this.ko;
    rec[r + R_KOPL] = this.koPlayer;
    rec[r + R_PASSES] = this.passCount;
    rec[r + R_RESIGNED] = this.resignedBy;
    rec[r + R_LAST] = this.last;
    rec[r + R_CAPB] = this.capB;
    rec[r + R_CAPW] = this.capW;
    rec[r + R_TOMOVE] = this.toMove;
  }

  private make(player: number, move: number): void {
    this.push(move);
    if (move === PASS) {
      this.passCount++;
      this.ko = -1;
      this.koPlayer = -1;
    } else {
      const b = this.board;
      this.passCount = 0;
      const captured = b.place(move, player + 1);
      if (player === 0) {
        this.capB += captured;
        this.capW += b.suicided;
      } else {
        this.capW += captured;
        this.capB += b.suicided;
      }
      const h = b.head[move];
      if (captured === 1 && b.suicided === 0 && b.count[h] === 1 && b.libs[h] === 1) {
        this.ko = b.removed[0];
        this.koPlayer = 1 - player;
      } else {
        this.ko = -1;
        this.koPlayer = -1;
      }
    }
    this.last = move;
    this.toMove = 1 - player;
    this.sp++;
    this.recordHistory();
  }

  /** Legality of a stone at empty-or-not point p for player: OK or the reason code. */
  private judge(p: number, player: number): number {
    const b = this.board, color = b.color, head = b.head, libs = b.libs, W = b.W;
    if (color[p] !== EMPTY) return OCCUPIED;
    if (p === this.ko && player === this.koPlayer) return KO;
    const c = player + 1;
    let breath = false;
    let friend = false;
    for (let k = 0; k < 4; k++) {
      const q = k === 0 ? p - 1 : k === 1 ? p + 1 : k === 2 ? p - W : p + W;
      const cq = color[q];
      if (cq === EMPTY) {
        breath = true;
        break;
      }
      if (cq === BORDER) continue;
      if (cq === c) {
        friend = true;
        if (libs[head[q]] > 1) {
          breath = true;
          break;
        }
      } else if (libs[head[q]] === 1) {
        breath = true;
        break;
      }
    }
    if (!breath && (!this.rules.suicide || !friend)) return SUICIDE;
    if (this.rules.ko !== 'simple' && this.repeats(p, player, breath)) return SUPERKO;
    return OK;
  }

  /** Whether a stone at p for player recreates an earlier position (superko); `breath` = not a suicide. */
  private repeats(p: number, player: number, breath: boolean): boolean {
    const b = this.board, color = b.color, head = b.head, next = b.next, libs = b.libs, zob = b.zob;
    const c = player + 1, o = 3 - c;
    const zc = (c - 1) << 1, zo = (o - 1) << 1;
    let lo = b.hashLo ^ zob[(p << 2) + zc];
    let hi = b.hashHi ^ zob[(p << 2) + zc + 1];
    let h0 = -1, h1 = -1, h2 = -1;
    for (let k = 0; k < 4; k++) {
      const q = p + b.dirs[k];
      const cq = color[q];
      if (cq !== c && cq !== o) continue;
      const h = head[q];
      if (h === h0 || h === h1 || h === h2) continue;
      if (h0 < 0) h0 = h;
      else if (h1 < 0) h1 = h;
      else h2 = h;
      if (cq === o ? libs[h] === 1 : !breath) {
        // A captured enemy chain, or (suicide) an own chain that goes with the stone.
        const zz = cq === o ? zo : zc;
        let s = h;
        do {
          lo ^= zob[(s << 2) + zz];
          hi ^= zob[(s << 2) + zz + 1];
          s = next[s];
        } while (s !== h);
      }
    }
    if (!breath) {
      lo ^= zob[(p << 2) + zc];
      hi ^= zob[(p << 2) + zc + 1];
    }
    const situational = this.rules.ko === 'situational';
    const side = 1 - player;
    const flip = situational && side === 1;
    if (!this.seen!.has(lo ^ (flip ? this.sideLo : 0), hi ^ (flip ? this.sideHi : 0))) return false;
    const hist = this.hist;
    for (let k = 0; k <= this.sp; k++) {
      const i = k * HIST;
      if (hist[i + H_LO] !== lo || hist[i + H_HI] !== hi) continue;
      if (situational && hist[i + H_SIDE] !== side) continue;
      if (this.sameAsLevel(p, c, k)) return true;
    }
    return false;
  }

  /** Plays p for colour c tentatively and compares the stones with those at stack level k (on a hash hit). */
  private sameAsLevel(p: number, c: number, k: number): boolean {
    const b = this.board;
    const mark = b.trailLen;
    const lo = b.hashLo, hi = b.hashHi;
    b.place(p, c);
    const scratch = this.scratch;
    scratch.set(b.color);
    const end = k === this.sp ? mark : this.rec[k * REC + R_TRAIL];
    const t = b.trail;
    for (let i = b.trailLen - 2; i >= end; i -= 2) {
      const code = t[i];
      if ((code & 7) === 0) scratch[code >> 3] = t[i + 1];
    }
    let same = true;
    const color = b.color;
    for (let i = 0; i < scratch.length; i++) {
      if (scratch[i] !== color[i]) {
        same = false;
        break;
      }
    }
    b.rollback(mark);
    b.hashLo = lo;
    b.hashHi = hi;
    return same;
  }
}

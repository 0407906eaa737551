import type { GameId, Position } from '../core/game.js';
import { zobristTable } from '../core/zobrist.js';
import { Geometry } from './geometry.js';
import { parsePointName, pointName } from './notation.js';
import { BASE3, FIVE, fourCount, fourMask, OVERLINE, patternKind, patternTable, threeMask } from './patterns.js';

/** Gomoku rule sets: five or more wins; exactly five wins; renju (black restricted, see forbiddenKind). */
export type GomokuRule = 'freestyle' | 'standard' | 'renju';

/** Why a point is forbidden for black in renju. */
export type ForbiddenKind = 'double-three' | 'double-four' | 'overline';

/** Forbidden-kind codes returned by GomokuPosition.forbiddenCode. */
export const NOT_FORBIDDEN = 0;
/** Two or more real threes. */
export const DOUBLE_THREE = 1;
/** Two or more fours (two on one line included). */
export const DOUBLE_FOUR = 2;
/** Six or more in a row without an exact five elsewhere. */
export const OVERLINE_FORBIDDEN = 3;

const KIND_NAMES: readonly ForbiddenKind[] = ['double-three', 'double-four', 'overline'];

/** How to build a position: board size, rule set, and (for composed problems) stones and the side to move. */
export interface GomokuOptions {
  /** Board size, 5..20 (default 15). */
  size?: number;
  /** Rule set (default 'freestyle'); 'exact-five' is accepted for 'standard'. */
  rule?: GomokuRule | 'exact-five';
  /** Black stones as renju points (`H8`) or point indices. */
  black?: readonly (string | number)[];
  /** White stones. */
  white?: readonly (string | number)[];
  /** Side to move (default: black when the stone counts are equal or black has fewer, else white). */
  toMove?: 'black' | 'white' | 0 | 1;
}

/** Parses a rule-set name (freestyle, standard, exact-five, renju; any case); throws a RangeError otherwise. */
export function parseRule(text: string): GomokuRule {
  const t = text.trim().toLowerCase();
  if (t === 'freestyle' || t === 'renju' || t === 'standard') return t;
  if (t === 'exact-five' || t === 'exact' || t === 'exactfive') return 'standard';
  throw new RangeError(`unknown rule set "${text}" (use freestyle, standard or renju)`);
}

const EMPTY = 0;
const BORDER = 3;
const ONGOING = -1;
const DRAW = 2;
const ZOBRIST_SEED = 0x60_4d_0c_05;

/**
 * A Gomoku/Renju position (game 'gomoku'). Moves are point indices of a padded board (see Geometry);
 * there is no pass. Each line is kept as two bit words (black, white), updated in O(1) on play/undo, and
 * `pattern(point, dir, colour)` reads the line pattern through a lookup table — the bookkeeping the win test,
 * the renju rules, the threat solvers and the AI share.
 *
 * Renju choice: a forbidden point is not a legal move for black (legalMoves leaves it out, isLegal is false),
 * rather than a legal move that loses, so search and UI never offer it.
 */
export class GomokuPosition implements Position {
  readonly game: GameId = 'gomoku';
  readonly playerCount = 2;
  /** The rule set. */
  readonly rule: GomokuRule;
  /** Board geometry (size, points, lines). */
  readonly geo: Geometry;
  /** Cells: 0 empty, 1 black, 2 white, 3 border. */
  readonly cells: Uint8Array;
  /** Line words of black (index 0) and white (index 1) stones. */
  readonly lines: [Int32Array, Int32Array];
  /** Pattern tables used for black and for white (exact-five or five-or-more, by rule). */
  readonly tables: [Uint32Array, Uint32Array];
  hashLo = 0;
  hashHi = 0;
  ply = 0;
  private readonly startPlayer: number;
  private stones = 0;
  private readonly history: Int32Array;
  private readonly outcome: Int8Array;
  private readonly keys: Uint32Array;
  private readonly sideKey: number;

  constructor(opts: GomokuOptions = {}) {
    this.geo = Geometry.of(opts.size ?? 15);
    this.rule = parseRule(opts.rule ?? 'freestyle');
    const g = this.geo;
    this.cells = new Uint8Array(g.cellCount).fill(BORDER);
    for (const p of g.points) this.cells[p] = EMPTY;
    this.lines = [new Int32Array(g.lineCount), new Int32Array(g.lineCount)];
    const exactBlack = this.rule !== 'freestyle';
    const exactWhite = this.rule === 'standard';
    this.tables = [patternTable(exactBlack), patternTable(exactWhite)];
    this.history = new Int32Array(g.size * g.size + 1);
    this.outcome = new Int8Array(g.size * g.size + 2).fill(ONGOING);
    this.keys = zobristTable(g.cellCount * 2 + 1, ZOBRIST_SEED + g.size);
    this.sideKey = g.cellCount * 2;
    const black = (opts.black ?? []).map((s) => this.stoneArg(s, 'black'));
    const white = (opts.white ?? []).map((s) => this.stoneArg(s, 'white'));
    for (const [list, colour] of [[black, 0], [white, 1]] as const) {
      for (const p of list) {
        if (this.cells[p] !== EMPTY) {
          throw new RangeError(`point ${this.moveToText(p)} is given twice (${this.cells[p] === 1 ? 'black' : 'white'} and ${colour === 0 ? 'black' : 'white'})`);
        }
        this.place(p, colour);
      }
    }
    const toMove = opts.toMove ?? (black.length <= white.length ? 0 : 1);
    this.startPlayer = toMove === 'black' || toMove === 0 ? 0 : toMove === 'white' || toMove === 1 ? 1 : -1;
    if (this.startPlayer < 0) throw new RangeError(`toMove must be black or white, got ${String(toMove)}`);
    if (this.startPlayer === 1) this.toggleSide();
    this.outcome[0] = this.initialOutcome(black, white);
  }

  private stoneArg(s: string | number, colour: string): number {
    if (typeof s === 'number') {
      if (!Number.isInteger(s) || s < 0 || s >= this.geo.cellCount || !this.geo.onBoard[s]) {
        throw new RangeError(`${colour} stone ${s} is not a point of the ${this.geo.size}x${this.geo.size} board`);
      }
      return s;
    }
    try {
      return this.parseMove(s);
    } catch (e) {
      throw new RangeError(`${colour} stone: ${(e as Error).message}`);
    }
  }

  /** A composed position may already hold a five: then it is over (both sides having one is an error). */
  private initialOutcome(black: number[], white: number[]): number {
    const wins = [black.some((p) => this.winsAt(p, 0)), white.some((p) => this.winsAt(p, 1))];
    if (wins[0] && wins[1]) throw new RangeError('both black and white already have a five');
    if (wins[0]) return 0;
    if (wins[1]) return 1;
    return this.stones === this.geo.size * this.geo.size ? DRAW : ONGOING;
  }

  private toggleSide(): void {
    this.hashLo ^= this.keys[2 * this.sideKey];
    this.hashHi ^= this.keys[2 * this.sideKey + 1];
  }

  /** Puts a stone on the board words only (no history, hash or outcome): the renju and solver probes use it. */
  place(p: number, colour: number): void {
    const g = this.geo;
    this.cells[p] = colour + 1;
    const words = this.lines[colour];
    for (let d = 0; d < 4; d++) {
      const k = d * g.cellCount + p;
      words[g.lineOf[k]] |= 1 << g.bitOf[k];
    }
    const z = 2 * (2 * p + colour);
    this.hashLo ^= this.keys[z];
    this.hashHi ^= this.keys[z + 1];
    this.stones++;
  }

  /** Removes a stone put by place. */
  remove(p: number, colour: number): void {
    const g = this.geo;
    this.cells[p] = EMPTY;
    const words = this.lines[colour];
    for (let d = 0; d < 4; d++) {
      const k = d * g.cellCount + p;
      words[g.lineOf[k]] &= ~(1 << g.bitOf[k]);
    }
    const z = 2 * (2 * p + colour);
    this.hashLo ^= this.keys[z];
    this.hashHi ^= this.keys[z + 1];
    this.stones--;
  }

  /**
   * The packed pattern (see patterns.ts) `colour` has on line direction `d` (0 horizontal, 1 vertical,
   * 2 diagonal, 3 anti-diagonal) with a stone on `p`, whether or not the stone is there yet. O(1).
   */
  pattern(p: number, d: number, colour: number): number {
    const g = this.geo;
    const k = d * g.cellCount + p;
    const line = g.lineOf[k];
    const shift = g.bitOf[k] - 5;
    const own = (this.lines[colour][line] >>> shift) & 2047;
    const block = ((this.lines[colour ^ 1][line] | g.lineBorder[line]) >>> shift) & 2047;
    return this.tables[colour][BASE3[own] + 2 * BASE3[block]];
  }

  /** Whether a `colour` stone on `p` makes a winning five (exact five where the rule asks for it). */
  winsAt(p: number, colour: number): boolean {
    for (let d = 0; d < 4; d++) if (patternKind(this.pattern(p, d, colour)) === FIVE) return true;
    return false;
  }

  /**
   * The stones of the winning row once the game is won (the five through the last move, or the longer row where
   * the rule lets it win: freestyle, and White in renju); empty while the game goes on or after a draw.
   */
  winningLine(): number[] {
    const r = this.result();
    if (r !== 0 && r !== 1) return [];
    const last = this.lastMove();
    if (last === null) return [];
    const colour = this.cells[last] - 1;
    const exact = colour === 0 ? this.rule !== 'freestyle' : this.rule === 'standard';
    const g = this.geo;
    for (let d = 0; d < 4; d++) {
      const step = g.steps[d];
      const run: number[] = [last];
      for (let q = last - step; g.onBoard[q] === 1 && this.cells[q] === colour + 1; q -= step) run.unshift(q);
      for (let q = last + step; g.onBoard[q] === 1 && this.cells[q] === colour + 1; q += step) run.push(q);
      if (exact ? run.length === 5 : run.length >= 5) return run;
    }
    return [];
  }

  currentPlayer(): number {
    return (this.startPlayer + this.ply) & 1;
  }

  /** Index of the player who moved first in this object (0 black, 1 white). */
  firstPlayer(): number {
    return this.startPlayer;
  }

  /** Number of stones on the board. */
  stoneCount(): number {
    return this.stones;
  }

  /** 0 black won, 1 white won, 2 draw, -1 still going (a renju black with no legal point also draws). */
  result(): number {
    const o = this.outcome[this.ply];
    if (o !== ONGOING) return o;
    if (this.rule === 'renju' && this.currentPlayer() === 0 && !this.hasUnforbiddenPoint()) return DRAW;
    return ONGOING;
  }

  private hasUnforbiddenPoint(): boolean {
    for (const p of this.geo.points) if (this.cells[p] === EMPTY && this.forbiddenCode(p) === NOT_FORBIDDEN) return true;
    return false;
  }

  isTerminal(): boolean {
    return this.result() !== ONGOING;
  }

  returns(out: Float64Array): void {
    const r = this.result();
    out[0] = r === 0 ? 1 : r === 1 ? -1 : 0;
    out[1] = -out[0];
  }

  legalMoves(into: Int32Array): number {
    if (this.outcome[this.ply] !== ONGOING) return 0;
    const restricted = this.rule === 'renju' && this.currentPlayer() === 0;
    let n = 0;
    for (const p of this.geo.points) {
      if (this.cells[p] !== EMPTY) continue;
      if (restricted && this.forbiddenCode(p) !== NOT_FORBIDDEN) continue;
      into[n++] = p;
    }
    return n;
  }

  isLegal(move: number): boolean {
    if (!Number.isInteger(move) || move < 0 || move >= this.geo.cellCount) return false;
    if (this.cells[move] !== EMPTY || this.outcome[this.ply] !== ONGOING) return false;
    if (this.rule === 'renju' && this.currentPlayer() === 0) return this.forbiddenCode(move) === NOT_FORBIDDEN;
    return true;
  }

  play(move: number): void {
    const colour = this.currentPlayer();
    this.place(move, colour);
    this.toggleSide();
    this.history[this.ply] = move;
    this.ply++;
    this.outcome[this.ply] = this.winsAt(move, colour) ? colour : this.stones === this.geo.size * this.geo.size ? DRAW : ONGOING;
  }

  undo(): void {
    if (this.ply === 0) throw new Error('no move to undo');
    this.ply--;
    const move = this.history[this.ply];
    this.toggleSide();
    this.remove(move, this.cells[move] - 1);
  }

  lastMove(): number | null {
    return this.ply === 0 ? null : this.history[this.ply - 1];
  }

  /** The moves played since construction, oldest first. */
  moves(): number[] {
    return Array.from(this.history.subarray(0, this.ply));
  }

  clone(): GomokuPosition {
    const c = Object.create(GomokuPosition.prototype) as GomokuPosition;
    Object.assign(c, this);
    const w = c as unknown as { cells: Uint8Array; lines: [Int32Array, Int32Array]; history: Int32Array; outcome: Int8Array };
    w.cells = this.cells.slice();
    w.lines = [this.lines[0].slice(), this.lines[1].slice()];
    w.history = this.history.slice();
    w.outcome = this.outcome.slice();
    return c;
  }

  moveToText(move: number): string {
    if (!Number.isInteger(move) || move < 0 || move >= this.geo.cellCount || !this.geo.onBoard[move]) {
      throw new RangeError(`${move} is not a point of the ${this.geo.size}x${this.geo.size} board`);
    }
    return pointName(this.geo.x(move), this.geo.y(move));
  }

  parseMove(text: string): number {
    const { x, y } = parsePointName(text, this.geo.size);
    return this.geo.point(x, y);
  }

  /** The stone on a point: 0 empty, 1 black, 2 white. */
  stoneAt(p: number): number {
    return this.cells[p];
  }

  toString(): string {
    const g = this.geo;
    const rows: string[] = [];
    for (let y = g.size - 1; y >= 0; y--) {
      let s = '';
      for (let x = 0; x < g.size; x++) s += '.XO'[this.cells[g.point(x, y)]];
      rows.push(s);
    }
    return rows.join('\n');
  }

  /**
   * Renju: why black may not play `p` (NOT_FORBIDDEN, DOUBLE_THREE, DOUBLE_FOUR, OVERLINE_FORBIDDEN), for any
   * side to move; always NOT_FORBIDDEN under the other rules and on occupied points. An exact five is never
   * forbidden; a three counts only when one of its straight-four points is itself not forbidden (recursively).
   */
  forbiddenCode(p: number): number {
    if (this.rule !== 'renju' || this.cells[p] !== EMPTY) return NOT_FORBIDDEN;
    return this.forbiddenAt(p);
  }

  /** The forbidden kind of `p` for black as text, or null. */
  forbiddenKind(p: number): ForbiddenKind | null {
    const c = this.forbiddenCode(p);
    return c === NOT_FORBIDDEN ? null : KIND_NAMES[c - 1];
  }

  /** Every point black may not play now under renju, in board order (empty for the other rules). */
  forbiddenPoints(): { point: number; kind: ForbiddenKind }[] {
    const out: { point: number; kind: ForbiddenKind }[] = [];
    if (this.rule !== 'renju') return out;
    for (const p of this.geo.points) {
      const kind = this.forbiddenKind(p);
      if (kind) out.push({ point: p, kind });
    }
    return out;
  }

  private forbiddenAt(p: number): number {
    const e0 = this.pattern(p, 0, 0);
    const e1 = this.pattern(p, 1, 0);
    const e2 = this.pattern(p, 2, 0);
    const e3 = this.pattern(p, 3, 0);
    const k0 = patternKind(e0);
    const k1 = patternKind(e1);
    const k2 = patternKind(e2);
    const k3 = patternKind(e3);
    if (k0 === FIVE || k1 === FIVE || k2 === FIVE || k3 === FIVE) return NOT_FORBIDDEN;
    if (k0 === OVERLINE || k1 === OVERLINE || k2 === OVERLINE || k3 === OVERLINE) return OVERLINE_FORBIDDEN;
    if (fourCount(e0) + fourCount(e1) + fourCount(e2) + fourCount(e3) >= 2) return DOUBLE_FOUR;
    let candidates = 0;
    if (threeMask(e0) !== 0) candidates++;
    if (threeMask(e1) !== 0) candidates++;
    if (threeMask(e2) !== 0) candidates++;
    if (threeMask(e3) !== 0) candidates++;
    if (candidates < 2) return NOT_FORBIDDEN;
    this.place(p, 0);
    let real = 0;
    for (let d = 0; d < 4 && real < 2; d++) {
      const e = d === 0 ? e0 : d === 1 ? e1 : d === 2 ? e2 : e3;
      let mask = threeMask(e);
      const step = this.geo.steps[d];
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask);
        mask &= ~(1 << bit);
        const q = p + (bit - 4) * step;
        if (this.forbiddenAt(q) === NOT_FORBIDDEN) {
          real++;
          break;
        }
      }
    }
    this.remove(p, 0);
    return real >= 2 ? DOUBLE_THREE : NOT_FORBIDDEN;
  }

  /** Whether `colour` may play the empty point `p` (renju black: not forbidden). */
  mayPlay(p: number, colour: number): boolean {
    return this.cells[p] === EMPTY && (colour !== 0 || this.rule !== 'renju' || this.forbiddenAt(p) === NOT_FORBIDDEN);
  }

  /** Points completing a five for `colour` if it plays `p`, as a 9-bit offset mask along direction d (see fourMask). */
  fourMaskAt(p: number, d: number, colour: number): number {
    return fourMask(this.pattern(p, d, colour));
  }
}

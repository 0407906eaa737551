import { zobristTable, type GameId } from '@qi/engine';
import type { TurnFreePosition } from '../alphabeta/types.js';

/**
 * Take-away Nim for 2 to 6 players, a test game: players in turn take 1..maxTake counters from one heap, and
 * whoever takes the last counter wins (+1, everyone else -1). With two players the side to move loses exactly
 * when the heap is a multiple of maxTake + 1. Moves are the number of counters taken. Any player may be made to
 * move out of turn (`playAs`), as Best-Reply Search needs.
 */
export class NimGame implements TurnFreePosition {
  /** A test game outside Qi's list; reported as checkers, the one real game with more than two players. */
  readonly game: GameId = 'checkers';
  hashLo = 0;
  hashHi = 0;
  ply = 0;
  private heap: number;
  private turn = 0;
  private readonly taken: Int32Array;
  private readonly movers: Int32Array;
  private readonly keys: Uint32Array;

  /** A heap of `counters`, `playerCount` players, up to `maxTake` counters a turn. */
  constructor(
    readonly counters: number,
    readonly playerCount = 2,
    readonly maxTake = 3,
  ) {
    if (!(playerCount >= 2 && playerCount <= 6 && counters >= 0 && counters <= 1000 && maxTake >= 1)) {
      throw new RangeError(`bad Nim game: ${counters} counters, ${playerCount} players, take ≤ ${maxTake}`);
    }
    this.heap = counters;
    this.taken = new Int32Array(counters + 1);
    this.movers = new Int32Array(counters + 1);
    this.keys = zobristTable((counters + 1) * 6, 0x6e696d);
    this.rekey();
  }

  /** Counters left on the heap. */
  get remaining(): number {
    return this.heap;
  }

  currentPlayer(): number {
    return this.turn;
  }

  legalMoves(into: Int32Array): number {
    const n = Math.min(this.maxTake, this.heap);
    for (let i = 0; i < n; i++) into[i] = i + 1;
    return n;
  }

  isLegal(move: number): boolean {
    return Number.isInteger(move) && move >= 1 && move <= this.maxTake && move <= this.heap;
  }

  play(move: number): void {
    this.playAs(this.turn, move);
  }

  /** Every player may take the same counters. */
  legalMovesFor(_player: number, into: Int32Array): number {
    return this.legalMoves(into);
  }

  /** Plays for `player` out of turn; the player after it moves next. */
  playAs(player: number, move: number): void {
    this.movers[this.ply] = player;
    this.taken[this.ply++] = move;
    this.heap -= move;
    this.turn = (player + 1) % this.playerCount;
    this.rekey();
  }

  undo(): void {
    if (this.ply === 0) throw new Error('no move to undo');
    this.ply--;
    this.heap += this.taken[this.ply];
    this.turn = this.movers[this.ply];
    this.rekey();
  }

  isTerminal(): boolean {
    return this.heap === 0;
  }

  returns(out: Float64Array): void {
    const winner = this.movers[this.ply - 1];
    for (let p = 0; p < this.playerCount; p++) out[p] = p === winner ? 1 : -1;
  }

  lastMove(): number | null {
    return this.ply === 0 ? null : this.taken[this.ply - 1];
  }

  clone(): NimGame {
    const g = new NimGame(this.counters, this.playerCount, this.maxTake);
    for (let i = 0; i < this.ply; i++) g.playAs(this.movers[i], this.taken[i]);
    return g;
  }

  moveToText(move: number): string {
    return String(move);
  }

  parseMove(text: string): number {
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isInteger(n)) throw new RangeError(`not a number of counters: "${text}"`);
    return n;
  }

  toString(): string {
    return `heap ${this.heap}, player ${this.currentPlayer()} to move`;
  }

  private rekey(): void {
    const i = this.heap * 6 + this.currentPlayer();
    this.hashLo = this.keys[2 * i];
    this.hashHi = this.keys[2 * i + 1];
  }
}

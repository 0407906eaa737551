import { zobristTable, type GameId, type Position } from '@qi/engine';

/**
 * Take-away Nim for 2 to 6 players, a test game: players in turn take 1..maxTake counters from one heap, and
 * whoever takes the last counter wins (+1, everyone else -1). With two players the side to move loses exactly
 * when the heap is a multiple of maxTake + 1. Moves are the number of counters taken.
 */
export class NimGame implements Position {
  /** A test game outside Qi's list; reported as checkers, the one real game with more than two players. */
  readonly game: GameId = 'checkers';
  hashLo = 0;
  hashHi = 0;
  ply = 0;
  private heap: number;
  private readonly taken: Int32Array;
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
    this.keys = zobristTable((counters + 1) * 6, 0x6e696d);
    this.rekey();
  }

  /** Counters left on the heap. */
  get remaining(): number {
    return this.heap;
  }

  currentPlayer(): number {
    return this.ply % this.playerCount;
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
    this.taken[this.ply++] = move;
    this.heap -= move;
    this.rekey();
  }

  undo(): void {
    if (this.ply === 0) throw new Error('no move to undo');
    this.heap += this.taken[--this.ply];
    this.rekey();
  }

  isTerminal(): boolean {
    return this.heap === 0;
  }

  returns(out: Float64Array): void {
    const winner = (this.ply - 1 + this.playerCount) % this.playerCount;
    for (let p = 0; p < this.playerCount; p++) out[p] = p === winner ? 1 : -1;
  }

  lastMove(): number | null {
    return this.ply === 0 ? null : this.taken[this.ply - 1];
  }

  clone(): NimGame {
    const g = new NimGame(this.counters, this.playerCount, this.maxTake);
    for (let i = 0; i < this.ply; i++) g.play(this.taken[i]);
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

/**
 * A room's position kept locally with the engine, as the tests' own judge: random legal moves for the load
 * generator, and for the fuzz a conservative answer to "could the server accept this move text here?".
 */
import { CHECKERS_LEAVE, MAX_MOVES, PASS, Rng, gameDefinition, type Position } from '@qi/engine';
import type { RoomSnapshot } from '@qi/protocol';

/** A local copy of a room's position, built from its snapshot and kept up with the moves' text. */
export class LocalGame {
  readonly game: string;
  readonly pos: Position;
  private readonly buffer = new Int32Array(MAX_MOVES);

  /** The position of `snapshot` (its rules, start and moves), each move checked. */
  constructor(snapshot: Pick<RoomSnapshot, 'game' | 'rules' | 'start' | 'moves'>) {
    this.game = snapshot.game;
    const d = gameDefinition(snapshot.game);
    this.pos = d.create(snapshot.rules as object, snapshot.start === undefined || snapshot.start === null ? undefined : d.start(snapshot.start, d.rules(snapshot.rules)));
    for (const m of snapshot.moves) this.play(m);
  }

  /** Plays a move given as text (throws naming it when the engine refuses it). */
  play(text: string): void {
    const move = this.pos.parseMove(text);
    if (this.pos.isTerminal() || !this.pos.isLegal(move)) throw new Error(`${this.game}: the local position refuses ${text}`);
    this.pos.play(move);
  }

  /** Takes back the last `count` moves. */
  undo(count: number): void {
    for (let i = 0; i < count; i++) this.pos.undo();
  }

  /** The seat to move. */
  toMove(): number {
    return this.pos.currentPlayer();
  }

  /** Whether the game is over by the rules. */
  over(): boolean {
    return this.pos.isTerminal();
  }

  /** A random legal move as text, avoiding pass and leave when anything else is legal; null when the game is over. */
  randomMove(rng: Rng): string | null {
    return randomLegalMove(this.pos, rng, this.buffer);
  }

  /**
   * Whether the server might accept `text` as the move of the seat to move (parsed by the engine and legal; for
   * Chinese Checkers also `leave`). False means it must refuse it; true means the fuzz must not send it.
   */
  mightAccept(text: string): boolean {
    if (this.pos.isTerminal()) return false;
    try {
      const move = this.pos.parseMove(text);
      return move === CHECKERS_LEAVE || this.pos.isLegal(move);
    } catch {
      return false;
    }
  }
}

/** A random legal move of `pos` as protocol text (pass/leave only when nothing else is legal), or null at the end. */
export function randomLegalMove(pos: Position, rng: Rng, buffer = new Int32Array(MAX_MOVES)): string | null {
  const n = pos.legalMoves(buffer);
  if (n === 0) return null;
  const real: number[] = [];
  for (let i = 0; i < n; i++) if (buffer[i] !== PASS && buffer[i] !== CHECKERS_LEAVE) real.push(buffer[i]);
  const move = real.length > 0 ? real[rng.int(real.length)] : buffer[rng.int(n)];
  // The protocol writes a pass `pass` in every game (the engine's Reversi notation says `PS`).
  return move === PASS ? 'pass' : pos.moveToText(move);
}

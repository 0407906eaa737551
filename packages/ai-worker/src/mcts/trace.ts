/** The moves of one simulation with who played them, for RAVE/AMAF; preallocated, reused by every playout. */
export class PlayoutTrace {
  /** Moves in the order played. */
  readonly moves: Int32Array;
  /** The player of each move. */
  readonly players: Uint8Array;
  /** Entries in use. */
  length = 0;
  /** Whether anyone reads the trace (RAVE on); a playout hook may skip `add` when false. */
  enabled = false;

  /** A trace with room for `capacity` moves. */
  constructor(readonly capacity: number) {
    this.moves = new Int32Array(capacity);
    this.players = new Uint8Array(capacity);
  }

  /** Appends a move (ignored once the trace is full: AMAF then simply sees fewer moves). */
  add(player: number, move: number): void {
    if (this.length < this.capacity) {
      this.moves[this.length] = move;
      this.players[this.length] = player;
      this.length++;
    }
  }
}

/** When a search must stop. Every field is optional; a search with none of them runs until `stop()`. */
export interface Limits {
  /** Deepest iteration of alpha-beta (plies). */
  depth?: number;
  /** Node budget (alpha-beta nodes or MCTS playouts, see each search). */
  nodes?: number;
  /** Wall-clock budget in milliseconds. */
  timeMs?: number;
  /**
   * MCTS under a clock: the search may run on past `timeMs`, up to this many ms in all, while its choice is
   * unsettled (a root move with at least a third of the most visited one's playouts has the better win rate).
   */
  timeMaxMs?: number;
  /**
   * MCTS under a clock: end before `timeMs` once no other root move can catch up with the most visited one at the
   * playout rate so far (the move cannot change; the time is saved for later moves).
   */
  stopWhenDecided?: boolean;
  /** A stop flag: the search ends soon after element 0 becomes non-zero (works over a SharedArrayBuffer). */
  stop?: Int32Array;
  /** Alpha-beta: search only these root moves (like UCI's searchmoves); moves not legal at the root are ignored. */
  rootMoves?: readonly number[];
}

/** A millisecond clock for time limits (monotonic where available). */
export function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** Whether a stop flag has been raised (atomic when the flag lives in shared memory). */
export function stopRaised(flag: Int32Array | undefined): boolean {
  if (flag === undefined) return false;
  return flag.buffer instanceof ArrayBuffer ? flag[0] !== 0 : Atomics.load(flag, 0) !== 0;
}

/** Whether this thread can create memory shared with other threads (Node, or a cross-origin isolated page). */
export function canShareMemory(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
}

/** Creates a stop flag, in shared memory when allowed (and wanted), else in ordinary memory. */
export function createStopFlag(shared = true): Int32Array {
  return new Int32Array(shared && canShareMemory() ? new SharedArrayBuffer(4) : new ArrayBuffer(4));
}

/** Raises or lowers a stop flag (atomically when it is shared). */
export function setStopFlag(flag: Int32Array, raised: boolean): void {
  if (flag.buffer instanceof ArrayBuffer) flag[0] = raised ? 1 : 0;
  else Atomics.store(flag, 0, raised ? 1 : 0);
}

import type { Geometry } from './geometry.js';

/**
 * Destinations of one piece: steps to adjacent empty holes, then every hole a chain of hops reaches (a search
 * with a visited set, so no loops and no duplicates; a hole reachable both ways is listed once). The board holds
 * 0 for an empty hole and a player number + 1 otherwise. Scratch arrays are owned here, so a search never
 * allocates; one HopSearch per position (not thread-shared).
 */
export class HopSearch {
  private readonly geo: Geometry;
  /** visited[cell] === stamp: reached by a hop in the current search. */
  private readonly visited: Uint32Array;
  /** listed[cell] === stamp: already written as a destination in the current search. */
  private readonly listed: Uint32Array;
  private readonly queue: Int16Array;
  private readonly parent: Int16Array;
  private stamp = 0;

  /** Scratch space for one geometry. */
  constructor(geo: Geometry) {
    this.geo = geo;
    this.visited = new Uint32Array(geo.cells);
    this.listed = new Uint32Array(geo.cells);
    this.queue = new Int16Array(geo.cells);
    this.parent = new Int16Array(geo.cells);
  }

  private next(): number {
    if (++this.stamp === 0xffffffff) {
      this.visited.fill(0);
      this.listed.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /**
   * Writes the destination holes of the piece on `from` into `out` (steps first, then hops in search order) and
   * returns how many. `ownCode` is the mover's board code; with `opponentOnly` a hop may not jump that code.
   * The piece is lifted for the search, so a chain can neither jump nor land on its own starting hole.
   */
  destinations(board: Uint8Array, from: number, ownCode: number, opponentOnly: boolean, out: Int16Array): number {
    const { neighbour, landing, dirs } = this.geo;
    const visited = this.visited;
    const listed = this.listed;
    const queue = this.queue;
    const id = this.next();
    const saved = board[from];
    board[from] = 0;
    visited[from] = id;
    listed[from] = id;
    let n = 0;
    const base = from * dirs;
    for (let d = 0; d < dirs; d++) {
      const t = neighbour[base + d];
      if (t >= 0 && board[t] === 0) {
        listed[t] = id;
        out[n++] = t;
      }
    }
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++];
      const cb = c * dirs;
      for (let d = 0; d < dirs; d++) {
        const mid = neighbour[cb + d];
        if (mid < 0) continue;
        const over = board[mid];
        if (over === 0 || (opponentOnly && over === ownCode)) continue;
        const l = landing[cb + d];
        if (l < 0 || board[l] !== 0 || visited[l] === id) continue;
        visited[l] = id;
        queue[tail++] = l;
        if (listed[l] !== id) {
          listed[l] = id;
          out[n++] = l;
        }
      }
    }
    board[from] = saved;
    return n;
  }

  /**
   * The path of holes from `from` to `to`: [from, to] for a step, else a shortest hop chain (breadth-first),
   * or null when `to` is not a destination. Allocates the returned array (for UI, records and the network).
   */
  path(board: Uint8Array, from: number, to: number, ownCode: number, opponentOnly: boolean): number[] | null {
    const { neighbour, landing, dirs } = this.geo;
    if (from === to || board[to] !== 0) return null;
    for (let d = 0; d < dirs; d++) if (neighbour[from * dirs + d] === to) return [from, to];
    const visited = this.visited;
    const parent = this.parent;
    const queue = this.queue;
    const id = this.next();
    const saved = board[from];
    board[from] = 0;
    visited[from] = id;
    parent[from] = -1;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    let found = false;
    while (head < tail && !found) {
      const c = queue[head++];
      for (let d = 0; d < dirs; d++) {
        const mid = neighbour[c * dirs + d];
        if (mid < 0) continue;
        const over = board[mid];
        if (over === 0 || (opponentOnly && over === ownCode)) continue;
        const l = landing[c * dirs + d];
        if (l < 0 || board[l] !== 0 || visited[l] === id) continue;
        visited[l] = id;
        parent[l] = c;
        queue[tail++] = l;
        if (l === to) {
          found = true;
          break;
        }
      }
    }
    board[from] = saved;
    if (!found) return null;
    const path: number[] = [];
    for (let c = to; c !== -1; c = parent[c]) path.push(c);
    return path.reverse();
  }
}

/**
 * Whether `path` is a real chain of hops on `board` for the piece on path[0]: each hop jumps exactly one adjacent
 * (allowed) piece into the empty hole beyond, and no hole is visited twice. A two-hole path may also be a step.
 */
export function validPath(geo: Geometry, board: Uint8Array, path: readonly number[], ownCode: number, opponentOnly: boolean): boolean {
  if (path.length < 2) return false;
  const from = path[0];
  if (board[from] !== ownCode) return false;
  const { neighbour, landing, dirs } = geo;
  if (path.length === 2) {
    for (let d = 0; d < dirs; d++) if (neighbour[from * dirs + d] === path[1]) return board[path[1]] === 0;
  }
  const seen = new Set<number>([from]);
  const saved = board[from];
  board[from] = 0;
  let ok = true;
  for (let i = 1; i < path.length && ok; i++) {
    const c = path[i - 1];
    const l = path[i];
    ok = false;
    if (seen.has(l) || board[l] !== 0) break;
    for (let d = 0; d < dirs; d++) {
      if (landing[c * dirs + d] !== l) continue;
      const over = board[neighbour[c * dirs + d]];
      ok = over !== 0 && !(opponentOnly && over === ownCode);
    }
    seen.add(l);
  }
  board[from] = saved;
  return ok;
}

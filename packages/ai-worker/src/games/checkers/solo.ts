import { CheckersPosition, geometry, HopSearch, zobristTable } from '@qi/engine';

/**
 * The solo crossing puzzle: one player's 10 pieces start in the bottom point of an empty star and must all reach
 * the top point in as few turns as possible. The proven optimum is 27 turns (George I. Bell, "The shortest game
 * of Chinese Checkers and related problems", Integers 9, 2009). This is a beam search: level by level it keeps
 * the `beamWidth` best distinct positions by total distance to the goal tip (hex distance summed over pieces,
 * ties broken by the straggler's distance), so it finds good crossings fast but does not prove optimality.
 */
export interface CrossingOptions {
  /** Positions kept per level (memory and time grow linearly). */
  beamWidth?: number;
  /** Give up after this many turns. */
  maxTurns?: number;
  /** Forbid moving a piece out of the goal once in it (the default rules' anti-spoiling rule). */
  stayInGoal?: boolean;
}

/** What the crossing search found. */
export interface CrossingResult {
  /** Whether all 10 pieces reached the goal. */
  solved: boolean;
  /** Turns used (the length of `moves`). */
  turns: number;
  /** The moves as hop paths of hole names (replayable on a one-player CheckersPosition). */
  moves: string[];
  /** Positions expanded (each expansion generates all its moves). */
  expanded: number;
  /** Wall time in milliseconds. */
  ms: number;
}

const PIECES = 10;

/** Searches for a short solo crossing of the star (see the module comment). */
export function solveCrossing(options: CrossingOptions = {}): CrossingResult {
  const t0 = performance.now();
  const width = options.beamWidth ?? 2000;
  const maxTurns = options.maxTurns ?? 60;
  const stayInGoal = options.stayInGoal ?? true;
  const geo = geometry('star');
  const cells = geo.cells;
  const home = 3;
  const goal = geo.opposite[home];
  const dist = geo.distance.subarray(goal * cells, (goal + 1) * cells);
  const inGoal = new Uint8Array(cells);
  for (const c of geo.regionCells[goal]) inGoal[c] = 1;
  // The goal's 10 holes have the smallest distance sum of any 10 holes; reaching it means solved.
  let target = 0;
  for (const c of geo.regionCells[goal]) target += dist[c];
  const zob = zobristTable(cells, 0x50_10);
  const search = new HopSearch(geo);
  const board = new Uint8Array(cells);
  const dest = new Int16Array(cells);

  // Beam storage per level: pieces, parent index into the previous level, and the move that led here.
  let states = new Uint8Array(width * PIECES);
  const parents: Int32Array[] = [];
  const movesAt: Int32Array[] = [];
  const startCells = Array.from(geo.regionCells[home]);
  states.set(startCells, 0);
  let count = 1;
  let expanded = 0;

  const cap = width * 400;
  const candParent = new Int32Array(cap);
  const candMove = new Int32Array(cap);
  const candKey = new Int32Array(cap);
  let tableSize = 1;
  while (tableSize < cap * 2) tableSize <<= 1;
  const tableLo = new Uint32Array(tableSize);
  const tableHi = new Uint32Array(tableSize);
  const tableStamp = new Uint16Array(tableSize);
  let stamp = 0;
  const buckets = new Int32Array(4096);

  for (let turn = 1; turn <= maxTurns; turn++) {
    stamp++;
    let n = 0;
    let solvedAt = -1;
    for (let s = 0; s < count && solvedAt < 0; s++) {
      const base = s * PIECES;
      let lo = 0;
      let hi = 0;
      let sum = 0;
      for (let k = 0; k < PIECES; k++) {
        const c = states[base + k];
        board[c] = 1;
        lo ^= zob[2 * c];
        hi ^= zob[2 * c + 1];
        sum += dist[c];
      }
      expanded++;
      for (let k = 0; k < PIECES && solvedAt < 0; k++) {
        const from = states[base + k];
        const m = search.destinations(board, from, 1, false, dest);
        for (let i = 0; i < m; i++) {
          const to = dest[i];
          if (stayInGoal && inGoal[from] && !inGoal[to]) continue;
          const clo = (lo ^ zob[2 * from] ^ zob[2 * to]) >>> 0;
          const chi = (hi ^ zob[2 * from + 1] ^ zob[2 * to + 1]) >>> 0;
          let slot = clo & (tableSize - 1);
          let dup = false;
          while (tableStamp[slot] === stamp) {
            if (tableLo[slot] === clo && tableHi[slot] === chi) {
              dup = true;
              break;
            }
            slot = (slot + 1) & (tableSize - 1);
          }
          if (dup) continue;
          tableStamp[slot] = stamp;
          tableLo[slot] = clo;
          tableHi[slot] = chi;
          const score = sum - dist[from] + dist[to];
          let straggler = 0;
          for (let j = 0; j < PIECES; j++) {
            const c = j === k ? to : states[base + j];
            if (dist[c] > straggler) straggler = dist[c];
          }
          if (n === cap) break;
          candParent[n] = s;
          candMove[n] = from * 128 + to;
          candKey[n] = score * 32 + straggler;
          if (score === target) solvedAt = n;
          n++;
        }
      }
      for (let k = 0; k < PIECES; k++) board[states[base + k]] = 0;
    }
    if (n === 0) break;
    // Keep the `width` smallest keys (a counting pass over the key range, then a threshold).
    let keep: Int32Array;
    if (solvedAt >= 0) keep = Int32Array.of(solvedAt);
    else {
      buckets.fill(0);
      for (let i = 0; i < n; i++) buckets[Math.min(candKey[i], buckets.length - 1)]++;
      let limit = 0;
      let taken = 0;
      while (limit < buckets.length && taken + buckets[limit] <= width) taken += buckets[limit++];
      const room = width - taken;
      keep = new Int32Array(Math.min(width, n));
      let w = 0;
      let partial = 0;
      for (let i = 0; i < n && w < keep.length; i++) {
        const key = Math.min(candKey[i], buckets.length - 1);
        if (key < limit) keep[w++] = i;
        else if (key === limit && partial < room) {
          keep[w++] = i;
          partial++;
        }
      }
      keep = keep.subarray(0, w);
    }
    const next = new Uint8Array(keep.length * PIECES);
    const parent = new Int32Array(keep.length);
    const move = new Int32Array(keep.length);
    for (let i = 0; i < keep.length; i++) {
      const c = keep[i];
      const s = candParent[c];
      const from = candMove[c] >> 7;
      const to = candMove[c] & 127;
      for (let k = 0; k < PIECES; k++) {
        const x = states[s * PIECES + k];
        next[i * PIECES + k] = x === from ? to : x;
      }
      parent[i] = s;
      move[i] = candMove[c];
    }
    parents.push(parent);
    movesAt.push(move);
    states = next;
    count = keep.length;
    if (solvedAt >= 0) return finish(parents, movesAt, expanded, t0, stayInGoal);
  }
  return { solved: false, turns: 0, moves: [], expanded, ms: performance.now() - t0 };
}

function finish(parents: Int32Array[], movesAt: Int32Array[], expanded: number, t0: number, stayInGoal: boolean): CrossingResult {
  const line: number[] = [];
  let idx = 0;
  for (let level = parents.length - 1; level >= 0; level--) {
    line.push(movesAt[level][idx]);
    idx = parents[level][idx];
  }
  line.reverse();
  const pos = new CheckersPosition({ players: 1, stayInGoal });
  const moves: string[] = [];
  for (const m of line) {
    moves.push(pos.moveToText(m));
    pos.play(m);
  }
  return { solved: pos.isTerminal(), turns: line.length, moves, expanded, ms: performance.now() - t0 };
}

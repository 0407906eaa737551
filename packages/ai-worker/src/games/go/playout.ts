import { BLACK, BORDER, ChainBoard, EMPTY, WHITE, countArea, handicapPoints, type GoPosition, type Rng } from '@qi/engine';
import { diagonalsKeepEye } from './eye.js';

/**
 * Light random playouts (the Monte-Carlo baseline): from a position, both sides play uniformly random legal
 * moves that neither fill a one-point eye of their own nor commit suicide, until two passes or a ply cap, and
 * the board is counted Tromp-Taylor (stones + empty regions bordered by one colour). Runs on its own scratch
 * board, so the source position is never touched; nothing allocates per playout. Playouts apply simple ko only
 * (the ply cap ends rare superko cycles).
 */
export class LightPlayout {
  /** Board size this playout runs on. */
  readonly size: number;
  /** Scratch board: colours, chain heads and rings are copied from the position; `libs` holds PSEUDO-liberties. */
  private readonly b: ChainBoard;
  /** Empty points (a permutation; `where[p]` is p's index) for rejection-sampling a random move. */
  private readonly empty: Int32Array;
  private readonly where: Int32Array;
  private nEmpty = 0;
  private readonly counts = new Int32Array(4);
  private readonly owner: Uint8Array;
  /** Plies played by the last run. */
  plies = 0;

  constructor(size: number) {
    this.size = size;
    this.b = new ChainBoard(size, false);
    this.empty = new Int32Array(size * size);
    this.where = new Int32Array(this.b.N2);
    this.owner = new Uint8Array(this.b.N2);
  }

  /**
   * Plays one playout from `pos` (left unchanged) and returns Black's area minus White's minus komi and handicap
   * bonus (> 0: Black wins). With `ownership` (indexed by point) adds +1 where Black owns the final board,
   * -1 where White does. With `movesOut` writes the moves played (PASS = -1); it needs `maxPlies` entries.
   */
  run(pos: GoPosition, rng: Rng, maxPlies = 3 * this.size * this.size, ownership?: Int32Array, movesOut?: Int32Array): number {
    if (pos.size !== this.size) throw new RangeError(`this playout is for ${this.size}x${this.size}, the position is ${pos.size}x${pos.size}`);
    const b = this.b;
    b.copyFrom(pos.board);
    const color = b.color, head = b.head, next = b.next, libs = b.libs, count = b.count;
    const empty = this.empty, where = this.where;
    const W = b.W;
    let nEmpty = 0;
    const pts = pos.points();
    // Pseudo-liberties: one per (stone, empty neighbour) pair. A chain has no liberty iff its count is 0, and
    // point p is its only liberty iff the count equals the number of its stones next to p.
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      const cp = color[p];
      if (cp === EMPTY) {
        where[p] = nEmpty;
        empty[nEmpty++] = p;
      } else if (head[p] === p) libs[p] = 0;
    }
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      if (color[p] === EMPTY) {
        // Each stone next to an empty point gets one pseudo-liberty for it.
        let q = p - 1;
        if (color[q] === BLACK || color[q] === WHITE) libs[head[q]]++;
        q = p + 1;
        if (color[q] === BLACK || color[q] === WHITE) libs[head[q]]++;
        q = p - W;
        if (color[q] === BLACK || color[q] === WHITE) libs[head[q]]++;
        q = p + W;
        if (color[q] === BLACK || color[q] === WHITE) libs[head[q]]++;
      }
    }
    let c = pos.currentPlayer() + 1;
    let ko = pos.koPoint();
    let passes = pos.isTerminal() ? 2 : pos.passes();
    let ply = 0;
    while (passes < 2 && ply < maxPlies) {
      const o = 3 - c;
      let move = -1;
      let n = nEmpty;
      while (n > 0) {
        const i = ((rng.next() >>> 16) * n) >>> 16;
        const p = empty[i];
        if (p !== ko && this.playable(p, c, o)) {
          move = p;
          break;
        }
        n--;
        const last = empty[n];
        empty[n] = p;
        where[p] = n;
        empty[i] = last;
        where[last] = i;
      }
      if (movesOut) movesOut[ply] = move;
      if (move < 0) {
        passes++;
        ko = -1;
      } else {
        passes = 0;
        const at = where[move];
        const last = empty[--nEmpty];
        empty[at] = last;
        where[last] = at;
        this.nEmpty = nEmpty;
        // Place the stone: neighbours lose a pseudo-liberty, friends merge (pseudo-liberties add up).
        color[move] = c;
        head[move] = move;
        next[move] = move;
        count[move] = 1;
        let own = 0;
        let q = move - 1, cq = color[q];
        if (cq === EMPTY) own++;
        else if (cq !== BORDER) libs[head[q]]--;
        q = move + 1; cq = color[q];
        if (cq === EMPTY) own++;
        else if (cq !== BORDER) libs[head[q]]--;
        q = move - W; cq = color[q];
        if (cq === EMPTY) own++;
        else if (cq !== BORDER) libs[head[q]]--;
        q = move + W; cq = color[q];
        if (cq === EMPTY) own++;
        else if (cq !== BORDER) libs[head[q]]--;
        libs[move] = own;
        if (color[move - 1] === c) this.join(move, move - 1);
        if (color[move + 1] === c) this.join(move, move + 1);
        if (color[move - W] === c) this.join(move, move - W);
        if (color[move + W] === c) this.join(move, move + W);
        let captured = 0;
        let koStone = -1;
        if (color[move - 1] === o && libs[head[move - 1]] === 0) { koStone = move - 1; captured += this.capture(head[move - 1], o); }
        if (color[move + 1] === o && libs[head[move + 1]] === 0) { koStone = move + 1; captured += this.capture(head[move + 1], o); }
        if (color[move - W] === o && libs[head[move - W]] === 0) { koStone = move - W; captured += this.capture(head[move - W], o); }
        if (color[move + W] === o && libs[head[move + W]] === 0) { koStone = move + W; captured += this.capture(head[move + W], o); }
        nEmpty = this.nEmpty;
        ko = -1;
        // A lone stone that took one stone and now has a single liberty (the taken point): a ko.
        if (captured === 1 && head[move] === move && next[move] === move && libs[move] === 1) ko = koStone;
      }
      c = 3 - c;
      ply++;
    }
    this.plies = ply;
    this.nEmpty = nEmpty;
    // Exact liberties are not needed any more; countArea reads colours only.
    const counts = this.counts;
    if (ownership) {
      const owner = this.owner;
      countArea(b, counts, owner);
      for (let i = 0; i < pts.length; i++) {
        const p = pts[i];
        const w = owner[p];
        if (w === BLACK) ownership[p]++;
        else if (w === WHITE) ownership[p]--;
      }
    } else countArea(b, counts);
    return counts[0] + counts[2] - counts[1] - counts[3] - pos.rules.komi - handicapPoints(pos.rules, pos.handicap);
  }

  /** Whether colour c may play empty point p in a playout: not suicide, and not a one-point eye of its own. */
  private playable(p: number, c: number, o: number): boolean {
    const b = this.b, color = b.color, head = b.head, libs = b.libs, W = b.W;
    const n0 = p - 1, n1 = p + 1, n2 = p - W, n3 = p + W;
    const c0 = color[n0], c1 = color[n1], c2 = color[n2], c3 = color[n3];
    if (c0 === EMPTY || c1 === EMPTY || c2 === EMPTY || c3 === EMPTY) return true;
    const h0 = head[n0], h1 = head[n1], h2 = head[n2], h3 = head[n3];
    if (c0 !== o && c1 !== o && c2 !== o && c3 !== o) {
      // Only own stones and edge around: an eye unless its diagonals make it false.
      if (diagonalsKeepEye(color, W, p, o)) return false;
    }
    // Not suicide iff it captures (an enemy chain whose only liberty is p) or joins a chain with another liberty.
    // A chain's stones next to p: compare the heads of p's neighbours.
    if (c0 === c || c0 === o) {
      const k = 1 + (h1 === h0 && c1 === c0 ? 1 : 0) + (h2 === h0 && c2 === c0 ? 1 : 0) + (h3 === h0 && c3 === c0 ? 1 : 0);
      if (c0 === c ? libs[h0] > k : libs[h0] === k) return true;
    }
    if (c1 === c || c1 === o) {
      const k = 1 + (h0 === h1 && c0 === c1 ? 1 : 0) + (h2 === h1 && c2 === c1 ? 1 : 0) + (h3 === h1 && c3 === c1 ? 1 : 0);
      if (c1 === c ? libs[h1] > k : libs[h1] === k) return true;
    }
    if (c2 === c || c2 === o) {
      const k = 1 + (h0 === h2 && c0 === c2 ? 1 : 0) + (h1 === h2 && c1 === c2 ? 1 : 0) + (h3 === h2 && c3 === c2 ? 1 : 0);
      if (c2 === c ? libs[h2] > k : libs[h2] === k) return true;
    }
    if (c3 === c || c3 === o) {
      const k = 1 + (h0 === h3 && c0 === c3 ? 1 : 0) + (h1 === h3 && c1 === c3 ? 1 : 0) + (h2 === h3 && c2 === c3 ? 1 : 0);
      if (c3 === c ? libs[h3] > k : libs[h3] === k) return true;
    }
    return false;
  }

  /** Merges the chain of q into the chain of p (same colour): relabel the smaller, pseudo-liberties add. */
  private join(p: number, q: number): void {
    const b = this.b, head = b.head, next = b.next, libs = b.libs, count = b.count;
    let big = head[p], small = head[q];
    if (big === small) return;
    if (count[big] < count[small]) {
      const t = big;
      big = small;
      small = t;
    }
    let s = small;
    do {
      head[s] = big;
      s = next[s];
    } while (s !== small);
    const t = next[big];
    next[big] = next[small];
    next[small] = t;
    count[big] += count[small];
    libs[big] += libs[small];
  }

  /** Removes chain h (colour col); neighbouring stones gain pseudo-liberties; the points rejoin the empty list. */
  private capture(h: number, col: number): number {
    const b = this.b, color = b.color, head = b.head, next = b.next, libs = b.libs, W = b.W;
    const empty = this.empty, where = this.where;
    let nEmpty = this.nEmpty;
    let n = 0;
    let s = h;
    do {
      color[s] = EMPTY;
      where[s] = nEmpty;
      empty[nEmpty++] = s;
      n++;
      s = next[s];
    } while (s !== h);
    this.nEmpty = nEmpty;
    // Second pass: every stone next to a freed point (of either colour) gains one pseudo-liberty.
    s = h;
    do {
      let q = s - 1, cq = color[q];
      if (cq === BLACK || cq === WHITE) libs[head[q]]++;
      q = s + 1; cq = color[q];
      if (cq === BLACK || cq === WHITE) libs[head[q]]++;
      q = s - W; cq = color[q];
      if (cq === BLACK || cq === WHITE) libs[head[q]]++;
      q = s + W; cq = color[q];
      if (cq === BLACK || cq === WHITE) libs[head[q]]++;
      s = next[s];
    } while (s !== h);
    void col;
    return n;
  }

  /** The scratch board of the last run (read only; for tests). */
  finalBoard(): ChainBoard {
    return this.b;
  }
}

const cache: LightPlayout[] = [];

/**
 * One light playout from `pos` on a cached scratch board per size (pos is left untouched): Black's final area
 * minus White's, komi and handicap bonus, so > 0 means a Black win. `ownership` (indexed by point) gains +1 per
 * Black-owned point and -1 per White-owned point. Not reentrant across threads of control sharing the cache.
 */
export function playoutLight(pos: GoPosition, rng: Rng, maxPlies?: number, ownership?: Int32Array): number {
  let p = cache[pos.size];
  if (!p) cache[pos.size] = p = new LightPlayout(pos.size);
  return p.run(pos, rng, maxPlies, ownership);
}

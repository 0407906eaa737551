import { BLACK, BORDER, ChainBoard, EMPTY, WHITE, countArea, handicapPoints, type GoPosition, type Rng } from '@qi/engine';
import { diagonalsKeepEye } from './eye.js';

/**
 * Neighbour-count units of `nb`: a point's empty neighbours in bits 0-2, black ones in bits 3-5, white ones in
 * bits 6-8, indexed by colour (the border adds nothing). Kept per point, so the usual move test (an empty
 * neighbour) and the eye test (no enemy neighbour) read one word instead of four colours.
 */
const NB_UNIT = Int32Array.of(1, 8, 64, 0);

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
  // The scratch board's arrays, held directly so the loop reads no board object.
  private readonly color: Uint8Array;
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly libs: Int32Array;
  private readonly count: Int32Array;
  private readonly W: number;
  /** Per point, its neighbours by colour (see NB_UNIT), kept up to date stone by stone. */
  private readonly nb: Int32Array;
  /** Empty points (a permutation; `where[p]` is p's index) for rejection-sampling a random move. */
  private readonly empty: Int32Array;
  private readonly where: Int32Array;
  private nEmpty = 0;
  /** Black stones minus white stones on the scratch board. */
  private stones = 0;
  private readonly counts = new Int32Array(4);
  private readonly owner: Uint8Array;
  /** Marks for the final count's flood fills (a fresh id per fill pass). */
  private readonly stamp: Int32Array;
  private stampId = 0;
  /** Flood-fill stack of the final count. */
  private readonly stack: Int32Array;
  /** Plies played by the last run. */
  plies = 0;

  constructor(size: number) {
    this.size = size;
    const b = (this.b = new ChainBoard(size, false));
    this.color = b.color;
    this.head = b.head;
    this.next = b.next;
    this.libs = b.libs;
    this.count = b.count;
    this.W = b.W;
    this.nb = new Int32Array(b.N2);
    this.empty = new Int32Array(size * size);
    this.where = new Int32Array(b.N2);
    this.owner = new Uint8Array(b.N2);
    this.stamp = new Int32Array(b.N2);
    this.stack = new Int32Array(size * size);
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
    const color = this.color, head = this.head, next = this.next, libs = this.libs, count = this.count, nb = this.nb;
    const empty = this.empty, where = this.where;
    const W = this.W;
    let nEmpty = 0;
    let stones = 0;
    const pts = pos.points();
    // Pseudo-liberties: one per (stone, empty neighbour) pair. A chain has no liberty iff its count is 0, and
    // point p is its only liberty iff the count equals the number of its stones next to p. Each stone adds its
    // own empty neighbours to its chain's count (libs is zeroed first: it holds exact liberties after the copy).
    libs.fill(0);
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      const cp = color[p];
      const v = NB_UNIT[color[p - 1]] + NB_UNIT[color[p + 1]] + NB_UNIT[color[p - W]] + NB_UNIT[color[p + W]];
      nb[p] = v;
      if (cp === EMPTY) {
        where[p] = nEmpty;
        empty[nEmpty++] = p;
      } else {
        stones += 3 - (cp << 1);
        libs[head[p]] += v & 7;
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
        // Any empty neighbour makes a move neither suicide nor an eye fill: the common case, one read. An own
        // eye (no enemy neighbour, diagonals keep it), the commonest refusal late in a playout, is settled here too.
        if (p !== ko) {
          const v = nb[p];
          if ((v & 7) !== 0) {
            move = p;
            break;
          }
          if ((((v >> (3 * o)) & 7) !== 0 || !diagonalsKeepEye(color, W, p, o)) && this.playableSurrounded(p, c, o)) {
            move = p;
            break;
          }
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
        stones += 3 - (c << 1); // +1 for BLACK (1), -1 for WHITE (2)
        // Place the stone: neighbouring stones lose a pseudo-liberty (a stone test without a branch:
        // (x ^ x >> 1) & 1 is 1 for BLACK and WHITE, 0 for EMPTY and BORDER; an empty or border point's stale head
        // is still a valid index and gains nothing), every neighbour has one empty neighbour fewer and one c more.
        color[move] = c;
        head[move] = move;
        next[move] = move;
        count[move] = 1;
        libs[move] = nb[move] & 7;
        const du = NB_UNIT[c] - 1;
        let q = move - 1, cq = color[q];
        libs[head[q]] -= (cq ^ (cq >> 1)) & 1;
        nb[q] += du;
        q = move + 1; cq = color[q];
        libs[head[q]] -= (cq ^ (cq >> 1)) & 1;
        nb[q] += du;
        q = move - W; cq = color[q];
        libs[head[q]] -= (cq ^ (cq >> 1)) & 1;
        nb[q] += du;
        q = move + W; cq = color[q];
        libs[head[q]] -= (cq ^ (cq >> 1)) & 1;
        nb[q] += du;
        // Friends merge (pseudo-liberties add up); only when the move touches a friend at all.
        if ((nb[move] >> (3 * c)) & 7) {
          if (color[move - 1] === c) this.join(move, move - 1);
          if (color[move + 1] === c) this.join(move, move + 1);
          if (color[move - W] === c) this.join(move, move - W);
          if (color[move + W] === c) this.join(move, move + W);
        }
        ko = -1;
        // Enemy chains left without pseudo-liberties are taken; only looked for when the move touches an enemy.
        if ((nb[move] >> (3 * o)) & 7) {
          this.nEmpty = nEmpty;
          let captured = 0;
          let koStone = -1;
          if (color[move - 1] === o && libs[head[move - 1]] === 0) { koStone = move - 1; captured += this.capture(head[move - 1], o); }
          if (color[move + 1] === o && libs[head[move + 1]] === 0) { koStone = move + 1; captured += this.capture(head[move + 1], o); }
          if (color[move - W] === o && libs[head[move - W]] === 0) { koStone = move - W; captured += this.capture(head[move - W], o); }
          if (color[move + W] === o && libs[head[move + W]] === 0) { koStone = move + W; captured += this.capture(head[move + W], o); }
          if (captured > 0) {
            nEmpty = this.nEmpty;
            stones -= o === BLACK ? captured : -captured;
            // A lone stone that took one stone and now has a single liberty (the taken point): a ko.
            if (captured === 1 && head[move] === move && next[move] === move && libs[move] === 1) ko = koStone;
          }
        }
      }
      c = 3 - c;
      ply++;
    }
    this.plies = ply;
    this.nEmpty = nEmpty;
    this.stones = stones;
    // Exact liberties are not needed any more; the count reads colours only.
    const komi = pos.rules.komi, bonus = handicapPoints(pos.rules, pos.handicap);
    if (!ownership) return this.area() - komi - bonus;
    const counts = this.counts;
    const owner = this.owner;
    countArea(b, counts, owner);
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      const w = owner[p];
      if (w === BLACK) ownership[p]++;
      else if (w === WHITE) ownership[p]--;
    }
    return counts[0] + counts[2] - counts[1] - counts[3] - komi - bonus;
  }

  /**
   * Tromp-Taylor area of the scratch board, Black's minus White's (what countArea gives), from the stone balance
   * and the empty list: an empty point without empty neighbours is a region by itself, read off its neighbour
   * counts; only larger regions are flood-filled.
   */
  private area(): number {
    const color = this.color, nb = this.nb, empty = this.empty, stamp = this.stamp, stack = this.stack, W = this.W;
    const nEmpty = this.nEmpty;
    let area = this.stones;
    if (this.stampId >= 0x7ffffff0) {
      stamp.fill(0);
      this.stampId = 0;
    }
    const id = ++this.stampId;
    for (let i = 0; i < nEmpty; i++) {
      const p = empty[i];
      const v = nb[p];
      if ((v & 7) === 0) {
        if ((v & 0x1c0) === 0) { if (v & 0x38) area++; } else if ((v & 0x38) === 0) area--;
        continue;
      }
      if (stamp[p] === id) continue;
      let top = 0, len = 0, borders = 0;
      stack[top++] = p;
      stamp[p] = id;
      while (top > len) {
        const s = stack[len++];
        const u = nb[s];
        if (u & 0x38) borders |= BLACK;
        if (u & 0x1c0) borders |= WHITE;
        let q = s - 1;
        if (color[q] === EMPTY && stamp[q] !== id) { stamp[q] = id; stack[top++] = q; }
        q = s + 1;
        if (color[q] === EMPTY && stamp[q] !== id) { stamp[q] = id; stack[top++] = q; }
        q = s - W;
        if (color[q] === EMPTY && stamp[q] !== id) { stamp[q] = id; stack[top++] = q; }
        q = s + W;
        if (color[q] === EMPTY && stamp[q] !== id) { stamp[q] = id; stack[top++] = q; }
      }
      if (borders === BLACK) area += len;
      else if (borders === WHITE) area -= len;
    }
    return area;
  }

  /**
   * Whether colour c may play empty point p, which has no empty neighbour and is not a real eye of its own: not
   * suicide (it captures, or joins a chain with another liberty).
   */
  private playableSurrounded(p: number, c: number, o: number): boolean {
    const color = this.color, head = this.head, libs = this.libs, W = this.W;
    const n0 = p - 1, n1 = p + 1, n2 = p - W, n3 = p + W;
    const c0 = color[n0], c1 = color[n1], c2 = color[n2], c3 = color[n3];
    const h0 = head[n0], h1 = head[n1], h2 = head[n2], h3 = head[n3];
    // A chain's stones next to p: compare the heads of p's neighbours (every neighbour is a stone or the edge).
    // At most four of a chain's pseudo-liberties are at p, so a count above 4 settles it without counting them.
    if (c0 !== BORDER) {
      const l = libs[h0];
      if (c0 === c ? l > 4 || l > 1 + (h1 === h0 && c1 === c0 ? 1 : 0) + (h2 === h0 && c2 === c0 ? 1 : 0) + (h3 === h0 && c3 === c0 ? 1 : 0)
        : l <= 4 && l === 1 + (h1 === h0 && c1 === c0 ? 1 : 0) + (h2 === h0 && c2 === c0 ? 1 : 0) + (h3 === h0 && c3 === c0 ? 1 : 0)) return true;
    }
    if (c1 !== BORDER) {
      const l = libs[h1];
      if (c1 === c ? l > 4 || l > 1 + (h0 === h1 && c0 === c1 ? 1 : 0) + (h2 === h1 && c2 === c1 ? 1 : 0) + (h3 === h1 && c3 === c1 ? 1 : 0)
        : l <= 4 && l === 1 + (h0 === h1 && c0 === c1 ? 1 : 0) + (h2 === h1 && c2 === c1 ? 1 : 0) + (h3 === h1 && c3 === c1 ? 1 : 0)) return true;
    }
    if (c2 !== BORDER) {
      const l = libs[h2];
      if (c2 === c ? l > 4 || l > 1 + (h0 === h2 && c0 === c2 ? 1 : 0) + (h1 === h2 && c1 === c2 ? 1 : 0) + (h3 === h2 && c3 === c2 ? 1 : 0)
        : l <= 4 && l === 1 + (h0 === h2 && c0 === c2 ? 1 : 0) + (h1 === h2 && c1 === c2 ? 1 : 0) + (h3 === h2 && c3 === c2 ? 1 : 0)) return true;
    }
    if (c3 !== BORDER) {
      const l = libs[h3];
      if (c3 === c ? l > 4 || l > 1 + (h0 === h3 && c0 === c3 ? 1 : 0) + (h1 === h3 && c1 === c3 ? 1 : 0) + (h2 === h3 && c2 === c3 ? 1 : 0)
        : l <= 4 && l === 1 + (h0 === h3 && c0 === c3 ? 1 : 0) + (h1 === h3 && c1 === c3 ? 1 : 0) + (h2 === h3 && c2 === c3 ? 1 : 0)) return true;
    }
    return false;
  }

  /** Merges the chain of q into the chain of p (same colour): relabel the smaller, pseudo-liberties add. */
  private join(p: number, q: number): void {
    const head = this.head, next = this.next, libs = this.libs, count = this.count;
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

  /**
   * Removes chain h of colour col; neighbouring stones gain pseudo-liberties, neighbour counts gain an empty
   * point, and the points rejoin the empty list in ring order (the order later random picks depend on).
   */
  private capture(h: number, col: number): number {
    const color = this.color, head = this.head, next = this.next, libs = this.libs, nb = this.nb, W = this.W;
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
    const du = 1 - NB_UNIT[col];
    s = h;
    do {
      let q = s - 1, cq = color[q];
      libs[head[q]] += (cq ^ (cq >> 1)) & 1;
      nb[q] += du;
      q = s + 1; cq = color[q];
      libs[head[q]] += (cq ^ (cq >> 1)) & 1;
      nb[q] += du;
      q = s - W; cq = color[q];
      libs[head[q]] += (cq ^ (cq >> 1)) & 1;
      nb[q] += du;
      q = s + W; cq = color[q];
      libs[head[q]] += (cq ^ (cq >> 1)) & 1;
      nb[q] += du;
      s = next[s];
    } while (s !== h);
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

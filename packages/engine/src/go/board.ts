import { zobristTable } from '../core/zobrist.js';

/** Stone values on the board: empty, black, white, and the sentinel border around the board. */
export const EMPTY = 0;
/** A black stone (player 0). */
export const BLACK = 1;
/** A white stone (player 1). */
export const WHITE = 2;
/** The sentinel value of the padding around the board. */
export const BORDER = 3;

// Journal fields: a trail entry is (point << 3 | field, old value).
const F_COLOR = 0;
const F_HEAD = 1;
const F_NEXT = 2;
const F_LIBS = 3;
const F_COUNT = 4;

const ZOBRIST_SEED = 0x60b0a4d;
const zobristBySize: Uint32Array[] = [];

/** The Zobrist table of a board size: key of (point p, stone c) at [4p + 2(c-1)], [4p + 2(c-1) + 1]; side to move last. */
export function goZobrist(size: number): Uint32Array {
  let z = zobristBySize[size];
  if (!z) {
    const n2 = (size + 2) * (size + 2);
    z = zobristTable(n2 * 2 + 1, ZOBRIST_SEED + size);
    zobristBySize[size] = z;
  }
  return z;
}

/**
 * The stones and chains of a Go board: padded 1-D arrays with border sentinels, each chain a circular
 * next-in-chain ring whose head (representative) holds the exact liberty and stone counts, kept up to date
 * stone by stone. With `journal` on, every write is logged on a trail so `rollback` undoes moves exactly;
 * without it (playouts) nothing is logged. Nothing allocates after construction except trail growth.
 */
export class ChainBoard {
  readonly size: number;
  /** Row stride (size + 2). */
  readonly W: number;
  /** Number of padded points ((size + 2)²). */
  readonly N2: number;
  /** EMPTY / BLACK / WHITE / BORDER per padded point. */
  readonly color: Uint8Array;
  /** Chain head of each stone. */
  readonly head: Int32Array;
  /** Next stone in the chain's ring. */
  readonly next: Int32Array;
  /** Exact liberty count, valid at chain heads. */
  readonly libs: Int32Array;
  /** Stone count, valid at chain heads. */
  readonly count: Int32Array;
  /** Neighbour offsets: left, right, up, down. */
  readonly dirs: Int32Array;
  /** Zobrist keys (see goZobrist). */
  readonly zob: Uint32Array;
  /** Zobrist key of the stones (side to move not included). */
  hashLo = 0;
  hashHi = 0;
  /** Points emptied by the last `place`: the captured enemy stones, then any own stones removed by suicide. */
  readonly removed: Int32Array;
  removedLen = 0;
  /** Own stones removed by the last `place` (multi-stone suicide). */
  suicided = 0;
  /** Whether writes are logged for `rollback`. */
  journal: boolean;
  trail: Int32Array;
  trailLen = 0;
  private readonly stamp: Int32Array;
  private stampId = 0;

  constructor(size: number, journal: boolean) {
    this.size = size;
    const W = size + 2;
    this.W = W;
    this.N2 = W * W;
    this.color = new Uint8Array(this.N2).fill(BORDER);
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) this.color[(r + 1) * W + c + 1] = EMPTY;
    this.head = new Int32Array(this.N2);
    this.next = new Int32Array(this.N2);
    this.libs = new Int32Array(this.N2);
    this.count = new Int32Array(this.N2);
    this.stamp = new Int32Array(this.N2);
    this.removed = new Int32Array(this.N2);
    this.dirs = Int32Array.of(-1, 1, -W, W);
    this.zob = goZobrist(size);
    this.journal = journal;
    this.trail = new Int32Array(journal ? 64 * this.N2 : 0);
  }

  /** Copies stones, chains and key from another board of the same size (the trail is not copied). */
  copyFrom(o: ChainBoard): void {
    this.color.set(o.color);
    this.head.set(o.head);
    this.next.set(o.next);
    this.libs.set(o.libs);
    this.count.set(o.count);
    this.hashLo = o.hashLo;
    this.hashHi = o.hashHi;
    this.trailLen = 0;
  }

  /** A fresh stamp value for marking points once per pass (wraps safely). */
  newStamp(): number {
    if (this.stampId >= 0x7ffffff0) {
      this.stamp.fill(0);
      this.stampId = 0;
    }
    return ++this.stampId;
  }

  /** The stamp array paired with `newStamp`. */
  stamps(): Int32Array {
    return this.stamp;
  }

  private log(code: number, old: number): void {
    let t = this.trail;
    if (this.trailLen + 2 > t.length) {
      const bigger = new Int32Array(t.length * 2 + 64);
      bigger.set(t);
      this.trail = t = bigger;
    }
    t[this.trailLen++] = code;
    t[this.trailLen++] = old;
  }

  /** Undoes every logged write after trail position `mark` (the stone key is restored by the caller). */
  rollback(mark: number): void {
    const t = this.trail;
    let i = this.trailLen;
    while (i > mark) {
      const old = t[--i];
      const code = t[--i];
      const p = code >> 3;
      switch (code & 7) {
        case F_COLOR: this.color[p] = old; break;
        case F_HEAD: this.head[p] = old; break;
        case F_NEXT: this.next[p] = old; break;
        case F_LIBS: this.libs[p] = old; break;
        default: this.count[p] = old; break;
      }
    }
    this.trailLen = mark;
  }

  /** Whether empty point q touches chain `h` of colour c. */
  private touches(q: number, h: number, c: number): boolean {
    const color = this.color, head = this.head, W = this.W;
    return (
      (color[q - 1] === c && head[q - 1] === h) ||
      (color[q + 1] === c && head[q + 1] === h) ||
      (color[q - W] === c && head[q - W] === h) ||
      (color[q + W] === c && head[q + W] === h)
    );
  }

  /**
   * Puts a stone of colour c (BLACK/WHITE) on empty point p and applies the rules: merges chains, removes enemy
   * chains left without liberties, then its own chain if it has none (suicide). Returns the enemy stones captured.
   * Legality (ko, suicide permission) is the caller's business.
   */
  place(p: number, c: number): number {
    const color = this.color, head = this.head, next = this.next, libs = this.libs, count = this.count, dirs = this.dirs;
    const j = this.journal;
    const o = 3 - c;
    if (j) {
      this.log((p << 3) | F_COLOR, color[p]);
      this.log((p << 3) | F_HEAD, head[p]);
      this.log((p << 3) | F_NEXT, next[p]);
      this.log((p << 3) | F_LIBS, libs[p]);
      this.log((p << 3) | F_COUNT, count[p]);
    }
    color[p] = c;
    head[p] = p;
    next[p] = p;
    count[p] = 1;
    const zi = (p << 2) + ((c - 1) << 1);
    this.hashLo ^= this.zob[zi];
    this.hashHi ^= this.zob[zi + 1];
    let l = 0;
    let h0 = -1, h1 = -1, h2 = -1;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      const cq = color[q];
      if (cq === EMPTY) l++;
      else if (cq !== BORDER) {
        const h = head[q];
        if (h !== h0 && h !== h1 && h !== h2) {
          if (h0 < 0) h0 = h;
          else if (h1 < 0) h1 = h;
          else h2 = h;
          if (j) this.log((h << 3) | F_LIBS, libs[h]);
          libs[h]--;
        }
      }
    }
    libs[p] = l;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      if (color[q] === c) {
        const h = head[q];
        const hp = head[p];
        if (h !== hp) this.merge(hp, h, c);
      }
    }
    let captured = 0;
    this.removedLen = 0;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      if (color[q] === o && libs[head[q]] === 0) captured += this.removeChain(head[q], o);
    }
    const hp = head[p];
    this.suicided = libs[hp] === 0 ? this.removeChain(hp, c) : 0;
    return captured;
  }

  /** Joins chains a and b (both colour c): exact liberties = sum minus the liberties they share. */
  private merge(a: number, b: number, c: number): void {
    const head = this.head, next = this.next, libs = this.libs, count = this.count, color = this.color, dirs = this.dirs;
    const stamp = this.stamp;
    const j = this.journal;
    let big = a, small = b;
    if (count[a] < count[b]) {
      big = b;
      small = a;
    }
    const id = this.newStamp();
    let shared = 0;
    let s = small;
    do {
      for (let k = 0; k < 4; k++) {
        const q = s + dirs[k];
        if (color[q] === EMPTY && stamp[q] !== id) {
          stamp[q] = id;
          if (this.touches(q, big, c)) shared++;
        }
      }
      s = next[s];
    } while (s !== small);
    const merged = libs[big] + libs[small] - shared;
    s = small;
    do {
      if (j) this.log((s << 3) | F_HEAD, head[s]);
      head[s] = big;
      s = next[s];
    } while (s !== small);
    if (j) {
      this.log((big << 3) | F_NEXT, next[big]);
      this.log((small << 3) | F_NEXT, next[small]);
      this.log((big << 3) | F_COUNT, count[big]);
      this.log((big << 3) | F_LIBS, libs[big]);
    }
    const t = next[big];
    next[big] = next[small];
    next[small] = t;
    count[big] += count[small];
    libs[big] = merged;
  }

  /** Removes chain h of colour c, giving each neighbouring enemy chain its new liberties; returns the stones removed. */
  private removeChain(h: number, c: number): number {
    const color = this.color, head = this.head, next = this.next, libs = this.libs, dirs = this.dirs, zob = this.zob;
    const j = this.journal;
    const o = 3 - c;
    const zc = (c - 1) << 1;
    let n = 0;
    let s = h;
    do {
      if (j) this.log((s << 3) | F_COLOR, c);
      color[s] = EMPTY;
      const zi = (s << 2) + zc;
      this.hashLo ^= zob[zi];
      this.hashHi ^= zob[zi + 1];
      this.removed[this.removedLen++] = s;
      n++;
      let g0 = -1, g1 = -1, g2 = -1;
      for (let k = 0; k < 4; k++) {
        const q = s + dirs[k];
        if (color[q] === o) {
          const g = head[q];
          if (g !== g0 && g !== g1 && g !== g2) {
            if (g0 < 0) g0 = g;
            else if (g1 < 0) g1 = g;
            else g2 = g;
            if (j) this.log((g << 3) | F_LIBS, libs[g]);
            libs[g]++;
          }
        }
      }
      s = next[s];
    } while (s !== h);
    return n;
  }

  /** Rebuilds every chain, liberty count and the key from the colours alone (after setup edits); clears the trail. */
  rebuild(): void {
    const color = this.color, head = this.head, next = this.next, libs = this.libs, count = this.count, dirs = this.dirs;
    const stack = this.removed;
    this.hashLo = 0;
    this.hashHi = 0;
    head.fill(-1);
    for (let p = 0; p < this.N2; p++) {
      const c = color[p];
      if (c !== BLACK && c !== WHITE) continue;
      const zi = (p << 2) + ((c - 1) << 1);
      this.hashLo ^= this.zob[zi];
      this.hashHi ^= this.zob[zi + 1];
      if (head[p] >= 0) continue;
      // Flood fill the chain, threading the ring as stones are found.
      let sp = 0;
      stack[sp++] = p;
      head[p] = p;
      next[p] = p;
      let n = 0;
      while (sp > 0) {
        const s = stack[--sp];
        n++;
        for (let k = 0; k < 4; k++) {
          const q = s + dirs[k];
          if (color[q] === c && head[q] < 0) {
            head[q] = p;
            next[q] = next[p];
            next[p] = q;
            stack[sp++] = q;
          }
        }
      }
      count[p] = n;
      libs[p] = this.countLiberties(p);
    }
    for (let p = 0; p < this.N2; p++) if (head[p] < 0) head[p] = 0;
    this.trailLen = 0;
    this.removedLen = 0;
  }

  /** Counts the distinct liberties of the chain through p by walking its ring (for rebuilds and checks). */
  countLiberties(p: number): number {
    const color = this.color, next = this.next, dirs = this.dirs, stamp = this.stamp;
    const id = this.newStamp();
    let n = 0;
    let s = p;
    do {
      for (let k = 0; k < 4; k++) {
        const q = s + dirs[k];
        if (color[q] === EMPTY && stamp[q] !== id) {
          stamp[q] = id;
          n++;
        }
      }
      s = next[s];
    } while (s !== p);
    return n;
  }
}

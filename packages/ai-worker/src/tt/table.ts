/**
 * A transposition table in one Int32Array. Each bucket holds two slots: a depth-preferred slot that keeps the
 * deepest result of the current search, and an always-replace slot for everything else (Stockfish/Crafty style).
 * Entries from earlier searches (older generations) are the first to go. The search only calls probe/store.
 */

/** No bound: the slot is empty. */
export const BOUND_NONE = 0;
/** The true score is at most the stored score (fail low). */
export const BOUND_UPPER = 1;
/** The true score is at least the stored score (fail high). */
export const BOUND_LOWER = 2;
/** The stored score is exact. */
export const BOUND_EXACT = 3;

/** The move stored when an entry has none. */
export const NO_MOVE = -0x7fffffff;

const SLOT_WORDS = 5; // keyLo, keyHi, move, score, meta (depth | bound << 16 | generation << 18 | proven << 26)
const BUCKET_WORDS = 2 * SLOT_WORDS;
const DEPTH_OFFSET = 0x100; // stored depth = depth + offset, so small negative (quiescence) depths fit
const SAMPLE_BUCKETS = 500;
const GENERATION_BITS = 0xff << 18;
const PROVEN = 1 << 26;

/** A fixed-size hash table of search results keyed by 64-bit Zobrist keys given as two uint32. */
export class TranspositionTable {
  private readonly data: Int32Array;
  private readonly mask: number;
  private generation = 0;

  /** Move of the last successful probe (NO_MOVE when the entry has none). */
  move = NO_MOVE;
  /** Score of the last successful probe. */
  score = 0;
  /** Depth of the last successful probe. */
  depth = 0;
  /** Bound of the last successful probe (BOUND_UPPER, BOUND_LOWER or BOUND_EXACT). */
  bound = BOUND_NONE;
  /** Whether the last hit was proven: its subtree reached only finished games, so depth does not matter. */
  proven = false;

  /** Allocates a table of at most `megabytes` MB (rounded down to a power of two of buckets, at least 1 KB). */
  constructor(megabytes: number) {
    if (!(megabytes > 0) || !Number.isFinite(megabytes)) throw new RangeError(`table size must be a positive number of MB, got ${megabytes}`);
    const bytes = Math.max(1024, Math.floor(megabytes * 1024 * 1024));
    let buckets = 1;
    while (buckets * 2 * BUCKET_WORDS * 4 <= bytes) buckets *= 2;
    this.data = new Int32Array(buckets * BUCKET_WORDS);
    this.mask = buckets - 1;
  }

  /** Number of buckets (two slots each). */
  get buckets(): number {
    return this.mask + 1;
  }

  /** Size of the table in bytes. */
  get bytes(): number {
    return this.data.byteLength;
  }

  /** Starts a new search: entries of earlier searches become preferred victims for replacement. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 0xff;
  }

  /** Empties the table. */
  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /**
   * Looks up a key like `probe` without touching the table (no generation refresh), for reading lines out of it
   * between searches or slices (analysis PVs): it never changes what a search does next.
   */
  peek(lo: number, hi: number): boolean {
    const d = this.data;
    const base = (lo & this.mask) * BUCKET_WORDS;
    for (let s = base; s < base + BUCKET_WORDS; s += SLOT_WORDS) {
      const meta = d[s + 4];
      if (meta !== 0 && d[s] === (lo | 0) && d[s + 1] === (hi | 0)) {
        this.move = d[s + 2];
        this.score = d[s + 3];
        this.depth = (meta & 0xffff) - DEPTH_OFFSET;
        this.bound = (meta >>> 16) & 3;
        this.proven = (meta & PROVEN) !== 0;
        return true;
      }
    }
    return false;
  }

  /** Looks up a key; on a hit fills move/score/depth/bound and returns true. */
  probe(lo: number, hi: number): boolean {
    const d = this.data;
    const base = (lo & this.mask) * BUCKET_WORDS;
    for (let s = base; s < base + BUCKET_WORDS; s += SLOT_WORDS) {
      const meta = d[s + 4];
      if (meta !== 0 && d[s] === (lo | 0) && d[s + 1] === (hi | 0)) {
        this.move = d[s + 2];
        this.score = d[s + 3];
        this.depth = (meta & 0xffff) - DEPTH_OFFSET;
        this.bound = (meta >>> 16) & 3;
        this.proven = (meta & PROVEN) !== 0;
        // Refresh the generation so an entry still in use is not aged out.
        d[s + 4] = (meta & ~GENERATION_BITS) | (this.generation << 18);
        return true;
      }
    }
    return false;
  }

  /** Stores a result; `move` may be NO_MOVE, in which case a move already stored for this key is kept. */
  store(lo: number, hi: number, move: number, score: number, depth: number, bound: number, proven = false): void {
    const d = this.data;
    const base = (lo & this.mask) * BUCKET_WORDS;
    const deep = base;
    const always = base + SLOT_WORDS;
    let slot: number;
    if (d[deep + 4] !== 0 && d[deep] === (lo | 0) && d[deep + 1] === (hi | 0)) slot = deep;
    else if (d[always + 4] !== 0 && d[always] === (lo | 0) && d[always + 1] === (hi | 0)) slot = always;
    else slot = -1;
    if (slot >= 0 && move === NO_MOVE) move = d[slot + 2];
    if (slot === always && this.replacesDeep(deep, depth)) {
      // The key moves up to the depth-preferred slot; free the stale copy.
      d[always + 4] = 0;
      slot = deep;
    } else if (slot < 0) {
      slot = this.replacesDeep(deep, depth) ? deep : always;
    } else if (slot === deep && depth < (d[deep + 4] & 0xffff) - DEPTH_OFFSET && bound !== BOUND_EXACT && this.sameGeneration(deep)) {
      // A shallower non-exact result for the same key would lose information; keep the deep one.
      return;
    }
    if (slot === deep && d[deep + 4] !== 0 && (d[deep] !== (lo | 0) || d[deep + 1] !== (hi | 0))) {
      // The evicted deep entry is still worth more than whatever sits in the always-replace slot.
      d.copyWithin(always, deep, deep + SLOT_WORDS);
    }
    d[slot] = lo | 0;
    d[slot + 1] = hi | 0;
    d[slot + 2] = move;
    d[slot + 3] = score;
    const stored = Math.max(0, Math.min(0xffff, depth + DEPTH_OFFSET));
    d[slot + 4] = stored | ((bound & 3) << 16) | (this.generation << 18) | (proven ? PROVEN : 0);
  }

  /** Per mille of sampled slots used by the current search (the UCI "hashfull" figure). */
  hashfull(): number {
    const d = this.data;
    const buckets = Math.min(SAMPLE_BUCKETS, this.buckets);
    let used = 0;
    for (let b = 0; b < buckets; b++) {
      for (let s = b * BUCKET_WORDS; s < (b + 1) * BUCKET_WORDS; s += SLOT_WORDS) {
        if (d[s + 4] !== 0 && this.sameGeneration(s)) used++;
      }
    }
    return Math.round((used * 1000) / (buckets * 2));
  }

  private sameGeneration(slot: number): boolean {
    return ((this.data[slot + 4] & GENERATION_BITS) >>> 18) === this.generation;
  }

  private replacesDeep(deep: number, depth: number): boolean {
    const meta = this.data[deep + 4];
    return meta === 0 || !this.sameGeneration(deep) || depth >= (meta & 0xffff) - DEPTH_OFFSET;
  }
}

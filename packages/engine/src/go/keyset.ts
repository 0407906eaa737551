/**
 * A multiset of 64-bit keys given as two int32 halves, for the superko history: O(1) add, remove and lookup by
 * open addressing with linear probing. Removed keys keep their slot with a zero count (a tombstone), so probe
 * chains stay intact; the table is rebuilt when tombstones and keys fill half of it.
 */
export class KeyMultiset {
  private lo: Int32Array;
  private hi: Int32Array;
  private count: Int32Array;
  private used: Uint8Array;
  private mask: number;
  private filled = 0;

  constructor(capacity = 256) {
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.lo = new Int32Array(cap);
    this.hi = new Int32Array(cap);
    this.count = new Int32Array(cap);
    this.used = new Uint8Array(cap);
    this.mask = cap - 1;
  }

  private slot(lo: number, hi: number): number {
    let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    while (this.used[i] !== 0 && (this.lo[i] !== lo || this.hi[i] !== hi)) i = (i + 1) & this.mask;
    return i;
  }

  /** Adds one occurrence of the key. */
  add(lo: number, hi: number): void {
    lo |= 0;
    hi |= 0;
    const i = this.slot(lo, hi);
    if (this.used[i] === 0) {
      this.used[i] = 1;
      this.lo[i] = lo;
      this.hi[i] = hi;
      this.filled++;
    }
    this.count[i]++;
    if (this.filled * 2 > this.mask) this.rebuild();
  }

  /** Removes one occurrence of the key (which must be present). */
  remove(lo: number, hi: number): void {
    const i = this.slot(lo | 0, hi | 0);
    if (this.used[i] !== 0 && this.count[i] > 0) this.count[i]--;
  }

  /** Whether the key occurs at least once. */
  has(lo: number, hi: number): boolean {
    const i = this.slot(lo | 0, hi | 0);
    return this.used[i] !== 0 && this.count[i] > 0;
  }

  /** Empties the set. */
  clear(): void {
    this.used.fill(0);
    this.count.fill(0);
    this.filled = 0;
  }

  /** An independent copy. */
  clone(): KeyMultiset {
    const c = new KeyMultiset(1);
    c.lo = this.lo.slice();
    c.hi = this.hi.slice();
    c.count = this.count.slice();
    c.used = this.used.slice();
    c.mask = this.mask;
    c.filled = this.filled;
    return c;
  }

  private rebuild(): void {
    const { lo, hi, count, used } = this;
    let live = 0;
    for (let i = 0; i < used.length; i++) if (used[i] !== 0 && count[i] > 0) live++;
    let cap = 16;
    while (cap < live * 4 + 16) cap *= 2;
    this.lo = new Int32Array(cap);
    this.hi = new Int32Array(cap);
    this.count = new Int32Array(cap);
    this.used = new Uint8Array(cap);
    this.mask = cap - 1;
    this.filled = 0;
    for (let i = 0; i < used.length; i++) {
      if (used[i] === 0 || count[i] === 0) continue;
      const j = this.slot(lo[i], hi[i]);
      this.used[j] = 1;
      this.lo[j] = lo[i];
      this.hi[j] = hi[i];
      this.count[j] = count[i];
      this.filled++;
    }
  }
}

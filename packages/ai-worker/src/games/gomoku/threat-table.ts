/**
 * A fixed-size transposition table for the threat solvers: it remembers positions (64-bit Zobrist key as two
 * uint32) where the attacker was shown to have no win within some number of attacker moves. Only failures are
 * stored (a win ends the search), so a hit with a depth at least the one asked is a proof of failure.
 */
export class ThreatTable {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly depth: Int16Array;
  private readonly mask: number;

  /** A table of 2^bits entries (default 2^16: about 640 KB). */
  constructor(bits = 16) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.depth = new Int16Array(size).fill(-1);
  }

  /** The largest attacker-move depth known to fail for this key, or -1. */
  failedDepth(lo: number, hi: number): number {
    const i = (lo ^ (hi >>> 7)) & this.mask;
    return this.lo[i] === (lo | 0) && this.hi[i] === (hi | 0) ? this.depth[i] : -1;
  }

  /** Records that the attacker has no win within `depth` attacker moves here. */
  storeFailure(lo: number, hi: number, depth: number): void {
    const i = (lo ^ (hi >>> 7)) & this.mask;
    if (this.lo[i] === (lo | 0) && this.hi[i] === (hi | 0) && this.depth[i] >= depth) return;
    this.lo[i] = lo;
    this.hi[i] = hi;
    this.depth[i] = depth;
  }

  /** Forgets everything (a new root position or rule set). */
  clear(): void {
    this.depth.fill(-1);
    this.lo.fill(0);
    this.hi.fill(0);
  }
}

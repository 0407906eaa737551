/**
 * sfc32, Chris Doty-Humphrey's Small Fast Chaotic PRNG (PractRand-clean, 128-bit state).
 * Every random choice in Qi goes through it so games and benchmarks replay from a seed.
 */

/** A seeded PRNG with serializable state; all methods are allocation-free. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Seeds from one 32-bit integer (or four words of a saved state). */
  constructor(seed: number | readonly [number, number, number, number] = 0x9e3779b9) {
    if (typeof seed === 'number') {
      this.a = 0x9e3779b9;
      this.b = 0x243f6a88;
      this.c = 0xb7e15162;
      this.d = seed >>> 0;
      // Warm up so that nearby seeds diverge (the reference implementation discards 12 outputs).
      for (let i = 0; i < 12; i++) this.next();
    } else {
      if (seed.length !== 4) throw new RangeError('an Rng state has four 32-bit words');
      [this.a, this.b, this.c, this.d] = seed.map((w) => w >>> 0) as [number, number, number, number];
    }
  }

  /** The next uniformly distributed unsigned 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n) for 0 < n ≤ 2^32 (multiply-shift; bias below 2^-32 · n, irrelevant here). */
  int(n: number): number {
    return Math.floor((this.next() / 4294967296) * n);
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** The current state, to save and later restore with `new Rng(state)`. */
  state(): [number, number, number, number] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** An independent copy continuing from the same state. */
  clone(): Rng {
    return new Rng(this.state());
  }
}

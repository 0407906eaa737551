import { Rng } from './prng.js';

/**
 * Zobrist keys as pairs of uint32 (no BigInt in hot loops): key i is `(table[2i], table[2i+1])` = (lo, hi).
 * Tables are generated from a fixed seed per game, so keys are identical across runs, processes and machines.
 */
export function zobristTable(count: number, seed: number): Uint32Array {
  const rng = new Rng(seed);
  const table = new Uint32Array(count * 2);
  for (let i = 0; i < table.length; i++) table[i] = rng.next();
  return table;
}

/** Formats a 64-bit key given as two uint32 halves as 16 hex digits (for logs, tests and records). */
export function keyHex(lo: number, hi: number): string {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

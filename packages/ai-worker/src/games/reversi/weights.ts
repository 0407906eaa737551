import { LAYOUT, PATTERN_TYPES, STAGES, EXTRA_SIZE } from './patterns.js';

/**
 * The trained pattern weights: one Int16Array of STAGES × LAYOUT.stageSize weights in 1/100 disc, every index of
 * a self-symmetric type filled (the file stores only the canonical ones, so it stays small). The file is
 * `data/reversi-weights.bin` of this package, loaded once per worker: fetched as an asset in the browser (the
 * bundler emits it next to the worker because of the `new URL(…, import.meta.url)` below), read from disk in Node.
 *
 * File format (little-endian): "QIRW", u16 version, u16 stages, u32 layout key, u32 canonical weights per stage,
 * then per stage its canonical weights as int16: the last stage as they are, every other one as its difference
 * from the next stage's (the fit regularises a stage towards the next, so most differences are 0 and gzip well).
 */

const MAGIC = 0x57524951; // "QIRW"
const VERSION = 1;
const HEADER = 16;

/** The shipped weights file, resolved against this module (src/ and dist/ sit at the same depth). */
export const REVERSI_WEIGHTS_URL: URL = new URL('../../../data/reversi-weights.bin', import.meta.url);

/** A hash of the pattern set, so a file trained for other patterns is refused instead of misread. */
export function layoutKey(): number {
  let h = 0x811c9dc5;
  const text = `${STAGES}|${EXTRA_SIZE}|` + PATTERN_TYPES.map((t) => `${t.name}:${t.squares.join(',')}`).join(';');
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Stage-local indices that are their own canonical index, ascending: the weights the file stores. */
function canonicalList(): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < LAYOUT.stageSize; i++) if (LAYOUT.canonical[i] === i) out.push(i);
  return Int32Array.from(out);
}

let canon: Int32Array | null = null;
const canonicalIndices = (): Int32Array => (canon ??= canonicalList());

/** Encodes full weights (STAGES × stageSize, 1/100 disc; each canonical entry is the one stored) as the file's bytes. */
export function encodeWeights(w: Int16Array): Uint8Array {
  const list = canonicalIndices();
  const bytes = new Uint8Array(HEADER + STAGES * list.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, STAGES, true);
  view.setUint32(8, layoutKey(), true);
  view.setUint32(12, list.length, true);
  let at = HEADER;
  for (let s = 0; s < STAGES; s++) {
    const base = s * LAYOUT.stageSize;
    const next = (s + 1) * LAYOUT.stageSize;
    for (let i = 0; i < list.length; i++, at += 2) {
      const v = s === STAGES - 1 ? w[base + list[i]] : w[base + list[i]] - w[next + list[i]];
      if (v < -32768 || v > 32767) throw new RangeError(`stage ${s} weight ${list[i]} differs from the next stage's by ${v}, beyond int16`);
      view.setInt16(at, v, true);
    }
  }
  return bytes;
}

/** Decodes the file's bytes to full weights; throws on a wrong magic, version or pattern set. */
export function decodeWeights(bytes: Uint8Array): Int16Array {
  const list = canonicalIndices();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER || view.getUint32(0, true) !== MAGIC) throw new Error('not a Qi Reversi weights file');
  if (view.getUint16(4, true) !== VERSION || view.getUint16(6, true) !== STAGES || view.getUint32(8, true) !== layoutKey()) {
    throw new Error('Reversi weights file was trained for another pattern set');
  }
  if (view.getUint32(12, true) !== list.length || bytes.byteLength !== HEADER + STAGES * list.length * 2) throw new Error('Reversi weights file is truncated');
  const w = new Int16Array(STAGES * LAYOUT.stageSize);
  // The last stage first: every other stage is stored as its difference from the next.
  for (let s = STAGES - 1; s >= 0; s--) {
    const base = s * LAYOUT.stageSize;
    const next = (s + 1) * LAYOUT.stageSize;
    let at = HEADER + s * list.length * 2;
    for (let i = 0; i < list.length; i++, at += 2) w[base + list[i]] = view.getInt16(at, true) + (s === STAGES - 1 ? 0 : w[next + list[i]]);
    // Fill the folded indices from their canonical entry.
    for (let i = 0; i < LAYOUT.stageSize; i++) {
      const c = LAYOUT.canonical[i];
      if (c !== i) w[base + i] = w[base + c];
    }
  }
  return w;
}

let active: Int16Array | null = null;
let loading: Promise<boolean> | null = null;
let enabled = true;

/** The weights the Reversi evaluation uses now, or null while none are loaded (it then falls back to the hand-written one). */
export function reversiWeights(): Int16Array | null {
  return enabled ? active : null;
}

/**
 * Turns the trained evaluation on or off for this thread (default on); off, the hand-written evaluation is used
 * and loads do nothing, so a bench baseline bot stays hand-written even when its game entry asks for the weights.
 */
export function useReversiWeights(on: boolean): void {
  enabled = on;
}

/** Installs weights (decoded, full layout) for this thread's evaluations, or null to go back to the hand-written evaluation. */
export function setReversiWeights(w: Int16Array | null): void {
  if (w !== null && w.length !== STAGES * LAYOUT.stageSize) throw new RangeError(`weights must have ${STAGES * LAYOUT.stageSize} entries`);
  active = w;
}

interface NodeFs {
  readFileSync(path: URL): Uint8Array;
}

/** Node's fs without a static import (the browser bundle must not see one): process.getBuiltinModule, Node ≥ 20.16. */
function nodeFs(): NodeFs | null {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof p?.getBuiltinModule === 'function' ? (p.getBuiltinModule('node:fs') as NodeFs) : null;
}

/** The shipped weights once this thread has read them (undefined: not tried yet; null: unreadable here). */
let shipped: Int16Array | null | undefined;

/**
 * The shipped weights file's weights, whatever this thread's evaluation uses (see useReversiWeights): read once
 * from disk in Node (shared with loadReversiWeightsSync of the shipped file); in the browser, those fetched by
 * loadReversiWeights once it has finished, else null. The endgame solver orders its moves with them.
 */
export function shippedReversiWeights(): Int16Array | null {
  if (shipped === undefined) {
    // Only Node reads them here; a browser has them once loadReversiWeights's fetch has finished.
    if (REVERSI_WEIGHTS_URL.protocol !== 'file:' || nodeFs() === null) return null;
    shipped = readWeightsFile(REVERSI_WEIGHTS_URL);
  }
  return shipped;
}

/** The weights in the file at a file: URL (Node); null where there is no disk or the file is missing or not valid. */
function readWeightsFile(url: URL): Int16Array | null {
  const fs = url.protocol === 'file:' ? nodeFs() : null;
  if (fs === null) return null;
  try {
    return decodeWeights(fs.readFileSync(url));
  } catch {
    return null;
  }
}

/** Node: reads and installs the shipped weights now; false (the hand-written evaluation stays) when the file is missing or unreadable. */
export function loadReversiWeightsSync(url: URL = REVERSI_WEIGHTS_URL): boolean {
  if (!enabled) return false;
  if (active !== null) return true;
  // decodeWeights gives every table its full length, so installing them cannot fail.
  const w = url.href === REVERSI_WEIGHTS_URL.href ? shippedReversiWeights() : readWeightsFile(url);
  if (w === null) return false;
  setReversiWeights(w);
  return true;
}

/**
 * Loads and installs the shipped weights once per thread: read from disk in Node, fetched (an asset URL) in the
 * browser. Resolves true once installed, false when they could not be had; searches before then, or after a
 * failure, use the hand-written evaluation.
 */
export function loadReversiWeights(url: URL = REVERSI_WEIGHTS_URL): Promise<boolean> {
  if (!enabled) return Promise.resolve(false);
  if (active !== null) return Promise.resolve(true);
  // In Node the read is synchronous, so the weights are in place before the first search (same nodes every run).
  if (url.protocol === 'file:') return Promise.resolve(loadReversiWeightsSync(url));
  loading ??= (async () => {
    try {
      const res = await fetch(url);
      if (!res.ok) return false;
      const w = decodeWeights(new Uint8Array(await res.arrayBuffer()));
      setReversiWeights(w);
      if (url.href === REVERSI_WEIGHTS_URL.href) shipped = w;
      return true;
    } catch {
      return false;
    } finally {
      // A failed fetch may be retried by the next search's load; a finished one is remembered by `active`.
      loading = null;
    }
  })();
  return loading;
}

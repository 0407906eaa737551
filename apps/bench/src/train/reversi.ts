/**
 * Training of Reversi's pattern evaluation (ai-worker games/reversi/patterns.ts), after Buro's method for
 * Logistello: positions from seeded self-play; labels exact from the endgame solver at ≤ EXACT_EMPTIES empties,
 * earlier a shallow search whose leaves use the weights already fitted for the later stages; one least-squares
 * fit per stage, from the last stage back to the first, each regularised towards the next stage's weights (so a
 * pattern seen rarely in a stage keeps its later value instead of dropping to 0). Every phase writes its result
 * to the output folder, and a run with `resume` skips what is there.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_MOVES, ReversiPosition, Rng } from '@qi/engine';
import { EndgameSolver, encodeWeights, reversiEvaluate, reversiPatterns } from '@qi/ai-worker';

const { FEATURES, LAYOUT, STAGES, featureIndices, stageOf } = reversiPatterns;

/** Positions at or below this many empties get the solver's exact score as their label. */
export const EXACT_EMPTIES = 14;
/** Words per stored position: the side to move's discs (low, high), the opponent's, the game's number. */
const WORDS = 5;
/** Games per chunk of the self-play phase (one file each, so an interrupted run keeps finished chunks). */
const CHUNK_GAMES = 200;
/** One game in this many is held out of the fit and measures it. */
const HOLD_OUT_EVERY = 10;

/** The settings of a training run. */
export interface TrainOptions {
  /** Positions to generate (about 58 a game). */
  positions: number;
  /** Output folder. */
  out: string;
  /** Reuse the phases already in `out`. */
  resume: boolean;
  /** Seed of the self-play. */
  seed: number;
  /** Plies of the labelling search above EXACT_EMPTIES. */
  depth: number;
  /** L2 weight of the fit (towards the next stage's weights). */
  lambda: number;
  /** Conjugate-gradient iterations per stage. */
  iterations: number;
  /** Progress lines. */
  log: (line: string) => void;
}

/** What the fit of one stage achieved. */
export interface StageReport {
  stage: number;
  empties: string;
  train: number;
  heldOut: number;
  /** Mean absolute error in discs on the held-out positions: the fit, its prior (the next stage's weights), and the hand-written evaluation (/100). */
  maePattern: number;
  maePrior: number;
  maeHand: number;
  cpuSeconds: number;
}

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// ---------------------------------------------------------------------------------------------------------------
// Self-play

// One move list per ply of the search, so that no node allocates.
const plyMoves = Array.from({ length: 64 }, () => new Int32Array(MAX_MOVES));
const bits = new Int32Array(4);

/** Negamax with alpha-beta to `depth` plies, leaves scored by `leaf` (1/100 disc, side to move); finished games exactly. */
function negamax(pos: ReversiPosition, depth: number, alpha: number, beta: number, leaf: (p: ReversiPosition) => number, ply: number): number {
  if (pos.isTerminal()) {
    const s = pos.currentPlayer() === 0 ? pos.score() : -pos.score();
    return s * 100;
  }
  if (depth === 0) return leaf(pos);
  const list = plyMoves[ply];
  const n = pos.legalMoves(list);
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    pos.play(list[i]);
    const v = -negamax(pos, depth - 1, -beta, -alpha, leaf, ply + 1);
    pos.undo();
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

/**
 * Plays one seeded game and appends every position before each move (side to move first) to `into`: a random
 * opening of 2–15 plies, then depth-2 searches with the hand-written evaluation, a random move one time in 12
 * so that the games spread.
 */
function playGame(rng: Rng, game: number, into: number[]): void {
  const pos = new ReversiPosition();
  const moves = new Int32Array(MAX_MOVES);
  const opening = 2 + rng.int(14);
  while (!pos.isTerminal()) {
    pos.bitboards(bits);
    into.push(bits[0], bits[1], bits[2], bits[3], game);
    const n = pos.legalMoves(moves);
    let move = moves[0];
    if (n > 1) {
      if (pos.ply < opening || rng.int(12) === 0) move = moves[rng.int(n)];
      else {
        let best = -Infinity;
        let ties = 0;
        for (let i = 0; i < n; i++) {
          pos.play(moves[i]);
          const v = -negamax(pos, 1, -1e9, 1e9, reversiEvaluate, 1);
          pos.undo();
          // Ties broken at random (reservoir), so equal moves do not always repeat one game.
          if (v > best) {
            best = v;
            move = moves[i];
            ties = 1;
          } else if (v === best && rng.int(++ties) === 0) move = moves[i];
        }
      }
    }
    pos.play(move);
  }
}

function readInts(file: string): Int32Array {
  const b = readFileSync(file);
  return new Int32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

function writeArray(file: string, a: Int32Array | Float32Array): void {
  writeFileSync(file, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
}

/** The self-play positions (WORDS each): chunks of CHUNK_GAMES games, generated or read back. */
function selfPlay(o: TrainOptions): Int32Array {
  const games = Math.max(1, Math.ceil(o.positions / 58));
  const chunks = Math.ceil(games / CHUNK_GAMES);
  const parts: Int32Array[] = [];
  const t0 = cpuSeconds();
  for (let c = 0; c < chunks; c++) {
    const file = join(o.out, `positions-${String(c).padStart(4, '0')}.bin`);
    if (o.resume && existsSync(file)) {
      parts.push(readInts(file));
      continue;
    }
    const rng = new Rng((o.seed * 7919 + c) | 0);
    const list: number[] = [];
    const end = Math.min(games, (c + 1) * CHUNK_GAMES);
    for (let g = c * CHUNK_GAMES; g < end; g++) playGame(rng, g, list);
    const a = Int32Array.from(list);
    writeArray(file, a);
    parts.push(a);
    o.log(`self-play: games ${end}/${games}, ${(cpuSeconds() - t0).toFixed(0)} s CPU`);
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const all = new Int32Array(total);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

// ---------------------------------------------------------------------------------------------------------------
// The fit

/**
 * Sparse regularised least squares by conjugate gradients on the normal equations (CGLS): minimises
 * Σ_r (Σ_k x[rows[r·F+k]] − y[r])² + λ‖x‖² over x (one unknown per stage-local weight index; F = features per
 * row, every feature a 1). Returns x; `iterations` steps of CG (it converges long before the unknowns' count).
 */
export function leastSquares(rows: Int32Array, y: Float64Array, unknowns: number, lambda: number, iterations: number): Float64Array {
  const F = rows.length / y.length;
  const m = y.length;
  const x = new Float64Array(unknowns);
  const r = Float64Array.from(y);
  const s = new Float64Array(unknowns);
  const p = new Float64Array(unknowns);
  const q = new Float64Array(m);
  const atr = (): void => {
    // s = Aᵀr − λx
    for (let j = 0; j < unknowns; j++) s[j] = -lambda * x[j];
    for (let i = 0, k = 0; i < m; i++) {
      const ri = r[i];
      for (let e = 0; e < F; e++, k++) s[rows[k]] += ri;
    }
  };
  atr();
  p.set(s);
  let gamma = 0;
  for (let j = 0; j < unknowns; j++) gamma += s[j] * s[j];
  for (let it = 0; it < iterations && gamma > 1e-12; it++) {
    let qq = 0;
    for (let i = 0, k = 0; i < m; i++) {
      let v = 0;
      for (let e = 0; e < F; e++, k++) v += p[rows[k]];
      q[i] = v;
      qq += v * v;
    }
    let pp = 0;
    for (let j = 0; j < unknowns; j++) pp += p[j] * p[j];
    const alpha = gamma / (qq + lambda * pp);
    for (let j = 0; j < unknowns; j++) x[j] += alpha * p[j];
    for (let i = 0; i < m; i++) r[i] -= alpha * q[i];
    atr();
    let g2 = 0;
    for (let j = 0; j < unknowns; j++) g2 += s[j] * s[j];
    const beta = g2 / gamma;
    gamma = g2;
    for (let j = 0; j < unknowns; j++) p[j] = s[j] + beta * p[j];
  }
  return x;
}

const feat = new Int32Array(FEATURES);

/** Canonical feature indices of a position into rows[at..at+FEATURES). */
function canonicalFeatures(pl: number, ph: number, ol: number, oh: number, rows: Int32Array, at: number): void {
  featureIndices(pl, ph, ol, oh, feat, 0);
  for (let k = 0; k < FEATURES; k++) rows[at + k] = LAYOUT.canonical[feat[k]];
}

/** The evaluation of (pl, ph, ol, oh) under the full Int16 weights `w` in 1/100 disc (as the ai-worker computes it). */
function evalWith(w: Int16Array, pl: number, ph: number, ol: number, oh: number): number {
  const empties = featureIndices(pl, ph, ol, oh, feat, 0);
  const base = stageOf(empties) * LAYOUT.stageSize;
  let v = 0;
  for (let k = 0; k < FEATURES; k++) v += w[base + feat[k]];
  return v;
}

/** Rounds a stage's fitted weights (discs) into the Int16 table (1/100 disc), folded indices copied from their canonical one. */
function install(w: Int16Array, stage: number, x: Float64Array): void {
  const base = stage * LAYOUT.stageSize;
  for (let i = 0; i < LAYOUT.stageSize; i++) {
    const v = Math.round(x[LAYOUT.canonical[i]] * 100);
    w[base + i] = v > 32767 ? 32767 : v < -32767 ? -32767 : v;
  }
}

const emptiesOf = (a: Int32Array, i: number): number => {
  let n = 0;
  for (let k = 0; k < 4; k++) {
    let x = a[i * WORDS + k];
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    x = (x + (x >>> 4)) & 0x0f0f0f0f;
    n += Math.imul(x, 0x01010101) >>> 24;
  }
  return 64 - n;
};

/** Runs (or resumes) a training: self-play, then label and fit stage by stage from the last; returns the report and writes the weights file. */
export function trainReversi(o: TrainOptions): { reports: StageReport[]; weights: Uint8Array; positions: number; cpuSeconds: number } {
  mkdirSync(o.out, { recursive: true });
  // A resume must be the same run: every file in the folder depends on these settings.
  const settings = JSON.stringify({ positions: o.positions, seed: o.seed, depth: o.depth, lambda: o.lambda, iterations: o.iterations });
  const settingsFile = join(o.out, 'settings.json');
  if (o.resume && existsSync(settingsFile) && readFileSync(settingsFile, 'utf8') !== settings) {
    throw new Error(`--resume: ${o.out} holds a run with other settings (${readFileSync(settingsFile, 'utf8')}); use a new --out`);
  }
  writeFileSync(settingsFile, settings);
  const start = cpuSeconds();
  const positions = selfPlay(o);
  const count = positions.length / WORDS;
  o.log(`${count} positions from ${positions[(count - 1) * WORDS + 4] + 1} games`);
  const byStage: number[][] = Array.from({ length: STAGES }, () => []);
  for (let i = 0; i < count; i++) byStage[stageOf(emptiesOf(positions, i))].push(i);

  const w = new Int16Array(STAGES * LAYOUT.stageSize);
  const solver = new EndgameSolver({ ttBits: 18 });
  const reports: StageReport[] = [];
  let prior: Float64Array = new Float64Array(LAYOUT.stageSize);
  const leaf = (p: ReversiPosition): number => {
    p.bitboards(bits);
    return evalWith(w, bits[0], bits[1], bits[2], bits[3]);
  };
  for (let stage = STAGES - 1; stage >= 0; stage--) {
    const t0 = cpuSeconds();
    const list = byStage[stage];
    const wFile = join(o.out, `stage-${String(stage).padStart(2, '0')}.f32`);
    const lFile = join(o.out, `labels-${String(stage).padStart(2, '0')}.f32`);
    // Until its own fit, a stage evaluates with the next stage's weights (the leaves of its labelling search land there too).
    install(w, stage, prior);
    let labels: Float32Array;
    if (o.resume && existsSync(lFile)) {
      const b = readFileSync(lFile);
      labels = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    } else {
      labels = new Float32Array(list.length);
      for (let j = 0; j < list.length; j++) {
        const i = list[j] * WORDS;
        const pos = positionOf(positions[i], positions[i + 1], positions[i + 2], positions[i + 3]);
        if (pos.empties() <= EXACT_EMPTIES) {
          labels[j] = solver.solve(pos).score;
        } else {
          labels[j] = negamax(pos, o.depth, -1e9, 1e9, leaf, 0) / 100;
        }
      }
      writeArray(lFile, labels);
    }
    const train = list.filter((i) => positions[i * WORDS + 4] % HOLD_OUT_EVERY !== HOLD_OUT_EVERY - 1);
    const held = list.map((i, j) => j).filter((j) => positions[list[j] * WORDS + 4] % HOLD_OUT_EVERY === HOLD_OUT_EVERY - 1);
    let x: Float64Array;
    if (o.resume && existsSync(wFile)) {
      const b = readFileSync(wFile);
      x = Float64Array.from(new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)));
    } else {
      // Fit the change from the prior: targets minus the prior's prediction, L2 on the change.
      const rows = new Int32Array(train.length * FEATURES);
      const y = new Float64Array(train.length);
      const labelOf = new Map<number, number>();
      list.forEach((i, j) => labelOf.set(i, labels[j]));
      for (let t = 0; t < train.length; t++) {
        const i = train[t] * WORDS;
        canonicalFeatures(positions[i], positions[i + 1], positions[i + 2], positions[i + 3], rows, t * FEATURES);
        let pred = 0;
        for (let k = 0; k < FEATURES; k++) pred += prior[rows[t * FEATURES + k]];
        y[t] = (labelOf.get(train[t]) as number) - pred;
      }
      const delta = leastSquares(rows, y, LAYOUT.stageSize, o.lambda, o.iterations);
      const f = new Float32Array(LAYOUT.stageSize);
      for (let j = 0; j < f.length; j++) f[j] = prior[j] + delta[j];
      writeArray(wFile, f);
      // Go on from the stored (float32) values, so that a resumed run continues exactly as this one does.
      x = Float64Array.from(f);
    }
    // Held-out error: the fit, the prior alone, and the hand-written evaluation read as discs.
    let ePat = 0;
    let ePrior = 0;
    let eHand = 0;
    const rowsOne = new Int32Array(FEATURES);
    for (const j of held) {
      const i = list[j] * WORDS;
      canonicalFeatures(positions[i], positions[i + 1], positions[i + 2], positions[i + 3], rowsOne, 0);
      let a = 0;
      let b = 0;
      for (let k = 0; k < FEATURES; k++) {
        a += x[rowsOne[k]];
        b += prior[rowsOne[k]];
      }
      ePat += Math.abs(a - labels[j]);
      ePrior += Math.abs(b - labels[j]);
      eHand += Math.abs(reversiEvaluate(positionOf(positions[i], positions[i + 1], positions[i + 2], positions[i + 3])) / 100 - labels[j]);
    }
    const h = Math.max(1, held.length);
    install(w, stage, x);
    const lo = 60 - 5 * stage - 4;
    const report: StageReport = {
      stage,
      empties: stage === STAGES - 1 ? `0-${60 - 5 * stage}` : `${Math.max(0, lo)}-${60 - 5 * stage}`,
      train: train.length,
      heldOut: held.length,
      maePattern: ePat / h,
      maePrior: ePrior / h,
      maeHand: eHand / h,
      cpuSeconds: cpuSeconds() - t0,
    };
    reports.unshift(report);
    o.log(
      `stage ${stage} (empties ${report.empties}): ${train.length} train, ${held.length} held out; held-out MAE ${report.maePattern.toFixed(2)} discs (prior ${report.maePrior.toFixed(2)}, hand-written ${report.maeHand.toFixed(2)}); ${report.cpuSeconds.toFixed(0)} s CPU`,
    );
    prior = x;
  }
  const weights = encodeWeights(w);
  writeFileSync(join(o.out, 'reversi-weights.bin'), weights);
  const total = cpuSeconds() - start;
  writeFileSync(join(o.out, 'report.json'), JSON.stringify({ options: { ...o, log: undefined }, positions: count, cpuSeconds: total, stages: reports }, null, 1) + '\n');
  return { reports, weights, positions: count, cpuSeconds: total };
}

/** The position of (pl, ph) to move against (ol, oh), the mover as black (evaluation and solver see only mover and opponent). */
function positionOf(pl: number, ph: number, ol: number, oh: number): ReversiPosition {
  let board = '';
  for (let s = 0; s < 64; s++) {
    const m = s < 32 ? (pl >>> s) & 1 : (ph >>> (s - 32)) & 1;
    const t = s < 32 ? (ol >>> s) & 1 : (oh >>> (s - 32)) & 1;
    board += m ? 'X' : t ? 'O' : '-';
  }
  return new ReversiPosition(board, 0);
}

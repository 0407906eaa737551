/**
 * Training of Gomoku's evaluation weights (ai-worker games/gomoku/eval-weights.ts), Texel-style: the positions of
 * finished bench games (selfplay / match / calibrate folders), each labelled with who went on to win, and a
 * logistic fit of P(side to move wins) = σ(s · (w · features + b)) over the evaluation's own features
 * (`gomokuEvalFeatures`: line pattern counts, double-threat points and best points for both sides). The scale s is
 * the hand weights' fitted scale and stays fixed, so the new weights keep the units the search's threat scores
 * assume; the fit starts from the hand weights, is pulled towards them (L2 in standardised features), so the same
 * games give the same weights whatever is installed, and is judged on held-out games.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GomokuPosition, parseGomokuRule, type GomokuRule } from '@qi/engine';
import { GOMOKU_EVAL_WEIGHTS, HAND_EVAL_WEIGHTS, gomokuEvalFeatureNames, gomokuEvalFeatures } from '@qi/ai-worker';

/** Plies of a bench game's random opening: its positions are left out (nobody chose them). */
const OPENING_PLIES = 3;

/** One finished game: its rule and size, the moves in the game's notation and the winner (0 black, 1 white, -1 draw). */
export interface TrainingGame {
  rule: GomokuRule;
  size: number;
  moves: string[];
  winner: number;
  /** Where it came from (for messages). */
  file: string;
}

/** The settings of a fit. */
export interface GomokuTrainOptions {
  /** Folders holding bench match folders (searched below for match.json of Gomoku games). */
  from: string[];
  /** L2 weight towards the hand weights, in standardised features. */
  lambda: number;
  /** One game in this many is held out of the fit and measures it. */
  holdOutEvery: number;
  /** Progress lines. */
  log: (line: string) => void;
}

/** What a fit found: the weights (in the evaluation's units) and the mean log-loss of each weight set. */
export interface GomokuTrainResult {
  weights: number[];
  /** The weights installed when the fit ran (GOMOKU_EVAL_WEIGHTS), for comparison. */
  shipped: number[];
  names: readonly string[];
  games: number;
  positions: number;
  heldOutPositions: number;
  /** Mean log-loss on the held-out positions (and on the fitted ones) of the fit, the shipped and the hand weights. */
  loss: { fitted: LossPair; shipped: LossPair; hand: LossPair };
  /** The scale s (logit units per evaluation unit) and bias b of the hand weights' fit, where the fit starts. */
  scale: number;
  bias: number;
}

/** Mean log-loss on the fitted and the held-out positions. */
export interface LossPair {
  train: number;
  heldOut: number;
}

/** The finished Gomoku games of every bench match folder (one holding match.json) under `dirs`; forfeits left out. */
export function readTrainingGames(dirs: readonly string[]): TrainingGame[] {
  const games: TrainingGame[] = [];
  const visit = (dir: string): void => {
    const matchFile = join(dir, 'match.json');
    if (existsSync(matchFile)) {
      const m = JSON.parse(readFileSync(matchFile, 'utf8')) as { game?: string; gameOptions?: { rule?: string; size?: number } };
      if (m.game === 'gomoku') readMatch(dir, parseGomokuRule(m.gameOptions?.rule ?? 'freestyle'), m.gameOptions?.size ?? 15, games);
      return;
    }
    for (const e of readdirSync(dir).sort()) if (statSync(join(dir, e)).isDirectory()) visit(join(dir, e));
  };
  for (const d of dirs) {
    if (!existsSync(d) || !statSync(d).isDirectory()) throw new Error(`train-gomoku: no folder ${d}`);
    visit(d);
  }
  return games;
}

function readMatch(dir: string, rule: GomokuRule, size: number, into: TrainingGame[]): void {
  const gamesDir = join(dir, 'games');
  if (!existsSync(gamesDir)) return;
  for (const f of readdirSync(gamesDir).sort()) {
    if (!f.endsWith('.result.json')) continue;
    const file = join(gamesDir, f);
    let r: { result?: unknown; moves?: unknown; reason?: unknown };
    try {
      r = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`train-gomoku: ${file} is not JSON: ${(e as Error).message}`);
    }
    if (typeof r.result !== 'string' || !Array.isArray(r.moves) || !r.moves.every((m) => typeof m === 'string')) {
      throw new Error(`train-gomoku: ${file} has no result and moves`);
    }
    // A forfeit (time-out, crash, illegal move) says nothing about the position it happened in.
    if (r.result.endsWith('+F')) continue;
    const winner = r.result.startsWith('B+') ? 0 : r.result.startsWith('W+') ? 1 : -1;
    into.push({ rule, size, moves: r.moves as string[], winner, file });
  }
}

/** The positions of `games` the weights score (see gomokuEvalFeatures), their features, labels and game numbers. */
export function trainingSamples(games: readonly TrainingGame[]): { x: Float64Array; y: Float64Array; game: Int32Array; count: number } {
  const F = gomokuEvalFeatureNames.length;
  const xs: number[] = [];
  const ys: number[] = [];
  const gs: number[] = [];
  const f = new Float64Array(F);
  games.forEach((t, gi) => {
    const g = new GomokuPosition({ size: t.size, rule: t.rule });
    for (let i = 0; i < t.moves.length && !g.isTerminal(); i++) {
      if (i >= OPENING_PLIES && gomokuEvalFeatures(g, f)) {
        for (let k = 0; k < F; k++) xs.push(f[k]);
        ys.push(t.winner < 0 ? 0.5 : t.winner === g.currentPlayer() ? 1 : 0);
        gs.push(gi);
      }
      let move: number;
      try {
        move = g.parseMove(t.moves[i]);
      } catch {
        throw new Error(`train-gomoku: ${t.file}: move ${i + 1} (${t.moves[i]}) is not a point`);
      }
      if (!g.isLegal(move)) throw new Error(`train-gomoku: ${t.file}: move ${i + 1} (${t.moves[i]}) is illegal`);
      g.play(move);
    }
  });
  return { x: Float64Array.from(xs), y: Float64Array.from(ys), game: Int32Array.from(gs), count: ys.length };
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-Math.max(-50, Math.min(50, z))));
/** The log-loss of predicting win probability `p` for outcome `y` (1 win, 0 loss, 0.5 draw). */
const rowLoss = (p: number, y: number): number => -(y * Math.log(p + 1e-12) + (1 - y) * Math.log(1 - p + 1e-12));

/** Mean log-loss of σ(scale · (w · x + bias)) over the rows whose `use` is true. */
export function logLoss(x: Float64Array, y: Float64Array, use: (i: number) => boolean, w: readonly number[], scale: number, bias: number): number {
  const F = w.length;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < y.length; i++) {
    if (!use(i)) continue;
    let z = bias;
    for (let k = 0; k < F; k++) z += w[k] * x[i * F + k];
    sum += rowLoss(sigmoid(scale * z), y[i]);
    n++;
  }
  return n === 0 ? NaN : sum / n;
}

/**
 * Newton's method on the logistic loss of σ(Σ θ_k z_k) plus λ/2 · |θ − θ0|² (the last unknown, a bias, not pulled),
 * for rows z of `cols` numbers: the fit of a few dozen unknowns converges in a handful of steps.
 */
export function fitLogistic(z: Float64Array, y: Float64Array, rows: readonly number[], cols: number, start: readonly number[], lambda: number, steps = 30): number[] {
  const pull = (a: number): number => (a < cols - 1 ? lambda : 0);
  const objective = (th: readonly number[]): number => {
    let sum = 0;
    for (const i of rows) {
      let s = 0;
      for (let k = 0; k < cols; k++) s += th[k] * z[i * cols + k];
      sum += rowLoss(sigmoid(s), y[i]);
    }
    let reg = 0;
    for (let a = 0; a < cols; a++) reg += (pull(a) / 2) * (th[a] - start[a]) ** 2;
    return sum / Math.max(1, rows.length) + reg;
  };
  let th = [...start];
  let current = objective(th);
  for (let step = 0; step < steps; step++) {
    const grad = new Float64Array(cols);
    const hess = new Float64Array(cols * cols);
    for (const i of rows) {
      let s = 0;
      for (let k = 0; k < cols; k++) s += th[k] * z[i * cols + k];
      const p = sigmoid(s);
      const r = p - y[i];
      const h = p * (1 - p);
      for (let a = 0; a < cols; a++) {
        const za = z[i * cols + a];
        if (za === 0) continue;
        grad[a] += r * za;
        for (let b = 0; b < cols; b++) hess[a * cols + b] += h * za * z[i * cols + b];
      }
    }
    const n = Math.max(1, rows.length);
    for (let a = 0; a < cols; a++) {
      grad[a] /= n;
      for (let b = 0; b < cols; b++) hess[a * cols + b] /= n;
      grad[a] += pull(a) * (th[a] - start[a]);
      hess[a * cols + a] += pull(a) + 1e-9;
    }
    const delta = solve(hess, grad, cols);
    // Damped: a full Newton step can overshoot where the logistic saturates, so it is halved until the loss falls.
    let t = 1;
    let next = th;
    let value = current;
    for (let tries = 0; tries < 30; tries++, t /= 2) {
      const cand = th.map((x, a) => x - t * delta[a]);
      const v = objective(cand);
      if (v < current) {
        next = cand;
        value = v;
        break;
      }
    }
    if (next === th || current - value < 1e-12) {
      th = next;
      break;
    }
    th = next;
    current = value;
  }
  return th;
}

/** Solves A x = b (n × n, Gaussian elimination with partial pivoting); A and b are overwritten. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k], a[c * n + k]];
      [b[c], b[p]] = [b[p], b[c]];
    }
    const d = a[c * n + c] || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= a[r * n + k] * x[k];
    x[r] = s / (a[r * n + r] || 1e-12);
  }
  return x;
}

/** Fits the weights to the games under `o.from` (see the module comment). */
export function trainGomoku(o: GomokuTrainOptions): GomokuTrainResult {
  const games = readTrainingGames(o.from);
  if (games.length === 0) throw new Error(`train-gomoku: no finished Gomoku games under ${o.from.join(', ')}`);
  const s = trainingSamples(games);
  o.log(`${games.length} games, ${s.count} positions scored by the weights`);
  const F = gomokuEvalFeatureNames.length;
  const heldOut = (i: number): boolean => s.game[i] % o.holdOutEvery === o.holdOutEvery - 1;
  const train = (i: number): boolean => !heldOut(i);
  const trainRows: number[] = [];
  for (let i = 0; i < s.count; i++) if (train(i)) trainRows.push(i);
  if (trainRows.length < 10 * F) throw new Error(`train-gomoku: ${trainRows.length} positions to fit ${F} weights; play more games`);

  // The hand weights' scale and bias (a two-unknown fit on their evaluation): the fit starts there and is pulled
  // towards them, so that the same games give the same weights whatever weights are installed.
  const hand = scaleFit(s.x, s.y, s.count, trainRows, HAND_EVAL_WEIGHTS);
  const scale = hand.scale;
  if (!(scale > 0)) throw new Error(`train-gomoku: the hand weights do not predict the games (scale ${scale}); check the folders`);

  // The full fit in standardised features: z_k = x_k / sd_k, θ_k = scale · w_k · sd_k, the bias last.
  const sd = new Float64Array(F);
  for (let k = 0; k < F; k++) {
    let m = 0;
    let m2 = 0;
    for (const i of trainRows) {
      m += s.x[i * F + k];
      m2 += s.x[i * F + k] ** 2;
    }
    m /= trainRows.length;
    sd[k] = Math.sqrt(Math.max(0, m2 / trainRows.length - m * m));
  }
  const z = new Float64Array(s.count * (F + 1));
  for (let i = 0; i < s.count; i++) {
    for (let k = 0; k < F; k++) z[i * (F + 1) + k] = sd[k] > 0 ? s.x[i * F + k] / sd[k] : 0;
    z[i * (F + 1) + F] = 1;
  }
  const start = [...HAND_EVAL_WEIGHTS.map((w, k) => scale * w * sd[k]), scale * hand.bias];
  const th = fitLogistic(z, s.y, trainRows, F + 1, start, o.lambda);
  // A feature that never varies keeps its hand weight.
  const weights = HAND_EVAL_WEIGHTS.map((w, k) => (sd[k] > 0 ? th[k] / (scale * sd[k]) : w));
  const pair = (w: readonly number[], fit: { scale: number; bias: number }): LossPair => ({
    train: logLoss(s.x, s.y, train, w, fit.scale, fit.bias),
    heldOut: logLoss(s.x, s.y, heldOut, w, fit.scale, fit.bias),
  });
  const shipped = [...GOMOKU_EVAL_WEIGHTS];
  let held = 0;
  for (let i = 0; i < s.count; i++) if (heldOut(i)) held++;
  return {
    weights,
    shipped,
    names: gomokuEvalFeatureNames,
    games: games.length,
    positions: s.count,
    heldOutPositions: held,
    loss: {
      fitted: pair(weights, { scale, bias: th[F] / scale }),
      shipped: pair(shipped, scaleFit(s.x, s.y, s.count, trainRows, shipped)),
      hand: pair(HAND_EVAL_WEIGHTS, hand),
    },
    scale,
    bias: hand.bias,
  };
}

/**
 * The scale s and bias b (in evaluation units) that best turn the weights' evaluation w · x into win odds,
 * σ(s · (w · x + b)): a two-unknown fit on the rows `rows`.
 */
function scaleFit(x: Float64Array, y: Float64Array, count: number, rows: readonly number[], w: readonly number[]): { scale: number; bias: number } {
  const F = w.length;
  const e = new Float64Array(count * 2);
  let spread = 0;
  for (let i = 0; i < count; i++) {
    let v = 0;
    for (let k = 0; k < F; k++) v += w[k] * x[i * F + k];
    e[2 * i] = v;
    e[2 * i + 1] = 1;
    spread += Math.abs(v);
  }
  const unit = spread > 0 ? count / spread : 1; // logit units per evaluation unit, to start from
  const [scale, biasLogit] = fitLogistic(e, y, rows, 2, [unit, 0], 0);
  return { scale, bias: biasLogit / scale };
}

/** The weights module the ai-worker ships (eval-weights.ts), with the fit's numbers in its comment. */
export function weightsModule(r: GomokuTrainResult, command: string): string {
  const fmt = (w: readonly number[]): string => w.map((x) => String(Number(x.toPrecision(6)))).join(', ');
  return `/**
 * Gomoku's evaluation weights. Written by \`pnpm bench train-gomoku --install\` (apps/bench/src/train/gomoku.ts):
 * edit by re-running the fit, not by hand. Order: gomokuEvalFeatureNames (knowledge.ts).
 */

/**
 * Fitted to ${r.positions} positions of ${r.games} games by
 * \`${command}\`:
 * held-out log-loss ${r.loss.fitted.heldOut.toFixed(4)} on ${r.heldOutPositions} positions (the weights before ${r.loss.shipped.heldOut.toFixed(4)}, the hand weights ${r.loss.hand.heldOut.toFixed(4)}).
 */
export const GOMOKU_EVAL_WEIGHTS: readonly number[] = [
  ${fmt(r.weights)},
];
`;
}

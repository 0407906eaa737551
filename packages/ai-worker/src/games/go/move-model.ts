import * as engine from '@qi/engine';
import type { GoPosition } from '@qi/engine';
import * as features from './move-features.js';
import { GO_MOVE_WEIGHT_PAIRS } from './move-weights.js';
import { passPrior } from './knowledge.js';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { MAX_MOVES, PASS } = engine;
const { GO_FEATURE_COUNT, GO_FEATURES_PER_MOVE, goMoveFeatures } = features;

/**
 * The tree's priors from the fitted move-prediction model (move-features.ts, weights from bench train-go): each
 * move's probability p under the model, relative to a uniform choice among the n moves (r = p·n), read as a prior
 * around the even prior: even + slope · ln r, clamped to [0.01, 0.99]. A move the model rates e^4 times an average
 * one sits well above even and one it rates e^-4 times well below, so the prior's virtual playouts (in each child's
 * own statistics: goMctsOptions) steer the search to the moves a strong player would look at first. A pass keeps the
 * hand prior (passPrior).
 */

/** The weight vector, expanded from its (index, weight) pairs. */
const GO_MOVE_WEIGHTS: Float32Array = expand(GO_MOVE_WEIGHT_PAIRS);

const F = GO_FEATURES_PER_MOVE;
const feats = new Int32Array(MAX_MOVES * F);
const scores = new Float64Array(MAX_MOVES);

/**
 * Writes the model's score (the sum of the weights of its features: a log-probability up to a constant) of each of
 * moves[0..n) of the side to move into out; a pass gets -Infinity (the model does not score passes).
 */
export function goModelScores(pos: GoPosition, moves: Int32Array, n: number, out: Float64Array, weights: Float32Array = GO_MOVE_WEIGHTS): void {
  goMoveFeatures(pos, moves, n, feats);
  for (let i = 0; i < n; i++) {
    if (moves[i] === PASS) {
      out[i] = -Infinity;
      continue;
    }
    let s = 0;
    for (let k = 0; k < F; k++) s += weights[feats[i * F + k]];
    out[i] = s;
  }
}

/** Writes a prior in [0, 1] for each of moves[0..n) of the side to move from the model (see the module comment). */
export function goModelPriors(pos: GoPosition, moves: Int32Array, n: number, out: Float32Array, even: number, slope: number, weights: Float32Array = GO_MOVE_WEIGHTS): void {
  goModelScores(pos, moves, n, scores, weights);
  let max = -Infinity;
  let points = 0;
  for (let i = 0; i < n; i++) {
    if (moves[i] === PASS) continue;
    if (scores[i] > max) max = scores[i];
    points++;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) if (moves[i] !== PASS) sum += Math.exp(scores[i] - max);
  // ln r = ln(p · points) with p = e^(s - max) / sum.
  const shift = Math.log(points) - Math.log(sum) - max;
  for (let i = 0; i < n; i++) {
    if (moves[i] === PASS) {
      out[i] = passPrior(pos);
      continue;
    }
    const v = even + slope * (scores[i] + shift);
    out[i] = v < 0.01 ? 0.01 : v > 0.99 ? 0.99 : v;
  }
}

function expand(pairs: readonly number[]): Float32Array {
  const w = new Float32Array(GO_FEATURE_COUNT);
  for (let k = 0; k + 1 < pairs.length; k += 2) w[pairs[k]] = pairs[k + 1];
  return w;
}

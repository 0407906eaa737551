/**
 * Sequential probability ratio test on W/D/L results, as fishtest runs it: the generalized SPRT with the
 * trinomial likelihood, hypotheses H0: Elo = elo0 and H1: Elo = elo1 in logistic Elo, stopping when the
 * log-likelihood ratio leaves [ln(β/(1−α)), ln((1−β)/α)].
 */
import { perGameVariance, scoreFromElo, type Wdl } from './elo.js';

/** The test's settings. */
export interface SprtConfig {
  elo0: number;
  elo1: number;
  /** False positive rate (accepting H1 when H0 holds). */
  alpha: number;
  /** False negative rate. */
  beta: number;
}

/** Where the test stands. */
export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  /** H1 accepted (the change gains at least elo1), H0 accepted (at most elo0), or still running. */
  result: 'H1' | 'H0' | 'continue';
}

/** Checks a config: elo0 < elo1, 0 < α, β < ½; a RangeError names the bad field. */
export function checkSprt(c: SprtConfig): void {
  if (!(Number.isFinite(c.elo0) && Number.isFinite(c.elo1) && c.elo0 < c.elo1)) {
    throw new RangeError(`SPRT needs elo0 < elo1, got elo0=${c.elo0} elo1=${c.elo1}`);
  }
  for (const k of ['alpha', 'beta'] as const) {
    if (!(c[k] > 0 && c[k] < 0.5)) throw new RangeError(`SPRT ${k} must lie in (0, 0.5), got ${c[k]}`);
  }
}

/** The stopping bounds ln(β/(1−α)) and ln((1−β)/α). */
export function sprtBounds(c: SprtConfig): { lower: number; upper: number } {
  return { lower: Math.log(c.beta / (1 - c.alpha)), upper: Math.log((1 - c.beta) / c.alpha) };
}

/**
 * The maximum-likelihood trinomial distribution of the results constrained to expected score `s` (Lagrange:
 * p_i = f_i / (1 + x (a_i − s)), x found by bisection), as fishtest's MLE for the GSPRT.
 */
export function constrainedMle(r: Wdl, s: number): [number, number, number] {
  const counts = regularized(r);
  const n = counts[0] + counts[1] + counts[2];
  const f = counts.map((c) => c / n);
  const a = [0, 0.5, 1];
  const d = a.map((ai) => ai - s);
  // g(x) = Σ f_i d_i / (1 + x d_i) decreases in x on the interval where every denominator stays positive.
  const g = (x: number) => f.reduce((sum, fi, i) => sum + (fi * d[i]) / (1 + x * d[i]), 0);
  let lo = -Infinity;
  let hi = Infinity;
  for (let i = 0; i < 3; i++) {
    if (d[i] === 0) continue;
    if (d[i] > 0) lo = Math.max(lo, -1 / d[i]);
    else hi = Math.min(hi, -1 / d[i]);
  }
  const eps = 1e-12;
  lo = Number.isFinite(lo) ? lo + eps : -1e6;
  hi = Number.isFinite(hi) ? hi - eps : 1e6;
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (g(mid) > 0) lo = mid;
    else hi = mid;
  }
  const x = (lo + hi) / 2;
  const p = f.map((fi, i) => fi / (1 + x * d[i]));
  const total = p[0] + p[1] + p[2];
  return [p[0] / total, p[1] / total, p[2] / total];
}

/** Loss, draw and win counts with zeros replaced by 1e-3, as fishtest does, so one-sided results still move the LLR. */
function regularized(r: Wdl): [number, number, number] {
  return [Math.max(r.losses, 1e-3), Math.max(r.draws, 1e-3), Math.max(r.wins, 1e-3)];
}

/** The exact trinomial GSPRT log-likelihood ratio of H1 against H0 (0 without games). */
export function sprtLlrExact(r: Wdl, c: SprtConfig): number {
  if (r.wins + r.draws + r.losses === 0) return 0;
  const p0 = constrainedMle(r, scoreFromElo(c.elo0));
  const p1 = constrainedMle(r, scoreFromElo(c.elo1));
  const counts = regularized(r);
  let llr = 0;
  for (let i = 0; i < 3; i++) llr += counts[i] * Math.log(p1[i] / p0[i]);
  return llr;
}

/**
 * fishtest's normal approximation of the GSPRT LLR: N (s1 − s0)(2s − s0 − s1) / (2σ²), σ² the per-game
 * variance. Undefined (0) while every game has the same result.
 */
export function sprtLlr(r: Wdl, c: SprtConfig): number {
  const n = r.wins + r.draws + r.losses;
  const variance = perGameVariance(r);
  if (n === 0 || variance === 0) return 0;
  const s = (r.wins + r.draws / 2) / n;
  const s0 = scoreFromElo(c.elo0);
  const s1 = scoreFromElo(c.elo1);
  return (n * (s1 - s0) * (2 * s - s0 - s1)) / (2 * variance);
}

/** The test's state after the results so far (exact trinomial LLR). */
export function sprtState(r: Wdl, c: SprtConfig): SprtState {
  checkSprt(c);
  const { lower, upper } = sprtBounds(c);
  const llr = sprtLlrExact(r, c);
  return { llr, lower, upper, result: llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue' };
}

/**
 * Match statistics as chess engine projects report them (cutechess-cli, fishtest): score with a 95% interval
 * from the trinomial (win/draw/loss) variance, the logistic Elo difference with its interval, and the
 * likelihood of superiority.
 */

/** 97.5% quantile of the standard normal: the half-width of a two-sided 95% interval in standard errors. */
export const Z95 = 1.959963984540054;

/** Wins, draws and losses of the first player (or engine under test). */
export interface Wdl {
  wins: number;
  draws: number;
  losses: number;
}

/** Everything a W/D/L line says. */
export interface MatchStats extends Wdl {
  games: number;
  /** (W + D/2) / N, in [0, 1]; 0.5 without games. */
  score: number;
  /** Standard error of the score. */
  scoreError: number;
  /** 95% interval of the score, clamped to [0, 1]. */
  scoreLow: number;
  scoreHigh: number;
  /** Logistic Elo difference; ±Infinity at a score of 1 or 0. */
  elo: number;
  /** Half-width of the 95% Elo interval (cutechess-cli's "±"), Infinity when unbounded. */
  eloError: number;
  /** 95% Elo interval. */
  eloLow: number;
  eloHigh: number;
  /** Likelihood of superiority: P(the first player is stronger), from wins and losses. */
  los: number;
  /** Draw ratio. */
  drawRatio: number;
}

/** The Elo difference that gives expected score `score` under the logistic model. */
export function eloFromScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score));
}

/** The expected score of a player `elo` points stronger. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

/** Per-game variance of the result (1, ½, 0) around the mean score. */
export function perGameVariance(r: Wdl): number {
  const n = r.wins + r.draws + r.losses;
  if (n === 0) return 0;
  const s = (r.wins + r.draws / 2) / n;
  return (r.wins * (1 - s) ** 2 + r.draws * (0.5 - s) ** 2 + r.losses * s ** 2) / n;
}

/** The error function (Abramowitz–Stegun 7.1.26, absolute error below 1.5e-7). */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-a * a);
  return sign * y;
}

/** Likelihood of superiority from wins and losses (draws carry no information about who is stronger). */
export function likelihoodOfSuperiority(wins: number, losses: number): number {
  if (wins + losses === 0) return 0.5;
  return 0.5 * (1 + erf((wins - losses) / Math.sqrt(2 * (wins + losses))));
}

/** Score, interval, Elo and LOS of a W/D/L result; a RangeError names negative or fractional counts. */
export function matchStats(r: Wdl): MatchStats {
  for (const [k, v] of Object.entries(r)) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${k} must be a whole number ≥ 0, got ${v}`);
  }
  const games = r.wins + r.draws + r.losses;
  const score = games === 0 ? 0.5 : (r.wins + r.draws / 2) / games;
  const scoreError = games === 0 ? 0 : Math.sqrt(perGameVariance(r) / games);
  const scoreLow = Math.max(0, score - Z95 * scoreError);
  const scoreHigh = Math.min(1, score + Z95 * scoreError);
  const elo = eloFromScore(score);
  const eloLow = eloFromScore(scoreLow);
  const eloHigh = eloFromScore(scoreHigh);
  const eloError = Number.isFinite(eloLow) && Number.isFinite(eloHigh) ? (eloHigh - eloLow) / 2 : Infinity;
  return {
    ...r,
    games,
    score,
    scoreError,
    scoreLow,
    scoreHigh,
    elo,
    eloError,
    eloLow,
    eloHigh,
    los: likelihoodOfSuperiority(r.wins, r.losses),
    drawRatio: games === 0 ? 0 : r.draws / games,
  };
}

/** One line like cutechess-cli's: "W-D-L 12-3-5  score 0.675 ±0.098  Elo +127 ±79  LOS 95.6%". */
export function formatStats(s: MatchStats): string {
  const elo = Number.isFinite(s.elo) ? `${s.elo >= 0 ? '+' : ''}${s.elo.toFixed(0)}` : s.elo > 0 ? '+inf' : '-inf';
  const err = Number.isFinite(s.eloError) ? `±${s.eloError.toFixed(0)}` : '±inf';
  return `W-D-L ${s.wins}-${s.draws}-${s.losses}  score ${s.score.toFixed(3)} ±${(Z95 * s.scoreError).toFixed(3)}  Elo ${elo} ${err}  LOS ${(s.los * 100).toFixed(1)}%`;
}

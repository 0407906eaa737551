/**
 * Elo ratings of several players from pairwise results: the maximum-likelihood Bradley–Terry fit (logistic Elo,
 * a draw counting half a win and half a loss), solved by Hunter's MM iteration, anchored so one player is 0,
 * with standard errors from the observed Fisher information.
 */

/** The results of player `a` against player `b` (from a's side). */
export interface PairResult {
  a: number;
  b: number;
  wins: number;
  draws: number;
  losses: number;
}

/** A fitted rating. */
export interface Rating {
  elo: number;
  /** Standard error relative to the anchor (0 for the anchor itself; Infinity when nothing links the player). */
  error: number;
  games: number;
  /** Points scored (wins + draws/2). */
  score: number;
}

/** Options of the fit. */
export interface FitOptions {
  /** Index of the player rated 0 (default 0). */
  anchor?: number;
  /**
   * Virtual draws added between every pair that met (default 0.5 game): keeps ratings finite when a player won
   * or lost everything, pulling them only slightly toward each other.
   */
  priorDraws?: number;
  /** Iterations of the MM algorithm (default 10 000) and the convergence threshold in Elo (default 1e-6). */
  maxIterations?: number;
  tolerance?: number;
}

const LN10_400 = Math.LN10 / 400;

/** Fits ratings to `results` among `players` players; a RangeError names a bad player index or count. */
export function fitRatings(players: number, results: readonly PairResult[], options: FitOptions = {}): Rating[] {
  const anchor = options.anchor ?? 0;
  const prior = options.priorDraws ?? 0.5;
  if (!Number.isInteger(players) || players < 1) throw new RangeError(`need at least one player, got ${players}`);
  if (!Number.isInteger(anchor) || anchor < 0 || anchor >= players) throw new RangeError(`anchor ${anchor} is not a player`);
  // n[i][j]: games (with the prior) between i and j; w[i]: points of i.
  const n = Array.from({ length: players }, () => new Float64Array(players));
  const w = new Float64Array(players);
  const games = new Float64Array(players);
  const score = new Float64Array(players);
  for (const r of results) {
    for (const p of [r.a, r.b]) if (!Number.isInteger(p) || p < 0 || p >= players) throw new RangeError(`player ${p} is not among ${players}`);
    for (const k of ['wins', 'draws', 'losses'] as const) {
      if (!(r[k] >= 0)) throw new RangeError(`${k} of ${r.a} vs ${r.b} must be ≥ 0, got ${r[k]}`);
    }
    if (r.a === r.b) continue;
    const t = r.wins + r.draws + r.losses;
    if (t === 0) continue;
    n[r.a][r.b] += t;
    n[r.b][r.a] += t;
    w[r.a] += r.wins + r.draws / 2;
    w[r.b] += r.losses + r.draws / 2;
    games[r.a] += t;
    games[r.b] += t;
    score[r.a] += r.wins + r.draws / 2;
    score[r.b] += r.losses + r.draws / 2;
  }
  if (prior > 0) {
    for (let i = 0; i < players; i++) {
      for (let j = i + 1; j < players; j++) {
        if (n[i][j] === 0) continue;
        n[i][j] += prior;
        n[j][i] += prior;
        w[i] += prior / 2;
        w[j] += prior / 2;
      }
    }
  }
  const gamma = new Float64Array(players).fill(1);
  const maxIterations = options.maxIterations ?? 10_000;
  const tolerance = options.tolerance ?? 1e-6;
  for (let it = 0; it < maxIterations; it++) {
    let change = 0;
    for (let i = 0; i < players; i++) {
      let denom = 0;
      for (let j = 0; j < players; j++) if (j !== i && n[i][j] > 0) denom += n[i][j] / (gamma[i] + gamma[j]);
      if (denom === 0 || w[i] === 0) continue;
      const next = w[i] / denom;
      change = Math.max(change, Math.abs(Math.log(next / gamma[i])) / LN10_400);
      gamma[i] = next;
    }
    // Rescale so the anchor stays at 1 (ratings are only defined up to a constant).
    const g0 = gamma[anchor];
    for (let i = 0; i < players; i++) gamma[i] /= g0;
    if (change < tolerance) break;
  }
  const elo = Array.from(gamma, (g) => Math.log(g) / LN10_400);
  const errors = standardErrors(players, n, elo, anchor);
  return elo.map((e, i) => ({ elo: e, error: errors[i], games: games[i], score: score[i] }));
}

/**
 * Standard errors from the inverse of the Fisher information with the anchor's row and column removed:
 * I_ii = Σ_j n_ij p_ij (1 − p_ij) c², I_ij = −n_ij p_ij (1 − p_ij) c², c = ln 10 / 400.
 */
function standardErrors(players: number, n: Float64Array[], elo: number[], anchor: number): number[] {
  // Players without games carry no information (error Infinity) and would make the matrix singular.
  const idx = [...Array(players).keys()].filter((i) => i !== anchor && n[i].some((x) => x > 0));
  const m = idx.length;
  const info = Array.from({ length: m }, () => new Float64Array(m));
  for (let a = 0; a < m; a++) {
    const i = idx[a];
    for (let j = 0; j < players; j++) {
      if (j === i || n[i][j] === 0) continue;
      const p = 1 / (1 + Math.pow(10, (elo[j] - elo[i]) / 400));
      const v = n[i][j] * p * (1 - p) * LN10_400 * LN10_400;
      info[a][a] += v;
      const b = idx.indexOf(j);
      if (b >= 0) info[a][b] -= v;
    }
  }
  const inverse = invert(info);
  const out = new Array<number>(players).fill(Infinity);
  out[anchor] = 0;
  idx.forEach((i, a) => {
    out[i] = inverse === null || !(inverse[a][a] > 0) ? Infinity : Math.sqrt(inverse[a][a]);
  });
  return out;
}

/** Gauss–Jordan inverse with partial pivoting; null when singular. */
function invert(matrix: Float64Array[]): Float64Array[] | null {
  const m = matrix.length;
  const a = matrix.map((row, i) => {
    const r = new Float64Array(2 * m);
    r.set(row);
    r[m + i] = 1;
    return r;
  });
  for (let c = 0; c < m; c++) {
    let pivot = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    if (Math.abs(a[pivot][c]) < 1e-15) return null;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    const d = a[c][c];
    for (let k = 0; k < 2 * m; k++) a[c][k] /= d;
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = a[r][c];
      if (f === 0) continue;
      for (let k = 0; k < 2 * m; k++) a[r][k] -= f * a[c][k];
    }
  }
  return a.map((row) => row.slice(m));
}

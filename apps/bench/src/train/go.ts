/**
 * Training of Go's move-prediction weights (ai-worker games/go/move-weights.ts) after Coulom 2007: the positions of
 * finished bench games in which a chosen player (the "expert", GNU Go by default) moved, and a softmax over the
 * tree's moves of each position, P(move) ∝ exp(Σ weights of its features) (goMoveFeatures), fitted by gradient
 * steps (Adam) on the log-likelihood of the moves the expert chose, with an L2 pull to zero so that rare shapes
 * keep small weights. Judged on held-out games: log-likelihood per move and how often the expert's move is the
 * model's first choice, beside the same for the hand priors (goPriors).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GoPosition, MAX_MOVES, PASS } from '@qi/engine';
import { GO_FEATURES_PER_MOVE, GO_FEATURE_COUNT, GO_FEATURE_GROUPS, GO_FEATURE_OFFSETS, goMoveFeatures, goPriors, goTreeMoves } from '@qi/ai-worker';

/** Plies of a bench game's random opening (match/games.ts): nobody chose them. */
const OPENING_PLIES = 2;

/** One finished Go game with the colours the expert played. */
export interface GoTrainingGame {
  size: number;
  komi: number;
  moves: string[];
  /** Whether the expert's moves as Black, as White are samples. */
  expert: [boolean, boolean];
  /** The win rate the mover reported with each move (a Qi bot's search), null where it reported none. */
  winRates: (number | null)[];
  /** The result as the match recorded it (e.g. 'B+R', 'W+3.5'). */
  result: string;
  file: string;
}

/** The settings of a fit. */
export interface GoTrainOptions {
  /** Folders holding bench match folders (searched below for match.json of Go games). */
  from: string[];
  /** Players whose name contains this are the experts. */
  expert: string;
  /** L2 pull of every weight to zero (per position). */
  lambda: number;
  /** One game in this many is held out. */
  holdOutEvery: number;
  /** Gradient steps. */
  steps: number;
  log: (line: string) => void;
}

/** What a fit found. */
export interface GoTrainResult {
  weights: Float64Array;
  games: number;
  positions: number;
  heldOutPositions: number;
  /** Positions left out because the expert's move is not a tree move (a pass, or pruned). */
  skipped: number;
  /** Mean log-likelihood of the expert's move and top-1 accuracy, fitted and held out; and the hand priors' top-1. */
  fitted: { train: Score; heldOut: Score };
  hand: { train: number; heldOut: number };
  /** A uniform choice's mean log-likelihood on the held-out positions. */
  uniform: number;
}

/** Mean log-likelihood per position and the share of positions whose top-scored move is the expert's. */
export interface Score {
  logLikelihood: number;
  top1: number;
}

/** The finished Go games of every bench match folder under `dirs` in which a player named with `expert` played. */
export function readGoGames(dirs: readonly string[], expert: string): GoTrainingGame[] {
  const out: GoTrainingGame[] = [];
  const visit = (dir: string): void => {
    const matchFile = join(dir, 'match.json');
    if (existsSync(matchFile)) {
      const m = JSON.parse(readFileSync(matchFile, 'utf8')) as { game?: string; gameOptions?: { size?: number; komi?: number }; a?: { name?: string }; b?: { name?: string } };
      if (m.game !== 'go') return;
      const aExpert = (m.a?.name ?? '').includes(expert), bExpert = (m.b?.name ?? '').includes(expert);
      if (!aExpert && !bExpert) return;
      const gamesDir = join(dir, 'games');
      if (!existsSync(gamesDir)) return;
      for (const f of readdirSync(gamesDir).sort()) {
        if (!f.endsWith('.result.json')) continue;
        const file = join(gamesDir, f);
        const r = JSON.parse(readFileSync(file, 'utf8')) as { result?: unknown; moves?: unknown; aFirst?: unknown; stats?: unknown };
        if (typeof r.result !== 'string' || !Array.isArray(r.moves) || typeof r.aFirst !== 'boolean') throw new Error(`train-go: ${file} has no result, moves and colours`);
        if (r.result.endsWith('+F')) continue;
        const blackExpert = r.aFirst ? aExpert : bExpert, whiteExpert = r.aFirst ? bExpert : aExpert;
        const moves = r.moves as string[];
        const stats = Array.isArray(r.stats) ? (r.stats as ({ winRate?: unknown } | null)[]) : [];
        const winRates = moves.map((_, i) => (typeof stats[i]?.winRate === 'number' ? (stats[i]?.winRate as number) : null));
        out.push({ size: m.gameOptions?.size ?? 19, komi: m.gameOptions?.komi ?? 7.5, moves, expert: [blackExpert, whiteExpert], winRates, result: r.result, file });
      }
      return;
    }
    for (const e of readdirSync(dir).sort()) if (statSync(join(dir, e)).isDirectory()) visit(join(dir, e));
  };
  for (const d of dirs) {
    if (!existsSync(d) || !statSync(d).isDirectory()) throw new Error(`train-go: no folder ${d}`);
    visit(d);
  }
  return out;
}

/** Every position's candidate features (n × F indices), the chosen candidate and the hand prior's favourite. */
export interface GoSamples {
  /** Feature indices, F per candidate, positions one after another. */
  feats: Uint16Array;
  /** Candidate range of position i: [start[i], start[i + 1]). */
  start: Int32Array;
  chosen: Int32Array;
  handTop: Uint8Array;
  game: Int32Array;
  count: number;
  skipped: number;
}

/** Replays `games` and gathers the samples of the expert's moves. */
export function goSamples(games: readonly GoTrainingGame[]): GoSamples {
  const F = GO_FEATURES_PER_MOVE;
  let feats = new Uint16Array(1 << 20);
  let used = 0;
  const starts: number[] = [0];
  const chosen: number[] = [];
  const handTop: number[] = [];
  const gameOf: number[] = [];
  let skipped = 0;
  const moves = new Int32Array(MAX_MOVES);
  const f = new Int32Array(MAX_MOVES * F);
  const priors = new Float32Array(MAX_MOVES);
  games.forEach((t, gi) => {
    const g = new GoPosition({ size: t.size, komi: t.komi });
    for (let i = 0; i < t.moves.length && !g.isTerminal(); i++) {
      let move: number;
      try {
        move = g.parseMove(t.moves[i]);
      } catch {
        throw new Error(`train-go: ${t.file}: move ${i + 1} (${t.moves[i]}) is not a point`);
      }
      if (move !== PASS && !g.isLegal(move)) throw new Error(`train-go: ${t.file}: move ${i + 1} (${t.moves[i]}) is illegal`);
      if (i >= OPENING_PLIES && t.expert[g.currentPlayer()]) {
        let n = goTreeMoves(g, moves);
        if (n > 0 && moves[n - 1] === PASS) n--;
        let at = -1;
        for (let k = 0; k < n; k++) if (moves[k] === move) at = k;
        if (at < 0 || n < 2) skipped++;
        else {
          goMoveFeatures(g, moves, n, f);
          while (used + n * F > feats.length) {
            const bigger = new Uint16Array(feats.length * 2);
            bigger.set(feats);
            feats = bigger;
          }
          for (let k = 0; k < n * F; k++) feats[used + k] = f[k];
          used += n * F;
          starts.push(used / F);
          chosen.push(at);
          goPriors(g, moves, n, priors);
          let best = 0;
          for (let k = 1; k < n; k++) if (priors[k] > priors[best]) best = k;
          handTop.push(best === at ? 1 : 0);
          gameOf.push(gi);
        }
      }
      g.play(move);
    }
  });
  return { feats: feats.slice(0, used), start: Int32Array.from(starts), chosen: Int32Array.from(chosen), handTop: Uint8Array.from(handTop), game: Int32Array.from(gameOf), count: chosen.length, skipped };
}

/** Log-likelihood and top-1 of weights `w` over the positions whose `use` is true. */
export function scoreOf(s: GoSamples, w: Float64Array, use: (i: number) => boolean): Score {
  const F = GO_FEATURES_PER_MOVE;
  let ll = 0, top = 0, n = 0;
  const z = new Float64Array(MAX_MOVES);
  for (let i = 0; i < s.count; i++) {
    if (!use(i)) continue;
    const a = s.start[i], e = s.start[i + 1];
    let max = -Infinity, arg = -1;
    for (let c = a; c < e; c++) {
      let v = 0;
      for (let k = 0; k < F; k++) v += w[s.feats[c * F + k]];
      z[c - a] = v;
      if (v > max) {
        max = v;
        arg = c - a;
      }
    }
    let sum = 0;
    for (let k = 0; k < e - a; k++) sum += Math.exp(z[k] - max);
    ll += z[s.chosen[i]] - max - Math.log(sum);
    if (arg === s.chosen[i]) top++;
    n++;
  }
  return { logLikelihood: n ? ll / n : NaN, top1: n ? top / n : NaN };
}

/** Full-batch Adam on the mean negative log-likelihood plus λ/2·|w|² over the rows `rows`. */
export function fitSoftmax(s: GoSamples, rows: readonly number[], lambda: number, steps: number, log: (l: string) => void): Float64Array {
  const F = GO_FEATURES_PER_MOVE;
  const w = new Float64Array(GO_FEATURE_COUNT);
  const m = new Float64Array(GO_FEATURE_COUNT);
  const v = new Float64Array(GO_FEATURE_COUNT);
  const grad = new Float64Array(GO_FEATURE_COUNT);
  const z = new Float64Array(MAX_MOVES);
  const rate = 0.05, b1 = 0.9, b2 = 0.999;
  for (let step = 1; step <= steps; step++) {
    grad.fill(0);
    let nll = 0;
    for (const i of rows) {
      const a = s.start[i], e = s.start[i + 1];
      let max = -Infinity;
      for (let c = a; c < e; c++) {
        let t = 0;
        for (let k = 0; k < F; k++) t += w[s.feats[c * F + k]];
        z[c - a] = t;
        if (t > max) max = t;
      }
      let sum = 0;
      for (let c = 0; c < e - a; c++) sum += (z[c] = Math.exp(z[c] - max));
      nll -= Math.log(z[s.chosen[i]] / sum);
      for (let c = a; c < e; c++) {
        const p = z[c - a] / sum - (c - a === s.chosen[i] ? 1 : 0);
        for (let k = 0; k < F; k++) grad[s.feats[c * F + k]] += p;
      }
    }
    const n = Math.max(1, rows.length);
    let reg = 0;
    for (let j = 0; j < w.length; j++) {
      const g = grad[j] / n + lambda * w[j];
      reg += (lambda / 2) * w[j] * w[j];
      m[j] = b1 * m[j] + (1 - b1) * g;
      v[j] = b2 * v[j] + (1 - b2) * g * g;
      w[j] -= (rate * (m[j] / (1 - b1 ** step))) / (Math.sqrt(v[j] / (1 - b2 ** step)) + 1e-8);
    }
    if (step % 25 === 0 || step === 1) log(`step ${step}: loss ${(nll / n + reg).toFixed(4)}`);
  }
  // A group's weights are only defined up to a constant: centre each on its mean, so the numbers read alike.
  GO_FEATURE_GROUPS.forEach((grp, g) => {
    let mean = 0;
    for (let k = 0; k < grp.values; k++) mean += w[GO_FEATURE_OFFSETS[g] + k];
    mean /= grp.values;
    if (grp.name === 'shape') return; // most shapes are never seen: their weight 0 is the meaningful level
    for (let k = 0; k < grp.values; k++) w[GO_FEATURE_OFFSETS[g] + k] -= mean;
  });
  return w;
}

/** Fits the weights to the expert's moves in the games under `o.from`. */
export function trainGo(o: GoTrainOptions): GoTrainResult {
  const games = readGoGames(o.from, o.expert);
  if (games.length === 0) throw new Error(`train-go: no finished Go games with a player "${o.expert}" under ${o.from.join(', ')}`);
  const s = goSamples(games);
  o.log(`${games.length} games, ${s.count} positions of ${o.expert}'s moves (${s.skipped} left out: a pass or a move the tree prunes)`);
  const heldOut = (i: number): boolean => s.game[i] % o.holdOutEvery === o.holdOutEvery - 1;
  const train = (i: number): boolean => !heldOut(i);
  const rows: number[] = [];
  for (let i = 0; i < s.count; i++) if (train(i)) rows.push(i);
  if (rows.length < 100) throw new Error(`train-go: ${rows.length} positions to fit; play more games`);
  const w = fitSoftmax(s, rows, o.lambda, o.steps, o.log);
  let uni = 0, held = 0;
  const hand = { train: 0, heldOut: 0 };
  let trainN = 0;
  for (let i = 0; i < s.count; i++) {
    if (heldOut(i)) {
      uni -= Math.log(s.start[i + 1] - s.start[i]);
      held++;
      hand.heldOut += s.handTop[i];
    } else {
      hand.train += s.handTop[i];
      trainN++;
    }
  }
  hand.train /= Math.max(1, trainN);
  hand.heldOut /= Math.max(1, held);
  return {
    weights: w,
    games: games.length,
    positions: s.count,
    heldOutPositions: held,
    skipped: s.skipped,
    fitted: { train: scoreOf(s, w, train), heldOut: scoreOf(s, w, heldOut) },
    hand,
    uniform: held ? uni / held : NaN,
  };
}

/** The weights module the ai-worker ships (move-weights.ts): the non-zero weights as [index, weight] pairs. */
export function goWeightsModule(r: GoTrainResult, command: string): string {
  const pairs: string[] = [];
  r.weights.forEach((x, j) => {
    const y = Number(x.toPrecision(4));
    if (Math.abs(y) >= 0.005) pairs.push(`${j},${y}`);
  });
  const lines: string[] = [];
  for (let k = 0; k < pairs.length; k += 12) lines.push('  ' + pairs.slice(k, k + 12).join(', ') + ',');
  return `/**
 * Go's move-prediction weights, as (index, weight) pairs into the weight vector of move-features.ts (the others 0).
 * Written by \`pnpm bench train-go --install\` (apps/bench/src/train/go.ts): edit by re-running the fit, not by hand.
 */

/**
 * Fitted to ${r.positions} positions of ${r.games} games by
 * \`${command}\`:
 * held-out log-likelihood ${r.fitted.heldOut.logLikelihood.toFixed(3)} a move (uniform ${r.uniform.toFixed(3)}), the expert's move first
 * ${(100 * r.fitted.heldOut.top1).toFixed(1)}% of the time (the hand priors ${(100 * r.hand.heldOut).toFixed(1)}%) on ${r.heldOutPositions} held-out positions.
 */
export const GO_MOVE_WEIGHT_PAIRS: readonly number[] = [
${lines.join('\n')}
];
`;
}

import type { Rng } from '@qi/engine';
import type { Algorithm, Candidate } from './protocol.js';

/** What a level means for one search: a budget and how much randomness picks among the candidates. */
export interface LevelBudget {
  /** Playouts or nodes, when bounded that way. */
  nodes?: number;
  /** Depth (alpha-beta). */
  depth?: number;
  /** Time per move (ms). */
  timeMs?: number;
  /** Softmax temperature over candidates; 0 plays the best move. */
  temperature: number;
}

// Initial budgets, doubling per level; the bench's calibration measures what each is worth in Elo.
const MCTS_PLAYOUTS = [30, 60, 120, 250, 500, 1000, 2000, 4000, 8000];
const AB_DEPTH = [1, 1, 2, 2, 3, 4, 5, 6, 8];
const TEMPERATURE = [1.5, 1.0, 0.7, 0.5, 0.35, 0.2, 0.1, 0.05, 0, 0];
/** Level 10: the full search at a few seconds a move. */
const TOP_LEVEL_MS = 3000;

/** The budget of `level` (1–10) for `algorithm`; a RangeError names a bad level. */
export function levelBudget(level: number, algorithm: Algorithm): LevelBudget {
  if (!Number.isInteger(level) || level < 1 || level > 10) throw new RangeError(`level must be a whole number from 1 to 10, got ${level}`);
  const temperature = TEMPERATURE[level - 1];
  if (level === 10) return { timeMs: TOP_LEVEL_MS, temperature };
  // Lower levels also get a time cap so a slow device never waits long.
  return algorithm === 'mcts'
    ? { nodes: MCTS_PLAYOUTS[level - 1], timeMs: TOP_LEVEL_MS, temperature }
    : { depth: AB_DEPTH[level - 1], timeMs: TOP_LEVEL_MS, temperature };
}

/**
 * A game's own alpha-beta depths for levels 1–9 (level 10 stays the full search for a few seconds); MCTS levels
 * keep the generic playout budgets. `temperature` is a number that multiplies the generic temperatures, for games
 * whose moves differ little in win rate (a step in Chinese Checkers) and would otherwise be picked almost uniformly,
 * or the game's own temperatures of levels 1–9 (level 10 keeps 0).
 */
export function alphaBetaLevels(depths: readonly number[], temperature: number | readonly number[] = 1): (level: number, algorithm: Algorithm) => LevelBudget {
  if (depths.length !== 9) throw new RangeError(`alphaBetaLevels needs 9 depths (levels 1-9), got ${depths.length}`);
  if (typeof temperature !== 'number' && temperature.length !== 9) throw new RangeError(`alphaBetaLevels needs 9 temperatures (levels 1-9), got ${temperature.length}`);
  return (level: number, algorithm: Algorithm): LevelBudget => {
    const generic = levelBudget(level, algorithm);
    const own = typeof temperature === 'number' ? generic.temperature * temperature : level < 10 ? temperature[level - 1] : generic.temperature;
    return algorithm === 'alphabeta' && level < 10 ? { ...generic, depth: depths[level - 1], temperature: own } : { ...generic, temperature: own };
  };
}

/**
 * Picks a candidate with probability ∝ exp(strength / temperature): strength is the win rate (so a temperature
 * of 0.1 already strongly prefers better moves); temperature 0 returns the first (best) candidate.
 */
export function pickCandidate(candidates: readonly Candidate[], temperature: number, rng: Rng): Candidate | undefined {
  if (candidates.length === 0 || temperature <= 0) return candidates[0];
  let best = -Infinity;
  for (const c of candidates) best = Math.max(best, c.winRate);
  const weights = candidates.map((c) => Math.exp((c.winRate - best) / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rng.float() * total;
  for (let i = 0; i < candidates.length; i++) {
    x -= weights[i];
    if (x < 0) return candidates[i];
  }
  return candidates[candidates.length - 1];
}

/**
 * Where a player's Go games turned, in the eyes of GNU Go: its score estimate (`estimate_score`, which counts its own
 * verdict on every group's life) of positions along each finished bench game, beside the win rate the player's search
 * reported. It tells a lead lost unseen (the estimate falls by tens of points while the player's win rate stays high:
 * a group died that its playouts counted alive) from a game never led, and whether resignations came early.
 */
import type { GtpClient } from '../gtp/client.js';
import type { GoTrainingGame } from './go.js';
import { parseJsonLines } from './json-lines.js';

/** The player's moves before its win rate counts as a peak (an opening's estimates are noise). */
export const PEAK_FROM_MOVE = 15;

/** One judged position: after `ply` moves, GNU Go's estimate from the player's side, and the player's last win rate. */
export interface SwingSample {
  ply: number;
  /** Points ahead (negative: behind) for the player, by GNU Go's estimate. */
  estimate: number;
  /** The win rate the player's search reported with its last move before `ply` (null before its first). */
  winRate: number | null;
}

/** One game's course. */
export interface GameSwings {
  file: string;
  result: string;
  /** The player's colour: 0 Black, 1 White. */
  colour: 0 | 1;
  won: boolean;
  /** Judged positions in ply order, the last one the final position. */
  samples: SwingSample[];
  /** The sample just after the player's move with its highest win rate from its PEAK_FROM_MOVE-th move on. */
  peak: SwingSample | null;
  /** The largest fall of the estimate between two consecutive samples (null with fewer than two). */
  fall: { from: SwingSample; to: SwingSample } | null;
}

/** Black's lead in an `estimate_score` answer ('B+3.5 (upper bound: …)', 'W+12.0 …', '0'); throws on anything else. */
export function parseEstimate(text: string): number {
  const t = text.trim();
  const m = /^([BW])\+(\d+(?:\.\d+)?)\b/i.exec(t);
  if (m !== null) return (m[1].toUpperCase() === 'B' ? 1 : -1) * Number(m[2]);
  if (/^0(?:\.0+)?\b/.test(t)) return 0;
  throw new Error(`estimate_score: cannot read ${JSON.stringify(t)}`);
}

/** The win rate the player of `colour` reported with its last move before `ply`, or null. */
export function winRateBefore(g: GoTrainingGame, colour: 0 | 1, ply: number): number | null {
  for (let i = Math.min(ply, g.moves.length) - 1; i >= 0; i--) {
    if (i % 2 === colour && g.winRates[i] !== null) return g.winRates[i];
  }
  return null;
}

/** The ply after the player's move with its highest reported win rate from its PEAK_FROM_MOVE-th move on, or -1. */
export function peakPly(g: GoTrainingGame, colour: 0 | 1): number {
  let best = -1, bestRate = -Infinity;
  for (let i = colour + 2 * (PEAK_FROM_MOVE - 1); i < g.moves.length; i += 2) {
    const w = g.winRates[i];
    if (w !== null && w > bestRate) {
      bestRate = w;
      best = i + 1;
    }
  }
  return best;
}

/** Whether the player of `colour` won the recorded result. */
export function wonBy(result: string, colour: 0 | 1): boolean {
  return result.toUpperCase().startsWith(colour === 0 ? 'B+' : 'W+');
}

/**
 * Judges game `g` for the player of `colour` with GNU Go (`gtp`): its estimate every `every` plies, at the player's
 * peak and at the final position. The engine is left on the final position.
 */
export async function gameSwings(gtp: GtpClient, g: GoTrainingGame, colour: 0 | 1, every: number): Promise<GameSwings> {
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`every must be a positive whole number, got ${every}`);
  const peak = peakPly(g, colour);
  const plies = new Set<number>();
  for (let p = every; p < g.moves.length; p += every) plies.add(p);
  plies.add(g.moves.length);
  if (peak > 0) plies.add(peak);
  const order = [...plies].sort((a, b) => a - b);
  // GNU Go reads with some randomness: a fixed seed gives the same estimates on every run.
  await gtp.sendAll([`boardsize ${g.size}`, 'clear_board', `komi ${g.komi}`, 'set_random_seed 1']);
  const samples: SwingSample[] = [];
  let played = 0;
  const side = colour === 0 ? 1 : -1;
  for (const ply of order) {
    const plays: string[] = [];
    for (; played < ply; played++) plays.push(`play ${played % 2 === 0 ? 'B' : 'W'} ${g.moves[played]}`);
    if (plays.length > 0) await gtp.sendAll(plays);
    // GNU Go 3.8 level 10 reads every group of a crowded 19x19 board in about a second; a minute means it hangs.
    const estimate = side * parseEstimate(await gtp.send('estimate_score', 60_000));
    samples.push({ ply, estimate, winRate: winRateBefore(g, colour, ply) });
  }
  let fall: GameSwings['fall'] = null;
  for (let i = 1; i < samples.length; i++) {
    const d = samples[i].estimate - samples[i - 1].estimate;
    if (fall === null || d < fall.to.estimate - fall.from.estimate) fall = { from: samples[i - 1], to: samples[i] };
  }
  return {
    file: g.file,
    result: g.result,
    colour,
    won: wonBy(g.result, colour),
    samples,
    peak: peak > 0 ? (samples.find((s) => s.ply === peak) ?? null) : null,
    fall,
  };
}

/** A fall of the estimate at least this big between two samples, with the player's win rate still at 0.5 or more after it, went unseen. */
export const UNSEEN_FALL_POINTS = 20;

/** Whether the estimate fell by UNSEEN_FALL_POINTS or more from sample `from` to the next, `to`, while the player still read 0.5 or more. */
function unseenFall(from: SwingSample, to: SwingSample): boolean {
  return from.estimate - to.estimate >= UNSEEN_FALL_POINTS && to.winRate !== null && to.winRate >= 0.5;
}

/** What a set of judged games shows. */
export interface SwingSummary {
  games: number;
  won: number;
  /** Losses by resignation and on the count. */
  resigned: number;
  counted: number;
  /** Losses in which the player's win rate reached 0.60 after its PEAK_FROM_MOVE-th move; of them, GNU Go's estimate favoured it at that peak, and by more than 10 points. */
  lostFromPeak: number;
  peakAhead: number;
  peakAheadBy10: number;
  /** Games (and of them losses) with a fall of UNSEEN_FALL_POINTS or more after which the player's win rate was still 0.5 or more. */
  unseenFalls: number;
  unseenFallsLost: number;
  /** Median of GNU Go's estimate for the player at the final position of its resigned losses (NaN without any). */
  resignedMedian: number;
  /** Counted losses in which the player's last win rate was 0.5 or more (it passed believing it won). */
  countedBelieved: number;
}

/** Sums up judged games. */
export function summarizeSwings(games: readonly GameSwings[]): SwingSummary {
  const lost = games.filter((g) => !g.won);
  const resigned = lost.filter((g) => /\+R/i.test(g.result));
  const counted = lost.filter((g) => !/\+[RF]/i.test(g.result));
  const fromPeak = lost.filter((g) => g.peak !== null && g.peak.winRate !== null && g.peak.winRate >= 0.6);
  const unseen = (g: GameSwings): boolean => g.samples.some((to, i) => i > 0 && unseenFall(g.samples[i - 1], to));
  const finals = resigned.map((g) => g.samples[g.samples.length - 1].estimate).sort((a, b) => a - b);
  const mid = finals.length / 2;
  return {
    games: games.length,
    won: games.length - lost.length,
    resigned: resigned.length,
    counted: counted.length,
    lostFromPeak: fromPeak.length,
    peakAhead: fromPeak.filter((g) => (g.peak as SwingSample).estimate > 0).length,
    peakAheadBy10: fromPeak.filter((g) => (g.peak as SwingSample).estimate > 10).length,
    unseenFalls: games.filter(unseen).length,
    unseenFallsLost: lost.filter(unseen).length,
    resignedMedian: finals.length === 0 ? NaN : finals.length % 2 === 1 ? finals[Math.floor(mid)] : (finals[mid - 1] + finals[mid]) / 2,
    countedBelieved: counted.filter((g) => {
      const last = g.samples[g.samples.length - 1];
      return last.winRate !== null && last.winRate >= 0.5;
    }).length,
  };
}

/**
 * The plies at which the player moved inside the falls it did not see (a fall of UNSEEN_FALL_POINTS or more between
 * two samples, its win rate still 0.5 or more after it), by game file: the positions `agree-go --positions-from`
 * measures a search on, where the player's own move lost a group.
 */
export function unseenFallPlies(games: readonly GameSwings[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const g of games) {
    for (let i = 1; i < g.samples.length; i++) {
      const from = g.samples[i - 1], to = g.samples[i];
      if (!unseenFall(from, to)) continue;
      let plies = out.get(g.file);
      if (plies === undefined) out.set(g.file, (plies = new Set<number>()));
      // Ply p is the position after p moves: the player (colour 0 Black) is to move there when p has its parity.
      for (let p = from.ply; p < to.ply; p++) if (p % 2 === g.colour) plies.add(p);
    }
  }
  return out;
}

/** Reads `swings-go --save` output (one game a line); throws naming the first line that is not a judged game. */
export function parseSwings(text: string, source: string): GameSwings[] {
  return parseJsonLines(text, source, isSwings, 'a game judged by swings-go (file, colour, samples)');
}

function isSwings(value: unknown): value is GameSwings {
  const x = value as Partial<GameSwings> | null;
  const sampleOk = (v: unknown): boolean => {
    const s = v as Partial<SwingSample> | null;
    return typeof s === 'object' && s !== null && Number.isInteger(s.ply) && typeof s.estimate === 'number' && (s.winRate === null || typeof s.winRate === 'number');
  };
  return typeof x === 'object' && x !== null && typeof x.file === 'string' && (x.colour === 0 || x.colour === 1) && Array.isArray(x.samples) && x.samples.every(sampleOk);
}

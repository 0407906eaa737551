/**
 * A match: games between players A and B played `concurrency` at a time (each slot has its own bot worker
 * threads or engine processes), from seeded openings shared by a pair of games with colours swapped, every
 * game saved to the output folder (its record and its result) as it ends, statistics after every game, and an
 * SPRT that stops scheduling new games once it decides. A run stopped half-way (killed, or cut by a time
 * limit) is resumed in the same folder: the games already finished are kept and only the others are played.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Rng } from '@qi/engine';
import { matchStats, type MatchStats } from '../stats/elo.js';
import { sprtState, type SprtConfig, type SprtState } from '../stats/sprt.js';
import type { BenchGame } from './games.js';
import type { OpeningSet } from './openings.js';
import { playGame } from './play.js';
import { BotThreads, createPlayer, type BotStart, type DefaultBudget, type Player } from './players.js';
import { GoReferee } from './referee.js';
import type { PlayerSpec } from './spec.js';
import type { GameResult, MoveStat } from './types.js';

/** Everything a match needs. */
export interface MatchOptions {
  game: BenchGame;
  a: PlayerSpec;
  b: PlayerSpec;
  /** Games to play at most (an SPRT may stop earlier); pairs share an opening. */
  games: number;
  /** Games in parallel. */
  concurrency: number;
  /** Seed of the openings (and of the bots' randomness). */
  seed: number;
  /** Openings from a file, pair k playing line k mod their number (default: seeded random ones). */
  openings?: OpeningSet;
  /** Budget of bots whose spec sets none. */
  budget: DefaultBudget;
  /** Per-move hard limit (a time-out loses), ms. */
  moveDeadlineMs: number;
  /** The move time outside engines are told (GTP time_settings/time_left, piskvork timeout_turn/time_left). */
  engineTimeMs?: number;
  sprt?: SprtConfig;
  /** Output folder (created); records go to games/ inside. */
  outDir: string;
  /** GNU Go executable to referee Go games, or null. */
  referee?: string | null;
  /** How bot threads start (tests). */
  botStart?: BotStart;
  /** Threads shared with other matches (then not closed here); default: the match's own. */
  threads?: BotThreads;
  /** Called after every game. */
  onGame?: (state: MatchProgress) => void;
  /** Event name in records. */
  event?: string;
  /**
   * Keep the games a stopped run of the same match (same game, players, seed, budgets, referee) left in outDir
   * and play only the others; a folder holding another match is refused.
   */
  resume?: boolean;
  /** Called once, before any game, with the number of finished games a resume kept. */
  onResume?: (kept: number) => void;
}

/** The state after a game. */
export interface MatchProgress {
  done: number;
  total: number;
  stats: MatchStats;
  sprt: SprtState | null;
  elapsedMs: number;
  /** Estimated time to finish the planned games, ms. */
  etaMs: number;
  last: GameResult;
}

/** Per-player totals of the engine statistics. */
export interface PlayerTotals {
  name: string;
  spec: PlayerSpec;
  moves: number;
  timeMs: number;
  nodes: number;
  /** Nodes (or playouts) per second over all moves that reported nodes. */
  nodesPerSecond: number;
  /** Average time per move, ms. */
  msPerMove: number;
  /** Games lost by illegal move, time-out or crash, with the reasons. */
  faults: string[];
}

/** The outcome of a match (also written as summary.json). */
export interface MatchSummary {
  game: string;
  gameLabel: string;
  players: { a: PlayerTotals; b: PlayerTotals };
  options: { games: number; concurrency: number; seed: number; budget: DefaultBudget; moveDeadlineMs: number; engineTimeMs: number | null; sprt: SprtConfig | null; referee: string | null; openings?: { source: string; count: number } };
  stats: MatchStats;
  sprt: SprtState | null;
  /** Why the match ended early, if it did. */
  stoppedBy: string | null;
  elapsedMs: number;
  results: GameResult[];
  outDir: string;
}

/** The seeded random opening of pair `k`: the same for both games of the pair. */
export function openingOf(game: BenchGame, seed: number, k: number): number[] {
  return game.opening(new Rng((seed * 7919 + k * 104729 + 1) >>> 0));
}

/** An opening a pair of games starts from, and the words its records use for it. */
export interface MatchOpening {
  moves: number[];
  /** E.g. "seeded random opening", "opening 3 of balanced.txt". */
  note: string;
}

/** The opening of pair `k`: line k mod their number of `openings` when given, else the seeded random one. */
export function matchOpening(game: BenchGame, seed: number, k: number, openings?: OpeningSet): MatchOpening {
  if (openings === undefined) return { moves: openingOf(game, seed, k), note: 'seeded random opening' };
  const i = k % openings.lines.length;
  return { moves: [...openings.lines[i]], note: `opening ${i + 1} of ${openings.source}` };
}

/** Runs a match and writes its records and summary.json; resolves when every started game has finished. */
export async function runMatch(o: MatchOptions): Promise<MatchSummary> {
  if (!Number.isInteger(o.games) || o.games < 1) throw new RangeError(`games must be a whole number ≥ 1, got ${o.games}`);
  if (!Number.isInteger(o.concurrency) || o.concurrency < 1) throw new RangeError(`concurrency must be a whole number ≥ 1, got ${o.concurrency}`);
  const gamesDir = join(o.outDir, 'games');
  mkdirSync(gamesDir, { recursive: true });
  const t0 = performance.now();
  const settings = matchSettings(o);
  const results = o.resume ? finishedGames(o, settings) : [];
  if (o.resume) o.onResume?.(results.length);
  writeFileSync(join(o.outDir, SETTINGS_FILE), settings);
  const finished = new Set(results.map((r) => r.index));
  const wdl = { wins: 0, draws: 0, losses: 0 };
  for (const r of results) tally(wdl, r);
  let next = 0;
  let stoppedBy: string | null = null;
  let sprt: SprtState | null = null;
  if (o.sprt && results.length > 0) {
    sprt = sprtState(wdl, o.sprt);
    if (sprt.result !== 'continue') stoppedBy = `SPRT accepted ${sprt.result} (LLR ${sprt.llr.toFixed(2)})`;
  }
  // Games a resume kept: the time estimate counts only the games this run played.
  const resumed = results.length;
  const openings = new Map<number, MatchOpening>();
  const slots = Math.min(o.concurrency, o.games);
  const threads = o.threads ?? new BotThreads(o.botStart, o.seed * 100 + 1);

  const slot = async (s: number): Promise<void> => {
    const a = createPlayer(o.a, o.budget, threads, o.engineTimeMs);
    const b = createPlayer(o.b, o.budget, threads, o.engineTimeMs);
    const referee = o.game.id === 'go' && o.referee ? new GoReferee(o.referee) : null;
    try {
      for (;;) {
        while (next < o.games && finished.has(next)) next++;
        if (next >= o.games || stoppedBy !== null) break;
        const index = next++;
        const k = index >> 1;
        if (!openings.has(k)) openings.set(k, matchOpening(o.game, o.seed, k, o.openings));
        const { result: r, record } = await playMatchGame(o, index, openings.get(k) as MatchOpening, [a, b], referee);
        writeFileSync(join(o.outDir, r.file), record);
        // The result after the record: a result file always has its record (a resume trusts the pair).
        writeFileSync(join(o.outDir, resultFile(index)), JSON.stringify(r));
        results.push(r);
        tally(wdl, r);
        if (o.sprt) {
          sprt = sprtState(wdl, o.sprt);
          if (sprt.result !== 'continue' && stoppedBy === null) stoppedBy = `SPRT accepted ${sprt.result} (LLR ${sprt.llr.toFixed(2)})`;
        }
        const elapsedMs = performance.now() - t0;
        const done = results.length;
        // Stopped: the games started (every index below next) and those a resume kept beyond them.
        let total = o.games;
        if (stoppedBy !== null) {
          total = next;
          for (const f of finished) if (f >= next) total++;
        }
        const playedHere = done - resumed;
        o.onGame?.({ done, total, stats: matchStats(wdl), sprt, elapsedMs, etaMs: (elapsedMs / playedHere) * Math.max(0, total - done), last: r });
      }
    } finally {
      await Promise.all([a.close(), b.close(), referee?.close()]);
    }
  };
  try {
    await Promise.all(Array.from({ length: slots }, (_, s) => slot(s)));
  } finally {
    if (o.threads === undefined) await threads.close();
  }
  return writeSummary(o, results, wdl, sprt, stoppedBy, performance.now() - t0);
}

/** The file a match keeps its settings in (a resume checks them). */
const SETTINGS_FILE = 'match.json';

/** Where game `index`'s result is kept, relative to the output folder (beside its record, which may be .json itself). */
function resultFile(index: number): string {
  return `games/${String(index + 1).padStart(4, '0')}.result.json`;
}

/** Adds a game's result to the win/draw/loss tally (A's side). */
function tally(wdl: { wins: number; draws: number; losses: number }, r: GameResult): void {
  if (r.scoreA === 1) wdl.wins++;
  else if (r.scoreA === 0) wdl.losses++;
  else wdl.draws++;
}

/**
 * A fingerprint of the Qi code the bots run: a hash of the built JavaScript of the engine and the AI worker, so
 * that a resume after the AI changed is refused instead of mixing two programs' games (a change to the docs or the
 * bench keeps it).
 */
export function qiBuild(): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  for (const pkg of ['@qi/engine', '@qi/ai-worker']) {
    const root = dirname(require.resolve(pkg));
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (e.name.endsWith('.js')) hash.update(path.slice(root.length)).update(readFileSync(path));
      }
    };
    walk(root);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * What makes two runs the same match: the game, the players, the seed, the budgets, the referee and, when a Qi bot
 * plays, the Qi build (not the game count).
 */
export function matchSettings(o: MatchOptions): string {
  const settings = {
    qiBuild: o.a.kind === 'bot' || o.b.kind === 'bot' ? qiBuild() : null,
    game: o.game.id,
    gameOptions: o.game.options,
    label: o.game.label,
    a: o.a,
    b: o.b,
    seed: o.seed,
    budget: o.budget,
    moveDeadlineMs: o.moveDeadlineMs,
    engineTimeMs: o.engineTimeMs ?? null,
    referee: o.referee ?? null,
    // Only when set, so that the settings of a match with random openings read as before (its resume still works).
    ...(o.openings === undefined ? {} : { openings: { source: o.openings.source, count: o.openings.lines.length, sha256: createHash('sha256').update(JSON.stringify(o.openings.lines)).digest('hex').slice(0, 16) } }),
  };
  return JSON.stringify(settings, null, 1);
}

/** Whether two settings texts differ in nothing but the Qi build. */
function sameButBuild(x: string, y: string): boolean {
  try {
    const a = JSON.parse(x) as Record<string, unknown>;
    const b = JSON.parse(y) as Record<string, unknown>;
    return JSON.stringify({ ...a, qiBuild: null }) === JSON.stringify({ ...b, qiBuild: null });
  } catch {
    return false;
  }
}

/**
 * The results of the games a stopped run of this match (whose settings are `now`) finished, those of index below
 * o.games, from outDir; throws, naming the file, when the folder holds another match, games of another Qi build or
 * a result that cannot be read.
 */
export function finishedGames(o: MatchOptions, now = matchSettings(o)): GameResult[] {
  const settingsPath = join(o.outDir, SETTINGS_FILE);
  const gamesDir = join(o.outDir, 'games');
  if (!existsSync(settingsPath)) {
    if (existsSync(gamesDir) && readdirSync(gamesDir).some((f) => f.endsWith('.result.json'))) {
      throw new Error(`--resume: ${o.outDir} has game results but no ${SETTINGS_FILE}; use a new --out`);
    }
    return [];
  }
  const saved = readFileSync(settingsPath, 'utf8');
  if (saved !== now) {
    if (sameButBuild(saved, now)) {
      const build = (text: string) => String((JSON.parse(text) as { qiBuild?: unknown }).qiBuild);
      throw new Error(`--resume: the Qi build changed since ${o.outDir} was started (${build(saved)}, now ${build(now)}): its games were played by other code; use a new --out`);
    }
    throw new Error(`--resume: ${o.outDir} holds another match (${SETTINGS_FILE}: ${saved.replace(/\s+/g, ' ')}; this run: ${now.replace(/\s+/g, ' ')}); use a new --out`);
  }
  const results: GameResult[] = [];
  for (const f of readdirSync(gamesDir).sort()) {
    const m = /^(\d{4,})\.result\.json$/.exec(f);
    if (m === null) continue;
    const path = join(gamesDir, f);
    let r: GameResult;
    try {
      r = JSON.parse(readFileSync(path, 'utf8')) as GameResult;
    } catch (e) {
      throw new Error(`--resume: ${path} is not a game result (${(e as Error).message}); remove it to play that game again`);
    }
    const index = Number(m[1]) - 1;
    if (r === null || typeof r !== 'object' || r.index !== index || ![0, 0.5, 1].includes(r.scoreA) || !Array.isArray(r.stats) || !Array.isArray(r.moves) || typeof r.file !== 'string') {
      throw new Error(`--resume: ${path} is not the result of game ${index + 1}; remove it to play that game again`);
    }
    if (!existsSync(join(o.outDir, r.file))) throw new Error(`--resume: ${path} names a record ${r.file} that is missing; remove it to play that game again`);
    if (index < o.games) results.push(r);
  }
  return results;
}

/** The seed of game `index` of a match seeded `seed`. */
export function gameSeed(seed: number, index: number): number {
  return (Math.imul(seed + 1, 0x27d4eb2f) ^ Math.imul(index + 1, 0x165667b1)) >>> 0;
}

/** What a match game needs of the match: the game, the players' specs, the seed, budgets and the record's event. */
export type MatchGameOptions = Pick<MatchOptions, 'game' | 'a' | 'b' | 'seed' | 'moveDeadlineMs' | 'event'>;

/**
 * Game `index` of a match (games 2k and 2k+1 share opening k, A first in the even one) between the players of specs
 * A and B, and its record: the same wherever it is played (a local slot or a queue worker), given the same players.
 */
export async function playMatchGame(
  o: MatchGameOptions,
  index: number,
  opening: MatchOpening,
  [a, b]: readonly [Player, Player],
  referee: GoReferee | null,
): Promise<{ result: GameResult; record: string }> {
  const k = index >> 1;
  const aFirst = index % 2 === 0;
  const order: [Player, Player] = aFirst ? [a, b] : [b, a];
  // The bots' randomness is seeded per game from the match seed and the index: the same game on any thread or worker.
  const g = await playGame(o.game, order, opening.moves, { moveDeadlineMs: o.moveDeadlineMs, referee, seed: gameSeed(o.seed, index) });
  const scoreA = aFirst ? g.score0 : 1 - g.score0;
  const info = {
    players: [order[0].name, order[1].name] as [string, string],
    result: g.result,
    reason: g.reason,
    event: o.event ?? `qi bench: ${o.a.name} vs ${o.b.name}`,
    openingPlies: opening.moves.length,
    openingNote: opening.note,
  };
  const saved = o.game.record(g.moves, g.stats, info);
  const file = `games/${String(index + 1).padStart(4, '0')}.${saved.ext}`;
  const replay = o.game.create();
  const moves = g.moves.map((m) => {
    const t = replay.moveToText(m);
    replay.play(m);
    return t;
  });
  return { result: { index, opening: k, aFirst, scoreA, result: g.result, reason: g.reason, plies: g.moves.length, timeMs: g.timeMs, moves, stats: g.stats, file }, record: saved.text };
}

/** Sorts the results, writes summary.json and returns the summary. */
export function writeSummary(
  o: MatchOptions,
  results: GameResult[],
  wdl: { wins: number; draws: number; losses: number },
  sprt: SprtState | null,
  stoppedBy: string | null,
  elapsedMs: number,
): MatchSummary {
  results.sort((x, y) => x.index - y.index);
  const summary: MatchSummary = {
    game: o.game.id,
    gameLabel: o.game.label,
    players: { a: totals(o.a, results, true), b: totals(o.b, results, false) },
    options: { games: o.games, concurrency: o.concurrency, seed: o.seed, budget: o.budget, moveDeadlineMs: o.moveDeadlineMs, engineTimeMs: o.engineTimeMs ?? null, sprt: o.sprt ?? null, referee: o.referee ?? null, ...(o.openings === undefined ? {} : { openings: { source: o.openings.source, count: o.openings.lines.length } }) },
    stats: matchStats(wdl),
    sprt,
    stoppedBy,
    elapsedMs,
    results,
    outDir: o.outDir,
  };
  writeFileSync(join(o.outDir, 'summary.json'), JSON.stringify(summary, null, 1));
  return summary;
}

/** Sums the statistics of the moves A (or B) made. */
function totals(spec: PlayerSpec, results: readonly GameResult[], isA: boolean): PlayerTotals {
  let moves = 0;
  let timeMs = 0;
  let nodes = 0;
  let nodeTime = 0;
  const faults: string[] = [];
  for (const r of results) {
    const mySide = r.aFirst === isA ? 0 : 1;
    r.stats.forEach((s: MoveStat | null, ply) => {
      if (s === null || ply % 2 !== mySide) return;
      moves++;
      timeMs += s.timeMs;
      if (s.nodes > 0) {
        nodes += s.nodes;
        nodeTime += s.timeMs;
      }
    });
    if (/\+F$/.test(r.result) && (isA ? r.scoreA === 0 : r.scoreA === 1)) faults.push(`game ${r.index + 1}: ${r.reason}`);
  }
  return {
    name: spec.name,
    spec,
    moves,
    timeMs,
    nodes,
    nodesPerSecond: nodeTime > 0 ? (nodes * 1000) / nodeTime : 0,
    msPerMove: moves > 0 ? timeMs / moves : 0,
    faults,
  };
}

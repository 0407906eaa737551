/**
 * `bench calibrate --game G`: Qi's levels play each other (each level against the next two: a chain that links
 * every level with few games; or a full round-robin), with fixed budgets (levels 1–9 are node/depth budgets
 * already; level 10 gets a fixed node budget instead of its time), for Go also GNU Go level 1 and 10 and for
 * Reversi GRhino levels 1, 3 and 5 when installed (outside anchors on the same scale). A Bradley–Terry fit anchored at level 1 = 0 gives the table the web app imports:
 * packages/ai-worker/data/levels-elo.json, the table of the package that owns the levels (the web app reads it).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Flags, UsageError } from '../cli/args.js';
import { Progress, duration, progressLine } from '../cli/progress.js';
import { gnugoPath } from '../gtp/gnugo.js';
import { grhinoPath } from '../gtp/grhino.js';
import { BotThreads } from '../match/players.js';
import { runQueuedMatch } from '../match/queue.js';
import { qiBuild, runMatch, type MatchOptions } from '../match/run.js';
import type { PlayerSpec } from '../match/spec.js';
import { fitRatings, type PairResult } from '../stats/ratings.js';
import { REPORT_CSS, esc, lineChart } from '../report/svg.js';
import { defaultOut, gameFromFlags } from './match.js';
import type { CommandIo } from './io.js';

/** The calibrate flags as `--help` prints them. */
export const calibrateUsage = `calibrate options:
  --game go|gomoku|reversi   (and --size, --komi, --rule as for match)
  --max-level N              calibrate levels 1..N (default 10)
  --games N                  games per pairing (default 20)
  --design chain|round-robin chain: each level against the next two (default); round-robin: every pair
  --top-nodes N              fixed node budget of level 10 (default: go 16000 playouts, others 400000 nodes)
  --gnugo auto|none          Go: also GNU Go --level 1 and --level 10 against levels 1, 4, 7, 10 (default auto)
  --grhino auto|none         Reversi: also GRhino --level 1, --level 3 and --level 5 --mid 8 --end 16 against
                             levels 1, 4, 7, 10 (default auto)
  --concurrency N  --seed N  --out DIR
  --data DIR                 where levels-elo.json is written (default packages/ai-worker/data)
  --resume                   reuse the pairings already finished in --out (their summary.json) and play the rest
  --queue redis://HOST:PORT  play each pairing's games on \`bench worker\` processes through Redis (as match --queue)`;

/**
 * GRhino's levels placed on the Reversi scale: anchor name and gtp-rhino arguments. Level 5 with the depths of the
 * README's match (mid game 8, exact endgame at 16 empties) keeps its moves near a second.
 */
const GRHINO_ANCHORS: readonly [string, readonly string[]][] = [
  ['grhino-L1', ['--level', '1']],
  ['grhino-L3', ['--level', '3']],
  ['grhino-L5-m8-e16', ['--level', '5', '--mid', '8', '--end', '16']],
];

/** The levels each outside anchor plays. */
export const ANCHOR_OPPONENTS: readonly number[] = [1, 4, 7, 10];

/**
 * The outside engines placed on a game's scale, given the executables found (null: not installed or left out):
 * GNU Go levels 1 and 10 for Go (Chinese rules, the board size), GRhino's levels for Reversi. Both search to fixed
 * depths or budgets, so, like the levels' own budgets, the table does not depend on the machine's speed.
 */
export function outsideAnchors(gameId: string, size: number, programs: { gnugo: string | null; grhino: string | null }): PlayerSpec[] {
  if (gameId === 'go' && programs.gnugo !== null) {
    const gnugo = programs.gnugo;
    return [1, 10].map((gl) => ({ kind: 'gtp', name: `gnugo-L${gl}`, command: [gnugo, '--mode', 'gtp', '--level', String(gl), '--chinese-rules', '--boardsize', String(size)] }));
  }
  if (gameId === 'reversi' && programs.grhino !== null) {
    const grhino = programs.grhino;
    return GRHINO_ANCHORS.map(([name, args]) => ({ kind: 'gtp', name, command: [grhino, ...args] }));
  }
  return [];
}

/** Time cap of a calibration move (ms): far above what the fixed budgets need. */
const CALIBRATION_MOVE_MS = 60_000;

/** The table one game contributes to levels-elo.json. */
export interface LevelTable {
  game: string;
  label: string;
  generated: string;
  design: string;
  gamesPerPair: number;
  games: number;
  /** How each level was budgeted in the calibration. */
  budgets: Record<string, string>;
  levels: { level: number; elo: number; error: number; games: number }[];
  /** External anchors (GNU Go, GRhino) on the same scale. */
  anchors: { name: string; elo: number; error: number; games: number }[];
}

/** Default data folder: the ai-worker's data/, where the package that owns the levels keeps their table. */
export function defaultDataDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@qi/ai-worker/levels-elo.json'));
}

/** Runs the calibration; returns the exit status. */
export async function calibrateCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const flags = new Flags(argv, ['resume']);
  const game = gameFromFlags(flags);
  const maxLevel = flags.int('max-level', 10, 2, 10);
  const perPair = flags.int('games', 20);
  const design = flags.string('design', 'chain');
  if (design !== 'chain' && design !== 'round-robin') throw new UsageError(`--design must be chain or round-robin, got "${design}"`);
  const topNodes = flags.int('top-nodes', game.id === 'go' ? 16_000 : 400_000);
  const gnugoFlag = flags.string('gnugo', 'auto');
  if (gnugoFlag !== 'auto' && gnugoFlag !== 'none') throw new UsageError(`--gnugo must be auto or none, got "${gnugoFlag}"`);
  const grhinoFlag = flags.string('grhino', 'auto');
  if (grhinoFlag !== 'auto' && grhinoFlag !== 'none') throw new UsageError(`--grhino must be auto or none, got "${grhinoFlag}"`);
  const concurrency = flags.int('concurrency', availableParallelism(), 1, 256);
  const seed = flags.int('seed', 1, 0);
  const outDir = flags.string('out') ?? defaultOut(`calibrate-${game.id}`);
  const dataDir = flags.string('data') ?? defaultDataDir();
  const resume = flags.bool('resume');
  const queueUrl = flags.string('queue');
  flags.checkUsed();

  const players: PlayerSpec[] = [];
  const budgets: Record<string, string> = {};
  for (let l = 1; l <= maxLevel; l++) {
    // A generous time cap so the node/depth budgets bind, not the levels' 3 s cap: results do not depend on the
    // machine's speed or load.
    const spec: PlayerSpec = { kind: 'bot', name: `level:${l}`, level: l, timeMs: CALIBRATION_MOVE_MS, ...(l === 10 ? { nodes: topNodes } : {}) };
    budgets[String(l)] = l === 10 ? `level 10 randomness, ${topNodes} nodes` : `level ${l} budget (levels.ts)`;
    players.push(spec);
  }
  const levelCount = players.length;
  const pairs: [number, number][] = [];
  for (let i = 0; i < levelCount; i++) {
    for (let j = i + 1; j < levelCount; j++) if (design === 'round-robin' || j - i <= 2) pairs.push([i, j]);
  }
  const gnugo = gnugoPath();
  const anchors = outsideAnchors(game.id, (game.rules as { size?: number }).size ?? 0, {
    gnugo: gnugoFlag === 'auto' && existsSync(gnugo) ? gnugo : null,
    grhino: grhinoFlag === 'auto' && existsSync(grhinoPath()) ? grhinoPath() : null,
  });
  for (const anchor of anchors) {
    const k = players.length;
    players.push(anchor);
    for (const l of ANCHOR_OPPONENTS) if (l <= maxLevel) pairs.push([l - 1, k]);
  }
  const totalGames = pairs.length * perPair;
  // Games of the pairings a --resume reuses: counted as done, and the total grows by what they differ from --games.
  let reused = 0;
  let reusedExtra = 0;
  let otherBuild = 0;
  const build = qiBuild();
  io.err.write(`calibrate ${game.label}: ${players.length} players, ${pairs.length} pairings × ${perPair} games = ${totalGames} games → ${outDir}\n`);
  const progress = new Progress(io.err);
  const results: PairResult[] = [];
  const t0 = performance.now();
  let done = 0;
  // One set of bot threads for every pairing: levels differ per request, not per thread.
  const threads = io.threads ?? new BotThreads(io.botStart, seed * 100 + 1);
  try {
    for (const [i, j] of pairs) {
      const a = players[i];
      const b = players[j];
      const pairDir = join(outDir, `${a.name}-vs-${b.name}`.replace(/[^A-Za-z0-9_.-]+/g, '_'));
      const finished = resume ? finishedPairing(pairDir, a.name, b.name) : null;
      if (finished !== null) {
        // A long calibration stopped half-way keeps what it measured: the pairing's own summary is the result.
        // Games of another Qi build are kept too (a level whose play did not change need not be replayed), but said.
        const other = finished.build !== null && finished.build !== build ? ` — played by another Qi build (${finished.build}, now ${build}): remove the folder to replay it if these levels play differently now` : '';
        if (other !== '') otherBuild++;
        io.err.write(`${a.name} vs ${b.name}: ${finished.wins}-${finished.draws}-${finished.losses} from ${pairDir}${other}\n`);
        const n = finished.wins + finished.draws + finished.losses;
        done += n;
        reused += n;
        reusedExtra += n - perPair;
        results.push({ a: i, b: j, wins: finished.wins, draws: finished.draws, losses: finished.losses });
        continue;
      }
      const pairing: MatchOptions = {
        game,
        a,
        b,
        games: perPair,
        concurrency,
        seed: seed + results.length,
        budget: {},
        moveDeadlineMs: 2 * CALIBRATION_MOVE_MS,
        outDir: pairDir,
        // Games against GNU Go are scored by GNU Go (it passes with dead stones on the board); Qi's own games by
        // Qi's area count with the dead stones of Qi's policy (ai-worker deadStones, as GTP's final_score).
        referee: a.kind === 'gtp' || b.kind === 'gtp' ? gnugo : null,
        botStart: io.botStart,
        threads,
        event: 'qi bench calibrate',
        onGame: (p) => {
          const elapsed = performance.now() - t0;
          const all = done + p.done;
          const total = totalGames + reusedExtra;
          progress.update(`${progressLine(`${a.name} vs ${b.name}`, p)} | total ${all}/${total}, ETA ${duration((elapsed / Math.max(1, all - reused)) * (total - all))}`);
        },
      };
      // The same pairing either way: each game's seed comes from its index, and node budgets fix its moves.
      const summary = queueUrl === undefined ? await runMatch(pairing) : await runQueuedMatch({ ...pairing, queueUrl });
      done += summary.results.length;
      const s = summary.stats;
      results.push({ a: i, b: j, wins: s.wins, draws: s.draws, losses: s.losses });
    }
  } finally {
    if (io.threads === undefined) await threads.close();
  }
  progress.done();
  const fit = fitRatings(players.length, results, { anchor: 0 });
  const table: LevelTable = {
    game: game.id,
    label: game.label,
    generated: new Date().toISOString(),
    design,
    gamesPerPair: perPair,
    games: done,
    budgets,
    levels: fit.slice(0, levelCount).map((r, i) => ({ level: i + 1, elo: Math.round(r.elo), error: round1(r.error), games: r.games })),
    anchors: fit.slice(levelCount).map((r, k) => ({ name: players[levelCount + k].name, elo: Math.round(r.elo), error: round1(r.error), games: r.games })),
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'calibration.json'), JSON.stringify({ table, pairs: results.map((r) => ({ ...r, a: players[r.a].name, b: players[r.b].name })) }, null, 1));
  writeFileSync(join(outDir, 'report.html'), calibrationHtml(table));
  writeLevelTable(dataDir, table);
  io.out(formatTable(table));
  io.out(`table written to ${join(dataDir, 'levels-elo.json')}; games and report in ${outDir}; ${duration(performance.now() - t0)}`);
  if (otherBuild > 0) io.out(`${otherBuild} pairing${otherBuild === 1 ? ' was' : 's were'} played by another Qi build (listed above)`);
  return 0;
}

/** The W/D/L of a pairing finished earlier in `dir` (its summary.json, between the same two players), else null. */
export function finishedPairing(dir: string, a: string, b: string): { wins: number; draws: number; losses: number; build: string | null } | null {
  const path = join(dir, 'summary.json');
  if (!existsSync(path)) return null;
  let s: { players?: { a?: { name?: string }; b?: { name?: string } }; stats?: { wins?: unknown; draws?: unknown; losses?: unknown } };
  try {
    s = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: not a match summary (${(e as Error).message}); remove the folder to replay the pairing`);
  }
  const st = s.stats;
  const ok = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
  if (s.players?.a?.name !== a || s.players?.b?.name !== b || st === undefined || !ok(st.wins) || !ok(st.draws) || !ok(st.losses)) {
    throw new Error(`${path}: not a finished ${a} vs ${b} pairing; remove the folder to replay it`);
  }
  // The Qi build that played it, from the match's settings (absent in folders from before they were kept).
  let build: string | null = null;
  try {
    const settings = JSON.parse(readFileSync(join(dir, 'match.json'), 'utf8')) as { qiBuild?: unknown };
    if (typeof settings.qiBuild === 'string') build = settings.qiBuild;
  } catch {
    // No settings (a folder from before they were kept): the build is unknown.
  }
  return { wins: st.wins, draws: st.draws, losses: st.losses, build };
}

function round1(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 10) / 10 : -1;
}

/** Merges one game's table into levels-elo.json. */
export function writeLevelTable(dataDir: string, table: LevelTable): void {
  mkdirSync(dataDir, { recursive: true });
  const jsonPath = join(dataDir, 'levels-elo.json');
  const all: { version: 1; note: string; games: Record<string, LevelTable> } = existsSync(jsonPath)
    ? JSON.parse(readFileSync(jsonPath, 'utf8'))
    : { version: 1, note: '', games: {} };
  all.note = 'Elo of Qi levels 1-10 per game, anchored at level 1 = 0, fitted by `pnpm bench calibrate`; error = standard error (-1: unbounded).';
  all.games[table.game] = table;
  writeFileSync(jsonPath, `${JSON.stringify(all, null, 1)}\n`);
}

/** The table as text. */
export function formatTable(t: LevelTable): string {
  const lines = [`${t.label}: Elo by level (level 1 = 0), ${t.games} games`, 'player         Elo     ±se  games'];
  const row = (name: string, elo: number, error: number, games: number) =>
    `${name.padEnd(10)}  ${String(elo).padStart(7)}  ${(error < 0 ? '∞' : error.toFixed(0)).padStart(6)}  ${String(games).padStart(5)}`;
  for (const l of t.levels) lines.push(row(`level ${l.level}`, l.elo, l.error, l.games));
  for (const a of t.anchors) lines.push(row(a.name, a.elo, a.error, a.games));
  return lines.join('\n');
}

function calibrationHtml(t: LevelTable): string {
  const series = [{ label: 'Elo by level', color: '#c0392b', points: t.levels.map((l) => [l.level, l.elo] as [number, number]), band: t.levels.map((l) => [l.level, l.elo - 1.96 * Math.max(0, l.error), l.elo + 1.96 * Math.max(0, l.error)] as [number, number, number]) }];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Qi level calibration: ${esc(t.label)}</title><style>${REPORT_CSS}</style></head><body>
<h1>Level calibration: ${esc(t.label)}</h1><p>${t.games} games, ${esc(t.design)} design, ${t.gamesPerPair} games per pairing, generated ${esc(t.generated)}</p>
${lineChart('Elo by level (95% band)', series, { xLabel: 'level', yLabel: 'Elo' })}
<pre>${esc(formatTable(t))}</pre></body></html>\n`;
}

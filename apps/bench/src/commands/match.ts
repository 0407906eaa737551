/**
 * `bench selfplay` (Qi bots only) and `bench match` (any players): a match with statistics, SPRT, live
 * progress, every game saved, and summary.json + report.html in the output folder.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Flags, UsageError } from '../cli/args.js';
import { Progress, duration, progressLine } from '../cli/progress.js';
import { gnugoPath } from '../gtp/gnugo.js';
import { benchGame, type BenchGame } from '../match/games.js';
import { readOpenings, type OpeningSet } from '../match/openings.js';
import { runQueuedMatch } from '../match/queue.js';
import { runMatch, type MatchProgress, type MatchSummary } from '../match/run.js';
import { botMoveTimeMs, clockMoveCapMs } from '../match/players.js';
import { checkSpecForGame, parsePlayerSpec, type PlayerSpec } from '../match/spec.js';
import { matchReportHtml } from '../report/match-report.js';
import { formatStats } from '../stats/elo.js';
import { checkSprt, type SprtConfig } from '../stats/sprt.js';
import type { CommandIo } from './io.js';

/** The match flags as `--help` prints them. */
export const matchUsage = `selfplay|match options:
  --game go|gomoku|reversi     game (default go)   --size N  --komi K (go)  --rule freestyle|standard|renju (gomoku)
  --a SPEC --b SPEC            players: level:N, nodes:N, time:MS, clock:MS (Go), depth:N (joined by +, e.g. level:5+nodes:800), classic,
                               gtp:<command> (Go; Reversi: an Othello GTP engine like gtp-rhino), piskvork:<command> (Gomoku); name=SPEC names a player
  --games N                    games (default 100; pairs share an opening, colours swapped)
  --concurrency N              games in parallel (default: cores)
  --time-ms MS | --nodes N     per-move budget of bots whose spec has none (default nodes 2000)
  --deadline-ms MS             a move taking longer loses by time-out (default: 3 × time budget + 10 s)
  --engine-time-ms MS          move time outside engines are told (default: the Qi side's time a move — its time:,
                               its level's cap or --time-ms; none when Qi plays by nodes: then only the deadline)
  --sprt elo0,elo1[,alpha,beta]  stop early when the SPRT decides (default alpha = beta = 0.05)
  --referee gnugo|none         Go: GNU Go judges legality and the final score (default gnugo when installed)
  --opening-plies N            random opening plies (default go 2, gomoku 3, reversi 4)
  --openings FILE              openings from a file instead: one a line in the game's notation (H8,I9,G7; # comments);
                               pair k plays line k mod their number, colours swapped
  --seed N  --out DIR          openings seed (default 1); output folder (default out/<command>-<time>)
  --resume                     go on with a stopped run of the same match in --out: its finished games are kept
                               (each game's record and result are saved as it ends), only the others are played
  --queue redis://HOST:PORT    publish the games as jobs on Redis (BullMQ) for \`bench worker\` processes on any
                               machines; results, statistics and SPRT as they arrive (--concurrency is the workers')`;

/** Parses the flags shared by match-like commands into a BenchGame. */
export function gameFromFlags(flags: Flags): BenchGame {
  const id = flags.string('game', 'go');
  return benchGame(id, {
    size: flags.int('size', undefined, 5, 25),
    komi: flags.number('komi'),
    rule: flags.string('rule'),
    openingPlies: flags.int('opening-plies', undefined, 0, 40),
  });
}

/** `--sprt elo0,elo1[,alpha,beta]`. */
export function parseSprt(text: string | undefined): SprtConfig | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',').map(Number);
  if (parts.length !== 2 && parts.length !== 4) throw new UsageError(`--sprt takes elo0,elo1 or elo0,elo1,alpha,beta, got "${text}"`);
  const c = { elo0: parts[0], elo1: parts[1], alpha: parts[2] ?? 0.05, beta: parts[3] ?? 0.05 };
  try {
    checkSprt(c);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return c;
}

/** The default output folder of a command. */
export function defaultOut(command: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return join('out', `${command}-${stamp}`);
}

/** The referee executable from `--referee` for a game (null when none). */
export function refereeFrom(flags: Flags, game: BenchGame): string | null {
  const r = flags.string('referee', 'auto');
  if (r !== 'auto' && r !== 'gnugo' && r !== 'none') throw new UsageError(`--referee must be gnugo or none, got "${r}"`);
  if (game.id !== 'go' || r === 'none') return null;
  const path = gnugoPath();
  if (existsSync(path)) return path;
  if (r === 'gnugo') throw new UsageError(`--referee gnugo: GNU Go not found at ${path} (apt-get install gnugo, or set QI_GNUGO)`);
  return null;
}

/** Runs selfplay or match; returns the exit status. */
export async function matchCommand(kind: 'selfplay' | 'match', argv: readonly string[], io: CommandIo): Promise<number> {
  const flags = new Flags(argv, ['quiet', 'resume']);
  const game = gameFromFlags(flags);
  const a = parsePlayerSpec(flags.string('a', 'level:10'));
  const b = parsePlayerSpec(flags.string('b', 'level:8'));
  for (const p of [a, b]) {
    try {
      checkSpecForGame(p, game.id);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  if (kind === 'selfplay' && (a.kind !== 'bot' || b.kind !== 'bot')) throw new UsageError('selfplay plays Qi bots only; use `bench match` for external engines');
  const timeMs = flags.int('time-ms', undefined);
  const nodes = flags.int('nodes', timeMs === undefined ? 2000 : undefined);
  const budget = { timeMs, nodes };
  // A clock's move may take up to a fifth of its main time while unsettled: the forfeit guard allows that too.
  const clockCap = (s: PlayerSpec): number => (s.kind === 'bot' && s.clockMs !== undefined ? clockMoveCapMs(s.clockMs, game.id === 'go' ? (game.rules as { size: number }).size : 0) : 0);
  const deadline = flags.int('deadline-ms', undefined) ?? Math.max(3 * Math.max(timeMs ?? 0, botTime(a), botTime(b)), clockCap(a), clockCap(b)) + 10_000;
  const engineTimeMs = flags.int('engine-time-ms', undefined, 1) ?? (a.kind === 'bot' ? botMoveTimeMs(a, budget) : botMoveTimeMs(b, budget));
  const games = flags.int('games', 100);
  const concurrency = flags.int('concurrency', availableParallelism(), 1, 256);
  const sprt = parseSprt(flags.string('sprt'));
  const outFlag = flags.string('out');
  const outDir = outFlag ?? defaultOut(kind);
  const seed = flags.int('seed', 1, 0);
  const openingsFile = flags.string('openings');
  const quiet = flags.bool('quiet');
  const referee = refereeFrom(flags, game);
  const queueUrl = flags.string('queue');
  const resume = flags.bool('resume');
  flags.checkUsed();
  let openings: OpeningSet | undefined;
  if (openingsFile !== undefined) {
    try {
      openings = readOpenings(openingsFile, game);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  if (resume && queueUrl !== undefined) throw new UsageError('--resume works on a local match; a queued match (--queue) cannot resume');
  if (resume && outFlag === undefined) throw new UsageError('--resume needs the --out folder of the run to go on with');
  const progress = new Progress(io.err);
  const label = `${a.name} vs ${b.name}`;
  const outside = a.kind !== 'bot' || b.kind !== 'bot';
  const told = outside ? (engineTimeMs === undefined ? ', outside engines told only the deadline' : `, outside engines told ${engineTimeMs} ms a move`) : '';
  const from = openings === undefined ? '' : `, ${openings.lines.length} opening${openings.lines.length === 1 ? '' : 's'} from ${openings.source}`;
  if (!quiet) io.err.write(`${kind}: ${game.label}, ${label}, ${games} games, ${concurrency} at a time${from}${referee ? ', GNU Go referee' : ''}${told} → ${outDir}\n`);
  let queueState = '';
  const options = {
    game,
    a,
    b,
    games,
    concurrency,
    seed,
    openings,
    budget,
    moveDeadlineMs: deadline,
    engineTimeMs,
    sprt,
    outDir,
    referee,
    botStart: io.botStart,
    threads: io.threads,
    event: `qi bench ${kind}`,
    resume,
    onResume: quiet ? undefined : (kept: number) => io.err.write(`resuming ${outDir}: ${kept} finished game${kept === 1 ? '' : 's'} kept, ${Math.max(0, games - kept)} to play\n`),
    onGame: quiet ? undefined : (p: MatchProgress) => progress.update(`${progressLine(label, p)}${queueState}`, p.done === p.total),
  };
  const summary =
    queueUrl === undefined
      ? await runMatch(options)
      : await runQueuedMatch({
          ...options,
          queueUrl,
          onQueue: quiet
            ? undefined
            : (q) => {
                const line = `  [queue: ${q.done} done, ${q.running} running, ${q.queued} queued]`;
                if (line !== queueState) {
                  queueState = line;
                  progress.update(`${label} ${q.done}/${games}${line}`);
                }
              },
        });
  progress.done();
  writeReports(summary, kind);
  io.out(describe(summary));
  return 0;
}

function botTime(s: PlayerSpec): number {
  if (s.kind !== 'bot') return 0;
  if (s.timeMs !== undefined) return s.timeMs;
  if (s.clockMs !== undefined) return s.clockMs;
  return s.level !== undefined ? 3000 : 0;
}

/** Writes report.html beside summary.json. */
export function writeReports(summary: MatchSummary, kind: string): void {
  writeFileSync(join(summary.outDir, 'report.html'), matchReportHtml(summary, `Qi bench ${kind}`));
}

function eloText(x: number): string {
  return Number.isFinite(x) ? x.toFixed(0) : x > 0 ? '+inf' : '-inf';
}

/** The closing lines of a match. */
export function describe(s: MatchSummary): string {
  const lines = [
    `${s.players.a.name} vs ${s.players.b.name} (${s.gameLabel}): ${formatStats(s.stats)}`,
    `Elo 95% interval [${eloText(s.stats.eloLow)}, ${eloText(s.stats.eloHigh)}], ${s.results.length} games in ${duration(s.elapsedMs)}`,
  ];
  if (s.sprt) lines.push(`SPRT: LLR ${s.sprt.llr.toFixed(2)} [${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)}] → ${s.sprt.result}${s.stoppedBy ? ` (${s.stoppedBy})` : ''}`);
  for (const p of [s.players.a, s.players.b]) {
    const speed = p.nodesPerSecond > 0 ? `, ${Math.round(p.nodesPerSecond).toLocaleString('en-US')} nodes/s` : '';
    lines.push(`${p.name}: ${p.moves} moves, ${p.msPerMove.toFixed(0)} ms/move${speed}${p.faults.length ? `, ${p.faults.length} fault(s): ${p.faults[0]}` : ''}`);
  }
  lines.push(`records, summary.json and report.html in ${s.outDir}`);
  return lines.join('\n');
}

import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './cli/args.js';
import { calibrateCommand, calibrateUsage } from './commands/calibrate.js';
import { processIo, type CommandIo } from './commands/io.js';
import { matchCommand, matchUsage } from './commands/match.js';
import { profileCommand, profileUsage } from './commands/profile.js';
import { regressionCommand, regressionUsage } from './commands/regression.js';
import { signatureCommand } from './commands/signature.js';
import { trainGomokuCommand, trainGomokuUsage } from './commands/train-gomoku.js';
import { trainGoCommand, trainGoUsage } from './commands/train-go.js';
import { agreeGoCommand, agreeGoUsage } from './commands/agree-go.js';
import { swingsGoCommand, swingsGoUsage } from './commands/swings-go.js';
import { trainReversiCommand, trainReversiUsage } from './commands/train-reversi.js';
import { workerCommand, workerUsage } from './commands/worker.js';
import { suites } from './suites/index.js';

const usage = `usage: pnpm bench <command> [options]   (after \`pnpm build\`; every command takes --cpu-prof [--cpu-prof-dir DIR])

commands:
  selfplay     Qi bots against each other in parallel worker threads (statistics, SPRT, records, HTML report)
  match        the same with external engines too (gtp:…, piskvork:…); --queue spreads it over \`worker\`s
  worker       plays the games of queued matches (BullMQ on Redis), on any number of machines
  calibrate    Elo of levels 1-10 per game (Bradley-Terry fit, level 1 = 0) → ai-worker data/levels-elo.json
  regression   fixed positions with known answers; exit 1 on a regression against baselines/regression.json
  profile      micro-benchmarks (ops/s ± error) compared with baselines/profile.json
  signature    node counts of the fixed searches; exit 1 when they differ from baselines/signature.json
  depth        level 10's completed search depth at --time-ms per seeded position (--game G --positions N --seed S)
  targets      the speed targets of the engine issues, measured and judged [--game G] [--filter TEXT] [--quick]
  train-reversi  fits Reversi's pattern evaluation to labelled self-play positions → ai-worker data/reversi-weights.bin
  train-gomoku   fits Gomoku's evaluation weights to the games of bench match folders → ai-worker eval-weights.ts
  train-go       fits Go's move-prediction weights to an expert's moves in bench match folders → ai-worker move-weights.ts
  agree-go       how often Go's search plays the expert's move on the positions train-go held out (--loss: points lost by GNU Go's valuation)
  swings-go      where a player's Go games turned: GNU Go's score estimate along each game beside the player's win rate

${matchUsage}

${workerUsage}

${calibrateUsage}

${regressionUsage}

${profileUsage}

${trainReversiUsage}

${trainGomokuUsage}

${trainGoUsage}

${agreeGoUsage}

${swingsGoUsage}

Run on a quiet machine: both cores busy with other work halves the numbers.`;

/** `targets`: each suite's speed-target checks. */
async function targetsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const gi = argv.indexOf('--game');
  const game = gi >= 0 ? argv[gi + 1] : undefined;
  const fi = argv.indexOf('--filter');
  const filter = fi >= 0 ? argv[fi + 1] : undefined;
  const quick = argv.includes('--quick');
  const chosen = suites.filter((s) => game === undefined || s.game === game);
  if (chosen.length === 0) throw new UsageError(`no bench suite for game "${game}" (known: ${suites.map((s) => s.game).join(', ')})`);
  let failed = 0;
  for (const s of chosen) {
    for (const t of s.targets()) {
      if (filter !== undefined && !t.name.includes(filter)) continue;
      const r = await t.run(quick);
      const verdict = r.met === null ? 'smoke' : r.met ? 'met' : 'MISSED';
      io.out(`${verdict.padEnd(6)}  ${t.name}: ${r.measured}`);
      for (const d of r.details ?? []) io.out(`        ${d}`);
      if (r.met === false) failed++;
    }
  }
  return failed > 0 && !quick ? 1 : 0;
}

/** Runs one bench command; returns its exit status (2 for a usage error). */
export async function runBench(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'selfplay':
      case 'match':
        return await matchCommand(command, rest, io);
      case 'worker':
        return await workerCommand(rest, io);
      case 'calibrate':
        return await calibrateCommand(rest, io);
      case 'regression':
        return await regressionCommand(rest, io);
      case 'profile':
        return await profileCommand(rest, io);
      case 'signature':
        return await signatureCommand(rest, io);
      case 'targets':
        return await targetsCommand(rest, io);
      case 'depth':
        return await (await import('./commands/depth.js')).depthCommand(rest, io);
      case 'train-reversi':
        return await trainReversiCommand(rest, io);
      case 'train-gomoku':
        return await trainGomokuCommand(rest, io);
      case 'train-go':
        return await trainGoCommand(rest, io);
      case 'agree-go':
        return await agreeGoCommand(rest, io);
      case 'swings-go':
        return await swingsGoCommand(rest, io);
      case undefined:
      case '--help':
      case 'help':
        io.out(usage);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err.write(`error: ${e.message}\n(run \`pnpm bench --help\` for the options)\n`);
      return 2;
    }
    throw e;
  }
}

/**
 * `--cpu-prof [--cpu-prof-dir DIR]` on any command: re-runs this process under `node --cpu-prof`, which writes a
 * V8 CPU profile (.cpuprofile, open in Chrome DevTools or speedscope) per thread, bot worker threads included.
 */
function cpuProfile(argv: string[]): number | null {
  const i = argv.indexOf('--cpu-prof');
  if (i < 0 || process.env.QI_BENCH_CPU_PROF === '1') return null;
  const rest = [...argv];
  rest.splice(i, 1);
  let dir = 'out/cpu-prof';
  const d = rest.indexOf('--cpu-prof-dir');
  if (d >= 0) {
    dir = rest[d + 1] ?? dir;
    rest.splice(d, 2);
  }
  mkdirSync(dir, { recursive: true });
  const script = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, script, ...rest], { stdio: 'inherit', env: { ...process.env, QI_BENCH_CPU_PROF: '1' } });
  process.stderr.write(`CPU profile(s) written to ${dir} (*.cpuprofile)\n`);
  return r.status ?? 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argv = process.argv.slice(2);
  const profiled = cpuProfile(argv);
  if (profiled !== null) process.exitCode = profiled;
  else {
    runBench(argv).then(
      (code) => {
        process.exitCode = code;
      },
      (e: unknown) => {
        process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exitCode = 1;
      },
    );
  }
}

#!/usr/bin/env node
/**
 * The load command: `pnpm --filter @qi/server load -- --games 500 --seconds 60` (build first:
 * `cd apps/server && pnpm exec tsc -p tsconfig.build.json`). Spawns the server with a temporary database (or uses
 * `--url`), plays that many concurrent games of random legal moves, prints moves/s, the send → ack round trip
 * (p50/p99/max), errors, lost and duplicated moves and the server's durability setting. Exit status 1 when a move
 * was lost, duplicated or refused, or anything else went wrong; 2 for bad options.
 */
import { execFileSync } from 'node:child_process';
import { ROOM_GAMES, type RoomGame } from '@qi/protocol';
import { formatReport, runLoad, type LoadOptions } from './load-run.js';

/** Server arguments a load run needs: connection caps sized for the run (two connections a game, all from 127.0.0.1), durability said. */
export function loadServerArgs(games: number): string[] {
  const connections = String(games * 2 + 100);
  return ['--max-connections', connections, '--max-connections-per-ip', connections, '--max-rooms', String(games + 10_000), '--durability', 'normal'];
}

const HELP = `usage: load [options]
  --games N          concurrent games, two connections each (default 500)
  --seconds S        how long the games move (default 60)
  --gap MS           mean gap between two moves of one game, ms (default 2000: 500 games ≈ 250 moves/s)
  --seed N           seed of the gaps and moves (default 1)
  --url URL          use a running server (http://127.0.0.1:PORT) instead of spawning one; repeat it for
                     several servers of one cluster (each game's two players on two different ones)
  --processes N      spawn N server processes sharing --database-url and --redis-url (default 1)
  --database-url URL PostgreSQL for the spawned servers (postgres://…)
  --redis-url URL    Redis for the spawned servers (redis://…)
  --services         start a throw-away redis-server and PostgreSQL for the run (@qi/test-services)
  --server-cpus LIST pin the spawned servers to these CPUs, round robin (e.g. 0,1)
  --mix LIST         games played round robin (default go,reversi,gomoku,checkers)
  --server-arg ARG   one more argument for the spawned server (repeat it)
  --server-cpu N     pin the spawned server to CPU N (taskset -c)
  --cpu N            pin this load generator to CPU N (taskset)
  --json             also print the report as JSON`;

/** The options of a command line; throws naming a bad one. */
export function parseLoadArgs(argv: string[]): LoadOptions & { cpu?: number; json: boolean; help: boolean; services: boolean } {
  const o: LoadOptions & { cpu?: number; json: boolean; help: boolean; services: boolean } = { games: 500, seconds: 60, meanGapMs: 2000, seed: 1, json: false, help: false, services: false };
  const extra: string[] = [];
  const num = (flag: string, v: string | undefined, min: number): number => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < min) throw new Error(`${flag} needs a number ≥ ${min}, got ${v ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--':
        break;
      case '--games':
        o.games = Math.floor(num(flag, value(), 1));
        break;
      case '--seconds':
        o.seconds = num(flag, value(), 0);
        break;
      case '--gap':
      case '--mean-gap-ms':
        o.meanGapMs = num(flag, value(), 0);
        break;
      case '--seed':
        o.seed = Math.floor(num(flag, value(), 0));
        break;
      case '--url': {
        const u = value();
        if (u === undefined || !/^https?:\/\//.test(u)) throw new Error(`--url needs an http:// address, got ${u ?? 'nothing'}`);
        o.urls = [...(o.urls ?? []), u];
        o.url = o.urls[0];
        break;
      }
      case '--processes':
        o.processes = Math.floor(num(flag, value(), 1));
        break;
      case '--database-url':
        o.databaseUrl = value();
        if (o.databaseUrl === undefined || !/^postgres(ql)?:\/\//.test(o.databaseUrl)) throw new Error(`--database-url needs a postgres:// URL, got ${o.databaseUrl ?? 'nothing'}`);
        break;
      case '--redis-url':
        o.redisUrl = value();
        if (o.redisUrl === undefined || !/^rediss?:\/\//.test(o.redisUrl)) throw new Error(`--redis-url needs a redis:// URL, got ${o.redisUrl ?? 'nothing'}`);
        break;
      case '--services':
        o.services = true;
        break;
      case '--server-cpus': {
        const list = (value() ?? '').split(',').map((x) => Number(x));
        if (list.length === 0 || list.some((x) => !Number.isInteger(x) || x < 0)) throw new Error('--server-cpus needs CPU numbers, e.g. 0,1');
        o.serverCpus = list;
        break;
      }
      case '--mix': {
        const list = (value() ?? '').split(',').filter((g) => g !== '');
        const bad = list.find((g) => !(ROOM_GAMES as readonly string[]).includes(g));
        if (list.length === 0 || bad !== undefined) throw new Error(`--mix needs games among ${ROOM_GAMES.join(', ')}, got ${bad ?? 'nothing'}`);
        o.mix = list as RoomGame[];
        break;
      }
      case '--server-arg': {
        const v = value();
        if (v === undefined) throw new Error('--server-arg needs a value');
        extra.push(v);
        break;
      }
      case '--server-cpu':
        o.serverCpu = Math.floor(num(flag, value(), 0));
        break;
      case '--cpu':
        o.cpu = Math.floor(num(flag, value(), 0));
        break;
      case '--json':
        o.json = true;
        break;
      case '--help':
      case '-h':
        o.help = true;
        break;
      default:
        throw new Error(`unknown option ${a}`);
    }
  }
  o.serverArgs = [...loadServerArgs(o.games), ...extra];
  if ((o.processes ?? 1) > 1 && !o.services && (o.databaseUrl === undefined || o.redisUrl === undefined)) throw new Error('--processes above 1 needs --database-url and --redis-url (or --services)');
  return o;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseLoadArgs>;
  try {
    options = parseLoadArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`load: ${(e as Error).message}\n${HELP}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(HELP);
    return;
  }
  if (options.cpu !== undefined) {
    // Every thread of this process on one CPU, so the generator competes less with a server pinned elsewhere.
    try {
      execFileSync('taskset', ['-a', '-cp', String(options.cpu), String(process.pid)], { stdio: 'ignore' });
    } catch (e) {
      console.warn(`load: cannot pin to CPU ${options.cpu} (${(e as Error).message}); running unpinned`);
    }
  }
  const started = new Date();
  console.log(`load: ${options.games} games × ${options.seconds} s, mean gap ${options.meanGapMs} ms (≈${((options.games * 1000) / Math.max(1, options.meanGapMs)).toFixed(0)} moves/s), seed ${options.seed}, ${started.toISOString()}`);
  const services: { close(): Promise<void> }[] = [];
  if (options.services) {
    const { startPostgres, startRedis } = await import('@qi/test-services');
    const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    services.push(pg, redis);
    options.databaseUrl ??= pg.url;
    options.redisUrl ??= redis.url;
    console.log(`load: services started: PostgreSQL ${pg.url}, Redis ${redis.url}`);
  }
  let report: Awaited<ReturnType<typeof runLoad>>;
  try {
    report = await runLoad(options);
  } finally {
    for (const s of services) await s.close();
  }
  for (const line of formatReport(report)) console.log(line);
  if (options.json) console.log(JSON.stringify({ date: started.toISOString(), options: { ...options, log: undefined }, report }));
  const clean = report.errors.length === 0 && report.lost === 0 && report.duplicated === 0 && report.refused === 0;
  process.exit(clean ? 0 : 1);
}

if (process.argv[1] !== undefined && /load\.(js|ts)$/.test(process.argv[1])) {
  main().catch((e: unknown) => {
    console.error(`load: ${(e as Error).stack ?? String(e)}`);
    process.exit(1);
  });
}

#!/usr/bin/env node
/**
 * `node apps/server/dist/main.js [--port N] [--host H] [--db PATH] [--web DIR] [--bots N] [--grace-ms N]
 * [--durability normal|full] [--database-url postgres://…] [--redis-url redis://…] [--lease-ms N] …` (env QI_PORT,
 * QI_HOST, QI_DB, QI_WEB, QI_DATABASE_URL, QI_REDIS_URL). Prints one line once listening; SIGTERM and
 * SIGINT close it cleanly.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type ServerOptions } from './index.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const USAGE = `usage: qi-server [--port N] [--host H] [--db PATH] [--web DIR] [--bots N] [--grace-ms N] [--durability normal|full]
  --port N          port to listen on, 0 for a free one (default 4173; env QI_PORT)
  --host H          address to listen on (default 127.0.0.1; env QI_HOST)
  --db PATH         SQLite database file, created if missing (default <repo>/.data/qi.sqlite; env QI_DB)
  --web DIR         the built web app to serve (default <repo>/apps/web/dist; env QI_WEB)
  --bots N          Qi's worker threads (default 1)
  --grace-ms N      how long a dropped player stays "reconnecting" before "gone" (default 60000)
  --durability D    SQLite synchronous: normal (default; a killed process loses nothing) or full (also a power cut)
  several processes (see the README's Deployment):
  --database-url URL  PostgreSQL instead of SQLite: postgres://user[:password]@host:port/db (env QI_DATABASE_URL)
  --redis-url URL     rooms shared by several processes through Redis: redis://host:port (env QI_REDIS_URL)
  --database-connections N  PostgreSQL connections of this process (default 10)
  --lease-ms N        how long a room's lease lasts unrenewed (default 10000; a dead owner's rooms move after it)
  --renew-ms N        lease renewal and owner check interval (default lease / 3)
  --rpc-timeout-ms N  how long a move waits for its room's owner on another process (default 5000)
  --sweep-ms N        how often rooms without an owner are looked for (default 2 × lease)
  caps and limits (the load test raises them):
  --max-connections N         connections in all (default 5000)
  --max-connections-per-ip N  connections from one address (default 1000)
  --max-rooms N               rooms not over (default 10000)
  --rooms-per-minute N        rooms one connection may create a minute (default 20)
  --rate N                    messages a second a connection may send on average (default 20)
  --burst N                   messages a connection may send at once (default 60)`;

/** The options of a command line; throws an Error naming a bad or unknown option. */
export function parseArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): ServerOptions & { db: string; web: string; caps: NonNullable<ServerOptions['caps']>; limits: NonNullable<ServerOptions['limits']>; cluster: NonNullable<ServerOptions['cluster']> } {
  const int = (name: string, v: string | undefined, min: number, max: number): number => {
    const n = Number(v);
    if (v === undefined || v.trim() === '' || !Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(v ?? '')}`);
    return n;
  };
  const o = {
    port: env.QI_PORT !== undefined ? int('QI_PORT', env.QI_PORT, 0, 65535) : 4173,
    host: env.QI_HOST || '127.0.0.1',
    db: resolve(env.QI_DB || resolve(repo, '.data/qi.sqlite')),
    web: resolve(env.QI_WEB || resolve(repo, 'apps/web/dist')),
    bots: 1,
    graceMs: 60_000,
    durability: 'normal' as 'normal' | 'full',
    caps: {} as NonNullable<ServerOptions['caps']>,
    limits: {} as NonNullable<ServerOptions['limits']>,
    cluster: {} as NonNullable<ServerOptions['cluster']>,
  } as ServerOptions & { db: string; web: string; caps: NonNullable<ServerOptions['caps']>; limits: NonNullable<ServerOptions['limits']>; cluster: NonNullable<ServerOptions['cluster']> };
  const url = (name: string, v: string, schemes: string[]): string => {
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      throw new Error(`${name} must be a URL (${schemes[0]}//…), got ${JSON.stringify(v)}`);
    }
    if (!schemes.includes(u.protocol)) throw new Error(`${name} must start with ${schemes.join(' or ')}//, got ${JSON.stringify(u.protocol)}`);
    return v;
  };
  if (env.QI_DATABASE_URL) o.databaseUrl = url('QI_DATABASE_URL', env.QI_DATABASE_URL, ['postgres:', 'postgresql:']);
  if (env.QI_REDIS_URL) o.redisUrl = url('QI_REDIS_URL', env.QI_REDIS_URL, ['redis:', 'rediss:']);
  const big = 100_000_000;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new Error(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--port':
        o.port = int('--port', value(), 0, 65535);
        break;
      case '--host':
        o.host = value();
        break;
      case '--db':
        o.db = resolve(value());
        break;
      case '--web':
        o.web = resolve(value());
        break;
      case '--bots':
        o.bots = int('--bots', value(), 1, 64);
        break;
      case '--grace-ms':
        o.graceMs = int('--grace-ms', value(), 0, 86_400_000);
        break;
      case '--durability': {
        const d = value();
        if (d !== 'normal' && d !== 'full') throw new Error(`--durability must be normal or full, got ${JSON.stringify(d)}`);
        o.durability = d;
        break;
      }
      case '--database-url':
        o.databaseUrl = url(name, value(), ['postgres:', 'postgresql:']);
        break;
      case '--redis-url':
        o.redisUrl = url(name, value(), ['redis:', 'rediss:']);
        break;
      case '--database-connections':
        o.databaseConnections = int(name, value(), 1, 1000);
        break;
      case '--lease-ms':
        o.cluster.leaseMs = int(name, value(), 100, 3_600_000);
        break;
      case '--renew-ms':
        o.cluster.renewMs = int(name, value(), 20, 3_600_000);
        break;
      case '--rpc-timeout-ms':
        o.cluster.rpcTimeoutMs = int(name, value(), 50, 600_000);
        break;
      case '--sweep-ms':
        o.cluster.sweepMs = int(name, value(), 50, 86_400_000);
        break;
      case '--max-connections':
        o.caps.maxConnections = int(name, value(), 1, big);
        break;
      case '--max-connections-per-ip':
        o.caps.maxConnectionsPerIp = int(name, value(), 1, big);
        break;
      case '--max-rooms':
        o.caps.maxRooms = int(name, value(), 1, big);
        break;
      case '--rooms-per-minute':
        o.caps.roomsPerMinute = int(name, value(), 1, big);
        break;
      case '--rate':
        o.limits.messagesPerSecond = int(name, value(), 1, big);
        break;
      case '--burst':
        o.limits.messageBurst = int(name, value(), 1, big);
        break;
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${JSON.stringify(arg)}`);
    }
  }
  if (o.cluster.renewMs !== undefined && o.cluster.renewMs >= (o.cluster.leaseMs ?? 10_000)) throw new Error(`--renew-ms (${o.cluster.renewMs}) must be shorter than the lease (${o.cluster.leaseMs ?? 10_000} ms)`);
  return o;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2), process.env);
  } catch (e) {
    process.stderr.write(`qi-server: ${(e as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (!existsSync(resolve(options.web, 'index.html'))) process.stderr.write(`qi-server: no web app in ${options.web} (build apps/web); serving the WebSocket only\n`);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(options);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') process.stderr.write(`qi-server: ${options.host}:${options.port} is already in use (choose another with --port, 0 for a free one)\n`);
    else if (err.code === 'EACCES') process.stderr.write(`qi-server: not allowed to listen on ${options.host}:${options.port}\n`);
    else if (/^cannot (open|connect)/.test(err.message ?? '')) process.stderr.write(`qi-server: cannot start: ${err.message}\n`);
    else process.stderr.write(`qi-server: cannot start: ${err.stack ?? String(e)}\n`);
    process.exit(1);
  }
  process.stdout.write(`qi server listening on ${server.url} (database ${server.database})\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`qi-server: ${signal}: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && realpathSync(resolve(process.argv[1])) === realpathSync(fileURLToPath(import.meta.url))) {
  main().catch((e: unknown) => {
    process.stderr.write(`qi-server: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}

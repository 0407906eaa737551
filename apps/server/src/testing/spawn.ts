/**
 * Starts the real server process (`apps/server/dist/main.js`, the one `npm start` runs) for black-box tests: on a
 * free 127.0.0.1 port, with a temporary database unless given one, reading the one line the process contract
 * promises (`qi server listening on http://127.0.0.1:PORT (database PATH)`). Fails with a clear message when dist
 * is not built, when the process dies before listening (its stderr included) or never prints the line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder (this file is in src/testing or dist/testing: two levels down). */
export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The built server entry the process contract names. */
export const SERVER_MAIN = join(SERVER_ROOT, 'dist', 'main.js');
/** How to build it, for error messages. */
export const BUILD_HINT = 'build it first: cd apps/server && pnpm exec tsc -p tsconfig.build.json';

/** The line a listening server prints (the process contract). */
const LISTENING = /^qi server listening on (http:\/\/[^\s]+) \(database (.*)\)\s*$/;

/** How to start a server. */
export interface SpawnOptions {
  /** Database file; default a fresh one in a temporary folder that `cleanup()` removes. */
  db?: string;
  /** Port; default 0 (a free one). Give the old port to restart a server where its clients reconnect. */
  port?: number;
  /** `--grace-ms`: how long a dropped seat stays reconnecting before it is gone. */
  graceMs?: number;
  /** `--bots`: Qi's worker threads. */
  bots?: number;
  /** `--database-url`: PostgreSQL instead of a SQLite file (then no temporary database is made). */
  databaseUrl?: string;
  /** `--redis-url`: one process of several sharing rooms through Redis. */
  redisUrl?: string;
  /** `--lease-ms`, `--renew-ms`, `--rpc-timeout-ms`, `--sweep-ms` (tests use short ones). */
  cluster?: { leaseMs?: number; renewMs?: number; rpcTimeoutMs?: number; sweepMs?: number };
  /** More command-line arguments (limits and caps the server offers). */
  args?: string[];
  /** More environment variables. */
  env?: Record<string, string>;
  /** Pin the process to this CPU with `taskset -c` (when taskset exists). */
  cpu?: number;
  /** How long to wait for the listening line, ms (default 30 000; a failure bound). */
  startTimeoutMs?: number;
  /** Copy the server's stderr to ours as it comes (default: only kept, and shown when it fails). */
  echoStderr?: boolean;
}

/** A running server process. */
export interface SpawnedServer {
  /** `http://127.0.0.1:PORT` as the server printed it. */
  url: string;
  port: number;
  /** The database path as the server printed it. */
  dbPath: string;
  /** The temporary folder holding the database when spawnServer made it (null when `db` was given). */
  tempDir: string | null;
  process: ChildProcess;
  pid: number;
  /** Everything the server wrote to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resolves when the process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGKILL) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs` (default 5000) if it has not exited. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Removes the temporary database folder (after the process is gone). */
  cleanup(): void;
}

/** A fresh temporary folder and a database path in it; `remove()` deletes the folder with the WAL files. */
export function tempDatabase(prefix = 'qi-server-test-'): { dir: string; path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, path: join(dir, 'qi.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Throws naming the missing file and the build command when the server is not built. */
export function assertBuilt(): void {
  if (!existsSync(SERVER_MAIN)) throw new Error(`the server is not built: ${SERVER_MAIN} is missing; ${BUILD_HINT}`);
}

/** A warning when some server source (outside the test folders) is newer than dist/main.js, else null. */
export function staleWarning(): string | null {
  if (!existsSync(SERVER_MAIN)) return null;
  const built = statSync(SERVER_MAIN).mtimeMs;
  const src = join(SERVER_ROOT, 'src');
  if (!existsSync(src)) return null;
  const newer: string[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!['testing', 'blackbox', 'tools'].includes(r)) walk(join(dir, e.name), r);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && statSync(join(dir, e.name)).mtimeMs > built) newer.push(r);
    }
  };
  walk(src, '');
  return newer.length === 0 ? null : `apps/server/dist is older than src (${newer.slice(0, 3).join(', ')}${newer.length > 3 ? ' …' : ''}): these tests run the built server; ${BUILD_HINT}`;
}

let warned = false;

/** Starts the built server and resolves once it prints its listening line. */
export async function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  assertBuilt();
  const warning = staleWarning();
  if (warning !== null && !warned) console.warn(`warning: ${warning}`);
  warned = true;
  const temp = options.db === undefined && options.databaseUrl === undefined ? tempDatabase() : null;
  const args = [SERVER_MAIN, '--port', String(options.port ?? 0), '--host', '127.0.0.1'];
  if (options.databaseUrl !== undefined) args.push('--database-url', options.databaseUrl);
  else args.push('--db', options.db ?? temp!.path);
  if (options.redisUrl !== undefined) args.push('--redis-url', options.redisUrl);
  const c = options.cluster ?? {};
  if (c.leaseMs !== undefined) args.push('--lease-ms', String(c.leaseMs));
  if (c.renewMs !== undefined) args.push('--renew-ms', String(c.renewMs));
  if (c.rpcTimeoutMs !== undefined) args.push('--rpc-timeout-ms', String(c.rpcTimeoutMs));
  if (c.sweepMs !== undefined) args.push('--sweep-ms', String(c.sweepMs));
  if (options.graceMs !== undefined) args.push('--grace-ms', String(options.graceMs));
  if (options.bots !== undefined) args.push('--bots', String(options.bots));
  args.push(...(options.args ?? []));
  const pinned = options.cpu !== undefined && existsSync('/usr/bin/taskset');
  const command = pinned ? '/usr/bin/taskset' : process.execPath;
  const argv = pinned ? ['-c', String(options.cpu), process.execPath, ...args] : args;
  const child = spawn(command, argv, { cwd: SERVER_ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => {
      running = false;
      r({ code, signal });
    }),
  );
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => {
    err += d;
    if (err.length > 1_000_000) err = err.slice(-500_000);
    if (options.echoStderr) process.stderr.write(d);
  });
  child.stdout!.setEncoding('utf8');
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const listening = await new Promise<RegExpMatchArray>((resolveLine, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server printed no listening line within ${timeoutMs} ms (stdout: ${JSON.stringify(out.slice(0, 500))}; stderr: ${err.slice(-2000)})`));
    }, timeoutMs);
    child.stdout!.on('data', (d: string) => {
      out += d;
      if (out.length > 1_000_000) out = out.slice(-500_000);
      for (const line of out.split('\n')) {
        const m = LISTENING.exec(line);
        if (m !== null) {
          clearTimeout(timer);
          resolveLine(m);
          return;
        }
      }
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start the server (${command}): ${e.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (code ${code}, signal ${signal}) before listening; stderr: ${err.slice(-3000) || '(empty)'}; stdout: ${out.slice(0, 500)}`));
    });
  });
  const url = listening[1];
  const port = Number(new URL(url).port);
  const kill = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> => {
    if (running) child.kill(signal);
    return exited;
  };
  return {
    url,
    port,
    dbPath: listening[2],
    tempDir: temp?.dir ?? null,
    process: child,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    alive: () => running,
    exited,
    kill,
    async stop(graceMs = 5000) {
      if (!running) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const r = await exited;
      clearTimeout(timer);
      return r;
    },
    cleanup() {
      if (running) child.kill('SIGKILL');
      temp?.remove();
    },
  };
}

/** GET `/health` of a server: status and the JSON body (null when it is not JSON). */
export async function health(url: string, timeoutMs = 5000): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

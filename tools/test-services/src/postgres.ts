/**
 * A real PostgreSQL for tests: a fresh cluster (initdb) in a temporary folder, started on a free 127.0.0.1 port,
 * stopped and removed after. PostgreSQL refuses to run as root, so as root both run as the `postgres` user the Debian
 * package creates (runuser), and directly otherwise. A missing PostgreSQL fails the test with the install command.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stop, waitForLine } from './process.js';

/** The folder of PostgreSQL's server programs: $QI_PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBin(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.QI_PG_BIN?.trim();
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error(`PostgreSQL not found under ${root}: install it with \`apt-get install postgresql\` (see README prerequisites)`);
  return join(root, versions[0], 'bin');
}

/** A running test PostgreSQL: a connection URL (user `qi`, database `qi`, no password on loopback) and `close()`. */
export interface TestPostgres {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Runs a PostgreSQL program as the postgres user when we are root (it refuses root), as ourselves otherwise. */
function asPostgres(program: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0 ? { command: 'runuser', args: ['-u', 'postgres', '--', program, ...args] } : { command: program, args };
}

/** Creates a cluster and starts it; resolves once it accepts connections. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const root = mkdtempSync(join(tmpdir(), 'qi-pg-'));
  const data = join(root, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  const init = asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'qi', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  try {
    execFileSync(init.command, init.args, { stdio: 'pipe' });
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(e as { stderr?: Buffer }).stderr?.toString() ?? (e as Error).message}`);
  }
  const port = await freePort();
  // No fsync: the tests kill Qi's servers, not PostgreSQL, and a committed transaction survives that either way.
  const run = asPostgres(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', root, '-c', 'fsync=off', '-c', 'full_page_writes=off']);
  const child: ChildProcess = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    await waitForLine(child, /database system is ready to accept connections/, 'postgres', 60_000);
    const createdb = asPostgres(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'qi', 'qi']);
    execFileSync(createdb.command, createdb.args, { stdio: 'pipe' });
  } catch (e) {
    await stop(child, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  return {
    url: `postgres://qi@127.0.0.1:${port}/qi`,
    port,
    async close() {
      // SIGINT is PostgreSQL's fast shutdown. runuser does not pass signals on, so the postmaster (its pid is the
      // first line of postmaster.pid) gets it directly; runuser exits with it.
      try {
        process.kill(Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT');
      } catch {
        // Already gone.
      }
      await stop(child, 'SIGINT');
      rmSync(root, { recursive: true, force: true });
    },
  };
}

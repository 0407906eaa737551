/** The command line of several processes: the new options and their environment variables, refusals, and a clear exit when PostgreSQL or Redis cannot be reached. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../main.js';
import { SERVER_MAIN, SERVER_ROOT, assertBuilt, tempDatabase } from '../testing/spawn.js';

describe('command line (several processes)', () => {
  it('reads --database-url, --redis-url, the cluster timings and QI_DATABASE_URL / QI_REDIS_URL', () => {
    const o = parseArgs(['--database-url', 'postgres://qi@db:5432/qi', '--redis-url=redis://r:6379', '--lease-ms', '3000', '--renew-ms', '500', '--rpc-timeout-ms', '2000', '--sweep-ms', '9000', '--database-connections', '4'], {});
    expect([o.databaseUrl, o.redisUrl, o.databaseConnections]).toEqual(['postgres://qi@db:5432/qi', 'redis://r:6379', 4]);
    expect(o.cluster).toEqual({ leaseMs: 3000, renewMs: 500, rpcTimeoutMs: 2000, sweepMs: 9000 });
    const e = parseArgs([], { QI_DATABASE_URL: 'postgresql://u:p@h/d', QI_REDIS_URL: 'redis://h' });
    expect([e.databaseUrl, e.redisUrl]).toEqual(['postgresql://u:p@h/d', 'redis://h']);
    const none = parseArgs([], {});
    expect([none.databaseUrl, none.redisUrl]).toEqual([undefined, undefined]);
  });

  it('refuses a URL of the wrong kind, and a renewal not shorter than the lease', () => {
    expect(() => parseArgs(['--database-url', 'mysql://x/y'], {})).toThrow(/--database-url must start with postgres:/);
    expect(() => parseArgs(['--redis-url', 'not a url'], {})).toThrow(/--redis-url must be a URL/);
    expect(() => parseArgs([], { QI_REDIS_URL: 'http://h' })).toThrow(/QI_REDIS_URL/);
    expect(() => parseArgs(['--lease-ms', '1000', '--renew-ms', '1000'], {})).toThrow(/--renew-ms/);
    expect(() => parseArgs(['--lease-ms', '5'], {})).toThrow(/--lease-ms must be a whole number/);
  });

  it('exits 1 with one clear line when PostgreSQL or Redis cannot be reached', { timeout: 60_000 }, () => {
    assertBuilt();
    const run = (args: string[]) => spawnSync(process.execPath, [SERVER_MAIN, '--port', '0', ...args], { cwd: SERVER_ROOT, encoding: 'utf8', timeout: 30_000 });
    const pg = run(['--database-url', 'postgres://qi:secret@127.0.0.1:1/qi']);
    expect(pg.status).toBe(1);
    expect(pg.stderr).toMatch(/^qi-server: cannot start: cannot open the PostgreSQL store at postgres:\/\/qi:\*\*\*@127\.0\.0\.1:1\/qi: /m);
    expect(pg.stderr).not.toMatch(/secret/);
    const db = tempDatabase();
    const redis = run(['--db', db.path, '--redis-url', 'redis://127.0.0.1:1']);
    db.remove();
    expect(redis.status).toBe(1);
    expect(redis.stderr).toMatch(/^qi-server: cannot start: cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/m);
  });
});

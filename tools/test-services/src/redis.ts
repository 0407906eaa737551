/**
 * A real redis-server for tests, on a free 127.0.0.1 port with no persistence, started and stopped by the test. A
 * missing Redis fails the test with the install command (the suite never skips it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort, stop, waitForLine } from './process.js';

/** Where Debian installs Redis; $QI_REDIS_SERVER overrides. */
export function redisServerPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.QI_REDIS_SERVER?.trim() || '/usr/bin/redis-server';
}

/** A running test Redis: its URL, and `close()` that stops it. */
export interface TestRedis {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts redis-server and resolves once it accepts connections. */
export async function startRedis(): Promise<TestRedis> {
  const path = redisServerPath();
  if (!existsSync(path)) throw new Error(`redis-server not found at ${path}: install it with \`apt-get install redis-server\` (see README prerequisites)`);
  const port = await freePort();
  const child: ChildProcess = spawn(path, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(child, /Ready to accept connections/, 'redis-server', 20_000);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    close: () => stop(child, 'SIGTERM'),
  };
}

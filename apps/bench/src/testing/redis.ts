/**
 * A real redis-server for tests, on a free 127.0.0.1 port with no persistence, started and stopped by the test. A
 * missing Redis fails the test with the install command (the suite never skips it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where Debian installs Redis; $QI_REDIS_SERVER overrides. */
export function redisServerPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.QI_REDIS_SERVER?.trim() || '/usr/bin/redis-server';
}

/** A free TCP port on 127.0.0.1 (the OS picks one; a tiny race before the server binds it is acceptable in tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
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
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 20 s:\n${log}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
      if (/Ready to accept connections/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with status ${code}:\n${log}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

import { createConnection } from 'node:net';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresBin, startPostgres, startRedis } from './index.js';

/** Sends one line to a TCP server and resolves with the first data it answers. */
function ask(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => s.write(line));
    s.once('data', (d) => {
      resolve(d.toString());
      s.destroy();
    });
    s.once('error', reject);
    // A server that should be gone but still accepts must fail the test, not hang it.
    s.setTimeout(5000, () => {
      s.destroy();
      reject(new Error(`no answer from port ${port} within 5 s`));
    });
  });
}

describe('test services', () => {
  it('starts a real Redis on a free port and stops it', async () => {
    const r = await startRedis();
    expect(await ask(r.port, 'PING\r\n')).toBe('+PONG\r\n');
    await r.close();
    await expect(ask(r.port, 'PING\r\n')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('starts a real PostgreSQL cluster on a free port, answers SQL, and removes it', async () => {
    const pg = await startPostgres();
    const psql = join(postgresBin(), 'psql');
    const out = execFileSync(psql, [pg.url, '-tAc', 'select 6 * 7']).toString().trim();
    expect(out).toBe('42');
    await pg.close();
    await expect(ask(pg.port, 'x')).rejects.toThrow(/ECONNREFUSED/);
  }, 120_000);
});

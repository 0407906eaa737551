/** The HTTP side: the web app's files with their MIME types, no path out of its folder, /health, and /ws only. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from './index.js';
import { parseArgs } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'qi-web-'));
let server: RunningServer;
beforeAll(async () => {
  mkdirSync(join(dir, 'web/assets'), { recursive: true });
  writeFileSync(join(dir, 'web/index.html'), '<!doctype html><title>Qi</title>');
  writeFileSync(join(dir, 'web/assets/app-1234.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not for the web');
  server = await startServer({ port: 0, qi: null, web: join(dir, 'web'), log: () => {} });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (no URL normalisation by a client library). */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('http', () => {
  it('serves index.html for /, assets with their MIME type, and 404 for anything outside the web folder', async () => {
    expect(await get('/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Qi</title>' });
    expect(await get('/assets/app-1234.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00', '/%E0%A4%A', '/nope.html']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('not for the web');
    }
  });

  it('refuses a port in use with EADDRINUSE (and closes what it opened)', async () => {
    await expect(startServer({ port: server.port, qi: null, log: () => {} })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('answers /health with JSON and upgrades only /ws', async () => {
    const h = await get('/health');
    expect(h.status).toBe(200);
    expect(JSON.parse(h.body)).toMatchObject({ ok: true, protocol: 1, durability: 'normal', rooms: 0, connections: 0 });
    const refused = new WebSocket(`ws://127.0.0.1:${server.port}/elsewhere`);
    await new Promise<void>((resolve) => refused.once('error', () => resolve()));
    const ok = new WebSocket(`ws://127.0.0.1:${server.port}/ws`);
    await new Promise<void>((resolve, reject) => (ok.once('open', () => resolve()), ok.once('error', reject)));
    ok.close();
  });
});

describe('command line', () => {
  it('reads options and environment, and names a bad one', () => {
    const o = parseArgs(['--port', '0', '--db=/tmp/x.sqlite', '--bots', '2', '--grace-ms', '500'], { QI_HOST: '0.0.0.0', QI_WEB: '/srv/web' });
    expect(o).toMatchObject({ port: 0, host: '0.0.0.0', db: '/tmp/x.sqlite', web: '/srv/web', bots: 2, graceMs: 500, durability: 'normal' });
    expect(parseArgs([], { QI_PORT: '8080' }).port).toBe(8080);
    expect(parseArgs([], {}).db).toMatch(/\.data\/qi\.sqlite$/);
    expect(() => parseArgs(['--port', 'x'], {})).toThrow('--port must be a whole number from 0 to 65535, got "x"');
    expect(() => parseArgs(['--frobnicate'], {})).toThrow('unknown option "--frobnicate"');
    expect(() => parseArgs(['--db'], {})).toThrow('--db needs a value');
    expect(() => parseArgs(['--durability', 'none'], {})).toThrow('--durability must be normal or full');
    const load = parseArgs(['--max-connections', '5000', '--max-connections-per-ip', '3000', '--max-rooms', '2000', '--rooms-per-minute', '1000', '--rate', '50', '--burst', '100'], {});
    expect(load.caps).toEqual({ maxConnections: 5000, maxConnectionsPerIp: 3000, maxRooms: 2000, roomsPerMinute: 1000 });
    expect(load.limits).toEqual({ messagesPerSecond: 50, messageBurst: 100 });
  });
});

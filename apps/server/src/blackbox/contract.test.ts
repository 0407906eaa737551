/**
 * The server process contract and its HTTP side, black-box: one stdout line; SIGTERM exits cleanly (code 0); a bad
 * option exits naming it; the web app served from `--web` (index.html for `/`, MIME types, no path traversal
 * whatever the spelling), /health as JSON, the WebSocket only at /ws; caps (connections per address, rooms created
 * a minute) refused with `limit`; a silent connection closed after idleMs.
 */
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestClient, wsUrl } from '../testing/client.js';
import { health, spawnServer, tempDatabase, type SpawnedServer } from '../testing/spawn.js';

const SECRET = 'the secret beside the web folder';
const temp = tempDatabase('qi-contract-');
const web = join(temp.dir, 'web');
let server: SpawnedServer;
const others: SpawnedServer[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  mkdirSync(join(web, 'sub'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>qi test</title>');
  writeFileSync(join(web, 'app.js'), 'export const x = 1;');
  writeFileSync(join(web, 'style.css'), 'body{}');
  writeFileSync(join(web, 'sub', 'index.html'), '<!doctype html><title>sub</title>');
  writeFileSync(join(temp.dir, 'secret.txt'), SECRET);
  server = await spawnServer({ db: temp.path, args: ['--web', web] });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  for (const s of [server, ...others]) {
    await s?.kill('SIGKILL');
    s?.cleanup();
  }
  temp.remove();
});

/** A GET with the path sent exactly as written (no URL normalisation on the way). */
function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.end();
  });
}

describe('process contract and HTTP', () => {
  it('prints exactly one line on stdout, naming its address and database', () => {
    const lines = server.stdout().split('\n').filter((l) => l !== '');
    expect(lines).toEqual([`qi server listening on ${server.url} (database ${temp.path})`]);
  });

  it('serves the web app: index.html for /, MIME types, sub-folders, 404 for what is not there', async () => {
    const root = await get(server.port, '/');
    expect(root.status).toBe(200);
    expect(root.type).toMatch(/^text\/html/);
    expect(root.body).toContain('qi test');
    expect((await get(server.port, '/app.js')).type).toMatch(/^(text|application)\/javascript/);
    expect((await get(server.port, '/style.css')).type).toMatch(/^text\/css/);
    expect((await get(server.port, '/sub/')).body).toContain('sub');
    expect((await get(server.port, '/nothing-here.js')).status).toBe(404);
  });

  it('never serves a file outside the web folder, however the path is spelled', async () => {
    const tries = ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/sub/../../secret.txt', '/sub/%2e%2e/%2e%2e/secret.txt', '/.%2e/secret.txt', '/%252e%252e/secret.txt', '/..\\secret.txt', '/%5c..%5csecret.txt', `/${'%2e%2e/'.repeat(8)}etc/passwd`, '/secret.txt%00.html', '/%c0%ae%c0%ae/secret.txt'];
    for (const path of tries) {
      const r = await get(server.port, path);
      expect(r.body.includes(SECRET) || r.body.includes('root:'), `GET ${path} → ${r.status}`).toBe(false);
      expect(r.status, `GET ${path}`).not.toBe(200);
    }
  });

  it('GET /health answers 200 JSON; a WebSocket elsewhere than /ws is refused', async () => {
    const h = await health(server.url);
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true });
    const ws = new WebSocket(wsUrl(server.url).replace(/\/ws$/, '/elsewhere'));
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', (e) => resolve(`error: ${e.message}`));
    });
    ws.terminate();
    expect(outcome).toMatch(/^error/);
  });

  it('a bad option exits with a message naming it', async () => {
    await expect(spawnServer({ args: ['--port', 'abc'] })).rejects.toThrow(/--port/);
    await expect(spawnServer({ args: ['--no-such-option'] })).rejects.toThrow(/no-such-option/);
  });

  it('caps: connections per address, rooms a minute from one connection, refused with limit', async () => {
    const capped = await spawnServer({ args: ['--max-connections-per-ip', '3', '--rooms-per-minute', '2'] });
    others.push(capped);
    const open: TestClient[] = [];
    for (let i = 0; i < 3; i++) open.push(await TestClient.connect(capped.url, { name: `cap${i}` }));
    clients.push(...open);
    const fourth = await TestClient.connect(capped.url, { name: 'cap3', hello: false, heartbeat: false });
    clients.push(fourth);
    const refusal = await fourth.waitFor((m) => m.t === 'error', 'the limit refusal');
    expect(refusal).toMatchObject({ code: 'limit' });
    const closed = await fourth.waitClosed('the fourth connection');
    console.log(`caps: the fourth connection closed ${closed.code} (${closed.reason})`);
    const spec = { game: 'go' as const, rules: { size: 9 }, seats: [{ kind: 'human' as const }, { kind: 'human' as const }], clock: null, listed: false, name: 'c', seat: 0 };
    await open[0].create(spec);
    await open[0].create(spec);
    await expect(open[0].create(spec)).rejects.toThrow(/"limit"/);
    // Another connection has its own count.
    await open[1].create(spec);
  });

  it('a connection silent for idleMs is closed by the server', { timeout: 60_000 }, async () => {
    const c = await TestClient.connect(server.url, { name: 'silent', heartbeat: false });
    clients.push(c);
    const idleMs = c.limits!.idleMs;
    const t0 = Date.now();
    const closed = await c.waitClosed('the server closing a silent connection', idleMs * 3);
    const after = Date.now() - t0;
    console.log(`idle: closed by the server after ${after} ms (idleMs ${idleMs}), code ${closed.code} ${closed.reason}`);
    expect(closed.byClient).toBe(false);
    expect(after).toBeGreaterThanOrEqual(idleMs * 0.9);
  });

  it('SIGTERM closes it cleanly (exit code 0)', { timeout: 30_000 }, async () => {
    const s = await spawnServer({});
    others.push(s);
    const c = await TestClient.connect(s.url, { name: 'term' });
    clients.push(c);
    const exit = await s.stop(10_000);
    expect(exit).toEqual({ code: 0, signal: null });
    const closed = await c.waitClosed('the server going away');
    expect(closed.code).toBe(1001);
  });
});

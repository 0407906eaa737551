/**
 * The process contract and durability: `main.ts` (run from source) prints its one line, and a server killed with
 * SIGKILL mid-game comes back on the same database with every acknowledged move, at the same versions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient, twoPlayers } from './testkit/ws-client.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'qi-kill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts main.ts from source on a free port; resolves with its URL once it printed its line. */
function launch(db: string): Promise<{ child: ChildProcess; url: string; line: string }> {
  const child = spawn(process.execPath, ['--import', join(repo, 'tools/cli/src/testing/register.mjs'), join(repo, 'apps/server/src/main.ts'), '--port', '0', '--db', db, '--web', dir], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^qi server listening on (http:\/\/127\.0\.0\.1:\d+) \(database (.+)\)\n/.exec(out);
      if (m) resolve({ child, url: m[1], line: out });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

describe('the server process', () => {
  it('prints its line, and loses no acknowledged move to SIGKILL', { timeout: 120_000 }, async () => {
    const db = join(dir, 'kill.sqlite');
    const t0 = Date.now();
    const first = await launch(db);
    console.log(`server from source listening after ${Date.now() - t0} ms`);
    expect(first.line).toBe(`qi server listening on ${first.url} (database ${db})\n`);
    const [a, b] = [await TestClient.open(first.url), await TestClient.open(first.url)];
    const { room, tokens, version } = await twoPlayers(a, b, 'gomoku');
    const moves = ['H8', 'H9', 'I8', 'I9', 'J8', 'J9'];
    let v = version;
    for (let i = 0; i < moves.length; i++) expect(await [a, b][i % 2].act({ t: 'move', room, version: v, move: moves[i] })).toMatchObject({ ok: true, version: ++v });
    first.child.kill('SIGKILL');
    await Promise.all([a.closed, b.closed]);

    const second = await launch(db);
    const a2 = await TestClient.open(second.url);
    a2.send({ t: 'join', req: 1, room, token: tokens[0] });
    await a2.take('joined');
    const snap = (await a2.take('snapshot')).snapshot;
    expect(snap.moves).toEqual(moves);
    // The moves kept their versions; the presence events of the restart come after them.
    expect(snap.version).toBeGreaterThan(v);
    a2.send({ t: 'join', req: 2, room, token: tokens[0], since: version });
    await a2.take('joined');
    for (let i = 0; i < moves.length; i++) expect((await a2.event(room, version + 1 + i)).event).toMatchObject({ kind: 'move', move: moves[i] });
    // The game goes on, against the version the client holds now.
    expect(await a2.act({ t: 'move', room, version: snap.version, move: 'K8' }, 'after-kill')).toMatchObject({ ok: true, version: snap.version + 1 });
    await a2.close();
    second.child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => second.child.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
  });
});

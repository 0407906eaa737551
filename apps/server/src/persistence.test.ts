/**
 * Clocks on the server and persistence: a flag falls on the server's own timer (a manual clock, no sleeping),
 * and a server closed and started again on the same SQLite file has the same moves, versions, ack answers and
 * clocks (resumed where they stood: the downtime is not charged).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameDefinition, MAX_MOVES } from '@qi/engine';
import { ManualTime, startServer, type QiEngine } from './index.js';
import { TestClient, twoPlayers } from './testkit/ws-client.js';

const dir = mkdtempSync(join(tmpdir(), 'qi-server-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('server clocks', () => {
  it('end the game when the running clock reaches zero (Go words it B+T), and carry the clocks on every move', async () => {
    const time = new ManualTime();
    const s = await startServer({ port: 0, qi: null, log: () => {}, time });
    try {
      const [a, b] = [await TestClient.open(s.url), await TestClient.open(s.url)];
      const { room, version } = await twoPlayers(a, b, 'go', { rules: { size: 9 }, clock: { initialMs: 1000, incrementMs: 500 } });
      time.advance(300);
      expect(await a.act({ t: 'move', room, version, move: 'E5' })).toMatchObject({ ok: true });
      const move = (await b.event(room, version + 1)).event;
      if (move.kind !== 'move' || !move.clocks) throw new Error('a move with clocks was expected');
      // 300 ms used (less at most the lag compensation on loopback), 500 ms increment.
      expect(move.clocks.remainingMs[0]).toBeGreaterThanOrEqual(1200);
      expect(move.clocks.remainingMs[0]).toBeLessThanOrEqual(1250);
      expect(move.clocks).toMatchObject({ running: 1, at: time.now() });
      await a.event(room, version + 1);
      time.advance(999);
      a.send({ t: 'ping', id: 1, clientTime: 1 });
      await a.take('pong');
      expect(a.kept().filter((m) => m.t === 'event')).toEqual([]);
      time.advance(1);
      const end = await a.event(room, version + 2);
      expect(end.event).toMatchObject({ kind: 'end', result: { returns: [1, -1], reason: 'time', seat: 1, code: 'B+T' }, clocks: { remainingMs: [move.clocks.remainingMs[0], 0], running: null } });
      expect(await b.act({ t: 'move', room, version: version + 1, move: 'D5' })).toMatchObject({ ok: false, code: 'over' });
      await Promise.all([a.close(), b.close()]);
    } finally {
      await s.close();
    }
  });
});

describe('persistence', () => {
  it('restarts with the same moves, versions, ack answers and clocks', async () => {
    const db = join(dir, 'restart.sqlite');
    const time = new ManualTime();
    const s1 = await startServer({ port: 0, qi: null, log: () => {}, time, db });
    const [a, b] = [await TestClient.open(s1.url), await TestClient.open(s1.url)];
    const { room, tokens, version } = await twoPlayers(a, b, 'go', { rules: { size: 9 }, clock: { initialMs: 60_000, incrementMs: 1000 } });
    time.advance(2000);
    expect(await a.act({ t: 'move', room, version, move: 'E5' }, 'm1')).toMatchObject({ ok: true, version: version + 1 });
    time.advance(3000);
    expect(await b.act({ t: 'move', room, version: version + 1, move: 'D5' }, 'm2')).toMatchObject({ ok: true, version: version + 2 });
    await a.act({ t: 'chat', room, text: 'see you after the restart' });
    time.advance(1500);
    await Promise.all([a.close(), b.close()]);
    const watch = await TestClient.open(s1.url);
    watch.send({ t: 'join', req: 1, room });
    await watch.take('joined');
    const before = (await watch.take('snapshot')).snapshot;
    expect(before.seats.map((x) => x.presence)).toEqual(['reconnecting', 'reconnecting']);
    await watch.close();
    await s1.close();

    // Downtime: a minute and a half passes before the server is back.
    time.advance(90_000);
    const s2 = await startServer({ port: 0, qi: null, log: () => {}, time, db });
    expect(s2.restored).toBe(1);
    try {
      const w2 = await TestClient.open(s2.url);
      w2.send({ t: 'join', req: 1, room });
      await w2.take('joined');
      const after = (await w2.take('snapshot')).snapshot;
      expect({ moves: after.moves, version: after.version, status: after.status, chat: after.chat, seats: after.seats }).toEqual({
        moves: before.moves,
        version: before.version,
        status: 'playing',
        chat: before.chat,
        seats: before.seats,
      });
      expect(after.moves).toEqual(['E5', 'D5']);
      expect(after.clocks).toEqual({ ...before.clocks, at: time.now() });
      // Seat 0 comes back with its token and resyncs from the version it had; a repeated ack id gets its old answer.
      const a2 = await TestClient.open(s2.url);
      a2.send({ t: 'join', req: 2, room, token: tokens[0], since: version + 2 });
      expect(await a2.take('joined')).toMatchObject({ seat: 0 });
      const events = [];
      for (let v = version + 3; v <= after.version + 1; v++) events.push((await a2.event(room, v)).event.kind);
      expect(events).toEqual([...Array(after.version - version - 2).fill(null).map((_, i) => (i === 0 ? 'chat' : 'presence')), 'presence']);
      expect(await a2.act({ t: 'move', room, version, move: 'E5' }, 'm1')).toEqual({ t: 'ack', ack: 'm1', ok: true, version: version + 1 });
      time.advance(700);
      // (A new ack id: ids are per seat, across connections — 'a1' was the chat line's before the restart.)
      expect(await a2.act({ t: 'move', room, version: version + 2, move: 'C3' }, 'm3')).toEqual({ t: 'ack', ack: 'm3', ok: true, version: after.version + 2 });
      const move = (await w2.eventOf(room, 'move')).event;
      if (move.kind !== 'move' || !move.clocks) throw new Error('a move with clocks was expected');
      // The 1.5 s before the restart and the 0.7 s after it are charged; the 90 s of downtime are not.
      expect(move.clocks.remainingMs[0]).toBeGreaterThan(before.clocks!.remainingMs[0] - 700 + 1000 - 50);
      expect(move.clocks.remainingMs[0]).toBeLessThanOrEqual(before.clocks!.remainingMs[0] - 700 + 1000);
      await Promise.all([w2.close(), a2.close()]);
    } finally {
      await s2.close();
    }
  });
});

describe('memory', () => {
  it('lets a waiting room nobody watches leave memory, and loads it again from the store on a join by code', async () => {
    const s = await startServer({ port: 0, qi: null, log: () => {}, graceMs: 20, evictAfterMs: 20 });
    const health = async (): Promise<{ rooms: number }> => (await (await fetch(`${s.url}/health`)).json()) as { rooms: number };
    try {
      const a = await TestClient.open(s.url);
      a.send({ t: 'create', req: 1, game: 'reversi', seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: true, name: 'Ann', seat: 0 });
      const { code, token } = await a.take('created');
      await a.close();
      const t0 = Date.now();
      while ((await health()).rooms > 0) await new Promise((r) => setTimeout(r, 10));
      console.log(`the waiting room left memory ${Date.now() - t0} ms after its creator left (grace 20 ms, evict after 20 ms)`);
      const b = await TestClient.open(s.url);
      b.send({ t: 'join', req: 2, room: code, seat: 1, name: 'Bob' });
      await b.take('joined');
      const snap = (await b.take('snapshot')).snapshot;
      expect(snap).toMatchObject({ status: 'playing', seats: [{ name: 'Ann', presence: 'gone' }, { name: 'Bob', presence: 'online' }] });
      const a2 = await TestClient.open(s.url);
      a2.send({ t: 'join', req: 3, room: code, token: token! });
      expect(await a2.take('joined')).toMatchObject({ seat: 0 });
      expect(await a2.act({ t: 'move', room: snap.room, version: snap.version, move: 'd3' }, 'back')).toMatchObject({ ok: true });
      await Promise.all([a2.close(), b.close()]);
    } finally {
      await s.close();
    }
  });
});

describe('Qi after a restart', () => {
  it('thinks again where it is Qi’s turn', async () => {
    const db = join(dir, 'qi-restart.sqlite');
    const asked: string[] = [];
    // Before the restart Qi never answers; after it, Qi plays the engine's first legal move.
    const silent: QiEngine = { think: (setup) => (asked.push(`silent ${setup.moves?.length}`), new Promise(() => {})), close: async () => {} };
    const first: QiEngine = {
      think: async (setup) => {
        asked.push(`first ${setup.moves?.length}`);
        const pos = gameDefinition(setup.game).create(setup.rules, setup.start);
        for (const m of setup.moves ?? []) pos.play(pos.parseMove(String(m)));
        const buf = new Int32Array(MAX_MOVES);
        pos.legalMoves(buf);
        return buf[0];
      },
      close: async () => {},
    };
    const s1 = await startServer({ port: 0, qi: silent, log: () => {}, db });
    const a = await TestClient.open(s1.url);
    a.send({ t: 'create', req: 1, game: 'gomoku', seats: [{ kind: 'qi', level: 2 }, { kind: 'human' }], clock: null, listed: false, name: 'Ann', seat: 1 });
    const { room, token } = await a.take('created');
    const snap = (await a.take('snapshot')).snapshot;
    expect(snap.status).toBe('playing');
    await a.close();
    await s1.close();
    const s2 = await startServer({ port: 0, qi: first, log: () => {}, db });
    try {
      const a2 = await TestClient.open(s2.url);
      a2.send({ t: 'join', req: 2, room, token: token! });
      await a2.take('joined');
      const state = (await a2.take('snapshot')).snapshot;
      const moves = state.moves.length > 0 ? state.moves : [((await a2.eventOf(room, 'move')).event as { move: string }).move];
      expect(moves).toHaveLength(1);
      expect(asked).toEqual(['silent 0', 'first 0']);
      await a2.close();
    } finally {
      await s2.close();
    }
  });
});

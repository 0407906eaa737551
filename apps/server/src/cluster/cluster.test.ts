/**
 * The cluster in one process: two servers sharing one store and the in-process messaging (the same code paths as
 * Redis, without processes). A game between clients on different servers, a spectator by code on the owner's
 * peer, presence across servers, and a graceful hand-over: the owner closes, the room moves to the other server
 * with every acknowledged move, and the game goes on. (Processes with Redis and PostgreSQL: processes.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MOVES, Rng, gameDefinition } from '@qi/engine';
import type { QiEngine } from '../qi-seats.js';
import { closeGame, playRandom, startGame } from '../blackbox/setup.js';
import { startServer, type RunningServer } from '../index.js';
import { TestClient } from '../testing/client.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/store.js';
import { memoryMessaging } from './messaging.js';

// Leases long enough that no stall of a slow machine lets one lapse (hand-overs here are graceful: a closing server
// gives its leases up); renewal rounds short, so that relays notice a hand-over and lobbies meet quickly.
const TIMINGS = { leaseMs: 10_000, renewMs: 100, rpcTimeoutMs: 5000, sweepMs: 300 };
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A Qi that plays the first legal move and counts its turns. */
function firstMoveQi(counter: { n: number }): QiEngine {
  return {
    think: async (setup) => {
      counter.n++;
      const pos = gameDefinition(setup.game).create(setup.rules, setup.start);
      for (const m of setup.moves ?? []) pos.play(pos.parseMove(String(m)));
      const buf = new Int32Array(MAX_MOVES);
      pos.legalMoves(buf);
      return buf[0];
    },
    close: async () => {},
  };
}

async function pair(qi: [QiEngine | null, QiEngine | null] = [null, null]): Promise<{ a: RunningServer; b: RunningServer; store: Store; logs: string[] }> {
  const store = openSqliteStore({ path: ':memory:' });
  const shared: Store = { ...store, close: async () => undefined };
  const messaging = memoryMessaging();
  const logs: string[] = [];
  const log = (l: string): void => void logs.push(l);
  const a = await startServer({ port: 0, store: shared, messaging, cluster: TIMINGS, qi: qi[0], log });
  const b = await startServer({ port: 0, store: shared, messaging, cluster: TIMINGS, qi: qi[1], log });
  servers.push(a, b);
  return { a, b, store, logs };
}

describe('cluster (in-process messaging)', () => {
  it('two clients on two servers play; a spectator by code on the other server sees the same versions; presence crosses servers', { timeout: 60_000 }, async () => {
    const { a, b } = await pair();
    const g = await startGame([a.url, b.url], 'go', { size: 9 });
    const rng = new Rng(15);
    for (let i = 0; i < 12; i++) await playRandom(g, rng);
    const spectator = await TestClient.connect(b.url, { name: 'spectator' });
    await spectator.join(g.code.toLowerCase());
    await spectator.waitVersion(g.room, g.acked[g.acked.length - 1].version);
    const view = spectator.rooms.get(g.room)!;
    expect(view.moves).toEqual(g.acked.map((m) => m.move));
    expect(view.snapshot!.seats.map((s) => s.presence)).toEqual(['online', 'online']);
    // The room is owned by a (where it was created) and relayed by b.
    const ha = (await (await fetch(`${a.url}/health`)).json()) as { cluster: { owned: number; remotePeers: number } };
    const hb = (await (await fetch(`${b.url}/health`)).json()) as { cluster: { owned: number; relayed: number } };
    expect([ha.cluster.owned, hb.cluster.owned, hb.cluster.relayed]).toEqual([1, 0, 1]);
    expect(ha.cluster.remotePeers).toBe(2);
    // The player on the relaying server leaves: the owner sees its seat reconnecting (one event, seen everywhere).
    await g.players[1].close();
    await spectator.waitUntil(() => view.events.some((e) => e.event.kind === 'presence' && e.event.seat === 1 && e.event.presence === 'reconnecting'), 'seat 1 reconnecting');
    const versions = view.events.map((e) => e.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    await spectator.close();
    await g.players[0].close();
  });

  it('the lobby shows the listed rooms of every server', { timeout: 60_000 }, async () => {
    const { a, b } = await pair();
    const watcher = await TestClient.connect(b.url, { name: 'lobby' });
    const lobbies: string[][] = [];
    watcher.onMessage((m) => {
      if (m.t === 'lobby') lobbies.push(m.rooms.map((r) => r.room));
    });
    watcher.send({ t: 'lobby', watch: true });
    const creator = await TestClient.connect(a.url, { name: 'creator' });
    const { created } = await creator.create({ game: 'reversi', rules: {}, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: true, name: 'Lo', seat: 0 });
    await watcher.waitUntil(() => lobbies.some((l) => l.includes(created.room)), 'the room created on a in the lobby of b');
    await creator.close();
    await watcher.close();
  });

  it('the owner closes: the room moves to the other server with every acked move, and the game goes on', { timeout: 60_000 }, async () => {
    const { a, b, store } = await pair();
    const g = await startGame([a.url, b.url], 'go', { size: 9 }, { client: { reconnect: true } });
    const rng = new Rng(16);
    for (let i = 0; i < 8; i++) await playRandom(g, rng);
    g.players[0].retarget(b.url);
    await a.close();
    // Both clients are back in sync through b (one reconnected, one rejoined on its behalf by b).
    const last = g.acked[g.acked.length - 1].version;
    for (const p of g.players) await p.waitUntil(() => p.inSync(g.room) && p.rooms.get(g.room)!.version >= last, 'in sync after the hand-over', 20_000);
    for (let i = 0; i < 8; i++) await playRandom(g, rng);
    const stored = (await store.loadRoom(g.room))!;
    const moves = stored.events.filter((e) => e.event.kind === 'move').map((e) => (e.event as { move: string }).move);
    expect(moves).toEqual(g.acked.map((m) => m.move));
    for (const m of g.acked) expect(stored.events.find((e) => e.version === m.version)?.event.kind).toBe('move');
    await closeGame(g);
    await store.close();
  });

  it('Qi’s seat is played where the room is owned, and moves with the room', { timeout: 60_000 }, async () => {
    const qa = { n: 0 };
    const qb = { n: 0 };
    const { a, b, store } = await pair([firstMoveQi(qa), firstMoveQi(qb)]);
    // Created on a (its owner) by a spectator; the human plays from b.
    const creator = await TestClient.connect(a.url, { name: 'creator' });
    const { created } = await creator.create({ game: 'gomoku', rules: { size: 15 }, seats: [{ kind: 'human' }, { kind: 'qi', level: 1 }], clock: null, listed: false, name: 'c', seat: null });
    const human = await TestClient.connect(b.url, { name: 'human', reconnect: true });
    await human.join(created.room, { seat: 0, name: 'Hu' });
    const view = human.rooms.get(created.room)!;
    await human.waitUntil(() => view.status === 'playing', 'playing');
    const points = ['H8', 'C3', 'M12', 'E1', 'K4', 'B13']; // E1 blocks Qi's first-legal-move row A1 B1 C1 D1
    const play = async (move: string): Promise<void> => {
      const before = view.moves.length;
      for (;;) {
        const ack = await human.move(created.room, move, view.version);
        if (ack.ok) break;
        if (ack.code !== 'server' && ack.code !== 'not-seated') throw new Error(`${move}: ${ack.code} ${ack.reason}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await human.waitUntil(() => view.moves.length >= before + 2, `Qi's answer to ${move}`);
    };
    for (const m of points.slice(0, 3)) await play(m);
    expect([qa.n, qb.n]).toEqual([3, 0]);
    await creator.close();
    await a.close();
    // b takes the room (the human's next move asks for it) and its Qi plays on.
    for (const m of points.slice(3)) await play(m);
    expect(qb.n).toBe(3);
    const stored = (await store.loadRoom(created.room))!;
    expect(stored.events.filter((e) => e.event.kind === 'move')).toHaveLength(12);
    await human.close();
    await store.close();
  });

  it('a write fenced by the store (another process claimed the room) is refused `server`; the room is taken again and the move goes through', { timeout: 60_000 }, async () => {
    const { a, b, store, logs } = await pair();
    const g = await startGame([a.url, b.url], 'go', { size: 9 });
    const rng = new Rng(17);
    for (let i = 0; i < 4; i++) await playRandom(g, rng);
    // Another process takes the room over in the store (its lease in messaging untouched): a's epoch is stale.
    expect(await store.claim(g.room)).toBe(2);
    const move = g.local.randomMove(rng)!;
    const c = g.players[g.local.toMove()];
    const ack = c.ackId();
    const first = await c.move(g.room, move, c.rooms.get(g.room)!.version, ack);
    expect(first).toMatchObject({ ok: false, code: 'server' });
    expect(logs.join('\n')).toMatch(/taken over by another process/);
    let again = first;
    for (let k = 0; k < 50 && !again.ok; k++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await c.move(g.room, move, c.rooms.get(g.room)!.version, ack);
    }
    expect(again.ok).toBe(true);
    g.local.play(move);
    g.acked.push({ seat: g.local.toMove() ^ 1, ack, version: (again as { version: number }).version, move });
    for (const p of g.players) await p.waitVersion(g.room, (again as { version: number }).version);
    for (let i = 0; i < 3; i++) await playRandom(g, rng);
    const stored = (await store.loadRoom(g.room))!;
    expect(stored.events.filter((e) => e.event.kind === 'move').map((e) => (e.event as { move: string }).move)).toEqual(g.acked.map((m) => m.move));
    await closeGame(g);
    await store.close();
  });
});

/**
 * The cluster in one process: two servers sharing one store and the in-process messaging (the same code paths as
 * Redis, without processes). A game between clients on different servers, a spectator by code on the owner's
 * peer, presence across servers, and a graceful hand-over: the owner closes, the room moves to the other server
 * with every acknowledged move, and the game goes on. (Processes with Redis and PostgreSQL: processes.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { closeGame, playRandom, startGame } from '../blackbox/setup.js';
import { startServer, type RunningServer } from '../index.js';
import { TestClient } from '../testing/client.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/store.js';
import { memoryMessaging } from './messaging.js';

const TIMINGS = { leaseMs: 600, renewMs: 100, rpcTimeoutMs: 1500, sweepMs: 300 };
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function pair(): Promise<{ a: RunningServer; b: RunningServer; store: Store; logs: string[] }> {
  const store = openSqliteStore({ path: ':memory:' });
  const shared: Store = { ...store, close: async () => undefined };
  const messaging = memoryMessaging();
  const logs: string[] = [];
  const log = (l: string): void => void logs.push(l);
  const a = await startServer({ port: 0, store: shared, messaging, cluster: TIMINGS, qi: null, log });
  const b = await startServer({ port: 0, store: shared, messaging, cluster: TIMINGS, qi: null, log });
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
});

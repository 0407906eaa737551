/**
 * Outages: PostgreSQL or Redis gone under running server processes. A move that cannot be stored is refused with
 * `server` (never acked), a move whose room's owner cannot be reached likewise, joins get a clear `server`
 * error; no process dies, /health still answers, and the store holds exactly the moves that were acked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import type { AckMessage } from '@qi/protocol';
import { startPostgres, startRedis } from '@qi/test-services';
import { closeGame, playRandom, startGame } from '../blackbox/setup.js';
import { openPostgresStore } from '../store/postgres.js';
import { TestClient, sleep } from '../testing/client.js';
import { health, spawnServer, type SpawnedServer } from '../testing/spawn.js';

const CLUSTER = { leaseMs: 1500, renewMs: 300, rpcTimeoutMs: 1500, sweepMs: 1000 };
const spawned: SpawnedServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(spawned.map((s) => s.stop().then(() => s.cleanup())));
  for (const c of closers) await c().catch(() => undefined);
}, 60_000);

async function storedMoves(url: string, room: string): Promise<string[]> {
  const store = await openPostgresStore({ url });
  try {
    return (await store.loadRoom(room))!.events.filter((e) => e.event.kind === 'move').map((e) => (e.event as { move: string }).move);
  } finally {
    await store.close();
  }
}

describe('outages', () => {
  it('PostgreSQL stops: a move is refused with `server`, never acked; the process lives on', { timeout: 120_000 }, async () => {
    const pg = await startPostgres();
    closers.push(() => pg.close());
    const s = await spawnServer({ databaseUrl: pg.url });
    spawned.push(s);
    const g = await startGame(s.url, 'go', { size: 9 });
    const rng = new Rng(77);
    for (let i = 0; i < 3; i++) await playRandom(g, rng);
    expect(await storedMoves(pg.url, g.room)).toEqual(g.acked.map((m) => m.move));
    await pg.close();
    const move = g.local.randomMove(rng)!;
    const c = g.players[g.local.toMove()];
    const t0 = performance.now();
    const a = await c.move(g.room, move, c.rooms.get(g.room)!.version);
    console.log(`PostgreSQL down: the move was answered in ${(performance.now() - t0).toFixed(0)} ms: ${JSON.stringify(a)}`);
    expect(a.ok).toBe(false);
    expect((a as AckMessage & { ok: false }).code).toBe('server');
    expect(s.alive()).toBe(true);
    expect((await health(s.url)).status).toBe(200);
    expect(s.stderr()).toMatch(/not stored/);
    await closeGame(g);
  });

  it('Redis stops under two processes: relayed moves and joins are refused with `server`; nothing unacked is stored; both live on', { timeout: 120_000 }, async () => {
    const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    closers.push(() => pg.close(), () => redis.close());
    const [a, b] = await Promise.all([0, 1].map(async () => {
      const s = await spawnServer({ databaseUrl: pg.url, redisUrl: redis.url, cluster: CLUSTER });
      spawned.push(s);
      return s;
    }));
    const g = await startGame([a.url, b.url], 'go', { size: 9 });
    const rng = new Rng(78);
    for (let i = 0; i < 4; i++) {
      await playRandom(g, rng);
    }
    await redis.close();
    // Seat 0 is on the owner (a), seat 1 relayed through b. Seat 0 to move: its move may still be stored while
    // a's lease is valid; then seat 1's relayed move cannot reach the owner.
    const m0 = g.local.randomMove(rng)!;
    const a0 = await g.players[0].move(g.room, m0, g.players[0].rooms.get(g.room)!.version).catch((e: Error) => e);
    if (!(a0 instanceof Error) && a0.ok) {
      g.local.play(m0);
      g.acked.push({ seat: 0, ack: a0.ack, version: a0.version, move: m0 });
    }
    const m1 = g.local.toMove() === 1 ? g.local.randomMove(rng)! : 'pass';
    const a1 = await g.players[1].move(g.room, m1, g.players[1].rooms.get(g.room)!.version);
    console.log(`Redis down: owner's move ${JSON.stringify(a0 instanceof Error ? a0.message : a0)}; relayed move ${JSON.stringify(a1)}`);
    expect(a1.ok).toBe(false);
    expect((a1 as AckMessage & { ok: false }).code).toBe('server');
    // After the lease has run out, the owner gives the room up: a new join anywhere is a clear `server` error.
    await sleep(CLUSTER.leaseMs * 2);
    for (const s of [a, b]) {
      const c = await TestClient.connect(s.url, { name: 'late' });
      const err = await c.join(g.room).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(err).toMatch(/server/);
      await c.close();
      expect(s.alive()).toBe(true);
      const h = await health(s.url);
      expect(h.status).toBe(200);
    }
    const ha = (await health(a.url)).body as { cluster: { leaseRenewalFailures: number; owned: number } };
    expect(ha.cluster.leaseRenewalFailures).toBeGreaterThan(0);
    expect(ha.cluster.owned).toBe(0);
    expect(await storedMoves(pg.url, g.room)).toEqual(g.acked.map((m) => m.move));
    await closeGame(g);
  });
});

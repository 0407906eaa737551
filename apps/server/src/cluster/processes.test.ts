/**
 * Several real server processes (`node dist/main.js --database-url … --redis-url …`) on a real PostgreSQL and a
 * real redis-server started for these tests: two clients on two processes play; the owner process is SIGKILLed
 * mid-game (a move in flight) and the game goes on through the other process with every acked move, exactly
 * once; a small load across three processes loses and duplicates nothing. Leases are short here (1.5 s), so a
 * take-over takes seconds; nothing asserts a speed (latencies are printed).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import type { AckMessage } from '@qi/protocol';
import { startPostgres, startRedis, type TestPostgres, type TestRedis } from '@qi/test-services';
import { closeGame, startGame, type TwoPlayerGame } from '../blackbox/setup.js';
import { openPostgresStore } from '../store/postgres.js';
import { TestClient, sleep } from '../testing/client.js';
import { health, spawnServer, type SpawnedServer } from '../testing/spawn.js';
import { formatReport, runLoad } from '../tools/load-run.js';
import { loadServerArgs } from '../tools/load.js';

// Short leases where an owner dies or stalls (the moves are resent while the room changes hands); the defaults
// (10 s leases) where nothing should change hands, so that a slow machine's stalls cannot make a lease lapse.
const CLUSTER = { leaseMs: 1500, renewMs: 300, rpcTimeoutMs: 1500, sweepMs: 1000 };
const CALM = { leaseMs: 10_000, renewMs: 1000, rpcTimeoutMs: 10_000 };
// The process that must keep a room while the test stalls or kills the other one: it notices the other's silence as
// fast as CLUSTER does, but holds its own lease for 10 s, so that a stall of its own (a loaded machine, another
// package's tests running beside these) cannot make it lose the room between two checks.
const STEADY = { leaseMs: 10_000, renewMs: 1000, rpcTimeoutMs: 1500, sweepMs: 1000 };
let pg: TestPostgres;
let redis: TestRedis;
const spawned: SpawnedServer[] = [];

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
}, 120_000);
// A test's processes stop with it: alive, they would sweep up the next test's rooms whose owner is stopped or
// killed (any live process may take a lapsed room), where that test expects a process of its own to take it.
afterEach(async () => {
  await Promise.all(spawned.splice(0).map((s) => s.stop().then(() => s.cleanup())));
}, 60_000);
afterAll(async () => {
  await Promise.all(spawned.map((s) => s.stop().then(() => s.cleanup())));
  await Promise.all([pg?.close(), redis?.close()]);
}, 60_000);

async function server(cluster: typeof CLUSTER | typeof CALM = CLUSTER): Promise<SpawnedServer> {
  const s = await spawnServer({ databaseUrl: pg.url, redisUrl: redis.url, cluster, graceMs: 60_000 });
  spawned.push(s);
  return s;
}

interface ClusterHealth {
  cluster: { node: string; owned: number; relayed: number; remotePeers: number; rpcTimeouts: number; busLagMs: number | null };
}
const clusterOf = async (s: SpawnedServer): Promise<ClusterHealth['cluster']> => ((await health(s.url)).body as ClusterHealth).cluster;

/** Ends the game by a resignation, so that no later test's process sweeps it up once its owner has stopped. */
async function endGame(g: TwoPlayerGame): Promise<void> {
  const a = await g.players[0].act({ t: 'resign', room: g.room });
  expect(a.ok, `the resignation ending the test's game: ${JSON.stringify(a)}`).toBe(true);
  await closeGame(g);
}

/** Expects `s` to own `n` rooms; when it does not, the failure shows what its log says of its leases. */
async function expectOwned(s: SpawnedServer, n: number): Promise<void> {
  const c = await clusterOf(s);
  expect(c.owned, `rooms owned by ${c.node}: ${JSON.stringify(c)}\n${s.stdout().slice(-1500)}\n${s.stderr().slice(-1500)}`).toBe(n);
}

/** Sends the move of the seat to move, resending the same ack id while the answer is `server` or the seat is not back yet. */
async function playThrough(g: TwoPlayerGame, rng: Rng, log: string[], deadlineMs = 30_000): Promise<AckMessage & { ok: true }> {
  const move = g.local.randomMove(rng)!;
  const seat = g.local.toMove();
  const c = g.players[seat];
  const ack = c.ackId();
  const until = Date.now() + deadlineMs;
  // The mover plays against the last acked move (its event may still be on its way to this client).
  if (g.acked.length > 0) await c.waitVersion(g.room, g.acked[g.acked.length - 1].version, deadlineMs);
  for (;;) {
    let a: AckMessage | null = null;
    try {
      a = await c.move(g.room, move, c.rooms.get(g.room)?.version, ack);
    } catch (e) {
      log.push(`seat ${seat} ${move}: ${(e as Error).message}`);
    }
    if (a?.ok) {
      g.local.play(move);
      g.acked.push({ seat, ack, version: a.version, move });
      return a;
    }
    if (a && !['server', 'not-seated'].includes(a.code)) throw new Error(`the legal move ${move} of seat ${seat} was refused: ${a.code} (${a.reason})`);
    if (a) log.push(`seat ${seat} ${move}: ${a.code} (${a.reason})`);
    if (Date.now() > until) throw new Error(`the move ${move} of seat ${seat} was never acked: ${log.slice(-5).join('; ')}`);
    await sleep(200);
  }
}

async function storedMoves(room: string): Promise<{ version: number; move: string; ack: string | null }[]> {
  const store = await openPostgresStore({ url: pg.url });
  try {
    const s = (await store.loadRoom(room))!;
    return s.events.filter((e) => e.event.kind === 'move').map((e) => ({ version: e.version, move: (e.event as { move: string }).move, ack: e.ack }));
  } finally {
    await store.close();
  }
}

describe('several server processes (PostgreSQL + Redis)', () => {
  it('two clients on two processes play a game; presence and a spectator across processes', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([server(CALM), server(CALM)]);
    const g = await startGame([a.url, b.url], 'go', { size: 9 });
    const rng = new Rng(1515);
    const log: string[] = [];
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await playThrough(g, rng, log, 10_000);
      times.push(performance.now() - t0);
      for (const p of g.players) await p.waitVersion(g.room, g.acked[g.acked.length - 1].version);
    }
    times.sort((x, y) => x - y);
    console.log(`two processes: 20 moves, round trip p50 ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms`);
    expect(log).toEqual([]);
    const spectator = await TestClient.connect(b.url, { name: 'spectator' });
    await spectator.join(g.code);
    const view = spectator.rooms.get(g.room)!;
    // The snapshot follows `joined`; from the owner on another process it comes in a frame of its own.
    await spectator.waitVersion(g.room, g.acked[g.acked.length - 1].version);
    expect(view.moves).toEqual(g.acked.map((m) => m.move));
    expect(view.snapshot!.seats.map((s) => s.presence)).toEqual(['online', 'online']);
    const [ca, cb] = await Promise.all([clusterOf(a), clusterOf(b)]);
    expect([ca.owned, cb.owned, cb.relayed]).toEqual([1, 0, 1]);
    expect(ca.remotePeers).toBe(2);
    expect(await storedMoves(g.room)).toEqual(g.acked.map((m) => ({ version: m.version, move: m.move, ack: m.ack })));
    // The relayed player goes: its seat is reconnecting, seen on both processes.
    await g.players[1].close();
    await spectator.waitUntil(() => view.events.some((e) => e.event.kind === 'presence' && e.event.seat === 1 && e.event.presence === 'reconnecting'), 'seat 1 reconnecting');
    await spectator.close();
    await endGame(g);
  });

  it('the owner is SIGKILLed mid-game with a move in flight: the game goes on through the other process with every acked move, once', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([server(), server(STEADY)]);
    const g = await startGame([a.url, b.url], 'go', { size: 9 }, { clock: { initialMs: 600_000, incrementMs: 0 }, client: { reconnect: true, timeoutMs: 20_000 } });
    const rng = new Rng(1516);
    const log: string[] = [];
    for (let i = 0; i < 7; i++) await playThrough(g, rng, log, 10_000);
    await expectOwned(a, 1);
    // Seat 1 (relayed through b) sends its move and the owner dies at once: the move may or may not have been stored.
    const move = g.local.randomMove(rng)!;
    expect(g.local.toMove()).toBe(1);
    const ack = g.players[1].ackId();
    const inFlight = g.players[1].move(g.room, move, g.players[1].rooms.get(g.room)!.version, ack).catch((e: Error) => e);
    g.players[0].retarget(b.url);
    await a.kill('SIGKILL');
    const killedAt = performance.now();
    const first = await inFlight;
    log.push(`in flight: ${first instanceof Error ? first.message : JSON.stringify(first)}`);
    // Resent with the same ack id until answered: stored once whatever the first attempt did.
    const until = Date.now() + 30_000;
    let answer: AckMessage | null = first instanceof Error ? null : first;
    while (!answer?.ok) {
      if (Date.now() > until) throw new Error(`the move in flight was never acked: ${log.join('; ')}`);
      await sleep(200);
      answer = await g.players[1].move(g.room, move, g.players[1].rooms.get(g.room)!.version, ack).catch(() => null);
      if (answer && !answer.ok) log.push(`resent: ${answer.code} at ${((performance.now() - killedAt) / 1000).toFixed(1)} s`);
    }
    g.local.play(move);
    g.acked.push({ seat: 1, ack, version: answer.version, move });
    for (let i = 0; i < 8; i++) await playThrough(g, rng, log);
    const last = g.acked[g.acked.length - 1].version;
    for (const p of g.players) await p.waitUntil(() => p.inSync(g.room) && p.rooms.get(g.room)!.version >= last, 'in sync after the take-over');
    console.log(`owner killed: ${log.length} retries, ${((performance.now() - killedAt) / 1000).toFixed(1)} s from the kill to the last move (${log.slice(0, 6).join('; ')})`);
    // Every acked move is stored once, at its acked version, and both clients hold the same game.
    expect(await storedMoves(g.room)).toEqual(g.acked.map((m) => ({ version: m.version, move: m.move, ack: m.ack })));
    for (const p of g.players) expect(p.rooms.get(g.room)!.moves).toEqual(g.acked.map((m) => m.move));
    await expectOwned(b, 1);
    // The clocks came through the take-over (from the stored row): still running, below the start, far from zero.
    const snap = await TestClient.connect(b.url, { name: 'clock-check' });
    await snap.join(g.room);
    await snap.waitUntil(() => snap.rooms.get(g.room)?.snapshot != null, 'the snapshot');
    const clocks = snap.rooms.get(g.room)!.snapshot!.clocks!;
    expect(clocks.remainingMs.every((ms) => ms > 0 && ms <= 600_000)).toBe(true);
    expect(clocks.running).toBe(g.local.toMove());
    await snap.close();
    for (const an of g.players.flatMap((p) => p.anomalies)) log.push(`anomaly: ${an}`);
    expect(g.players.flatMap((p) => p.anomalies)).toEqual([]);
    await endGame(g);
  });

  it('a paused owner (SIGSTOP) loses the room: the other process takes it over; resumed, the old owner writes nothing and its client plays on through the new owner', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([server(), server(STEADY)]);
    const g = await startGame([a.url, b.url], 'go', { size: 9 }, { client: { reconnect: true, timeoutMs: 20_000 } });
    const rng = new Rng(1517);
    const log: string[] = [];
    for (let i = 0; i < 5; i++) await playThrough(g, rng, log, 10_000);
    expect(g.local.toMove()).toBe(1);
    a.process.kill('SIGSTOP');
    try {
      // Seat 1 (on b) plays on: refused `server` until a's lease lapses and b takes the room over.
      await playThrough(g, rng, log);
      await expectOwned(b, 1);
      // Seat 0's move goes to the paused old owner (read when it resumes), against the version b has stored.
      const move = g.local.randomMove(rng)!;
      const ack = g.players[0].ackId();
      const version = g.acked[g.acked.length - 1].version;
      const first = g.players[0].move(g.room, move, version, ack).catch((e: Error) => e);
      await sleep(100);
      a.process.kill('SIGCONT');
      let answer = await first;
      log.push(`after SIGCONT: ${answer instanceof Error ? answer.message : JSON.stringify(answer)}`);
      const until = Date.now() + 30_000;
      while (answer instanceof Error || !answer.ok) {
        if (!(answer instanceof Error) && !['server', 'not-seated'].includes(answer.code)) throw new Error(`seat 0's move ${move} was refused: ${answer.code} (${answer.reason})`);
        if (Date.now() > until) throw new Error(`seat 0's move was never acked: ${log.join('; ')}`);
        await sleep(200);
        answer = await g.players[0].move(g.room, move, version, ack).catch((e: Error) => e);
      }
      g.local.play(move);
      g.acked.push({ seat: 0, ack, version: answer.version, move });
    } finally {
      a.process.kill('SIGCONT');
    }
    for (let i = 0; i < 4; i++) await playThrough(g, rng, log);
    console.log(`paused owner: ${log.join('; ')}`);
    const last = g.acked[g.acked.length - 1].version;
    try {
      for (const p of g.players) await p.waitUntil(() => p.inSync(g.room) && p.rooms.get(g.room)!.version >= last, 'in sync');
    } catch (e) {
      const v = (p: TestClient) => { const r = p.rooms.get(g.room)!; return { version: r.version, resyncing: r.resyncing, gaps: r.gaps, snapshots: r.snapshots, closes: p.closes, errors: p.takeErrors(), anomalies: p.anomalies }; };
      console.log('DIAG', last, JSON.stringify(g.players.map(v)), '\nA:', a.stderr().slice(-3000), '\nB:', b.stderr().slice(-3000));
      throw e;
    }
    expect(await storedMoves(g.room)).toEqual(g.acked.map((m) => ({ version: m.version, move: m.move, ack: m.ack })));
    for (const p of g.players) expect(p.rooms.get(g.room)!.moves).toEqual(g.acked.map((m) => m.move));
    const [ca, cb] = await Promise.all([clusterOf(a), clusterOf(b)]);
    expect([ca.owned, cb.owned]).toEqual([0, 1]);
    expect(a.stderr()).toMatch(/lost room/);
    await endGame(g);
  });

  it('a paused relay (SIGSTOP longer than a lease): the owner takes its client for gone; resumed, the client joins again and plays on', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([server(STEADY), server()]);
    const g = await startGame([a.url, b.url], 'go', { size: 9 }, { client: { reconnect: true, timeoutMs: 20_000 } });
    const rng = new Rng(1518);
    const log: string[] = [];
    for (let i = 0; i < 4; i++) await playThrough(g, rng, log, 10_000);
    const owner = g.players[0];
    const view = owner.rooms.get(g.room)!;
    b.process.kill('SIGSTOP');
    try {
      // b's alive key lapses: a drops b's client (seat 1 reconnecting).
      await owner.waitUntil(() => view.events.some((e) => e.event.kind === 'presence' && e.event.seat === 1 && e.event.presence === 'reconnecting'), 'seat 1 reconnecting while b is paused');
    } finally {
      b.process.kill('SIGCONT');
    }
    // Resumed, b hears it was dropped and joins its client again: seat 1 is online, and both play on.
    await owner.waitUntil(() => view.events.some((e, i) => i > 0 && e.event.kind === 'presence' && e.event.seat === 1 && e.event.presence === 'online' && view.events.slice(0, i).some((x) => x.event.kind === 'presence' && x.event.presence === 'reconnecting')), 'seat 1 online again');
    for (let i = 0; i < 4; i++) await playThrough(g, rng, log);
    const last = g.acked[g.acked.length - 1].version;
    for (const p of g.players) await p.waitUntil(() => p.inSync(g.room) && p.rooms.get(g.room)!.version >= last, 'in sync');
    console.log(`paused relay: ${log.length} retries ${log.slice(0, 4).join('; ')}`);
    expect(await storedMoves(g.room)).toEqual(g.acked.map((m) => ({ version: m.version, move: m.move, ack: m.ack })));
    for (const p of g.players) expect(p.rooms.get(g.room)!.moves).toEqual(g.acked.map((m) => m.move));
    await endGame(g);
  });

  it('a small load across three processes: no move lost, duplicated or refused', { timeout: 240_000 }, async () => {
    const games = 24;
    const report = await runLoad({
      games,
      seconds: 8,
      meanGapMs: 500,
      seed: 315,
      processes: 3,
      databaseUrl: pg.url,
      redisUrl: redis.url,
      serverArgs: loadServerArgs(games),
      log: () => undefined,
    });
    console.log(`load (small, three processes):\n  ${formatReport(report).join('\n  ')}`);
    expect(report.processes).toBe(3);
    expect(report.errors).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.mismatched).toBe(0);
    expect(report.refused).toBe(0);
    expect(report.acked).toBeGreaterThan(games);
  });
});

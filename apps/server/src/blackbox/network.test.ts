/**
 * Network loss through the loopback proxy (the one the browser e2e test uses): a player's connection is cut, new
 * connections are refused while cut, and after restore() the client reconnects by itself (back-off) and resumes its
 * seat by token. Meanwhile the opponent sees the seat go `reconnecting` at once and `gone` after the grace period,
 * then `online` again; the seat is never given away and the game goes on. A silent cut (nothing flows, nothing
 * closes) is noticed by the heartbeat: a side that hears nothing for idleMs drops the connection.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import type { Presence } from '@qi/protocol';
import { TestClient, sleep } from '../testing/client.js';
import { startProxy, type TcpProxy } from '../testing/proxy.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn.js';
import { playRandom, startGame } from './setup.js';

const GRACE_MS = 1500;
let server: SpawnedServer | null = null;
const proxies: TcpProxy[] = [];
const clients: TestClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  for (const p of proxies) await p.close();
  await server?.kill('SIGKILL');
  server?.cleanup();
});

/** The presence of `seat` in `room` as `watcher` last heard it (events after its snapshot). */
function presenceSeen(watcher: TestClient, room: string, seat: number): Presence[] {
  const v = watcher.rooms.get(room)!;
  return v.events.flatMap((e) => (e.event.kind === 'presence' && e.event.seat === seat ? [e.event.presence] : []));
}

describe('network loss through the proxy', () => {
  it('cut: reconnecting → gone → online for the opponent, the seat kept, the game goes on', { timeout: 120_000 }, async () => {
    server = await spawnServer({ graceMs: GRACE_MS });
    const proxy = await startProxy(server.port);
    proxies.push(proxy);
    const rng = new Rng(7);
    // Black plays through the proxy, White directly.
    const g = await startGame([proxy.url, server.url], 'reversi', {}, { clock: { initialMs: 300_000, incrementMs: 0 }, client: { reconnect: true }, names: ['black', 'white'] });
    const [black, white] = g.players;
    clients.push(black, white);
    const room = g.room;
    for (let i = 0; i < 4; i++) await playRandom(g, rng);
    expect(proxy.open).toBeGreaterThan(0);

    const t0 = Date.now();
    proxy.cut();
    await black.waitUntil(() => !black.isOpen, 'black notices the cut', 5000);
    await white.waitUntil(() => presenceSeen(white, room, 0).includes('reconnecting'), 'white sees black reconnecting', 10_000);
    const reconnectingAfter = Date.now() - t0;
    await white.waitUntil(() => presenceSeen(white, room, 0).includes('gone'), `white sees black gone after the ${GRACE_MS} ms grace`, GRACE_MS * 10);
    const goneAfter = Date.now() - t0;
    // While cut, the client's attempts are refused (it keeps backing off).
    await sleep(1500);
    expect(proxy.refused, 'connections refused while cut').toBeGreaterThan(0);
    const seatOfGone = white.rooms.get(room)!;
    expect(seatOfGone.status).toBe('playing');

    proxy.restore();
    await black.waitUntil(() => black.inSync(room) && black.rooms.get(room)!.version >= white.rooms.get(room)!.version, 'black reconnects and resyncs by itself', 30_000);
    await white.waitUntil(() => presenceSeen(white, room, 0).slice(-1)[0] === 'online', 'white sees black online again', 10_000);
    console.log(`network: cut → reconnecting seen after ${reconnectingAfter} ms, gone after ${goneAfter} ms (grace ${GRACE_MS}); back online after ${Date.now() - t0} ms; ${proxy.refused} connections refused while cut`);
    expect(black.rooms.get(room)!.seat).toBe(0);
    expect(black.rooms.get(room)!.moves).toEqual(g.acked.map((m) => m.move));
    // The seat was kept: black still plays it.
    for (let i = 0; i < 2; i++) await playRandom(g, rng);
    expect(black.anomalies).toEqual([]);
    expect(white.anomalies).toEqual([]);
  });

  it('silent cut: the heartbeat notices the dead connection within a few idleMs, the client reconnects after restore', { timeout: 120_000 }, async () => {
    const srv = server!;
    const proxy = await startProxy(srv.port);
    proxies.push(proxy);
    const c = await TestClient.connect(proxy.url, { name: 'silent', reconnect: true });
    clients.push(c);
    const idleMs = c.limits!.idleMs;
    const { created } = await c.create({ game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: false, name: 'S', seat: 0 });
    const t0 = Date.now();
    proxy.cut('silent');
    // Nothing closes the connection but a heartbeat timeout (the client's own or the server's): allow 3 × idleMs.
    await c.waitUntil(() => !c.isOpen, `the dead connection is dropped within 3 × idleMs (${idleMs} ms)`, idleMs * 3);
    const noticed = Date.now() - t0;
    proxy.restore();
    await c.waitUntil(() => c.inSync(created.room), 'reconnected after restore', 30_000);
    console.log(`network: a silent cut was noticed after ${noticed} ms (idleMs ${idleMs}); closes: ${JSON.stringify(c.closes)}`);
    expect(noticed).toBeGreaterThanOrEqual(idleMs * 0.5);
    expect(c.rooms.get(created.room)!.seat).toBe(0);
  });
});

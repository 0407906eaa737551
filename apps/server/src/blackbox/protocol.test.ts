/**
 * The protocol's semantics as the shared spec words them, checked against the real server process one by one:
 * the handshake, ids and tokens, joins and their refusals, versions and staleness (presence and chat never make a
 * move stale), duplicate ack ids, refusals in the engine's words, takebacks, chat, resignation, Chinese Checkers'
 * hop paths and leaving, Go's count after two passes, a flag fall decided by the server, the lobby, size limits,
 * Qi's seats. Each failure names the spec's sentence it checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckersPosition, MAX_MOVES, PASS, Rng, CHECKERS_LEAVE } from '@qi/engine';
import type { AckMessage, ErrorMessage, EventMessage, LobbyStateMessage, RoomEvent, ServerMessage } from '@qi/protocol';
import { TestClient, describe as show } from '../testing/client.js';
import { spawnServer, type SpawnedServer } from '../testing/spawn.js';
import { LocalGame } from '../testing/games.js';
import { playRandom, startGame, type TwoPlayerGame } from './setup.js';

let server: SpawnedServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  // The rate limit raised: the ack-memory check sends 128 frames at once (the flood test covers the limit).
  server = await spawnServer({ graceMs: 60_000, bots: 1, args: ['--rate', '1000', '--burst', '1000'] });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.kill('SIGKILL');
  server?.cleanup();
});

async function client(name: string, options: Parameters<typeof TestClient.connect>[1] = {}): Promise<TestClient> {
  const c = await TestClient.connect(server.url, { name, ...options });
  clients.push(c);
  return c;
}

async function game(kind: Parameters<typeof startGame>[1], rules: object, options: Parameters<typeof startGame>[3] = {}): Promise<TwoPlayerGame> {
  const g = await startGame(server.url, kind, rules, options);
  clients.push(...g.players);
  return g;
}

function refused(a: AckMessage, code: string, what: string): void {
  expect(a.ok ? `accepted at version ${a.version}` : a.code, `${what}: ${show(a)}`).toBe(code);
}

/** The next event of `room` that `c` applies after version `after`, matching `kind`. */
async function eventAfter(c: TestClient, room: string, after: number, kind: RoomEvent['kind']): Promise<EventMessage> {
  await c.waitUntil(() => c.rooms.get(room)!.events.some((e) => e.version > after && e.event.kind === kind), `a ${kind} event after version ${after} in ${room}`, 15_000);
  return c.rooms.get(room)!.events.find((e) => e.version > after && e.event.kind === kind)!;
}

async function errorFor(c: TestClient, req: number): Promise<ServerMessage> {
  return c.waitFor((m) => (m.t === 'error' || m.t === 'joined' || m.t === 'created') && (m as ErrorMessage).req === req, `the answer to req ${req}`);
}

describe('protocol semantics (the spec, against the real server)', () => {
  it('handshake: a frame before hello gets error protocol; another protocol version gets error protocol and close 1002', async () => {
    const c = await client('nohello', { hello: false, heartbeat: false });
    c.send({ t: 'lobby', watch: true });
    const e = await c.waitFor((m) => m.t === 'error', 'an error before hello');
    expect(e).toMatchObject({ t: 'error', code: 'protocol' });
    const closed = c.waitClosed('a wrong protocol version');
    c.send({ t: 'hello', protocol: 2 });
    expect(await c.waitFor((m) => m.t === 'error', 'the refusal of protocol 2')).toMatchObject({ code: 'protocol' });
    expect((await closed).code).toBe(1002);
  });

  it('ids: room 12 base62 chars, code 6 of the spec alphabet, token 24 bytes base64url; join by code in any case; spectators see no token', async () => {
    const g = await game('go', { size: 9 });
    expect(g.room).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(g.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const tokens = g.players.map((p) => p.rooms.get(g.room)!.token!);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    const spy = await client('spectator');
    const frames: string[] = [];
    spy.onMessage((m) => frames.push(JSON.stringify(m)));
    const joined = await spy.join(g.code.toLowerCase());
    expect(joined).toMatchObject({ room: g.room, seat: null, token: null });
    await playRandom(g, new Rng(1));
    await spy.waitVersion(g.room, g.acked[0].version);
    for (const f of frames) for (const t of tokens) expect(f.includes(t), 'a spectator never sees a token').toBe(false);
  });

  it('join refusals: bad-token, seat-taken, bad-seat, no-room, each naming the req', async () => {
    const g = await game('reversi', {});
    const other = await game('reversi', {});
    const c = await client('joiner');
    const cases: [Record<string, unknown>, string][] = [
      [{ room: g.room, token: other.players[0].rooms.get(other.room)!.token }, 'bad-token'],
      [{ room: g.room, seat: 0, name: 'Eve' }, 'seat-taken'],
      [{ room: g.room, seat: 5, name: 'Eve' }, 'bad-seat'],
      [{ room: 'nosuchroom12' }, 'no-room'],
    ];
    for (const [fields, code] of cases) {
      const req = c.reqId();
      c.send({ t: 'join', req, ...fields });
      expect(await errorFor(c, req), `join ${JSON.stringify(fields)}`).toMatchObject({ t: 'error', code, req });
    }
  });

  it('names: cleaned, and empty after cleaning becomes "Player N"', async () => {
    const a = await client('namer');
    const { created } = await a.create({ game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: false, name: '  Ann\u0000ie  \u202e ', seat: 0 });
    const b = await client('nameless');
    await b.join(created.room, { seat: 1, name: ' \u200b\u0007 ' });
    await a.waitUntil(() => a.rooms.get(created.room)!.status === 'playing', 'playing');
    // The joiner's snapshot already holds both names; the creator heard the second as a seat event.
    const seats = b.rooms.get(created.room)!.snapshot!.seats;
    const heard = a.rooms.get(created.room)!.events.flatMap((e) => (e.event.kind === 'seat' && e.event.seat === 1 ? [e.event.name] : []));
    console.log(`names: ${JSON.stringify(seats.map((x) => x.name))}, the seat event: ${JSON.stringify(heard)}`);
    expect(seats[0].name).toBe('Ann ie');
    expect(seats[1].name).toMatch(/^Player \d$/);
    expect(heard).toEqual([seats[1].name]);
  });

  it('versions: stale only after a position change; presence and chat never make a move stale; turn, spectator, duplicate ack', async () => {
    const g = await game('go', { size: 9 });
    const [black, white] = g.players;
    const spy = await client('watcher');
    await spy.join(g.room);
    const v0 = black.rooms.get(g.room)!.version;
    const a1 = await black.move(g.room, 'D4', v0, 'b1');
    expect(a1.ok, show(a1)).toBe(true);
    if (!a1.ok) return;
    await white.waitVersion(g.room, a1.version);
    refused(await black.move(g.room, 'E5', a1.version), 'not-your-turn', 'a move out of turn');
    refused(await spy.move(g.room, 'E5', a1.version), 'not-seated', 'a spectator moving');
    const chat = await white.act({ t: 'chat', room: g.room, text: 'hi' });
    expect(chat.ok, show(chat)).toBe(true);
    // White moves against the version before its own chat: a chat does not change the position.
    const a2 = await white.move(g.room, 'E5', a1.version, 'w1');
    expect(a2.ok, `a move made before a chat event is not stale: ${show(a2)}`).toBe(true);
    if (!a2.ok) return;
    await black.waitVersion(g.room, a2.version);
    refused(await black.move(g.room, 'F6', a1.version), 'stale', 'a move made before the last move');
    // The same ack id again: the same answer, nothing changes.
    const again = await white.move(g.room, 'C3', a2.version, 'w1');
    expect(again, 'a repeated ack id gets the same answer').toEqual(a2);
    await white.sync();
    expect(spy.rooms.get(g.room)!.moves).toEqual(['D4', 'E5']);
    const versions = spy.rooms.get(g.room)!.events.map((e) => e.version);
    expect(versions, 'every event has the next version').toEqual(versions.map((_, i) => versions[0] + i));
  });

  it('ack memory: a seat’s accepted ack id is answered the same after 127 newer ones', async () => {
    const g = await game('go', { size: 9 });
    const [black, white] = g.players;
    const first = await black.move(g.room, 'D4', undefined, 'keep');
    expect(first.ok, show(first)).toBe(true);
    await white.waitVersion(g.room, first.ok ? first.version : 0);
    const refusals = await Promise.all(Array.from({ length: 127 }, (_, i) => black.move(g.room, 'E5', undefined, `newer${i}`)));
    expect(refusals.every((a) => !a.ok && a.code === 'not-your-turn')).toBe(true);
    expect(await black.move(g.room, 'C3', 0, 'keep'), 'the remembered answer').toEqual(first);
    expect(await black.move(g.room, 'C3', 0, 'newer0'), 'a remembered refusal').toEqual(refusals[0]);
    await black.sync();
    expect(black.rooms.get(g.room)!.moves).toEqual(['D4']);
  });

  it("illegal moves are refused in the engine's words: Go suicide and ko, Reversi flips nothing, renju double-three", async () => {
    const suicide = await game('go', { size: 9 }, { start: { black: ['A2', 'B1'], toMove: 'white' } });
    const s = await suicide.players[1].move(suicide.room, 'A1');
    refused(s, 'illegal', 'Go suicide');
    if (!s.ok) expect(s.reason).toMatch(/suicide/i);
    const ko = await game('go', { size: 9 }, { start: { black: ['B3', 'A2', 'B1'], white: ['C3', 'B2', 'D2', 'C1'] } });
    const take = await ko.players[0].move(ko.room, 'C2');
    expect(take.ok, `taking the ko: ${show(take)}`).toBe(true);
    if (take.ok) await ko.players[1].waitVersion(ko.room, take.version);
    const retake = await ko.players[1].move(ko.room, 'B2');
    refused(retake, 'illegal', 'Go ko retaken at once');
    if (!retake.ok) expect(retake.reason).toMatch(/\bko\b/i);
    const rev = await game('reversi', {});
    const flips = await rev.players[0].move(rev.room, 'A1');
    refused(flips, 'illegal', 'Reversi A1 at the start');
    if (!flips.ok) expect(flips.reason).toMatch(/flips nothing/i);
    const renju = await game('gomoku', { size: 15, rule: 'renju' }, { start: { black: ['F8', 'G8', 'H6', 'H7'], white: ['A1', 'A3', 'A5', 'A7'] } });
    const dt = await renju.players[0].move(renju.room, 'H8');
    refused(dt, 'illegal', 'renju double-three');
    if (!dt.ok) expect(dt.reason).toMatch(/forbidden double-three/i);
    console.log(`refusals: ${[s, retake, flips, dt].map((a) => (a.ok ? 'ok' : a.reason)).join(' | ')}`);
  });

  it('takeback: offer, decline, cancel, accept (count), a move cancels a standing offer, refusals', async () => {
    const g = await game('go', { size: 9 });
    const [black, white] = g.players;
    const tb = async (c: TestClient, op: 'offer' | 'accept' | 'decline' | 'cancel'): Promise<AckMessage> => c.act({ t: 'takeback', room: g.room, version: c.rooms.get(g.room)!.version, op });
    refused(await tb(black, 'offer'), 'no-takeback', 'an offer before one has moved');
    await playRandom(g, new Rng(2)); // black
    refused(await tb(white, 'offer'), 'no-takeback', 'an offer by a seat that has not moved');
    refused(await tb(white, 'accept'), 'no-takeback', 'an accept with no offer standing');
    let v = black.rooms.get(g.room)!.version;
    expect((await tb(black, 'offer')).ok).toBe(true);
    await eventAfter(white, g.room, v, 'takeback-offer');
    refused(await tb(black, 'accept'), 'no-takeback', 'the offerer accepting its own offer');
    expect((await tb(white, 'decline')).ok).toBe(true);
    await eventAfter(black, g.room, v, 'takeback-decline');
    v = black.rooms.get(g.room)!.version;
    expect((await tb(black, 'offer')).ok).toBe(true);
    expect((await tb(black, 'cancel')).ok).toBe(true);
    await eventAfter(white, g.room, v, 'takeback-cancel');
    // A move cancels a standing offer, with a takeback-cancel event first.
    v = white.rooms.get(g.room)!.version;
    expect((await tb(black, 'offer')).ok).toBe(true);
    await eventAfter(white, g.room, v, 'takeback-offer');
    await playRandom(g, new Rng(3)); // white moves
    const cancel = await eventAfter(black, g.room, v, 'takeback-cancel');
    const move = await eventAfter(black, g.room, v, 'move');
    expect(cancel.version, 'the takeback-cancel comes before the move').toBeLessThan(move.version);
    await playRandom(g, new Rng(4)); // black
    await playRandom(g, new Rng(5)); // white
    // Black's offer takes back black's last move and white's answer: count 2.
    v = black.rooms.get(g.room)!.version;
    expect((await tb(black, 'offer')).ok).toBe(true);
    await eventAfter(white, g.room, v, 'takeback-offer');
    expect((await tb(white, 'accept')).ok).toBe(true);
    const back = await eventAfter(black, g.room, v, 'takeback');
    expect(back.event).toMatchObject({ kind: 'takeback', count: 2 });
    await white.waitVersion(g.room, back.version);
    expect(black.rooms.get(g.room)!.moves).toEqual(g.acked.slice(0, 2).map((m) => m.move));
    expect(white.rooms.get(g.room)!.moves).toEqual(g.acked.slice(0, 2).map((m) => m.move));
    // A takeback changes the position: a move made against a version before it is stale.
    refused(await black.move(g.room, g.acked[2].move, back.version - 1), 'stale', 'a move made before the takeback');
  });

  it('takeback against Qi: Qi accepts at once', { timeout: 120_000 }, async () => {
    const a = await client('tb-qi');
    const { created } = await a.create({ game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'qi', level: 1 }], clock: null, listed: false, name: 'H', seat: 0 });
    const room = created.room;
    await a.waitUntil(() => a.rooms.get(room)!.status === 'playing', 'playing');
    await a.play(room, 'E5');
    await a.waitUntil(() => a.rooms.get(room)!.moves.length === 2, 'Qi answers', 60_000);
    const v = a.rooms.get(room)!.version;
    const offer = await a.act({ t: 'takeback', room, version: v, op: 'offer' });
    expect(offer.ok, show(offer)).toBe(true);
    const back = await eventAfter(a, room, v, 'takeback');
    expect(back.event).toMatchObject({ kind: 'takeback', count: 2 });
    expect(a.rooms.get(room)!.moves).toEqual([]);
  });

  it('a room set up without a seat (seat null): no token; the two joiners start it', async () => {
    const host = await client('host');
    const { created } = await host.create({ game: 'reversi', rules: {}, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: false, name: 'Host', seat: null });
    expect(created).toMatchObject({ seat: null, token: null });
    expect(host.rooms.get(created.room)!.status).toBe('waiting');
    const p0 = await client('p0');
    const p1 = await client('p1');
    await p0.join(created.room, { seat: 0, name: 'P0' });
    expect(p0.rooms.get(created.room)!.status).toBe('waiting');
    await p1.join(created.room, { seat: 1, name: 'P1' });
    await host.waitUntil(() => host.rooms.get(created.room)!.status === 'playing', 'the host sees the start');
    refused(await host.move(created.room, 'D3'), 'not-seated', 'the host (a spectator) moving');
  });

  it('Chinese Checkers with three: leaving on one’s turn, the game goes on for the others', async () => {
    const a = await client('cc0');
    const { created } = await a.create({ game: 'checkers', rules: { players: 3 }, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], clock: null, listed: false, name: 'A', seat: 0 });
    const b = await client('cc1');
    const c = await client('cc2');
    await b.join(created.room, { seat: 1, name: 'B' });
    await c.join(created.room, { seat: 2, name: 'C' });
    const room = created.room;
    await a.waitUntil(() => a.rooms.get(room)!.status === 'playing', 'playing');
    const v = a.rooms.get(room)!.version;
    refused(await b.act({ t: 'resign', room }), 'not-your-turn', 'leaving out of turn');
    expect((await a.act({ t: 'resign', room })).ok).toBe(true);
    const e = await eventAfter(c, room, v, 'move');
    expect(e.event).toMatchObject({ kind: 'move', seat: 0, move: 'leave' });
    await c.sync();
    expect(c.rooms.get(room)!.status, 'the game goes on for the others').toBe('playing');
    const local = new LocalGame({ ...c.rooms.get(room)!.snapshot!, moves: c.rooms.get(room)!.moves });
    expect(local.toMove()).toBe(1);
    const next = local.randomMove(new Rng(9))!;
    const ok = await b.move(room, next, c.rooms.get(room)!.version);
    expect(ok.ok, `seat 1 plays on: ${show(ok)}`).toBe(true);
  });

  it('chat: seated only, cleaned, empty after cleaning refused malformed', async () => {
    const g = await game('reversi', {});
    const spy = await client('chat-spectator');
    await spy.join(g.room);
    refused(await spy.act({ t: 'chat', room: g.room, text: 'hello' }), 'not-seated', 'a spectator chatting');
    refused(await g.players[0].act({ t: 'chat', room: g.room, text: ' \u200b\u0000 ' }), 'malformed', 'a chat empty after cleaning');
    const v = spy.rooms.get(g.room)!.version;
    const ok = await g.players[1].act({ t: 'chat', room: g.room, text: ' good\u0007  game \u202e' });
    expect(ok.ok, show(ok)).toBe(true);
    const e = await eventAfter(spy, g.room, v, 'chat');
    expect(e.event).toMatchObject({ kind: 'chat', line: { seat: 1, text: 'good game' } });
  });

  it('resign: the game ends (Go W+R when Black resigns); moves after it are refused over', async () => {
    const g = await game('go', { size: 9 });
    await playRandom(g, new Rng(6));
    const v = g.players[1].rooms.get(g.room)!.version;
    expect((await g.players[0].act({ t: 'resign', room: g.room })).ok).toBe(true);
    const end = await eventAfter(g.players[1], g.room, v, 'end');
    expect(end.event).toMatchObject({ kind: 'end', result: { reason: 'resign', code: 'W+R', seat: 0, returns: [-1, 1] } });
    refused(await g.players[1].move(g.room, 'E5'), 'over', 'a move after the end');
    refused(await g.players[1].act({ t: 'takeback', room: g.room, version: end.version, op: 'offer' }), 'over', 'a takeback after the end');
  });

  it('Go: two passes end the game, counted (area score, code B+…)', async () => {
    const g = await game('go', { size: 9 });
    const [black, white] = g.players;
    await white.waitVersion(g.room, await black.play(g.room, 'D4'));
    const v = await white.play(g.room, 'pass');
    await black.waitVersion(g.room, v);
    await black.play(g.room, 'pass');
    const end = await eventAfter(white, g.room, v, 'end');
    console.log(`go count: ${JSON.stringify(end.event)}`);
    expect(end.event).toMatchObject({ kind: 'end', result: { reason: 'rules', returns: [1, -1] } });
    if (end.event.kind === 'end') expect(end.event.result.code).toMatch(/^B\+\d+(\.5)?$/);
  });

  it('Chinese Checkers: a path with a bad hop is refused bad-path; leaving only on one’s turn, broadcast as move "leave"', async () => {
    const g = await game('checkers', { players: 2 });
    const pos = g.local.pos as CheckersPosition;
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.legalMoves(buf);
    let bad: string | null = null;
    for (let i = 0; i < n && bad === null; i++) {
      const m = buf[i];
      if (m === PASS || m === CHECKERS_LEAVE) continue;
      const holes = pos.moveToText(m).split('-');
      // The same first and last hole with a detour through a hole that is no hop: the path is wrong, not the move.
      for (let j = 0; j < n && bad === null; j++) {
        const other = buf[j] === PASS || buf[j] === CHECKERS_LEAVE ? null : pos.moveToText(buf[j]).split('-');
        const mid = other?.[other.length - 1];
        if (mid !== undefined && !holes.includes(mid)) bad = [holes[0], mid, holes[holes.length - 1]].join('-');
      }
    }
    expect(bad, 'a detour path').not.toBeNull();
    const a = await g.players[0].move(g.room, bad!);
    refused(a, 'bad-path', `the path ${bad}`);
    refused(await g.players[1].act({ t: 'resign', room: g.room }), 'not-your-turn', 'leaving when it is not one’s turn');
    const v = g.players[1].rooms.get(g.room)!.version;
    const leave = await g.players[0].act({ t: 'resign', room: g.room });
    expect(leave.ok, show(leave)).toBe(true);
    const e = await eventAfter(g.players[1], g.room, v, 'move');
    expect(e.event).toMatchObject({ kind: 'move', seat: 0, move: 'leave' });
  });

  it('clocks: every move event carries them; the mover gains the increment; the next seat runs', async () => {
    const g = await game('reversi', {}, { clock: { initialMs: 60_000, incrementMs: 10_000 } });
    const m1 = await playRandom(g, new Rng(8));
    const e = g.players[1].rooms.get(g.room)!.events.find((x) => x.version === m1.version)!;
    expect(e.event.kind).toBe('move');
    if (e.event.kind !== 'move') return;
    const clocks = e.event.clocks!;
    expect(clocks.remainingMs).toHaveLength(2);
    expect(clocks.running).toBe(1);
    // 60 s − the time Black took (far under 10 s) + 10 s: over the initial time; White's untouched.
    expect(clocks.remainingMs[0]).toBeGreaterThan(60_000);
    expect(clocks.remainingMs[1]).toBe(60_000);
    expect(Math.abs(clocks.at - e.at)).toBeLessThan(1000);
  });

  it('clocks: the server decides a flag fall (end reason time, Go W+T)', { timeout: 60_000 }, async () => {
    const g = await game('go', { size: 9 }, { clock: { initialMs: 1000, incrementMs: 0 } });
    const v = g.players[1].rooms.get(g.room)!.version;
    const start = g.players[0].rooms.get(g.room)!.events.find((e) => e.event.kind === 'start');
    expect(start?.event).toMatchObject({ kind: 'start', clocks: { running: 0 } });
    const end = await eventAfter(g.players[1], g.room, v, 'end');
    expect(end.event).toMatchObject({ kind: 'end', result: { reason: 'time', seat: 0, code: 'W+T' } });
    if (end.event.kind === 'end') expect(end.event.clocks?.remainingMs[0]).toBe(0);
  });

  it('lobby: watchers get the listed rooms, and a finished listed game among the finished', { timeout: 60_000 }, async () => {
    const w = await client('lobby');
    const lobbies: LobbyStateMessage[] = [];
    w.onMessage((m) => m.t === 'lobby' && lobbies.push(m));
    w.send({ t: 'lobby', watch: true });
    await w.waitUntil(() => lobbies.length > 0, 'the first lobby');
    const g = await game('reversi', {}, { listed: true });
    const hidden = await game('reversi', {});
    await w.waitUntil(() => lobbies.some((l) => l.rooms.some((r) => r.room === g.room)), 'the listed room in the lobby', 15_000);
    expect(lobbies.some((l) => l.rooms.some((r) => r.room === hidden.room)), 'an unlisted room is never listed').toBe(false);
    expect((await g.players[0].act({ t: 'resign', room: g.room })).ok).toBe(true);
    await w.waitUntil(() => lobbies.some((l) => l.finished.some((r) => r.room === g.room)), 'the finished game listed as finished', 15_000);
  });

  it('limits: a frame over maxMessageBytes gets too-large (the connection stays)', async () => {
    const c = await client('big');
    const max = c.limits!.maxMessageBytes;
    c.send({ t: 'chat', room: 'x', ack: 'big1', text: 'x'.repeat(max + 10) });
    expect(await c.waitFor((m) => m.t === 'error' || m.t === 'ack', 'the answer to a large frame')).toMatchObject({ t: 'error', code: 'too-large' });
    await c.sync();
  });

  it('Qi seats: Qi answers a move through the same validation', { timeout: 120_000 }, async () => {
    const a = await client('vs-qi');
    const { created } = await a.create({ game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'qi', level: 1 }], clock: null, listed: false, name: 'Human', seat: 0 });
    await a.waitUntil(() => a.rooms.get(created.room)!.status === 'playing', 'a room with a Qi seat starts when its human seat is taken');
    const v = await a.play(created.room, 'E5'); // the only human seat: no one else to wait for
    const reply = await eventAfter(a, created.room, v, 'move');
    expect(reply.event).toMatchObject({ kind: 'move', seat: 1 });
    console.log(`qi: answered ${reply.event.kind === 'move' ? reply.event.move : ''}`);
  });
});

/**
 * Protocol v1 through a real in-process server and real `ws` clients on a free port: the hello, every refusal the
 * spec names (illegal, out of turn, duplicate ack id, stale, oversized, malformed, tokens, spectators, a bad hop),
 * takebacks, resignation, chat cleaning, presence, resync by events and by snapshot, the limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckersPosition, gameDefinition } from '@qi/engine';
import { DEFAULT_LIMITS, type EventMessage, type RoomSnapshot } from '@qi/protocol';
import { ManualTime, startServer, type RunningServer } from './index.js';
import { createMessage, TestClient, twoPlayers } from './testkit/ws-client.js';

let server: RunningServer;
const open: TestClient[] = [];
async function client(url = server.url, hello = true): Promise<TestClient> {
  const c = await TestClient.open(url, hello);
  open.push(c);
  return c;
}
beforeAll(async () => {
  server = await startServer({ port: 0, qi: null, log: () => {} });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await server.close();
});

describe('hello', () => {
  it('welcomes protocol 1 with the limits, refuses anything before hello, and closes another version with 1002', async () => {
    const c = await client(server.url, false);
    c.send({ t: 'ping', id: 1, clientTime: 5 });
    expect(await c.take('error')).toMatchObject({ code: 'protocol' });
    c.send({ t: 'hello', protocol: 1 });
    const w = await c.take('welcome');
    expect(w).toMatchObject({ protocol: 1, limits: DEFAULT_LIMITS });
    expect(Math.abs(w.serverTime - Date.now())).toBeLessThan(60_000);
    c.send({ t: 'ping', id: 7, clientTime: 123 });
    expect(await c.take('pong')).toMatchObject({ id: 7, clientTime: 123 });

    const old = await client(server.url, false);
    old.send({ t: 'hello', protocol: 2 });
    expect(await old.take('error')).toMatchObject({ code: 'protocol' });
    expect((await old.closed).code).toBe(1002);
  });

  it('answers malformed JSON, unknown types and binary frames with an error, and keeps the connection', async () => {
    const c = await client();
    c.send('{"t":"move",');
    expect(await c.take('error')).toMatchObject({ code: 'malformed', reason: 'not JSON' });
    c.send({ t: 'teleport' });
    expect(await c.take('error')).toMatchObject({ code: 'unknown-type' });
    c.send({ t: 'move', room: 'abc', ack: 'x1', version: 'three', move: 'D4' });
    expect(await c.take('ack')).toMatchObject({ ack: 'x1', ok: false, code: 'malformed' });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.take('error')).toMatchObject({ code: 'malformed' });
    c.send({ t: 'join', req: 9, room: 'nosuchroom12' });
    expect(await c.take('error')).toMatchObject({ code: 'no-room', req: 9 });
  });

  it('refuses a frame over maxMessageBytes with too-large and closes a giant one with 1009', async () => {
    const c = await client();
    c.send(JSON.stringify({ t: 'chat', room: 'r', ack: 'big', text: 'x'.repeat(DEFAULT_LIMITS.maxMessageBytes) }));
    expect(await c.take('error')).toMatchObject({ code: 'too-large' });
    c.send({ t: 'ping', id: 1, clientTime: 1 });
    expect(await c.take('pong')).toMatchObject({ id: 1 });
    c.send('x'.repeat(DEFAULT_LIMITS.maxMessageBytes * 4));
    expect((await c.closed).code).toBe(1009);
  });
});

describe('moves', () => {
  it('refuses illegal, out-of-turn and stale moves with the reason, and answers a repeated ack id the same without a second event', async () => {
    const [a, b] = [await client(), await client()];
    const { room, version: v } = await twoPlayers(a, b, 'go', { rules: { size: 9 } });
    expect(await b.act({ t: 'move', room, version: v, move: 'E5' })).toMatchObject({ ok: false, code: 'not-your-turn' });
    expect(await a.act({ t: 'move', room, version: v, move: 'Z99' })).toMatchObject({ ok: false, code: 'illegal' });
    const first = await a.act({ t: 'move', room, version: v, move: 'E5' }, 'dup1');
    expect(first).toEqual({ t: 'ack', ack: 'dup1', ok: true, version: v + 1 });
    await b.event(room, v + 1);
    const again = await a.act({ t: 'move', room, version: v, move: 'E5' }, 'dup1');
    expect(again).toEqual(first);
    expect(await b.act({ t: 'move', room, version: v + 1, move: 'E5' })).toMatchObject({ ok: false, code: 'illegal', reason: 'E5 is already occupied.' });
    // Stale: made against the version before Black's move.
    expect(await b.act({ t: 'move', room, version: v, move: 'D5' })).toMatchObject({ ok: false, code: 'stale' });
    // A version the room has not reached cannot have been seen: refused too, saying to resync.
    expect(await b.act({ t: 'move', room, version: v + 50, move: 'D5' })).toMatchObject({ ok: false, code: 'stale', reason: expect.stringMatching(/resync/) });
    // A chat line does not make a move stale; the next event's version shows the duplicate made none.
    expect(await a.act({ t: 'chat', room, text: 'hi' })).toMatchObject({ ok: true, version: v + 2 });
    expect(await b.act({ t: 'move', room, version: v + 1, move: 'D5' })).toMatchObject({ ok: true, version: v + 3 });
    const seen: number[] = [];
    for (let i = v + 1; i <= v + 3; i++) seen.push((await a.event(room, i)).version);
    expect(seen).toEqual([v + 1, v + 2, v + 3]);
    expect(a.kept().filter((m) => m.t === 'event')).toEqual([]);
  });

  it('words Go suicide and ko, Reversi flips-nothing and Renju forbidden points as the engine does', async () => {
    const [a, b] = [await client(), await client()];
    const go = await twoPlayers(a, b, 'go', { rules: { size: 5 } });
    let v = go.version;
    // White at A2 and B1: A1 would be suicide for Black.
    for (const [c, m] of [[a, 'C3'], [b, 'A2'], [a, 'C4'], [b, 'B1']] as const) expect(await c.act({ t: 'move', room: go.room, version: v, move: m })).toMatchObject({ ok: true, version: ++v });
    expect(await a.act({ t: 'move', room: go.room, version: v, move: 'A1' })).toMatchObject({ ok: false, code: 'illegal', reason: 'A1 would be suicide: the stone would have no liberties.' });
    const [c, d] = [await client(), await client()];
    const rv = await twoPlayers(c, d, 'reversi');
    expect(await c.act({ t: 'move', room: rv.room, version: rv.version, move: 'A1' })).toMatchObject({ ok: false, code: 'illegal', reason: expect.stringContaining('flips nothing') });
    const [e, f] = [await client(), await client()];
    const rj = await twoPlayers(e, f, 'gomoku', { rules: { rule: 'renju' }, start: { black: ['H8', 'I8', 'J9', 'J10'], white: ['A1', 'A2', 'A15', 'O1'] } });
    // The forbidden point is found by the engine rather than by hand.
    const pos = gameDefinition('gomoku').create({ rule: 'renju' }, gameDefinition('gomoku').start({ black: ['H8', 'I8', 'J9', 'J10'], white: ['A1', 'A2', 'A15', 'O1'] }, gameDefinition('gomoku').rules({ rule: 'renju' })));
    const g = pos as unknown as { forbiddenPoints(): { point: number; kind: string }[] };
    const forbidden = g.forbiddenPoints()[0];
    expect(forbidden).toBeDefined();
    const text = pos.moveToText(forbidden.point);
    expect(await e.act({ t: 'move', room: rj.room, version: rj.version, move: text })).toMatchObject({ ok: false, code: 'illegal', reason: expect.stringContaining(`forbidden ${forbidden.kind}`) });
  });

  it('refuses a Chinese Checkers path with a bad hop (bad-path), naming the hop', async () => {
    const [a, b] = [await client(), await client()];
    const { room, version } = await twoPlayers(a, b, 'checkers', { rules: { players: 2 } });
    const pos = gameDefinition('checkers').create({ players: 2 }) as CheckersPosition;
    const piece = pos.piecesOf(0)[0];
    const name = pos.geometry.names[piece];
    expect(await a.act({ t: 'move', room, version, move: `${name}-zz9` })).toMatchObject({ ok: false, code: 'bad-path', reason: expect.stringContaining('zz9') });
    const geo = pos.geometry;
    // A hop over an empty hole: from one of seat 0's pieces, two holes on in a line with nothing in between.
    let overNothing: string | null = null;
    for (const from of pos.piecesOf(0)) {
      for (let d = 0; d < geo.dirs && overNothing === null; d++) {
        const over = geo.neighbour[from * geo.dirs + d];
        const land = geo.landing[from * geo.dirs + d];
        if (over >= 0 && land >= 0 && pos.pieceAt(over) < 0 && pos.pieceAt(land) < 0) overNothing = `${geo.names[from]}-${geo.names[land]}`;
      }
    }
    expect(overNothing).not.toBeNull();
    expect(await a.act({ t: 'move', room, version, move: overNothing! })).toMatchObject({ ok: false, code: 'bad-path', reason: expect.stringContaining(overNothing!) });
    // A real hop, then a second hop over nothing: the second hop is named.
    const moves = new Int32Array(1024);
    const n = pos.legalMoves(moves);
    let extended: { path: string; hop: string } | null = null;
    for (let i = 0; i < n && extended === null; i++) {
      const path = pos.path(moves[i]);
      if (path.length < 2 || geo.landing.indexOf(path[1]) < 0) continue;
      const isHop = Array.from({ length: geo.dirs }, (_, d) => geo.landing[path[0] * geo.dirs + d]).includes(path[1]);
      if (!isHop) continue;
      const last = path[path.length - 1];
      for (let d = 0; d < geo.dirs && extended === null; d++) {
        const over = geo.neighbour[last * geo.dirs + d];
        const land = geo.landing[last * geo.dirs + d];
        if (over >= 0 && land >= 0 && !path.includes(land) && pos.pieceAt(over) < 0 && over !== path[0] && pos.pieceAt(land) < 0) {
          extended = { path: [...path, land].map((c) => geo.names[c]).join('-'), hop: `${geo.names[last]}-${geo.names[land]}` };
        }
      }
    }
    expect(extended).not.toBeNull();
    expect(await a.act({ t: 'move', room, version, move: extended!.path })).toMatchObject({ ok: false, code: 'bad-path', reason: expect.stringContaining(`the hop ${extended!.hop} cannot be made`) });
    const legal = pos.moveToText(moves[0]);
    const ok = await a.act({ t: 'move', room, version, move: legal.toUpperCase() });
    expect(ok).toMatchObject({ ok: true, version: version + 1 });
    expect((await b.event(room, version + 1)).event).toMatchObject({ kind: 'move', seat: 0, move: legal });
  });
});

describe('seats, tokens and spectators', () => {
  it('resumes a seat by token, refuses a wrong token and a taken seat, and keeps spectators from acting and from tokens', async () => {
    const [a, b] = [await client(), await client()];
    const { room, code, tokens, version } = await twoPlayers(a, b, 'gomoku');
    const spy = await client();
    spy.send({ t: 'join', req: 3, room: code.toLowerCase() });
    expect(await spy.take('joined')).toEqual({ t: 'joined', req: 3, room, seat: null, token: null });
    const snap = (await spy.take('snapshot')).snapshot;
    expect(JSON.stringify(snap)).not.toContain(tokens[0]);
    expect(snap.spectators).toBe(1);
    expect(await spy.act({ t: 'move', room, version, move: 'H8' })).toMatchObject({ ok: false, code: 'not-seated' });
    expect(await spy.act({ t: 'chat', room, text: 'boo' })).toMatchObject({ ok: false, code: 'not-seated' });
    const stranger = await client();
    expect(await stranger.act({ t: 'move', room, version, move: 'H8' })).toMatchObject({ ok: false, code: 'not-seated' });
    stranger.send({ t: 'join', req: 4, room, token: 'not-a-real-token-at-all-000000' });
    expect(await stranger.take('error')).toMatchObject({ code: 'bad-token', req: 4 });
    stranger.send({ t: 'join', req: 5, room, seat: 1, name: 'Eve' });
    expect(await stranger.take('error')).toMatchObject({ code: 'seat-taken', req: 5 });
    stranger.send({ t: 'join', req: 6, room, seat: 5, name: 'Eve' });
    expect(await stranger.take('error')).toMatchObject({ code: 'bad-seat', req: 6 });
    // A second connection with seat 0's token plays for seat 0.
    const a2 = await client();
    a2.send({ t: 'join', req: 7, room, token: tokens[0] });
    expect(await a2.take('joined')).toMatchObject({ seat: 0, token: null });
    await a2.take('snapshot');
    expect(await a2.act({ t: 'move', room, version, move: 'H8' })).toMatchObject({ ok: true });
    expect((await spy.eventOf(room, 'move')).event).toMatchObject({ seat: 0, move: 'H8' });
  });

  it('keeps the seat of a player who leaves (reconnecting), and a second hello is refused', async () => {
    const [a, b] = [await client(), await client()];
    const { room, code, tokens, version } = await twoPlayers(a, b, 'gomoku');
    b.send({ t: 'leave', room: code });
    expect((await a.event(room, version + 1)).event).toEqual({ kind: 'presence', seat: 1, presence: 'reconnecting' });
    expect(await b.act({ t: 'chat', room, text: 'still here?' })).toMatchObject({ ok: false, code: 'not-seated' });
    b.send({ t: 'join', req: 8, room, token: tokens[1], since: version + 1 });
    expect(await b.take('joined')).toMatchObject({ seat: 1, token: null });
    expect((await a.event(room, version + 2)).event).toEqual({ kind: 'presence', seat: 1, presence: 'online' });
    b.send({ t: 'hello', protocol: 1 });
    expect(await b.take('error')).toMatchObject({ code: 'protocol' });
  });

  it('cleans names and chat lines (control and bidi characters, spaces) and refuses an empty line', async () => {
    const [a, b] = [await client(), await client()];
    a.send(createMessage('reversi', { name: '  \u0007Ann\u202e  Lee ' }));
    const { room } = await a.take('created');
    const snap = (await a.take('snapshot')).snapshot;
    expect(snap.seats[0].name).toBe('Ann Lee');
    b.send({ t: 'join', req: 2, room, seat: 1, name: '\u0000\u200b ' });
    await b.take('joined');
    expect((await b.take('snapshot')).snapshot.seats[1].name).toBe('Player 2');
    const ack = await a.act({ t: 'chat', room, text: '<script>alert(1)</script>\u0000\n\u202e  hi\t\tthere ' });
    expect(ack.ok).toBe(true);
    const line = (await b.eventOf(room, 'chat')).event;
    // Plain text, kept as typed once cleaned: every client escapes it where shown.
    expect(line).toMatchObject({ kind: 'chat', line: { seat: 0, name: 'Ann Lee', text: '<script>alert(1)</script> hi there' } });
    expect(await b.act({ t: 'chat', room, text: ' \u0001\u200f ' })).toMatchObject({ ok: false, code: 'malformed' });
  });
});

describe('takeback and resign', () => {
  it('offers, declines, offers again and accepts: the offerer’s last move and the reply after it are taken back', async () => {
    const [a, b] = [await client(), await client()];
    const { room, version } = await twoPlayers(a, b, 'gomoku');
    let v = version;
    expect(await a.act({ t: 'takeback', room, version: v, op: 'offer' })).toMatchObject({ ok: false, code: 'no-takeback' });
    expect(await a.act({ t: 'move', room, version: v, move: 'H8' })).toMatchObject({ ok: true, version: ++v });
    expect(await b.act({ t: 'move', room, version: v, move: 'H9' })).toMatchObject({ ok: true, version: ++v });
    expect(await a.act({ t: 'takeback', room, version: v, op: 'offer' })).toMatchObject({ ok: true, version: ++v });
    expect(await a.act({ t: 'takeback', room, version: v, op: 'accept' })).toMatchObject({ ok: false, code: 'no-takeback' });
    expect(await b.act({ t: 'takeback', room, version: v, op: 'decline' })).toMatchObject({ ok: true, version: ++v });
    expect(await a.act({ t: 'takeback', room, version: v, op: 'offer' })).toMatchObject({ ok: true, version: ++v });
    expect(await b.act({ t: 'takeback', room, version: v, op: 'accept' })).toMatchObject({ ok: true, version: ++v });
    const tb = await a.event(room, v);
    expect(tb.event).toMatchObject({ kind: 'takeback', count: 2 });
    a.send({ t: 'join', req: 9, room });
    await a.take('joined');
    const snap = (await a.take('snapshot')).snapshot;
    expect({ moves: snap.moves, takeback: snap.takeback, version: snap.version }).toEqual({ moves: [], takeback: null, version: v });
    a.drain();
    // A move cancels a standing offer first.
    expect(await a.act({ t: 'move', room, version: v, move: 'H8' })).toMatchObject({ ok: true, version: ++v });
    expect(await a.act({ t: 'takeback', room, version: v, op: 'offer' })).toMatchObject({ ok: true, version: ++v });
    expect(await b.act({ t: 'move', room, version: v, move: 'A1' })).toMatchObject({ ok: true, version: v + 2 });
    expect((await a.event(room, v + 1)).event).toEqual({ kind: 'takeback-cancel', seat: 0 });
    expect((await a.event(room, v + 2)).event).toMatchObject({ kind: 'move', move: 'A1' });
  });

  it('resigns a two-player game (Go words it W+R) and refuses moves after the end', async () => {
    const [a, b] = [await client(), await client()];
    const { room, version } = await twoPlayers(a, b, 'go', { rules: { size: 9 } });
    expect(await a.act({ t: 'resign', room })).toMatchObject({ ok: true, version: version + 1 });
    const end = await b.event(room, version + 1);
    expect(end.event).toEqual({ kind: 'end', result: { returns: [-1, 1], reason: 'resign', seat: 0, code: 'W+R' }, clocks: null });
    expect(await b.act({ t: 'move', room, version: version + 1, move: 'E5' })).toMatchObject({ ok: false, code: 'over' });
    expect(await b.act({ t: 'resign', room })).toMatchObject({ ok: false, code: 'over' });
  });

  it('lets a Chinese Checkers player leave on its own turn only', async () => {
    const [a, b, c] = [await client(), await client(), await client()];
    a.send(createMessage('checkers', { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] }));
    const { room } = await a.take('created');
    b.send({ t: 'join', req: 2, room, seat: 1, name: 'B' });
    c.send({ t: 'join', req: 3, room, seat: 2, name: 'C' });
    await b.take('joined');
    await c.take('joined');
    const snap = (await c.take('snapshot')).snapshot;
    expect(snap.status).toBe('playing');
    expect(await b.act({ t: 'resign', room })).toMatchObject({ ok: false, code: 'not-your-turn', reason: expect.stringContaining('leave the game on your turn') });
    const ack = await a.act({ t: 'resign', room });
    expect(ack).toMatchObject({ ok: true, version: snap.version + 1 });
    expect((await c.event(room, snap.version + 1)).event).toMatchObject({ kind: 'move', seat: 0, move: 'leave' });
    // The game goes on: seat 1 to move.
    const pos = gameDefinition('checkers').create({ players: 3 });
    pos.play(-2);
    const buf = new Int32Array(1024);
    pos.legalMoves(buf);
    expect(await b.act({ t: 'move', room, version: snap.version + 1, move: pos.moveToText(buf[0]) })).toMatchObject({ ok: true });
  });
});

describe('resync', () => {
  it('sends the events after `since` when it holds them, and a snapshot when `since` is too old', async () => {
    const fast = await startServer({ port: 0, qi: null, log: () => {}, limits: { messagesPerSecond: 100_000, messageBurst: 100_000 } });
    try {
      const [a, b] = [await TestClient.open(fast.url), await TestClient.open(fast.url)];
      const { room, tokens, version } = await twoPlayers(a, b, 'gomoku');
      await a.act({ t: 'move', room, version, move: 'H8' });
      await a.act({ t: 'chat', room, text: 'one' });
      const r = await TestClient.open(fast.url);
      r.send({ t: 'join', req: 1, room, token: tokens[1], since: version });
      expect(await r.take('joined')).toMatchObject({ seat: 1 });
      const e1 = (await r.take('event')) as EventMessage;
      const e2 = (await r.take('event')) as EventMessage;
      expect([e1.version, e1.event.kind, e2.version, e2.event.kind]).toEqual([version + 1, 'move', version + 2, 'chat']);
      // 300 chat lines later the history (256 events) no longer reaches back to `version`.
      for (let i = 0; i < 300; i++) a.send({ t: 'chat', room, ack: `c${i}`, text: `line ${i}` });
      await a.next((m) => m.t === 'ack' && m.ack === 'c299', 'the last chat ack');
      const late = await TestClient.open(fast.url);
      late.send({ t: 'join', req: 2, room, token: tokens[1], since: version });
      await late.take('joined');
      const snap = (await late.take('snapshot')).snapshot as RoomSnapshot;
      expect(snap).toMatchObject({ version: version + 302, moves: ['H8'] });
      expect(snap.chat).toHaveLength(50);
      expect(snap.chat.at(-1)?.text).toBe('line 299');
      // Up to date: nothing but `joined`.
      late.send({ t: 'join', req: 3, room, token: tokens[1], since: version + 302 });
      await late.take('joined');
      late.send({ t: 'ping', id: 1, clientTime: 1 });
      await late.take('pong');
      expect(late.kept()).toEqual([]);
      await Promise.all([a, b, r, late].map((c) => c.close()));
    } finally {
      await fast.close();
    }
  });
});

describe('presence', () => {
  it('shows a dropped player reconnecting at once, gone after the grace, and online again on its return', async () => {
    const time = new ManualTime();
    const s = await startServer({ port: 0, qi: null, log: () => {}, time, graceMs: 5_000 });
    try {
      const [a, b] = [await TestClient.open(s.url), await TestClient.open(s.url)];
      const { room, tokens, version } = await twoPlayers(a, b, 'reversi');
      await b.close();
      expect((await a.event(room, version + 1)).event).toEqual({ kind: 'presence', seat: 1, presence: 'reconnecting' });
      time.advance(4_999);
      a.send({ t: 'ping', id: 1, clientTime: 1 });
      await a.take('pong');
      expect(a.kept()).toEqual([]);
      time.advance(1);
      expect((await a.event(room, version + 2)).event).toEqual({ kind: 'presence', seat: 1, presence: 'gone' });
      const b2 = await TestClient.open(s.url);
      b2.send({ t: 'join', req: 1, room, token: tokens[1], since: version });
      await b2.take('joined');
      expect((await a.event(room, version + 3)).event).toEqual({ kind: 'presence', seat: 1, presence: 'online' });
      expect(((await b2.event(room, version + 3)).event as { presence: string }).presence).toBe('online');
      await Promise.all([a.close(), b2.close()]);
    } finally {
      await s.close();
    }
  });
});

describe('limits', () => {
  it('drops frames over the rate with `rate`, closes a client far over it (1008), and closes an idle one', async () => {
    const s = await startServer({ port: 0, qi: null, log: () => {}, limits: { messagesPerSecond: 1, messageBurst: 5, idleMs: 1500 } });
    try {
      const c = await TestClient.open(s.url);
      for (let i = 0; i < 8; i++) c.send({ t: 'ping', id: i, clientTime: 1 });
      const errors = [];
      for (let i = 0; i < 8; i++) errors.push((await c.next((m) => m.t === 'error' || m.t === 'pong', 'pong or error')).t);
      expect(errors.filter((t) => t === 'error').length).toBeGreaterThan(0);
      // A calm second forgives: the next few over the rate get `rate` again, not a close.
      await new Promise((r) => setTimeout(r, 1100));
      for (let i = 0; i < 8; i++) c.send({ t: 'ping', id: 50 + i, clientTime: 1 });
      for (let i = 0; i < 8; i++) await c.next((m) => m.t === 'error' || m.t === 'pong', 'pong or error');
      expect(c.ws.readyState).toBe(c.ws.OPEN);
      for (let i = 0; i < 20; i++) c.send({ t: 'ping', id: 100 + i, clientTime: 1 });
      expect((await c.closed).code).toBe(1008);
      const idle = await TestClient.open(s.url);
      const t0 = Date.now();
      const closed = await idle.closed;
      console.log(`idle connection closed after ${Date.now() - t0} ms (idleMs 1500), code ${closed.code}`);
      expect(closed.code).toBe(1001);
    } finally {
      await s.close();
    }
  });

  it('caps the rooms one connection creates per minute', async () => {
    const s = await startServer({ port: 0, qi: null, log: () => {}, caps: { roomsPerMinute: 2 } });
    try {
      const c = await TestClient.open(s.url);
      for (let i = 0; i < 2; i++) {
        c.send(createMessage('go', { req: i }));
        await c.take('created');
      }
      c.send(createMessage('go', { req: 3 }));
      expect(await c.take('error')).toMatchObject({ code: 'limit', req: 3 });
      c.send(createMessage('go', { req: 4, rules: { size: 99 } }));
      await c.close();
    } finally {
      await s.close();
    }
  });

  it('refuses rules the engine refuses (bad-rules) and seats that do not match the game', async () => {
    const c = await client();
    c.send(createMessage('go', { req: 11, rules: { size: 99 } }));
    expect(await c.take('error')).toMatchObject({ code: 'bad-rules', req: 11, reason: expect.stringContaining('size') });
    c.send(createMessage('reversi', { req: 12, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] }));
    expect(await c.take('error')).toMatchObject({ code: 'bad-rules', req: 12 });
    c.send(createMessage('checkers', { req: 13, rules: { players: 5 }, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'human' }, { kind: 'human' }] }));
    expect(await c.take('error')).toMatchObject({ code: 'bad-rules', req: 13 });
  });
});

describe('lobby', () => {
  it('lists listed rooms waiting or playing, then the finished game, at most two messages a second', async () => {
    const s = await startServer({ port: 0, qi: null, log: () => {}, limits: { messagesPerSecond: 1000, messageBurst: 1000 } });
    try {
      const watcher = await TestClient.open(s.url);
      watcher.send({ t: 'lobby', watch: true });
      expect(await watcher.take('lobby')).toEqual({ t: 'lobby', rooms: [], finished: [] });
      const [a, b] = [await TestClient.open(s.url), await TestClient.open(s.url)];
      const { room, code } = await twoPlayers(a, b, 'go', { rules: { size: 9 } });
      a.send(createMessage('gomoku', { req: 5, listed: false }));
      await a.take('created');
      const t0 = Date.now();
      for (let i = 0; i < 30; i++) await a.act({ t: 'chat', room, text: `n${i}` });
      await a.act({ t: 'resign', room });
      const seen: { rooms: unknown[]; finished: { room: string; result: unknown }[] }[] = [];
      for (;;) {
        const m = (await watcher.take('lobby')) as unknown as (typeof seen)[number];
        seen.push(m);
        if (m.finished.length > 0) break;
      }
      const ms = Date.now() - t0;
      console.log(`lobby: ${seen.length} messages over ${ms} ms of 33 changes`);
      expect(seen.length).toBeLessThanOrEqual(Math.ceil(ms / 500) + 2);
      expect(seen[0].rooms).toEqual([expect.objectContaining({ room, code, game: 'go', summary: '9x9 komi 7.5 area' })]);
      expect(seen.at(-1)).toMatchObject({ rooms: [], finished: [{ room, result: { reason: 'resign', seat: 0 } }] });
      await Promise.all([watcher, a, b].map((c) => c.close()));
    } finally {
      await s.close();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '@qi/protocol';
import { Connection, backoffMs, offsetEstimate, type ActionResult } from './connection.js';
import { fakeSockets } from './fake-server.js';

const limits = { ...DEFAULT_LIMITS, pingMs: 3000, idleMs: 10_000 };

function setup(random: () => number = () => 0.5) {
  const net = fakeSockets();
  const conn = new Connection({ url: 'ws://test/ws', socket: net.open, random });
  conn.start();
  return { conn, net };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Connection: hello, heartbeat, dead connections', () => {
  it('says hello on open, is open once welcomed, adopts the limits', () => {
    const { conn, net } = setup();
    const s = net.last();
    expect(s.url).toBe('ws://test/ws');
    expect(conn.status.state).toBe('connecting');
    s.accept();
    expect(s.sent).toEqual([{ t: 'hello', protocol: 1 }]);
    expect(conn.isOpen).toBe(false);
    s.push({ t: 'welcome', protocol: 1, serverTime: Date.now(), limits: { ...limits, pingMs: 2000 } });
    expect(conn.status).toMatchObject({ state: 'open', everOpened: true, failures: 0 });
    expect(conn.limits.pingMs).toBe(2000);
  });

  it('pings every pingMs and stays alive while frames come; dead after idleMs of silence, then reconnects', () => {
    const { conn, net } = setup();
    const s = net.last();
    s.welcome(Date.now(), limits);
    vi.advanceTimersByTime(2999);
    expect(s.of('ping')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(s.of('ping')).toHaveLength(1);
    // Each pong is a frame: the connection lives on for as long as the server answers.
    for (let i = 0; i < 10; i++) {
      const p = s.of('ping').at(-1)!;
      s.push({ t: 'pong', id: p.id, clientTime: p.clientTime, serverTime: Date.now() });
      vi.advanceTimersByTime(3000);
    }
    expect(s.of('ping').length).toBe(11);
    expect(s.closedByClient).toBeNull();
    // Silence: pings go out, nothing comes back; at idleMs after the last frame it is dead.
    vi.advanceTimersByTime(limits.idleMs - 3000 - 1);
    expect(s.closedByClient).toBeNull();
    vi.advanceTimersByTime(1);
    expect(s.closedByClient).not.toBeNull();
    expect(conn.status.state).toBe('waiting');
    expect(net.sockets).toHaveLength(1);
    // Back-off after a drop: 0.5 s with the jitter at its middle (random 0.5 → ×1).
    vi.advanceTimersByTime(499);
    expect(net.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(net.sockets).toHaveLength(2);
    expect(conn.status.state).toBe('connecting');
  });

  it('counts a socket that opens but never says welcome as dead (a page served without the server)', () => {
    const { conn, net } = setup();
    net.last().accept();
    vi.advanceTimersByTime(DEFAULT_LIMITS.idleMs);
    expect(net.last().closedByClient).not.toBeNull();
    expect(conn.status).toMatchObject({ state: 'waiting', everOpened: false, failures: 1 });
  });

  it('backs off 0.5 s → 8 s with ±50 % jitter, and starts over after a welcome', () => {
    for (let f = 0; f < 12; f++) {
      const base = Math.min(8000, 500 * 2 ** f);
      expect(backoffMs(f, () => 0)).toBe(base * 0.5);
      expect(backoffMs(f, () => 0.999999)).toBeLessThan(base * 1.5);
      expect(backoffMs(f, () => 0.999999)).toBeGreaterThan(base * 1.49);
    }
    // Through the connection, with the jitter at its lowest: failed attempts wait 0.5, 1, 2, 4, 4 s (cap 8 s × 0.5).
    const { conn, net } = setup(() => 0);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      net.last().drop();
      const before = net.sockets.length;
      let waited = 0;
      while (net.sockets.length === before) {
        vi.advanceTimersByTime(50);
        waited += 50;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(conn.status.failures).toBe(6);
    net.last().welcome(Date.now(), limits);
    expect(conn.status.failures).toBe(0);
    net.last().drop();
    vi.advanceTimersByTime(250);
    expect(net.sockets).toHaveLength(8);
  });

  it('stops for good on a protocol refusal and on stop()', () => {
    const { conn, net } = setup();
    net.last().accept();
    net.last().push({ t: 'error', code: 'protocol', reason: 'this server speaks protocol 2' });
    expect(conn.status.state).toBe('stopped');
    expect(conn.status.error?.reason).toMatch(/protocol 2/);
    vi.advanceTimersByTime(60_000);
    expect(net.sockets).toHaveLength(1);
  });
});

describe('Connection: clock offset', () => {
  it('takes the offset from the ping with the lowest round trip', () => {
    expect(offsetEstimate([])).toBe(0);
    expect(offsetEstimate([{ rtt: 80, offset: 500 }, { rtt: 10, offset: 420 }, { rtt: 40, offset: 460 }])).toBe(420);
    const { conn, net } = setup();
    const s = net.last();
    const skew = 5_000; // the server's clock is 5 s ahead of ours
    s.accept();
    vi.advanceTimersByTime(300); // a slow welcome: 300 ms round trip, its middle 150 ms
    s.push({ t: 'welcome', protocol: 1, serverTime: Date.now() + skew - 150 + 60, limits }); // 60 ms off the middle
    expect(conn.clockOffset).toBe(skew + 60);
    // Three pings: 200 ms, 20 ms (true offset), 120 ms round trips; each answer's server time is ±40 ms off the middle.
    let since = 0; // time since the last ping went out
    for (const [rtt, err] of [[200, 40], [20, 0], [120, -40]]) {
      vi.advanceTimersByTime(3000 - since); // the next ping goes out
      const p = s.of('ping').at(-1)!;
      vi.advanceTimersByTime(rtt);
      s.push({ t: 'pong', id: p.id, clientTime: p.clientTime, serverTime: Date.now() - rtt / 2 + skew + err });
      since = rtt;
    }
    expect(conn.clockOffset).toBe(skew);
    expect(conn.serverNow() - Date.now()).toBe(skew);
  });
});

describe('Connection: actions and rooms', () => {
  it('resends an unanswered action with the same ack id every 1.5 s while connected, until acked', async () => {
    const { conn, net } = setup();
    const s = net.last();
    s.welcome(Date.now(), limits);
    const answer = conn.action({ t: 'move', room: 'r1', version: 3, move: 'D4' });
    const first = s.of('move');
    expect(first).toHaveLength(1);
    expect(first[0].ack).toMatch(/^[A-Za-z0-9]{8}-\d+$/);
    vi.advanceTimersByTime(1499);
    expect(s.of('move')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1500);
    expect(s.of('move').map((m) => m.ack)).toEqual([first[0].ack, first[0].ack, first[0].ack]);
    s.push({ t: 'ack', ack: first[0].ack, ok: true, version: 4 });
    await expect(answer).resolves.toEqual({ ok: true, version: 4 });
    vi.advanceTimersByTime(6000);
    expect(s.of('move')).toHaveLength(3);
    // A repeated ack (the server answering a resend) changes nothing; ack ids differ from action to action.
    s.push({ t: 'ack', ack: first[0].ack, ok: true, version: 4 });
    void conn.action({ t: 'chat', room: 'r1', text: 'hi' });
    expect(s.of('chat')[0].ack).not.toBe(first[0].ack);
  });

  it('drops actions unanswered or made while disconnected at the next welcome, and never sends them there', async () => {
    const { conn, net } = setup();
    net.last().welcome(Date.now(), limits);
    const results: ActionResult[] = [];
    void conn.action({ t: 'move', room: 'r1', version: 3, move: 'D4' }).then((r) => results.push(r));
    net.last().drop();
    void conn.action({ t: 'resign', room: 'r1' }).then((r) => results.push(r));
    vi.advanceTimersByTime(3000); // no resend while down
    expect(net.sockets).toHaveLength(2);
    const s2 = net.last();
    s2.welcome(Date.now(), limits);
    await Promise.resolve();
    expect(results.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['dropped', 'dropped']);
    expect(s2.sent.filter((m) => m.t === 'move' || m.t === 'resign')).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(s2.sent.filter((m) => m.t === 'move' || m.t === 'resign')).toEqual([]);
  });

  it('re-joins every watched room with its token and last version after a reconnect, and the lobby', () => {
    const { conn, net } = setup();
    net.last().welcome(Date.now(), limits);
    let since = 0;
    const got: string[] = [];
    conn.watch('roomA', { message: (m) => got.push(m.t), joinFields: () => ({ token: 'tokA', since }) });
    conn.watch('roomB', { message: () => {}, joinFields: () => ({}) });
    conn.watchLobby(true);
    expect(net.last().of('join').map(({ room, token, since: s }) => ({ room, token, since: s }))).toEqual([
      { room: 'roomA', token: 'tokA', since: 0 },
      { room: 'roomB', token: undefined, since: undefined },
    ]);
    since = 17;
    net.last().drop();
    vi.advanceTimersByTime(1000);
    const s2 = net.last();
    s2.welcome(Date.now(), limits);
    expect(s2.of('join').map(({ room, token, since: s }) => ({ room, token, since: s }))).toEqual([
      { room: 'roomA', token: 'tokA', since: 17 },
      { room: 'roomB', token: undefined, since: undefined },
    ]);
    expect(s2.of('lobby')).toEqual([{ t: 'lobby', watch: true }]);
    // Watched twice (the lobby screen and a room), stopped once: still watched; stopped again: unwatched.
    conn.watchLobby(true);
    conn.watchLobby(false);
    expect(s2.of('lobby')).toHaveLength(1);
    conn.watchLobby(false);
    expect(s2.of('lobby').at(-1)).toEqual({ t: 'lobby', watch: false });
    // Room messages go to their room; a join by code is filed under the id the server answers with.
    s2.push({ t: 'event', room: 'roomA', version: 18, at: 0, event: { kind: 'presence', seat: 0, presence: 'online' } });
    expect(got).toEqual(['event']);
  });

  it('answers requests by req, rejects them with the server reason, and files a room joined by code under its id', async () => {
    const { conn, net } = setup();
    const s = net.last();
    s.welcome(Date.now(), limits);
    const created = conn.create({ game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: true, name: 'Ann', seat: 0 });
    const c = s.of('create')[0];
    s.push({ t: 'created', req: c.req, room: 'R123', code: 'ABCDEF', seat: 0, token: 'tok' });
    await expect(created).resolves.toMatchObject({ room: 'R123', token: 'tok' });
    const refused = conn.join({ room: 'nope', seat: 1, name: 'Bo' });
    s.push({ t: 'error', code: 'no-room', reason: 'no room nope', req: s.of('join')[0].req });
    await expect(refused).rejects.toMatchObject({ code: 'no-room', message: 'no room nope' });
    const got: string[] = [];
    conn.watch('QWERTY', { message: (m) => got.push(m.t), joinFields: () => ({}) });
    const j = s.of('join').at(-1)!;
    expect(j.room).toBe('QWERTY');
    s.push({ t: 'joined', req: j.req, room: 'R999', seat: null, token: null });
    s.push({ t: 'event', room: 'R999', version: 1, at: 0, event: { kind: 'presence', seat: 0, presence: 'online' } });
    expect(got).toEqual(['event']);
    // Offline requests fail at once, naming why.
    s.drop();
    await expect(conn.join({ room: 'x' })).rejects.toMatchObject({ code: 'offline' });
  });
});

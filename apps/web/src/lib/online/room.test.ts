import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckersPosition, PASS, gameDefinition } from '@qi/engine';
import { DEFAULT_LIMITS, type EventMessage, type RoomEvent, type RoomSnapshot } from '@qi/protocol';
import { Connection } from './connection.js';
import { fakeSockets, type FakeSocket } from './fake-server.js';
import { OnlineRoom, moveText, remainingAt } from './room.js';
import { readTokens } from './tokens.js';
import { reviewRecord } from './review.js';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

function snapshot(patch: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    room: 'R1',
    code: 'ABCDEF',
    version: 3,
    game: 'go',
    rules: { size: 9 },
    moves: [],
    seats: [
      { kind: 'human', name: 'Ann', presence: 'online' },
      { kind: 'human', name: 'Bo', presence: 'online' },
    ],
    clock: null,
    clocks: null,
    status: 'playing',
    result: null,
    takeback: null,
    chat: [],
    spectators: 0,
    createdAt: 0,
    ...patch,
  };
}

const ev = (version: number, event: RoomEvent): EventMessage => ({ t: 'event', room: 'R1', version, at: Date.now(), event });
const move = (version: number, seat: number, m: string) => ev(version, { kind: 'move', seat, move: m, clocks: null });

function setup(options: { token?: string | null; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const net = fakeSockets();
  const conn = new Connection({ url: 'ws://test/ws', socket: net.open, random: () => 0.5 });
  conn.start();
  net.last().welcome(Date.now(), DEFAULT_LIMITS);
  const storage = options.storage ?? memoryStorage();
  const room = new OnlineRoom(conn, 'R1', { token: options.token, storage });
  const s: FakeSocket = net.last();
  return { conn, net, room, s, storage };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('OnlineRoom: versions', () => {
  it('builds the session from a snapshot, then applies events in order and ignores old and duplicate ones', () => {
    const { room, s } = setup();
    expect(s.of('join')).toEqual([expect.objectContaining({ room: 'R1' })]);
    expect(s.of('join')[0].since).toBeUndefined();
    s.push({ t: 'snapshot', snapshot: snapshot({ moves: ['E5', 'C3'] }) });
    const session = room.view.session!;
    expect(room.view).toMatchObject({ loaded: true, version: 3, status: 'playing' });
    expect(session.view.ply).toBe(2);
    s.push(move(4, 0, 'G7'));
    expect(session.view.ply).toBe(3);
    s.push(move(4, 0, 'G7')); // duplicate
    s.push(move(2, 1, 'C3')); // old
    expect(session.view.ply).toBe(3);
    expect(room.view).toMatchObject({ version: 4, moves: ['E5', 'C3', 'G7'] });
    s.push(ev(5, { kind: 'presence', seat: 1, presence: 'reconnecting' }));
    s.push(ev(6, { kind: 'chat', line: { seat: 0, name: 'Ann', text: '<b>hi</b>', at: 1 } }));
    expect(room.view.seats[1].presence).toBe('reconnecting');
    expect(room.view.chat.map((l) => l.text)).toEqual(['<b>hi</b>']);
    expect(room.view.version).toBe(6);
  });

  it('on a gap asks for a resync with since, keeps the early events and applies them once the gap is filled', () => {
    const { room, s } = setup({ token: 'tokA' });
    s.push({ t: 'joined', req: s.of('join')[0].req, room: 'R1', seat: 0, token: null });
    s.push({ t: 'snapshot', snapshot: snapshot() });
    s.push(move(4, 0, 'E5'));
    s.push(move(6, 0, 'G7')); // 5 is missing
    expect(room.view.version).toBe(4);
    const resync = s.of('join').at(-1)!;
    expect(resync).toMatchObject({ room: 'R1', token: 'tokA', since: 4 });
    s.push(move(7, 1, 'D4')); // still waiting: no second resync for the same gap
    expect(s.of('join')).toHaveLength(2);
    s.push({ t: 'joined', req: resync.req, room: 'R1', seat: 0, token: null });
    s.push(move(5, 1, 'C3'));
    expect(room.view.version).toBe(7);
    expect(room.view.moves).toEqual(['E5', 'C3', 'G7', 'D4']);
    expect(room.view.session!.view.ply).toBe(4);
  });

  it('a snapshot after a resync rebuilds the session from scratch', () => {
    const { room, s } = setup();
    s.push({ t: 'snapshot', snapshot: snapshot({ moves: ['E5'], version: 4 }) });
    const first = room.view.session!;
    s.push({ t: 'snapshot', snapshot: snapshot({ moves: ['E5', 'C3', 'pass'], version: 9, status: 'playing' }) });
    const second = room.view.session!;
    expect(second).not.toBe(first);
    expect(second.view.ply).toBe(3);
    expect(second.view.lastMove).toBe(PASS);
    expect(room.view.version).toBe(9);
  });

  it('re-joins after a reconnect with its token and last version', () => {
    const { net, s } = setup({ token: 'tokA' });
    s.push({ t: 'snapshot', snapshot: snapshot({ version: 12 }) });
    s.drop();
    vi.advanceTimersByTime(1000);
    net.last().welcome(Date.now(), DEFAULT_LIMITS);
    expect(net.last().of('join')).toEqual([expect.objectContaining({ room: 'R1', token: 'tokA', since: 12 })]);
  });

  it('too many events missing: starts again from a snapshot', () => {
    const { room, s } = setup();
    s.push({ t: 'snapshot', snapshot: snapshot() });
    for (let v = 5; v < 5 + 300; v++) s.push(ev(v, { kind: 'presence', seat: 0, presence: 'online' }));
    expect(room.view.loaded).toBe(false);
    expect(s.of('join').at(-1)!.since).toBeUndefined();
    s.push({ t: 'snapshot', snapshot: snapshot({ version: 400, moves: ['E5'] }) });
    expect(room.view).toMatchObject({ loaded: true, version: 400, moves: ['E5'] });
  });

  it('a move the server cannot have played here asks for a fresh snapshot', () => {
    const { room, s } = setup();
    s.push({ t: 'snapshot', snapshot: snapshot({ moves: ['E5'] }) });
    s.push(move(4, 1, 'E5')); // occupied: our session and the server disagree
    expect(room.view.loaded).toBe(false);
    expect(s.of('join').at(-1)!.since).toBeUndefined();
  });
});

describe('OnlineRoom: actions', () => {
  it('sends a move in the game notation against its version; the event, not the ack, moves the board', async () => {
    const { room, s } = setup({ token: 'tokA' });
    s.push({ t: 'joined', req: s.of('join')[0].req, room: 'R1', seat: 0, token: null });
    s.push({ t: 'snapshot', snapshot: snapshot() });
    expect(room.myTurn).toBe(true);
    const pos = room.view.session!.position();
    room.play(pos.parseMove('E5'), pos.parseMove('E5'));
    const sent = s.of('move')[0];
    expect(sent).toMatchObject({ room: 'R1', version: 3, move: 'E5' });
    expect(room.view.pending).toMatchObject({ kind: 'move', text: 'E5' });
    expect(room.myTurn).toBe(false); // one move at a time
    expect(room.view.session!.view.ply).toBe(0);
    s.push({ t: 'ack', ack: sent.ack, ok: true, version: 4 });
    await Promise.resolve();
    expect(room.view.pending).toMatchObject({ ackVersion: 4 });
    s.push(move(4, 0, 'E5'));
    expect(room.view.pending).toBeNull();
    expect(room.view.session!.view.ply).toBe(1);
  });

  it('a refused move leaves the position alone and says the server’s reason', async () => {
    const { room, s } = setup({ token: 'tokA' });
    s.push({ t: 'joined', req: s.of('join')[0].req, room: 'R1', seat: 0, token: null });
    s.push({ t: 'snapshot', snapshot: snapshot() });
    room.play(room.view.session!.position().parseMove('E5'));
    s.push({ t: 'ack', ack: s.of('move')[0].ack, ok: false, code: 'stale', reason: 'the position changed (version 5): look again' });
    await Promise.resolve();
    expect(room.view.pending).toBeNull();
    expect(room.view.refusal).toEqual({ kind: 'move', code: 'stale', reason: 'the position changed (version 5): look again' });
    expect(room.view.session!.view.ply).toBe(0);
    expect(room.myTurn).toBe(true);
  });

  it('a move lost with the connection is dropped, not resent, and the room rejoins', async () => {
    const { room, net, s } = setup({ token: 'tokA' });
    s.push({ t: 'joined', req: s.of('join')[0].req, room: 'R1', seat: 0, token: null });
    s.push({ t: 'snapshot', snapshot: snapshot() });
    room.play(room.view.session!.position().parseMove('E5'));
    s.drop();
    vi.advanceTimersByTime(1000);
    net.last().welcome(Date.now(), DEFAULT_LIMITS);
    await Promise.resolve();
    expect(room.view.pending).toBeNull();
    expect(room.view.refusal?.code).toBe('dropped');
    expect(net.last().of('move')).toEqual([]);
    expect(net.last().of('join')[0]).toMatchObject({ token: 'tokA', since: 3 });
  });

  it('takebacks: an offer, then the takeback event rebuilds the position', () => {
    const { room, s } = setup({ token: 'tokA' });
    s.push({ t: 'snapshot', snapshot: snapshot({ moves: ['E5', 'C3', 'G7'] }) });
    s.push(ev(4, { kind: 'takeback-offer', seat: 0 }));
    expect(room.view.takeback).toBe(0);
    s.push(ev(5, { kind: 'takeback', count: 2, clocks: null }));
    expect(room.view.takeback).toBeNull();
    expect(room.view.moves).toEqual(['E5']);
    expect(room.view.session!.view.ply).toBe(1);
    expect(room.view.session!.view.toMove).toBe(1);
  });

  it('a resignation ends the two-player session the way a local game ends', () => {
    const { room, s } = setup();
    s.push({ t: 'snapshot', snapshot: snapshot({ moves: ['E5'] }) });
    s.push(ev(4, { kind: 'end', result: { returns: [-1, 1], reason: 'resign', seat: 0, code: 'W+R' }, clocks: null }));
    expect(room.view.status).toBe('over');
    expect(room.view.session!.view.over).toBe(true);
    expect(room.view.session!.view.ending).toEqual({ kind: 'resign', player: 0 });
  });
});

describe('OnlineRoom: review', () => {
  it('a finished Go game opened for review (as from the lobby) carries the server’s count and dead stones', () => {
    const { room, s } = setup();
    s.push({
      t: 'snapshot',
      snapshot: snapshot({ moves: ['E5', 'pass', 'pass'], status: 'over', result: { returns: [-1, 1], reason: 'rules', code: 'W+7.5', dead: ['E5'] } }),
    });
    expect(room.view.session!.view.over).toBe(true);
    const rec = reviewRecord(room.view);
    // Counted with the server's dead stone: White by komi, not "game over, count the stones".
    expect(rec.ui.result(rec.session)).toEqual({ key: 'resultWhitePoints', params: { n: '7.5' } });
    expect(rec.ui.saveExtra?.(rec.session)).toEqual({ dead: [rec.session.position().parseMove('E5')], counted: true });
  });
});

describe('OnlineRoom: seats and clocks', () => {
  it('keeps the token of a seat taken and resumes with it when opened again', async () => {
    const storage = memoryStorage();
    const { room, s, conn } = setup({ storage });
    s.push({ t: 'snapshot', snapshot: snapshot({ status: 'waiting', seats: [{ kind: 'human', name: 'Ann', presence: 'online' }, { kind: 'human', name: null, presence: 'gone' }] }) });
    const taking = room.takeSeat(1, 'Bo');
    const j = s.of('join').at(-1)!;
    expect(j).toMatchObject({ seat: 1, name: 'Bo', since: 3 });
    s.push({ t: 'joined', req: j.req, room: 'R1', seat: 1, token: 'secret1' });
    await expect(taking).resolves.toBe(true);
    expect(room.view.mySeat).toBe(1);
    expect(readTokens(storage)).toEqual({ R1: { token: 'secret1', seat: 1, code: 'ABCDEF' } });
    room.close();
    expect(s.of('leave')).toEqual([{ t: 'leave', room: 'R1' }]);
    // Opened again (a reload) by its code: the stored token resumes seat 1.
    const again = new OnlineRoom(conn, 'abcdef', { storage });
    expect(again.view.mySeat).toBe(1);
    expect(s.of('join').at(-1)).toMatchObject({ room: 'R1', token: 'secret1' });
  });

  it('a token the room refuses falls back to watching', () => {
    const { room, s } = setup({ token: 'old' });
    s.push({ t: 'error', code: 'bad-token', reason: 'not a seat token of this room', req: s.of('join')[0].req });
    expect(room.view.mySeat).toBeNull();
    expect(s.of('join').at(-1)!.token).toBeUndefined();
  });

  it('draws the running clock down in server time, the others stand', () => {
    const clocks = { remainingMs: [60_000, 45_000], running: 0, at: 1_000_000 };
    expect(remainingAt(clocks, 0, 1_000_000 + 12_345)).toBe(60_000 - 12_345);
    expect(remainingAt(clocks, 1, 1_000_000 + 12_345)).toBe(45_000);
    expect(remainingAt(clocks, 0, 1_000_000 + 99_000)).toBe(0);
    expect(remainingAt(clocks, 0, 1_000_000 - 500)).toBe(60_000); // a server instant not reached yet here
    expect(remainingAt(null, 0, 0)).toBeNull();
  });
});

describe('moveText', () => {
  it('words a Chinese Checkers move as its whole hop path', () => {
    const def = gameDefinition('checkers');
    const pos = def.create(def.rules({ board: 'star', players: 2 }) as never) as CheckersPosition;
    // Play steps until some legal move is a chain of hops.
    const buf = new Int32Array(4096);
    for (let ply = 0; ply < 40; ply++) {
      const n = pos.legalMoves(buf);
      for (let i = 0; i < n; i++) {
        const path = pos.path(buf[i]);
        if (path.length > 2) {
          const text = moveText(def, pos, buf[i]);
          expect(text).toBe(path.map((h) => pos.geometry.names[h]).join('-'));
          expect(text.split('-').length).toBeGreaterThan(2);
          expect(def.parseMove(pos, text)).toBe(buf[i]);
          return;
        }
      }
      pos.play(buf[0]);
    }
    throw new Error('no hop found in 40 plies');
  });
});

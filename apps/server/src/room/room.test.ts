/** The pure Room: proposals change nothing until applied, and replaying the stored events rebuilds the room. */
import { describe, expect, it } from 'vitest';
import { gameDefinition, MAX_MOVES } from '@qi/engine';
import type { CreateMessage } from '@qi/protocol';
import { roomConfig, type RoomConfig } from './config.js';
import { Room, type Draft, type Proposal, type StoredEvent } from './room.js';

function config(game: CreateMessage['game'], seats: CreateMessage['seats'], extra: Partial<CreateMessage> = {}): RoomConfig {
  const c = roomConfig({ t: 'create', req: 0, game, seats, clock: null, listed: false, name: '', seat: null, ...extra }, 'room00000001', 'ABCDEF', 0);
  if (typeof c === 'string') throw new Error(c);
  return c;
}

/** A room with its log: `run` applies an accepted proposal's drafts as the hub would (versions in order). */
function harness(c: RoomConfig) {
  const room = new Room(c);
  const log: StoredEvent[] = [];
  const store = (drafts: readonly Draft[], at: number): StoredEvent[] => {
    const events = drafts.map((d, i) => ({ ...d, version: room.version + 1 + i, at, ack: null }));
    for (const e of events) {
      room.apply(e);
      log.push(e);
    }
    return events;
  };
  const run = (p: Proposal, at = 0): StoredEvent[] => {
    if (!p.ok) throw new Error(`refused: ${p.code} ${p.reason}`);
    return store(p.drafts, at);
  };
  return { room, log, store, run };
}

const human = { kind: 'human' } as const;

describe('Room', () => {
  it('needs every other person to accept a takeback with three players, and Qi accepts by itself', () => {
    const h = harness(config('checkers', [human, human, human]));
    for (let s = 0; s < 3; s++) h.run(h.room.takeSeat(s, `P${s}`, `hash${s}`, 0, 24));
    expect(h.room.status).toBe('playing');
    const pos = gameDefinition('checkers').create({ players: 3 });
    const buf = new Int32Array(MAX_MOVES);
    pos.legalMoves(buf);
    h.run(h.room.move(0, h.room.version, pos.moveToText(buf[0]), 0, 0));
    h.run(h.room.takeback(0, 'offer', h.room.version, 0));
    const partly = h.room.takeback(1, 'accept', h.room.version, 0);
    expect(partly).toEqual({ ok: true, drafts: [], answer: -1 });
    const done = h.run(h.room.takeback(2, 'accept', h.room.version, 0));
    expect(done.map((e) => e.event)).toEqual([{ kind: 'takeback', count: 1, clocks: null }]);
    expect(h.room.moveList()).toEqual([]);

    const q = harness(config('gomoku', [human, { kind: 'qi', level: 3 }]));
    q.run(q.room.takeSeat(0, 'Ann', 'h', 0, 24));
    q.run(q.room.move(0, q.room.version, 'H8', 0, 0));
    const offer = q.run(q.room.takeback(0, 'offer', q.room.version, 0));
    expect(offer.map((e) => e.event.kind)).toEqual(['takeback-offer', 'takeback']);
  });

  it('lets a fallen flag with three players take that player out, and the others play on', () => {
    const h = harness(config('checkers', [human, human, human], { clock: { initialMs: 1000, incrementMs: 0 } }));
    for (let s = 0; s < 3; s++) h.run(h.room.takeSeat(s, `P${s}`, `hash${s}`, 0, 24), 0);
    expect(h.room.flag(999)).toEqual([]);
    const flagged = h.store(h.room.flag(1000), 1000);
    expect(flagged.map((e) => e.event)).toEqual([{ kind: 'move', seat: 0, move: 'leave', clocks: { remainingMs: [0, 1000, 1000], running: 1, at: 1000 } }]);
    expect(h.room.status).toBe('playing');
    expect(h.room.toMove()).toBe(1);
    expect(h.room.flagTime()).toBe(2000);
  });

  it('proposes without changing anything, and rebuilds the same room from its events', () => {
    const h = harness(config('go', [human, human], { rules: { size: 9 }, clock: { initialMs: 60_000, incrementMs: 0 } }));
    h.run(h.room.takeSeat(0, 'A', 'ha', 0, 24), 0);
    h.run(h.room.takeSeat(1, 'B', 'hb', 0, 24), 0);
    const before = JSON.stringify(h.room.snapshot(10, 0));
    expect(h.room.move(0, h.room.version, 'E5', 10, 0).ok).toBe(true);
    expect(h.room.takeback(0, 'offer', h.room.version, 10).ok).toBe(false);
    expect(JSON.stringify(h.room.snapshot(10, 0))).toBe(before);
    h.run(h.room.move(0, h.room.version, 'E5', 100, 0), 100);
    h.run(h.room.say(1, 'hello', 150, 300), 150);
    h.run(h.room.move(1, h.room.version, 'D4', 200, 0), 200);
    h.run(h.room.takeback(1, 'offer', h.room.version, 300), 300);
    h.run(h.room.takeback(0, 'accept', h.room.version, 400), 400);
    h.run(h.room.resign(1, 500), 500);
    const copy = Room.restore(h.room.config, h.log, h.room.rowState(500), 9999);
    expect(copy.snapshot(600, 0)).toEqual(h.room.snapshot(600, 0));
    expect(copy.seatOfToken('hb')).toBe(1);
    expect(copy.finished()).toMatchObject({ result: { reason: 'resign', seat: 1, code: 'B+R' }, moves: 1 });
  });
});

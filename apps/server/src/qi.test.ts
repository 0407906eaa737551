/**
 * Qi at a seat: the server asks @qi/ai-worker's BotPool (a real worker thread) for a move at the seat's level and
 * plays it through the same validation as a person's; Qi accepts a takeback at once. Times are printed, not asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './index.js';
import { createMessage, TestClient } from './testkit/ws-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, bots: 1, log: (l) => console.error(l) });
});
afterAll(async () => {
  await server.close();
});

describe('a Qi seat', () => {
  it('answers at level 1 and accepts a takeback at once', { timeout: 120_000 }, async () => {
    const a = await TestClient.open(server.url);
    a.send(createMessage('gomoku', { seats: [{ kind: 'human' }, { kind: 'qi', level: 1 }], clock: { initialMs: 300_000, incrementMs: 0 } }));
    const { room } = await a.take('created');
    const snap = (await a.take('snapshot')).snapshot;
    expect(snap.status).toBe('playing');
    expect(snap.seats[1]).toEqual({ kind: 'qi', level: 1, name: 'Qi (level 1)', presence: 'online' });
    let v = snap.version;
    expect(await a.act({ t: 'move', room, version: v, move: 'H8' })).toMatchObject({ ok: true, version: ++v });
    const t0 = Date.now();
    const reply = await a.event(room, ++v, 100_000);
    console.log(`Qi (level 1, gomoku) answered in ${Date.now() - t0} ms (the first answer includes starting the worker thread)`);
    expect(reply.event).toMatchObject({ kind: 'move', seat: 1 });
    await a.event(room, v - 1);
    a.drain();
    expect(await a.act({ t: 'takeback', room, version: v, op: 'offer' })).toMatchObject({ ok: true, version: v + 1 });
    expect((await a.event(room, v + 2)).event).toMatchObject({ kind: 'takeback', count: 2 });
    a.send({ t: 'join', req: 2, room });
    await a.take('joined');
    expect((await a.take('snapshot')).snapshot.moves).toEqual([]);
    await a.close();
  });
});

describe('Qi against Qi', () => {
  it('plays every game through the same validation (checkers hop paths included), watched by a spectator', { timeout: 120_000 }, async () => {
    const watcher = await TestClient.open(server.url);
    for (const game of ['go', 'gomoku', 'reversi', 'checkers'] as const) {
      const t0 = Date.now();
      watcher.send(createMessage(game, { seat: null, seats: [{ kind: 'qi', level: 1 }, { kind: 'qi', level: 1 }], rules: game === 'go' ? { size: 9 } : undefined }));
      const { room } = await watcher.take('created');
      const snap = (await watcher.take('snapshot')).snapshot;
      expect(snap.status).toBe('playing');
      const moves: string[] = [];
      for (let v = snap.version + 1; moves.length < 6; v++) {
        const e = (await watcher.event(room, v, 100_000)).event;
        if (e.kind === 'move') moves.push(e.move);
        if (e.kind === 'end') break;
      }
      console.log(`Qi vs Qi (level 1) ${game}: ${moves.join(' ')} in ${Date.now() - t0} ms`);
      expect(moves.length).toBeGreaterThanOrEqual(6);
      watcher.send({ t: 'leave', room });
    }
    await watcher.close();
  });
});

/** The SQLite store: WAL, a room's events and row written together or not at all, the same data after a reopen. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { RoomConfig } from '../room/config.js';
import type { RoomRowState, StoredEvent } from '../room/room.js';
import { openSqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'qi-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config: RoomConfig = { id: 'abcdefghijkl', code: 'ABCDEF', game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: true, createdAt: 1 };
const row = (version: number, status: RoomRowState['status'] = 'playing'): RoomRowState => ({ version, status, clocks: null, finished: null });
const seat = (version: number, s: number): StoredEvent => ({ version, at: version, seat: s, ack: null, event: { kind: 'seat', seat: s, name: `P${s}` }, private: { tokenHash: `h${s}` } });

describe('SqliteStore', () => {
  it('keeps events with their versions, refuses a write that does not fit, and reads the same after a reopen', async () => {
    const path = join(dir, 'a/b/qi.sqlite');
    const store = openSqliteStore({ path, durability: 'full' });
    await store.createRoom(config, [seat(1, 0)], row(1, 'waiting'));
    await store.append(config.id, [seat(2, 1), { version: 3, at: 3, seat: null, ack: null, event: { kind: 'start', clocks: null } }], row(3));
    await store.append(config.id, [{ version: 4, at: 4, seat: 0, ack: 'm1', event: { kind: 'move', seat: 0, move: 'E5', clocks: null } }], row(4));
    // Version 4 again: the whole write is refused and nothing of it stays.
    await expect(store.append(config.id, [{ version: 5, at: 5, seat: 1, ack: null, event: { kind: 'chat', line: { seat: 1, name: 'P1', text: 'x', at: 5 } } }, seat(4, 1)], row(5))).rejects.toThrow();
    expect(await store.codeTaken('ABCDEF')).toBe(true);
    await store.close();
    await expect(store.loadUnfinished()).rejects.toThrow('closed');

    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();

    const again = openSqliteStore({ path });
    const [room] = await again.loadUnfinished();
    expect(room.config).toEqual(config);
    expect(room.events.map((e) => [e.version, e.event.kind, e.ack])).toEqual([
      [1, 'seat', null],
      [2, 'seat', null],
      [3, 'start', null],
      [4, 'move', 'm1'],
    ]);
    expect(room.events[0].private).toEqual({ tokenHash: 'h0' });
    expect(room.row).toEqual(row(4));
    expect((await again.loadRoom('abcdef'))?.config.id).toBe(config.id);
    expect(await again.loadRoom('nothinghere0')).toBeNull();
    await again.close();
  });
});

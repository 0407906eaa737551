/**
 * The Store in an embedded SQLite file (better-sqlite3, WAL). Each write is one transaction holding a room's new
 * events and its row; better-sqlite3 is synchronous, so a resolved promise means SQLite has committed.
 * Durability: WAL with synchronous=NORMAL (default) commits into the WAL file with a write() that survives the
 * death of the process (SIGKILL) — only a power cut or an OS crash can lose the last commits; `full` also syncs
 * the WAL on every commit (survives power loss; costs an fsync a move). See the README.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { FinishedRoom } from '@qi/protocol';
import type { RoomConfig } from '../room/config.js';
import type { EventPrivate, RoomRowState, StoredEvent } from '../room/room.js';
import { StaleOwnerError, type Store, type StoredRoom } from './store.js';

/** How hard a commit is pushed to disk: NORMAL (survives a killed process) or FULL (survives a power cut). */
export type Durability = 'normal' | 'full';

/** Options of the SQLite store. */
export interface SqliteStoreOptions {
  /** The database file (its folder is created), or ':memory:'. */
  path: string;
  durability?: Durability;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  config TEXT NOT NULL,
  listed INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  clocks TEXT,
  finished TEXT,
  ended_at INTEGER
);
CREATE INDEX IF NOT EXISTS rooms_status ON rooms(status);
CREATE INDEX IF NOT EXISTS rooms_ended ON rooms(ended_at) WHERE finished IS NOT NULL;
CREATE TABLE IF NOT EXISTS events (
  room TEXT NOT NULL,
  version INTEGER NOT NULL,
  at INTEGER NOT NULL,
  seat INTEGER,
  ack TEXT,
  body TEXT NOT NULL,
  private TEXT,
  PRIMARY KEY (room, version)
) WITHOUT ROWID;
`;

interface RoomRow {
  id: string;
  config: string;
  version: number;
  status: string;
  clocks: string | null;
  finished: string | null;
}

interface EventRow {
  version: number;
  at: number;
  seat: number | null;
  ack: string | null;
  body: string;
  private: string | null;
}

/** Opens (creating if needed) the SQLite store at `options.path`. */
export function openSqliteStore(options: SqliteStoreOptions): Store {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.durability === 'full' ? 'FULL' : 'NORMAL'}`);
  // A second process on the same file (a restart overlapping the old one's exit) waits instead of failing at once.
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  // Migration: the owner epoch (fencing of several processes) on databases made before it.
  if (!(db.prepare('PRAGMA table_info(rooms)').all() as { name: string }[]).some((c) => c.name === 'owner_epoch')) db.exec('ALTER TABLE rooms ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 0');

  const insertRoom = db.prepare(
    'INSERT INTO rooms (id, code, game, config, listed, created_at, version, status, clocks, finished, ended_at, owner_epoch) VALUES (@id, @code, @game, @config, @listed, @created_at, @version, @status, @clocks, @finished, @ended_at, 1)',
  );
  const updateRoom = db.prepare('UPDATE rooms SET version = @version, status = @status, clocks = @clocks, finished = @finished, ended_at = @ended_at WHERE id = @id AND version < @version');
  const selectEpoch = db.prepare('SELECT owner_epoch FROM rooms WHERE id = ?');
  const claimRoom = db.prepare('UPDATE rooms SET owner_epoch = owner_epoch + 1 WHERE id = ? RETURNING owner_epoch');
  const selectIdOf = db.prepare('SELECT id FROM rooms WHERE id = ? OR code = ?');
  const selectUnfinishedIds = db.prepare("SELECT id FROM rooms WHERE status = 'playing'");
  const insertEvent = db.prepare('INSERT INTO events (room, version, at, seat, ack, body, private) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const selectUnfinished = db.prepare("SELECT id, config, version, status, clocks, finished FROM rooms WHERE status != 'over'");
  const selectById = db.prepare('SELECT id, config, version, status, clocks, finished FROM rooms WHERE id = ?');
  const selectByCode = db.prepare('SELECT id, config, version, status, clocks, finished FROM rooms WHERE code = ?');
  const selectEvents = db.prepare('SELECT version, at, seat, ack, body, private FROM events WHERE room = ? ORDER BY version');
  const selectCode = db.prepare('SELECT 1 FROM rooms WHERE code = ?');
  const selectFinished = db.prepare('SELECT finished FROM rooms WHERE finished IS NOT NULL AND listed = 1 ORDER BY ended_at DESC LIMIT ?');

  const rowParams = (id: string, row: RoomRowState) => ({
    id,
    version: row.version,
    status: row.status,
    clocks: row.clocks ? JSON.stringify(row.clocks) : null,
    finished: row.finished ? JSON.stringify(row.finished) : null,
    ended_at: row.finished ? row.finished.endedAt : null,
  });
  const writeEvents = (room: string, events: readonly StoredEvent[]): void => {
    for (const e of events) insertEvent.run(room, e.version, e.at, e.seat, e.ack, JSON.stringify(e.event), e.private ? JSON.stringify(e.private) : null);
  };
  const create = db.transaction((config: RoomConfig, events: readonly StoredEvent[], row: RoomRowState) => {
    insertRoom.run({ ...rowParams(config.id, row), code: config.code, game: config.game, config: JSON.stringify(config), listed: config.listed ? 1 : 0, created_at: config.createdAt });
    writeEvents(config.id, events);
  });
  const append = db.transaction((room: string, events: readonly StoredEvent[], row: RoomRowState, epoch: number | undefined) => {
    if (epoch !== undefined) {
      const r = selectEpoch.get(room) as { owner_epoch: number } | undefined;
      if (r && r.owner_epoch !== epoch) throw new StaleOwnerError(room, epoch);
    }
    writeEvents(room, events);
    const r = updateRoom.run(rowParams(room, row));
    if (r.changes !== 1) throw new Error(`room ${room} is not stored at a version below ${row.version}`);
  });
  const read = (r: RoomRow | undefined): StoredRoom | null => {
    if (!r) return null;
    const events = (selectEvents.all(r.id) as EventRow[]).map((e): StoredEvent => {
      const ev: StoredEvent = { version: e.version, at: e.at, seat: e.seat, ack: e.ack, event: JSON.parse(e.body) as StoredEvent['event'] };
      if (e.private !== null) ev.private = JSON.parse(e.private) as EventPrivate;
      return ev;
    });
    const row: RoomRowState = {
      version: r.version,
      status: r.status as RoomRowState['status'],
      clocks: r.clocks ? (JSON.parse(r.clocks) as RoomRowState['clocks']) : null,
      finished: r.finished ? (JSON.parse(r.finished) as FinishedRoom) : null,
    };
    return { config: JSON.parse(r.config) as RoomConfig, events, row };
  };
  let open = true;
  const live = (): void => {
    if (!open) throw new Error('the store is closed');
  };

  return {
    async createRoom(config, events, row) {
      live();
      create(config, events, row);
    },
    async append(room, events, row, epoch) {
      live();
      append(room, events, row, epoch);
    },
    async claim(room) {
      live();
      const r = claimRoom.get(room) as { owner_epoch: number } | undefined;
      return r ? r.owner_epoch : null;
    },
    async roomId(idOrCode) {
      live();
      const r = selectIdOf.get(idOrCode, idOrCode.toUpperCase()) as { id: string } | undefined;
      return r ? r.id : null;
    },
    async playingIds() {
      live();
      return (selectUnfinishedIds.all() as { id: string }[]).map((r) => r.id);
    },
    async loadUnfinished() {
      live();
      return (selectUnfinished.all() as RoomRow[]).map((r) => read(r)!);
    },
    async loadRoom(idOrCode) {
      live();
      return read((selectById.get(idOrCode) as RoomRow | undefined) ?? (selectByCode.get(idOrCode.toUpperCase()) as RoomRow | undefined));
    },
    async codeTaken(code) {
      live();
      return selectCode.get(code) !== undefined;
    },
    async finished(limit) {
      live();
      return (selectFinished.all(limit) as { finished: string }[]).map((r) => JSON.parse(r.finished) as FinishedRoom);
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

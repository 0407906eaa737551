/**
 * The Store in PostgreSQL (`pg`), for several server processes sharing one database. The same two tables and the
 * same semantics as the SQLite store: a room's new events and its row in one transaction, committed before the
 * promise resolves (so before any ack). The room row also holds `owner_epoch`, the fencing token of the process
 * that owns the room: `claim` increments it, and an append made with an older epoch is refused inside the very
 * transaction that would have written the events, so a process that lost a room can never write version N
 * after (or beside) its new owner. Migrations run at open, under an advisory lock (processes may start together).
 */
import pg from 'pg';
import type { FinishedRoom } from '@qi/protocol';
import type { RoomConfig } from '../room/config.js';
import type { EventPrivate, RoomRowState, StoredEvent } from '../room/room.js';
import { StaleOwnerError, type Store, type StoredRoom } from './store.js';

/** Options of the PostgreSQL store. */
export interface PostgresStoreOptions {
  /** postgres://user@host:port/database */
  url: string;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** How long to wait for a connection before a query fails, ms (default 5000: an outage is an error, not a hang). */
  connectTimeoutMs?: number;
  /** Where connection errors of idle clients go (default: stderr). */
  log?: (line: string) => void;
}

/** The migrations, in order; each runs once (recorded in qi_migrations). */
const MIGRATIONS: string[] = [
  `CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    listed BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    version INTEGER NOT NULL,
    status TEXT NOT NULL,
    clocks TEXT,
    finished TEXT,
    ended_at BIGINT,
    owner_epoch INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX rooms_status ON rooms(status);
  CREATE INDEX rooms_ended ON rooms(ended_at) WHERE finished IS NOT NULL;
  CREATE TABLE events (
    room TEXT NOT NULL REFERENCES rooms(id),
    version INTEGER NOT NULL,
    at BIGINT NOT NULL,
    seat INTEGER,
    ack TEXT,
    body TEXT NOT NULL,
    private TEXT,
    PRIMARY KEY (room, version)
  );`,
];

/** An arbitrary constant: the advisory lock that serialises migrations of processes starting together. */
const MIGRATION_LOCK = 7_150_015;

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
  at: string | number;
  seat: number | null;
  ack: string | null;
  body: string;
  private: string | null;
}

/** Opens the PostgreSQL store: connects, runs the migrations not run yet; rejects with a clear message when it cannot. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process.
  pool.on('error', (e) => log(`postgres: ${e.message}`));
  try {
    await migrate(pool);
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw new Error(`cannot open the PostgreSQL store at ${redact(options.url)}: ${(e as Error).message}`);
  }

  const tx = async <T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const r = await work(c);
      await c.query('COMMIT');
      return r;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  };
  const insertEvents = async (c: pg.PoolClient, room: string, events: readonly StoredEvent[]): Promise<void> => {
    if (events.length === 0) return;
    const values: unknown[] = [];
    const rows = events.map((e, i) => {
      values.push(room, e.version, e.at, e.seat, e.ack, JSON.stringify(e.event), e.private ? JSON.stringify(e.private) : null);
      const b = i * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
    });
    await c.query(`INSERT INTO events (room, version, at, seat, ack, body, private) VALUES ${rows.join(', ')}`, values);
  };
  const rowValues = (row: RoomRowState): unknown[] => [row.version, row.status, row.clocks ? JSON.stringify(row.clocks) : null, row.finished ? JSON.stringify(row.finished) : null, row.finished ? row.finished.endedAt : null];
  const read = async (r: RoomRow | undefined): Promise<StoredRoom | null> => {
    if (!r) return null;
    const ev = await pool.query<EventRow>('SELECT version, at, seat, ack, body, private FROM events WHERE room = $1 ORDER BY version', [r.id]);
    const events = ev.rows.map((e): StoredEvent => {
      const s: StoredEvent = { version: e.version, at: Number(e.at), seat: e.seat, ack: e.ack, event: JSON.parse(e.body) as StoredEvent['event'] };
      if (e.private !== null) s.private = JSON.parse(e.private) as EventPrivate;
      return s;
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
  const COLUMNS = 'id, config, version, status, clocks, finished';

  return {
    async createRoom(config, events, row) {
      live();
      await tx(async (c) => {
        await c.query('INSERT INTO rooms (id, code, game, config, listed, created_at, version, status, clocks, finished, ended_at, owner_epoch) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1)', [
          config.id,
          config.code,
          config.game,
          JSON.stringify(config),
          config.listed,
          config.createdAt,
          ...rowValues(row),
        ]);
        await insertEvents(c, config.id, events);
      });
    },
    async append(room, events, row, epoch) {
      live();
      await tx(async (c) => {
        // The row first: it locks the room until the commit, and refuses a stale owner or a version that does not fit.
        const u = await c.query(
          'UPDATE rooms SET version = $2, status = $3, clocks = $4, finished = $5, ended_at = $6 WHERE id = $1 AND version < $2 AND ($7::integer IS NULL OR owner_epoch = $7::integer) RETURNING owner_epoch',
          [room, ...rowValues(row), epoch ?? null],
        );
        if (u.rowCount !== 1) {
          const r = await c.query<{ owner_epoch: number; version: number }>('SELECT owner_epoch, version FROM rooms WHERE id = $1', [room]);
          if (epoch !== undefined && r.rows[0] && r.rows[0].owner_epoch !== epoch) throw new StaleOwnerError(room, epoch);
          throw new Error(`room ${room} is not stored at a version below ${row.version}`);
        }
        await insertEvents(c, room, events);
      });
    },
    async claim(room) {
      live();
      const r = await pool.query<{ owner_epoch: number }>('UPDATE rooms SET owner_epoch = owner_epoch + 1 WHERE id = $1 RETURNING owner_epoch', [room]);
      return r.rows[0]?.owner_epoch ?? null;
    },
    async roomId(idOrCode) {
      live();
      const r = await pool.query<{ id: string }>('SELECT id FROM rooms WHERE id = $1 OR code = $2', [idOrCode, idOrCode.toUpperCase()]);
      return r.rows[0]?.id ?? null;
    },
    async playingIds() {
      live();
      return (await pool.query<{ id: string }>("SELECT id FROM rooms WHERE status = 'playing'")).rows.map((r) => r.id);
    },
    async loadUnfinished() {
      live();
      const rows = (await pool.query<RoomRow>(`SELECT ${COLUMNS} FROM rooms WHERE status <> 'over'`)).rows;
      const out: StoredRoom[] = [];
      for (const r of rows) out.push((await read(r))!);
      return out;
    },
    async loadRoom(idOrCode) {
      live();
      const byId = await pool.query<RoomRow>(`SELECT ${COLUMNS} FROM rooms WHERE id = $1`, [idOrCode]);
      if (byId.rows[0]) return read(byId.rows[0]);
      const byCode = await pool.query<RoomRow>(`SELECT ${COLUMNS} FROM rooms WHERE code = $1`, [idOrCode.toUpperCase()]);
      return read(byCode.rows[0]);
    },
    async codeTaken(code) {
      live();
      return ((await pool.query('SELECT 1 FROM rooms WHERE code = $1', [code])).rowCount ?? 0) > 0;
    },
    async finished(limit) {
      live();
      const r = await pool.query<{ finished: string }>('SELECT finished FROM rooms WHERE finished IS NOT NULL AND listed ORDER BY ended_at DESC LIMIT $1', [limit]);
      return r.rows.map((x) => JSON.parse(x.finished) as FinishedRoom);
    },
    stats() {
      return { connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    async close() {
      if (!open) return;
      open = false;
      await pool.end();
    },
  };
}

/** Runs the migrations not recorded yet, one transaction each, under an advisory lock. */
async function migrate(pool: pg.Pool): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await c.query('CREATE TABLE IF NOT EXISTS qi_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const done = new Set((await c.query<{ version: number }>('SELECT version FROM qi_migrations')).rows.map((r) => r.version));
    for (let i = 0; i < MIGRATIONS.length; i++) {
      if (done.has(i + 1)) continue;
      await c.query(MIGRATIONS[i]);
      await c.query('INSERT INTO qi_migrations (version) VALUES ($1)', [i + 1]);
    }
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable URL)';
  }
}

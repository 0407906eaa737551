/**
 * @qi/server: `startServer(options)` runs the online server in this process (tests start it on port 0): HTTP with
 * the web app and /health, the WebSocket protocol at /ws, the rooms in a Store (SQLite by default), Qi's seats.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { DEFAULT_LIMITS, PROTOCOL_VERSION, type Limits } from '@qi/protocol';
import { CLOSE, Connection } from './connection.js';
import { httpHandler } from './http.js';
import { Hub, type RoomCaps } from './hub.js';
import { botPoolEngine, type QiEngine } from './qi-seats.js';
import { Cluster, type ClusterTimings } from './cluster/cluster.js';
import type { Messaging } from './cluster/messaging.js';
import { redisMessaging } from './cluster/redis.js';
import { openPostgresStore, redact } from './store/postgres.js';
import { openSqliteStore, type Durability } from './store/sqlite.js';
import type { Store } from './store/store.js';
import { realTime, type TimeSource } from './time.js';

export { ManualTime, realTime, type TimeSource } from './time.js';
export type { Store, StoredRoom } from './store/store.js';
export { openSqliteStore, type Durability } from './store/sqlite.js';
export { openPostgresStore } from './store/postgres.js';
export { memoryMessaging, type Messaging } from './cluster/messaging.js';
export { redisMessaging } from './cluster/redis.js';
export type { ClusterTimings } from './cluster/cluster.js';
export type { QiEngine } from './qi-seats.js';

/** Connection caps (the load test raises them). */
export interface ConnectionCaps {
  maxConnections: number;
  maxConnectionsPerIp: number;
}

/** Options of startServer; everything has a default. */
export interface ServerOptions {
  /** Port (0: a free one; default 4173). */
  port?: number;
  /** Host to listen on (default 127.0.0.1). */
  host?: string;
  /** SQLite database file (default ':memory:' here; the CLI defaults to <repo>/.data/qi.sqlite). */
  db?: string;
  /** Use this store instead of opening `db` (closed with the server). */
  store?: Store;
  /** PostgreSQL instead of SQLite: postgres://user@host:port/database (the store several processes share). */
  databaseUrl?: string;
  /** PostgreSQL connections of this process (default 10). */
  databaseConnections?: number;
  /** Several processes: rooms owned through leases in Redis, actions and events over Redis pub/sub (redis://host:port). */
  redisUrl?: string;
  /** Several hubs in one process (tests): this messaging instead of Redis (not closed with the server). */
  messaging?: Messaging;
  /** Lease, renewal, request timeout and sweep intervals of the cluster (tests use short ones). */
  cluster?: Partial<ClusterTimings>;
  /** SQLite durability: 'normal' (default) or 'full'. */
  durability?: Durability;
  /** The built web app's folder, or null for none. */
  web?: string | null;
  /** Qi's worker threads (default 1). */
  bots?: number;
  /** Replace Qi (tests); null: no Qi at all (Qi seats never move). */
  qi?: QiEngine | null;
  /** How long a dropped player's seat stays `reconnecting` before `gone` (default 60 s). */
  graceMs?: number;
  /** Limits enforced and announced in welcome (merged over DEFAULT_LIMITS; graceMs wins over seatGraceMs). */
  limits?: Partial<Limits>;
  caps?: Partial<RoomCaps & ConnectionCaps>;
  /** How long a room nobody watches stays in memory once over or still waiting (default 60 s; it stays stored). */
  evictAfterMs?: number;
  /** The clock of the rooms (tests: a ManualTime). */
  time?: TimeSource;
  /** Where the server writes what goes wrong (default: stderr). */
  log?: (line: string) => void;
}

/** A running server. */
export interface RunningServer {
  /** http://host:port */
  url: string;
  port: number;
  /** The database path (or ':memory:' / 'custom store'). */
  database: string;
  /** Rooms restored from the store at start. */
  restored: number;
  /** Stops accepting, closes every connection, stops Qi, closes the store. */
  close(): Promise<void>;
}

/** Starts the server; resolves once it listens and has restored the unfinished rooms. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (options.graceMs !== undefined) limits.seatGraceMs = options.graceMs;
  const caps = { maxRooms: 10_000, roomsPerMinute: 20, maxConnections: 5_000, maxConnectionsPerIp: 1_000, ...options.caps };
  const time = options.time ?? realTime;
  const database = options.store ? 'custom store' : options.databaseUrl !== undefined ? redact(options.databaseUrl) : (options.db ?? ':memory:');
  const store =
    options.store ??
    (options.databaseUrl !== undefined
      ? await openPostgresStore({ url: options.databaseUrl, log, ...(options.databaseConnections === undefined ? {} : { maxConnections: options.databaseConnections }) })
      : openSqliteStore({ path: database, durability: options.durability ?? 'normal' }));
  let messaging: Messaging | null = options.messaging ?? null;
  const ownMessaging = messaging === null && options.redisUrl !== undefined;
  if (ownMessaging) {
    try {
      messaging = await redisMessaging({ url: options.redisUrl!, log });
    } catch (e) {
      await store.close();
      throw e;
    }
  }
  const cluster = messaging ? new Cluster({ store, messaging, log, ...(options.cluster === undefined ? {} : { timings: options.cluster }) }) : null;
  const qi = options.qi === undefined ? botPoolEngine(options.bots ?? 1) : options.qi;
  const hub = new Hub({ store, time, limits, caps, qi, log, ...(options.evictAfterMs === undefined ? {} : { evictAfterMs: options.evictAfterMs }), ...(cluster ? { cluster } : {}) });
  let restored: number;
  try {
    await cluster?.start(hub);
    restored = await hub.restore();
  } catch (e) {
    await cluster?.close().catch(() => undefined);
    if (ownMessaging) await messaging?.close();
    await store.close();
    await qi?.close();
    throw e;
  }
  const rooms = cluster ?? hub;

  const connections = new Set<Connection>();
  const perIp = new Map<string, number>();
  const started = Date.now();
  const durability = options.store ? 'custom store' : options.databaseUrl !== undefined ? 'postgresql (commit before ack)' : (options.durability ?? 'normal');
  const http = createServer(
    httpHandler(options.web ?? null, () => ({
      protocol: PROTOCOL_VERSION,
      durability,
      uptimeMs: Date.now() - started,
      connections: connections.size,
      ...hub.stats(),
      ...(store.stats ? { store: store.stats() } : {}),
      ...(cluster ? { cluster: cluster.stats() } : {}),
    })),
  );
  // A frame a little over the limit is answered `too-large`; a giant one is cut off by ws (close 1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes + 4096, perMessageDeflate: false });
  http.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const ip = req.socket.remoteAddress ?? '?';
      if (connections.size >= caps.maxConnections || (perIp.get(ip) ?? 0) >= caps.maxConnectionsPerIp) {
        ws.send(JSON.stringify({ t: 'error', code: 'limit', reason: 'too many connections; try again later' }));
        ws.close(CLOSE.tryLater, 'too many connections');
        return;
      }
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      const c = new Connection(ws, ip, rooms, limits, time, (gone) => {
        connections.delete(gone);
        const n = (perIp.get(gone.ip) ?? 1) - 1;
        if (n <= 0) perIp.delete(gone.ip);
        else perIp.set(gone.ip, n);
      });
      connections.add(c);
    });
  });
  http.on('clientError', (_e, socket) => socket.destroy());

  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 4173, options.host ?? '127.0.0.1', () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    // Nothing listens: undo the rest (an in-process caller may try another port).
    await hub.close();
    await cluster?.close();
    if (ownMessaging) await messaging?.close();
    await qi?.close();
    await store.close();
    throw e;
  }
  const port = (http.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  let closing: Promise<void> | null = null;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    database,
    restored,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        for (const c of [...connections]) c.close(CLOSE.goingAway, 'server shutting down');
        http.closeAllConnections?.();
        await stopped;
        wss.close();
        await hub.close();
        await cluster?.close();
        if (ownMessaging) await messaging?.close();
        await qi?.close();
        await store.close();
      })();
      return closing;
    },
  };
}

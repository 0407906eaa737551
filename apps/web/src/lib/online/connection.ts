import {
  DEFAULT_LIMITS,
  PROTOCOL_VERSION,
  parseServerMessage,
  type ClientMessage,
  type CreateMessage,
  type CreatedMessage,
  type ErrorCode,
  type ErrorMessage,
  type EventMessage,
  type JoinMessage,
  type JoinedMessage,
  type Limits,
  type LobbyStateMessage,
  type RoomAction,
  type ServerMessage,
  type SnapshotMessage,
} from '@qi/protocol';

/**
 * The web app's one WebSocket to the Qi server: hello/welcome, the heartbeat and the dead-connection check, the
 * reconnect with jittered back-off, the server clock offset, requests (create, join) matched by `req`, room actions
 * matched by ack id (resent with the same id while unanswered), and the rooms it watches (re-joined with their
 * token and last version after every reconnect). It knows no game: rooms (room.ts) fold what it hands them.
 */

/** The part of a WebSocket the connection uses (the browser's, or a test's fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Timers and the clock, injectable so tests drive time. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** What a connection is made with. */
export interface ConnectionOptions {
  /** The WebSocket URL (`ws://host/ws`). */
  url: string;
  /** Opens a socket (default: the browser's WebSocket). */
  socket?: (url: string) => SocketLike;
  timers?: Timers;
  /** A random number in [0, 1) for the back-off's jitter and the ack-id prefix. */
  random?: () => number;
  /** How long an action waits for its ack before it is sent again (same ack id). */
  resendMs?: number;
}

/** Where the connection stands. */
export interface ConnectionStatus {
  /** connecting: a socket is opening or waiting for welcome; open: welcomed; waiting: retrying after a delay; stopped. */
  state: 'connecting' | 'open' | 'waiting' | 'stopped';
  /** Whether a welcome was ever received (else a failure means the server is not reachable at all). */
  everOpened: boolean;
  /** Failed attempts since the last welcome. */
  failures: number;
  /** The last error the server sent without a request to answer (rate, too-large…), or why it stopped. */
  error: { code: ErrorCode; reason: string } | null;
}

/** An action's answer: accepted at `version`, refused with the server's reason, or dropped by a reconnect. */
export type ActionResult =
  | { ok: true; version: number }
  | { ok: false; code: ErrorCode | 'dropped' | 'offline'; reason: string };

/** A request (create or join) refused by the server, or lost with the connection. */
export class RequestError extends Error {
  constructor(readonly code: ErrorCode | 'dropped' | 'offline', reason: string) {
    super(reason);
    this.name = 'RequestError';
  }
}

/** A watched room: what it is handed and how it asks to be joined again. */
export interface RoomWatcher {
  /** A snapshot or event of this room. */
  message(m: SnapshotMessage | EventMessage): void;
  /** The join to send (its token and last version) when the connection (re)opens or the room asks a resync. */
  joinFields(): { token?: string; since?: number };
  /** The server's answer to such a join, or its refusal. */
  joined?(m: JoinedMessage): void;
  failed?(e: RequestError): void;
}

/** Round trips kept for the clock offset (the lowest-RTT one of these wins). */
const OFFSET_SAMPLES = 8;
/** Reconnect back-off: first delay, cap, and the messages kept for a room not watched yet. */
const BACKOFF_FIRST_MS = 500;
const BACKOFF_CAP_MS = 8000;
const ORPHANS_PER_ROOM = 64;

/** The delay before reconnect attempt `failures` (0-based): 0.5 s doubling to 8 s, times a jitter in [0.5, 1.5). */
export function backoffMs(failures: number, random: () => number): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures));
  return base * (0.5 + random());
}

/** The server's time minus ours from the sample with the smallest round trip (0 with none). */
export function offsetEstimate(samples: readonly { rtt: number; offset: number }[]): number {
  let best: { rtt: number; offset: number } | null = null;
  for (const s of samples) if (best === null || s.rtt < best.rtt) best = s;
  return best?.offset ?? 0;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

interface PendingAction {
  frame: RoomAction;
  resolve: (r: ActionResult) => void;
  timer: unknown;
}

interface PendingRequest {
  /** The key a watched room's join was sent under (an id or a code). */
  watchKey?: string;
  resolve: (m: CreatedMessage | JoinedMessage) => void;
  reject: (e: RequestError) => void;
}

type Listener = (s: ConnectionStatus) => void;
type Distribute<T> = T extends unknown ? Omit<T, 'ack'> : never;

/** The client side of one server connection (Svelte store contract for its status). */
export class Connection {
  private readonly url: string;
  private readonly open: (url: string) => SocketLike;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly resendMs: number;
  private socket: SocketLike | null = null;
  private welcomed = false;
  private stopped = false;
  private limitsNow: Limits = DEFAULT_LIMITS;
  private deadTimer: unknown = null;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private helloAt = 0;
  private pingId = 0;
  private readonly pings = new Map<number, number>();
  private samples: { rtt: number; offset: number }[] = [];
  private offset = 0;
  private reqId = 0;
  private ackCounter = 0;
  private readonly ackPrefix: string;
  private readonly actions = new Map<string, PendingAction>();
  private readonly requests = new Map<number, PendingRequest>();
  private readonly rooms = new Map<string, RoomWatcher>();
  private readonly orphans = new Map<string, (SnapshotMessage | EventMessage)[]>();
  private lobbyWatchers = 0;
  private readonly lobbyListeners = new Set<(m: LobbyStateMessage) => void>();
  private readonly listeners = new Set<Listener>();
  status: ConnectionStatus = { state: 'connecting', everOpened: false, failures: 0, error: null };

  constructor(options: ConnectionOptions) {
    this.url = options.url;
    this.open = options.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.timers = options.timers ?? browserTimers;
    this.random = options.random ?? Math.random;
    this.resendMs = options.resendMs ?? 1500;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    // A random prefix keeps ack ids unique across page loads resuming the same seat (the server remembers 128).
    this.ackPrefix = Array.from({ length: 8 }, () => alphabet[Math.floor(this.random() * alphabet.length) % alphabet.length]).join('');
  }

  /** Opens the first socket (call once). */
  start(): void {
    this.connect();
  }

  /** Closes for good: no reconnect, every pending answer dropped. */
  stop(): void {
    this.stopped = true;
    this.drop('the connection was closed');
    this.teardown();
    this.timers.clearTimeout(this.retryTimer);
    this.set({ state: 'stopped' });
  }

  /** Svelte store contract: the status now and after every change. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.status);
    return () => this.listeners.delete(fn);
  }

  /** The limits the server sent (the defaults before a welcome). */
  get limits(): Limits {
    return this.limitsNow;
  }

  /** Whether a welcome was received on the current socket. */
  get isOpen(): boolean {
    return this.welcomed;
  }

  /** The server's clock now, from ours and the estimated offset. */
  serverNow(): number {
    return this.timers.now() + this.offset;
  }

  /** The estimated offset (server − client, ms). */
  get clockOffset(): number {
    return this.offset;
  }

  /**
   * Receives the lobby (now and after changes) while anyone watches it: counted, so the lobby screen and a room
   * (which reads its spectator count there) may each watch and stop in any order; re-sent after reconnects.
   */
  watchLobby(on: boolean): void {
    const before = this.lobbyWatchers > 0;
    this.lobbyWatchers = Math.max(0, this.lobbyWatchers + (on ? 1 : -1));
    const after = this.lobbyWatchers > 0;
    if (before !== after && this.welcomed) this.send({ t: 'lobby', watch: after });
  }

  /** Calls `fn` with every lobby message. */
  onLobby(fn: (m: LobbyStateMessage) => void): () => void {
    this.lobbyListeners.add(fn);
    return () => this.lobbyListeners.delete(fn);
  }

  /** Creates a room; resolves with the server's `created` (the creator then watches it: see `watch(…, true)`). */
  create(message: Omit<CreateMessage, 't' | 'req'>): Promise<CreatedMessage> {
    return this.request({ t: 'create', ...message, req: 0 }) as Promise<CreatedMessage>;
  }

  /** A one-off join (taking a seat); watched rooms are joined by `watch` and re-joined by the connection. */
  join(message: Omit<JoinMessage, 't' | 'req'>): Promise<JoinedMessage> {
    return this.request({ t: 'join', ...message, req: 0 }) as Promise<JoinedMessage>;
  }

  /**
   * Watches a room by id (or code): joins it now if open (unless `alreadyJoined`, as after a create) and again after
   * every reconnect with the watcher's token and last version. Returns the unwatch function (sends `leave`).
   */
  watch(room: string, watcher: RoomWatcher, alreadyJoined = false): () => void {
    this.rooms.set(room, watcher);
    const early = this.orphans.get(room);
    this.orphans.delete(room);
    if (early) for (const m of early) watcher.message(m);
    if (this.welcomed && !alreadyJoined) this.rejoin(room);
    return () => {
      const key = [...this.rooms].find(([, w]) => w === watcher)?.[0];
      if (key === undefined) return;
      this.rooms.delete(key);
      if (this.welcomed) this.send({ t: 'leave', room: key });
    };
  }

  /** Joins a watched room again with its token and `since` (a gap in its versions: the server replays or snapshots). */
  rejoin(room: string): void {
    const watcher = this.rooms.get(room);
    if (!watcher || !this.welcomed) return;
    const fields = watcher.joinFields();
    const msg: JoinMessage = { t: 'join', req: 0, room };
    if (fields.token !== undefined) msg.token = fields.token;
    if (fields.since !== undefined) msg.since = fields.since;
    // Answered synchronously (not through a promise), so the seat is known before the frames that follow.
    this.requestWith(msg, {
      watchKey: room,
      resolve: (m) => watcher.joined?.(m as JoinedMessage),
      reject: (e) => watcher.failed?.(e),
    });
  }

  /**
   * Sends a room action with a fresh ack id; resolves with its ack. Unanswered, it is sent again with the same id
   * every `resendMs` while the socket stays open (the server answers a repeated id the same and changes nothing).
   * Made while disconnected, or still unanswered when the connection drops, it resolves `dropped` at the next
   * welcome and is never sent on the new socket: the position may have changed, the player decides again.
   */
  action(message: Distribute<RoomAction>): Promise<ActionResult> {
    const ack = `${this.ackPrefix}-${++this.ackCounter}`;
    const frame = { ...message, ack } as RoomAction;
    return new Promise<ActionResult>((resolve) => {
      const p: PendingAction = { frame, resolve, timer: null };
      this.actions.set(ack, p);
      if (this.welcomed) this.sendAction(p);
    });
  }

  private sendAction(p: PendingAction): void {
    this.send(p.frame);
    this.timers.clearTimeout(p.timer);
    p.timer = this.timers.setTimeout(() => {
      if (this.welcomed && this.actions.get(p.frame.ack) === p) this.sendAction(p);
    }, this.resendMs);
  }

  private request(msg: CreateMessage | JoinMessage): Promise<CreatedMessage | JoinedMessage> {
    if (!this.welcomed) return Promise.reject(new RequestError('offline', 'not connected to the server'));
    return new Promise((resolve, reject) => this.requestWith(msg, { resolve, reject }));
  }

  private requestWith(msg: CreateMessage | JoinMessage, pending: PendingRequest): void {
    if (!this.welcomed) return pending.reject(new RequestError('offline', 'not connected to the server'));
    const req = ++this.reqId;
    this.requests.set(req, pending);
    this.send({ ...msg, req });
  }

  private send(msg: ClientMessage): void {
    const s = this.socket;
    if (!s || s.readyState !== 1) return;
    try {
      s.send(JSON.stringify(msg));
    } catch {
      // a socket closing under us: its close handler reconnects
    }
  }

  private set(patch: Partial<ConnectionStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const fn of this.listeners) fn(this.status);
  }

  private connect(): void {
    if (this.stopped) return;
    this.set({ state: 'connecting' });
    let s: SocketLike;
    try {
      s = this.open(this.url);
    } catch (e) {
      this.set({ error: { code: 'server', reason: e instanceof Error ? e.message : String(e) } });
      this.lost();
      return;
    }
    this.socket = s;
    this.welcomed = false;
    s.onopen = () => {
      if (this.socket !== s) return;
      this.helloAt = this.timers.now();
      this.send({ t: 'hello', protocol: PROTOCOL_VERSION });
    };
    s.onmessage = (event) => {
      if (this.socket === s) this.receive(event.data);
    };
    s.onclose = () => {
      if (this.socket === s) this.lost();
    };
    s.onerror = () => {
      // the close event follows and does the work
    };
    // No welcome within idleMs counts as dead too (a page served without the server, a proxy that hangs).
    this.armDead();
  }

  /** The socket is gone (closed, failed or found dead): forget it and try again after the back-off. */
  private lost(): void {
    const wasOpen = this.welcomed;
    this.teardown();
    if (this.stopped) return;
    // Requests cannot be answered on another socket; actions wait for the next welcome to be dropped.
    for (const [, r] of this.requests) r.reject(new RequestError('dropped', 'the connection was lost'));
    this.requests.clear();
    // 0.5 s after a drop, then 1, 2, 4, 8 s (each ±50 %) while attempts fail.
    const failures = wasOpen ? 0 : this.status.failures + 1;
    this.set({ state: 'waiting', failures });
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => this.connect(), backoffMs(failures, this.random));
  }

  private teardown(): void {
    const s = this.socket;
    this.socket = null;
    this.welcomed = false;
    this.timers.clearTimeout(this.deadTimer);
    this.timers.clearTimeout(this.pingTimer);
    this.pings.clear();
    for (const p of this.actions.values()) this.timers.clearTimeout(p.timer);
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(4000, 'client closed');
      } catch {
        // already closed
      }
    }
  }

  private drop(reason: string): void {
    const pending = [...this.actions.values()];
    this.actions.clear();
    for (const p of pending) {
      this.timers.clearTimeout(p.timer);
      p.resolve({ ok: false, code: 'dropped', reason });
    }
    for (const [, r] of this.requests) r.reject(new RequestError('dropped', reason));
    this.requests.clear();
  }

  private armDead(): void {
    this.timers.clearTimeout(this.deadTimer);
    this.deadTimer = this.timers.setTimeout(() => {
      if (this.socket) this.lost();
    }, this.limitsNow.idleMs);
  }

  private schedulePing(): void {
    this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(() => {
      if (!this.welcomed) return;
      const id = ++this.pingId;
      const at = this.timers.now();
      this.pings.set(id, at);
      // Only the latest few pings can still be answered usefully.
      for (const k of this.pings.keys()) if (k <= id - OFFSET_SAMPLES) this.pings.delete(k);
      this.send({ t: 'ping', id, clientTime: Math.max(0, Math.round(at)) });
      this.schedulePing();
    }, this.limitsNow.pingMs);
  }

  private sample(sentAt: number, serverTime: number): void {
    const now = this.timers.now();
    const rtt = now - sentAt;
    this.samples = [...this.samples, { rtt, offset: serverTime - (sentAt + now) / 2 }].slice(-OFFSET_SAMPLES);
    this.offset = offsetEstimate(this.samples);
  }

  private receive(raw: unknown): void {
    // Any frame proves the connection alive.
    this.armDead();
    const m: ServerMessage | null = parseServerMessage(raw);
    if (!m) return;
    switch (m.t) {
      case 'welcome':
        return this.welcome(m.limits, m.serverTime);
      case 'pong': {
        const sent = this.pings.get(m.id);
        if (sent !== undefined) {
          this.pings.delete(m.id);
          this.sample(sent, m.serverTime);
        }
        return;
      }
      case 'ack': {
        const p = this.actions.get(m.ack);
        if (!p) return;
        this.actions.delete(m.ack);
        this.timers.clearTimeout(p.timer);
        p.resolve(m.ok ? { ok: true, version: m.version } : { ok: false, code: m.code, reason: m.reason });
        return;
      }
      case 'created':
      case 'joined': {
        const r = this.requests.get(m.req);
        if (!r) return;
        this.requests.delete(m.req);
        // A room watched by its code is filed under its id from now on (its snapshot and events name the id).
        if (m.t === 'joined' && r.watchKey !== undefined && r.watchKey !== m.room) {
          const w = this.rooms.get(r.watchKey);
          if (w) {
            this.rooms.delete(r.watchKey);
            this.rooms.set(m.room, w);
          }
        }
        r.resolve(m);
        return;
      }
      case 'error':
        return this.error(m);
      case 'snapshot':
        return this.toRoom(m.snapshot.room, m);
      case 'event':
        return this.toRoom(m.room, m);
      case 'lobby':
        for (const fn of this.lobbyListeners) fn(m);
        return;
    }
  }

  private welcome(limits: Limits, serverTime: number): void {
    if (this.welcomed) return;
    if (limits && typeof limits.pingMs === 'number' && typeof limits.idleMs === 'number') this.limitsNow = { ...DEFAULT_LIMITS, ...limits };
    this.welcomed = true;
    if (Number.isFinite(serverTime)) this.sample(this.helloAt, serverTime);
    // Anything made before this welcome is dropped, never sent here (see `action`).
    this.drop('the connection was lost before the server answered');
    this.set({ state: 'open', everOpened: true, failures: 0, error: null });
    this.armDead();
    this.schedulePing();
    if (this.lobbyWatchers > 0) this.send({ t: 'lobby', watch: true });
    for (const room of [...this.rooms.keys()]) this.rejoin(room);
  }

  private error(m: ErrorMessage): void {
    if (m.req !== undefined) {
      const r = this.requests.get(m.req);
      if (r) {
        this.requests.delete(m.req);
        r.reject(new RequestError(m.code, m.reason));
        return;
      }
    }
    if (m.code === 'protocol') {
      // Another protocol version: reconnecting cannot help.
      this.stopped = true;
      this.teardown();
      this.set({ state: 'stopped', error: { code: m.code, reason: m.reason } });
      return;
    }
    this.set({ error: { code: m.code, reason: m.reason } });
  }

  private toRoom(room: string, m: SnapshotMessage | EventMessage): void {
    const w = this.rooms.get(room);
    if (w) return w.message(m);
    // A room not watched yet (a snapshot racing its create's answer): kept briefly for `watch`.
    const list = this.orphans.get(room) ?? [];
    list.push(m);
    if (list.length > ORPHANS_PER_ROOM) list.shift();
    this.orphans.set(room, list);
    if (this.orphans.size > 16) this.orphans.delete(this.orphans.keys().next().value!);
  }
}

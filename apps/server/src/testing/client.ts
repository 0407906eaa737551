/**
 * A test client that speaks Qi's online protocol over `ws`, the way the web app does, but observable: every frame
 * is kept until a test consumes it, every room it watches is tracked by version (events applied in order, gaps
 * resynced with `join {since}`), and every wait names what it waited for when it times out. With `reconnect` it
 * also reconnects by itself with jittered back-off and rejoins its rooms (seats by token, with `since`), as the
 * spec asks of a client, so restart and network tests can watch it resync.
 */
import WebSocket from 'ws';
import {
  PROTOCOL_VERSION,
  parseServerMessage,
  type AckMessage,
  type ClientMessage,
  type CreateMessage,
  type CreatedMessage,
  type ErrorMessage,
  type EventMessage,
  type JoinedMessage,
  type Limits,
  type RoomEvent,
  type RoomSnapshot,
  type ServerMessage,
  type SnapshotMessage,
  type WelcomeMessage,
} from '@qi/protocol';

/** How a test client connects and behaves. */
export interface ClientOptions {
  /** A name for messages and ack ids (letters, digits, '-', '_'). */
  name?: string;
  /** Send `hello` and wait for `welcome` on connect (default true). */
  hello?: boolean;
  /** Ping every `limits.pingMs` and count silence over `idleMs` as a dead connection (default true). */
  heartbeat?: boolean;
  /** Reconnect by itself after a close it did not ask for, and rejoin its rooms (default false). */
  reconnect?: boolean;
  /** Resync a room on a version gap with `join {since}` (default true). */
  autoResync?: boolean;
  /** Default timeout of a wait, ms (default 10 000: a failure bound, never a speed assertion). */
  timeoutMs?: number;
  /** Unconsumed frames kept for `waitFor` (oldest dropped beyond it; default 5000). */
  inboxLimit?: number;
}

/** One room as this client sees it: its seat, its token, and the state built from the snapshot and events. */
export interface RoomView {
  room: string;
  seat: number | null;
  token: string | null;
  /** The last version applied (-1 before the first snapshot). */
  version: number;
  /** The last snapshot received (the state it started from, before the events applied since). */
  snapshot: RoomSnapshot | null;
  /** The moves as they stand now. */
  moves: string[];
  /** The version of the event that made each move, null for moves known only from a snapshot. */
  moveVersions: (number | null)[];
  /** The version of the last event that changed the position (start, move, takeback, end): a move older is stale. */
  positionVersion: number;
  status: RoomSnapshot['status'];
  /** Every event applied, in version order (across snapshots and reconnects). */
  events: EventMessage[];
  /** Snapshots received for this room (1 after a plain join; more after resyncs the server answered in full). */
  snapshots: number;
  /** Events replayed or received out of order and ignored (version ≤ the one held). */
  ignored: number;
  /** Gaps seen (an event more than one version ahead), each answered with a resync join. */
  gaps: number;
  /** Whether a resync join is outstanding. */
  resyncing: boolean;
}

/** The close of one connection. */
export interface CloseInfo {
  code: number;
  reason: string;
  /** Whether this client asked for it (close/terminate, or its own idle watchdog). */
  byClient: boolean;
}

interface Waiter {
  match: (m: ServerMessage) => boolean;
  resolve: (m: ServerMessage) => void;
  reject: (e: Error) => void;
  what: string;
  acrossReconnects: boolean;
  timer: NodeJS.Timeout;
}

interface StateWaiter {
  check: () => boolean;
  resolve: () => void;
  reject: (e: Error) => void;
  what: string;
  timer: NodeJS.Timeout;
}

/** Heartbeat pings use ids from here up, so their pongs never reach the inbox. */
const HEARTBEAT_IDS = 1_000_000_000_000;
/** Sync barriers (`sync()`) use ids from here up to HEARTBEAT_IDS; a test's own pings may use small ids. */
const SYNC_IDS = 900_000_000_000;

/** The WebSocket address of a server: `http://h:p` → `ws://h:p/ws`; a `ws://` address is kept as given. */
export function wsUrl(url: string): string {
  if (url.startsWith('ws://') || url.startsWith('wss://')) return url;
  const u = new URL(url);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}/ws`;
}

/** A short description of a frame for error messages. */
export function describe(m: ServerMessage | undefined): string {
  if (m === undefined) return 'nothing';
  const s = JSON.stringify(m);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** A Qi protocol client for tests and the load generator. */
export class TestClient {
  /** The name this client goes by in messages and ack ids. */
  readonly name: string;
  /** The WebSocket address it connects to (may be changed with `retarget` before a reconnect). */
  url: string;
  /** The rooms it watches, by room id. */
  readonly rooms = new Map<string, RoomView>();
  /** Frames not yet consumed by a wait. */
  readonly inbox: ServerMessage[] = [];
  /** Every close of a connection, in order. */
  readonly closes: CloseInfo[] = [];
  /** Protocol oddities seen (unreadable frames, a snapshot older than the version held …): tests assert none. */
  readonly anomalies: string[] = [];
  /** The last `welcome`. */
  welcome: WelcomeMessage | null = null;
  /** Connections opened (1 + reconnects). */
  connections = 0;
  /** Frames received in all, and frames dropped from a full inbox. */
  received = 0;
  dropped = 0;
  /** Frames sent in all. */
  sent = 0;
  /** Round trips of the heartbeat pings, ms (the last 16). */
  readonly pingRtts: number[] = [];

  private ws: WebSocket | null = null;
  private readonly options: Required<ClientOptions>;
  private readonly waiters: Waiter[] = [];
  private readonly stateWaiters: StateWaiter[] = [];
  private readonly listeners: ((m: ServerMessage) => void)[] = [];
  private readonly closeListeners: ((c: CloseInfo) => void)[] = [];
  private nextAck = 1;
  private nextReq = 1;
  private nextPing = HEARTBEAT_IDS;
  private nextSync = SYNC_IDS;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastFrameAt = 0;
  private closing = false;
  private retries = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closingByWatchdog = false;
  /** The `since` of this client's own joins, by req, for a room it did not hold yet. */
  private readonly claimedSince = new Map<number, number>();

  private constructor(url: string, options: ClientOptions) {
    this.url = wsUrl(url);
    this.options = {
      name: options.name ?? 'client',
      hello: options.hello ?? true,
      heartbeat: options.heartbeat ?? true,
      reconnect: options.reconnect ?? false,
      autoResync: options.autoResync ?? true,
      timeoutMs: options.timeoutMs ?? 10_000,
      inboxLimit: options.inboxLimit ?? 5000,
    };
    this.name = this.options.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'client';
  }

  /** Connects to a server (`http://…` origin or `ws://…/ws`), says hello unless told not to, and returns the client. */
  static async connect(url: string, options: ClientOptions = {}): Promise<TestClient> {
    const c = new TestClient(url, options);
    await c.open();
    return c;
  }

  /** The limits the server sent (the protocol's defaults until a welcome arrives). */
  get limits(): Limits | null {
    return this.welcome?.limits ?? null;
  }

  /** Whether a connection is open now. */
  get isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Opens one connection (and says hello when configured); rejects naming the address when it cannot. */
  private async open(): Promise<void> {
    // Unconsumed frames of an earlier connection would answer this one's waits (a hello meeting an old error);
    // from here on only the new connection's frames are kept.
    this.inbox.length = 0;
    const ws = new WebSocket(this.url, { perMessageDeflate: false, handshakeTimeout: this.options.timeoutMs });
    this.ws = ws;
    ws.on('message', (data, isBinary) => this.onFrame(ws, data, isBinary));
    await new Promise<void>((resolve, reject) => {
      const fail = (e: Error): void => reject(new Error(`${this.name}: cannot connect to ${this.url}: ${e.message}`));
      ws.once('open', () => {
        ws.off('error', fail);
        resolve();
      });
      ws.once('error', fail);
    });
    ws.on('error', () => {
      /* a close follows; it is what the client reacts to */
    });
    ws.on('close', (code, reason) => this.onClose(ws, code, reason.toString()));
    this.connections++;
    this.lastFrameAt = Date.now();
    if (this.options.hello) {
      const welcome = this.waitFor((m) => m.t === 'welcome' || m.t === 'error', 'welcome after hello');
      this.send({ t: 'hello', protocol: PROTOCOL_VERSION });
      const w = await welcome;
      if (w.t !== 'welcome') throw new Error(`${this.name}: hello refused: ${describe(w)}`);
      this.welcome = w;
    }
    if (this.options.heartbeat) this.startHeartbeat();
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    const pingMs = this.welcome?.limits.pingMs ?? 3000;
    const idleMs = this.welcome?.limits.idleMs ?? 10_000;
    this.heartbeat = setInterval(() => {
      if (!this.isOpen) return;
      if (Date.now() - this.lastFrameAt > idleMs) {
        // The spec's client rule: no frame for idleMs means the connection is dead (a silent network).
        this.closingByWatchdog = true;
        this.ws?.terminate();
        return;
      }
      this.send({ t: 'ping', id: this.nextPing++, clientTime: Date.now() });
    }, pingMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private onFrame(ws: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
    if (ws !== this.ws) return;
    this.lastFrameAt = Date.now();
    this.received++;
    if (isBinary) {
      this.anomalies.push('a binary frame from the server');
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const m = parseServerMessage(text);
    if (m === null) {
      this.anomalies.push(`an unreadable frame from the server: ${text.slice(0, 120)}`);
      return;
    }
    if (m.t === 'pong' && m.id >= HEARTBEAT_IDS) {
      this.pingRtts.push(Date.now() - m.clientTime);
      if (this.pingRtts.length > 16) this.pingRtts.shift();
      return;
    }
    this.track(m);
    for (const l of this.listeners) l(m);
    const i = this.waiters.findIndex((w) => w.match(m));
    if (i >= 0) {
      const [w] = this.waiters.splice(i, 1);
      clearTimeout(w.timer);
      w.resolve(m);
    } else {
      this.inbox.push(m);
      if (this.inbox.length > this.options.inboxLimit) {
        this.inbox.shift();
        this.dropped++;
      }
    }
    this.checkStateWaiters();
  }

  /** Updates the room views from a frame: created/joined register a room, snapshots reset it, events apply in order. */
  private track(m: ServerMessage): void {
    if (m.t === 'created') {
      this.view(m.room).seat = m.seat;
      if (m.token !== null) this.view(m.room).token = m.token;
    } else if (m.t === 'joined') {
      const fresh = !this.rooms.has(m.room);
      const v = this.view(m.room);
      // A first join with `since` claims that version (since 0: the empty room): the replay continues from it.
      const since = this.claimedSince.get(m.req);
      this.claimedSince.delete(m.req);
      if (fresh && since !== undefined) v.version = since;
      v.seat = m.seat;
      if (m.token !== null) v.token = m.token;
      v.resyncing = false;
    } else if (m.t === 'snapshot') {
      const s = m.snapshot;
      const v = this.view(s.room);
      if (s.version < v.version) this.anomalies.push(`room ${s.room}: a snapshot at version ${s.version} after version ${v.version}`);
      v.snapshot = s;
      v.snapshots++;
      v.version = s.version;
      v.moves = [...s.moves];
      v.moveVersions = s.moves.map(() => null);
      v.status = s.status;
      v.resyncing = false;
      // A snapshot does not say which event last changed the position: assume its version (never too low).
      v.positionVersion = s.version;
    } else if (m.t === 'event') {
      const v = this.rooms.get(m.room);
      if (v === undefined) {
        this.anomalies.push(`an event of room ${m.room}, which this client never joined`);
        return;
      }
      if (m.version <= v.version) {
        v.ignored++;
        const had = v.events.find((e) => e.version === m.version);
        if (had !== undefined && JSON.stringify(had.event) !== JSON.stringify(m.event)) {
          this.anomalies.push(`room ${m.room}: version ${m.version} came twice with different events: ${JSON.stringify(had.event)} / ${JSON.stringify(m.event)}`);
        }
        return;
      }
      if (m.version > v.version + 1) {
        v.gaps++;
        if (this.options.autoResync && !v.resyncing && this.isOpen) this.resync(v);
        return;
      }
      this.apply(v, m);
    }
  }

  private apply(v: RoomView, m: EventMessage): void {
    v.version = m.version;
    v.events.push(m);
    const e: RoomEvent = m.event;
    switch (e.kind) {
      case 'move':
        v.moves.push(e.move);
        v.moveVersions.push(m.version);
        v.positionVersion = m.version;
        break;
      case 'takeback':
        v.moves.splice(v.moves.length - e.count, e.count);
        v.moveVersions.splice(v.moveVersions.length - e.count, e.count);
        v.positionVersion = m.version;
        break;
      case 'start':
        v.status = 'playing';
        v.positionVersion = m.version;
        break;
      case 'end':
        v.status = 'over';
        v.positionVersion = m.version;
        break;
      default:
        break;
    }
  }

  private view(room: string): RoomView {
    let v = this.rooms.get(room);
    if (v === undefined) {
      v = {
        room,
        seat: null,
        token: null,
        version: -1,
        snapshot: null,
        moves: [],
        moveVersions: [],
        positionVersion: 0,
        status: 'waiting',
        events: [],
        snapshots: 0,
        ignored: 0,
        gaps: 0,
        resyncing: false,
      };
      this.rooms.set(room, v);
    }
    return v;
  }

  /** Asks for the events after the version held (the server answers `joined`, then the events or a snapshot). */
  private resync(v: RoomView): void {
    v.resyncing = true;
    this.send({
      t: 'join',
      req: this.nextReq++,
      room: v.room,
      ...(v.token !== null ? { token: v.token } : {}),
      ...(v.version >= 0 ? { since: v.version } : {}),
    });
  }

  private onClose(ws: WebSocket, code: number, reason: string): void {
    if (ws !== this.ws) return;
    this.stopHeartbeat();
    const info: CloseInfo = { code, reason, byClient: this.closing || this.closingByWatchdog };
    this.closingByWatchdog = false;
    this.closes.push(info);
    for (const l of this.closeListeners) l(info);
    for (const w of [...this.waiters]) {
      if (w.acrossReconnects && this.options.reconnect && !this.closing) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      clearTimeout(w.timer);
      w.reject(new Error(`${this.name}: the connection closed (code ${code}${reason ? `, ${reason}` : ''}) while waiting for ${w.what}`));
    }
    // A client that will reconnect holds its rooms out of sync until the rejoin's answer (so no wait passes early).
    const awaiting = this.options.reconnect && !this.closing;
    for (const v of this.rooms.values()) v.resyncing = awaiting;
    this.checkStateWaiters();
    if (this.options.reconnect && !this.closing) this.scheduleReconnect();
  }

  /** Jittered exponential back-off, ≈0.5 s doubling to an 8 s cap, ±50 %, as the spec's client does. */
  private scheduleReconnect(): void {
    const base = Math.min(8000, 500 * 2 ** this.retries);
    const delay = base * (0.5 + Math.random());
    this.retries++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closing) return;
      this.open().then(
        () => {
          this.retries = 0;
          for (const v of this.rooms.values()) this.rejoin(v);
        },
        () => {
          if (!this.closing) this.scheduleReconnect();
        },
      );
    }, delay);
  }

  private rejoin(v: RoomView): void {
    v.resyncing = true;
    this.send({
      t: 'join',
      req: this.nextReq++,
      room: v.room,
      ...(v.token !== null ? { token: v.token } : {}),
      ...(v.version >= 0 ? { since: v.version } : {}),
    });
  }

  /** Whether a connection is open and `room` is in sync on it (joined, no resync outstanding). */
  inSync(room: string): boolean {
    const v = this.rooms.get(room);
    return this.isOpen && v !== undefined && !v.resyncing && v.version >= 0;
  }

  /** Points the next reconnect at another server address (a restarted server on another port). */
  retarget(url: string): void {
    this.url = wsUrl(url);
  }

  /** Calls `listener` with every frame received (after the room views are updated). */
  onMessage(listener: (m: ServerMessage) => void): void {
    this.listeners.push(listener);
  }

  /** Calls `listener` on every close of a connection. */
  onClosed(listener: (c: CloseInfo) => void): void {
    this.closeListeners.push(listener);
  }

  /** Sends one message as JSON (any object: tests send wrong ones too). Throws when no connection is open. */
  send(message: ClientMessage | Record<string, unknown>): void {
    this.sendRaw(JSON.stringify(message));
  }

  /** Sends one frame as it is: text, or binary when `binary` (or given bytes). Throws when no connection is open. */
  sendRaw(data: string | Uint8Array, binary = typeof data !== 'string'): void {
    if (this.ws === null || this.ws.readyState !== WebSocket.OPEN) throw new Error(`${this.name}: no open connection to send on`);
    this.sent++;
    this.ws.send(data, { binary });
  }

  /**
   * The first frame matching `match`, consumed: one already in the inbox, else the next to arrive. Rejects after
   * `timeoutMs` naming `what` and the last frames seen, or when the connection closes (unless `acrossReconnects` and
   * the client reconnects).
   */
  waitFor<T extends ServerMessage = ServerMessage>(
    match: (m: ServerMessage) => boolean,
    what: string,
    options: { timeoutMs?: number; acrossReconnects?: boolean } = {},
  ): Promise<T> {
    const i = this.inbox.findIndex(match);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as T);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    return new Promise<T>((resolve, reject) => {
      const w: Waiter = {
        match,
        resolve: resolve as (m: ServerMessage) => void,
        reject,
        what,
        acrossReconnects: options.acrossReconnects ?? false,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          const last = this.inbox.slice(-3).map(describe).join('; ');
          reject(new Error(`${this.name}: timed out after ${timeoutMs} ms waiting for ${what} (last frames: ${last || 'none'})`));
        }, timeoutMs),
      };
      this.waiters.push(w);
    });
  }

  /** Resolves once `check()` holds (checked now and after every frame); rejects after the timeout naming `what`. */
  waitUntil(check: () => boolean, what: string, timeoutMs = this.options.timeoutMs): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const w: StateWaiter = {
        check,
        resolve,
        reject,
        what,
        timer: setTimeout(() => {
          this.stateWaiters.splice(this.stateWaiters.indexOf(w), 1);
          reject(new Error(`${this.name}: timed out after ${timeoutMs} ms waiting until ${what}`));
        }, timeoutMs),
      };
      this.stateWaiters.push(w);
    });
  }

  private checkStateWaiters(): void {
    for (const w of [...this.stateWaiters]) {
      if (!w.check()) continue;
      this.stateWaiters.splice(this.stateWaiters.indexOf(w), 1);
      clearTimeout(w.timer);
      w.resolve();
    }
  }

  /** Waits until room `room` is at version `version` or later (across reconnects: the resync brings it there). */
  waitVersion(room: string, version: number, timeoutMs = this.options.timeoutMs): Promise<void> {
    return this.waitUntil(() => (this.rooms.get(room)?.version ?? -1) >= version, `room ${room} reaches version ${version} (has ${this.rooms.get(room)?.version ?? 'nothing'})`, timeoutMs);
  }

  /** A barrier: a ping and its pong, so every frame the server sent before reading the ping has arrived. */
  async sync(timeoutMs = this.options.timeoutMs): Promise<void> {
    const id = this.nextSync++;
    const pong = this.waitFor((m) => m.t === 'pong' && m.id === id, `pong ${id} (a sync barrier)`, { timeoutMs });
    this.send({ t: 'ping', id, clientTime: Date.now() });
    await pong;
  }

  /** A fresh ack id (unique per client). */
  ackId(): string {
    return `${this.name}-${this.nextAck++}`;
  }

  /** A fresh request number. */
  reqId(): number {
    return this.nextReq++;
  }

  /** Creates a room; resolves with `created` and the snapshot the creator receives, or rejects with the error. */
  async create(spec: Omit<CreateMessage, 't' | 'req'>): Promise<{ created: CreatedMessage; snapshot: RoomSnapshot }> {
    const req = this.nextReq++;
    const answer = this.waitFor((m) => (m.t === 'created' || m.t === 'error') && m.req === req, `created for create req ${req}`);
    this.send({ t: 'create', req, ...spec });
    const a = await answer;
    if (a.t !== 'created') throw new Error(`${this.name}: create refused: ${describe(a)}`);
    const created = a as CreatedMessage;
    const snap = await this.waitFor<SnapshotMessage>((m) => m.t === 'snapshot' && m.snapshot.room === created.room, `the snapshot of new room ${created.room}`);
    return { created, snapshot: snap.snapshot };
  }

  /**
   * Joins a room (by id or code; with a token to resume a seat, a seat and name to take one, neither to watch);
   * resolves with `joined` once the replay (events or snapshot) that follows has arrived, or rejects with the error.
   */
  async join(room: string, options: { token?: string; seat?: number; name?: string; since?: number } = {}): Promise<JoinedMessage> {
    const req = this.nextReq++;
    const answer = this.waitFor((m) => (m.t === 'joined' || m.t === 'error') && m.req === req, `joined for join req ${req} (room ${room})`);
    if (options.since !== undefined) this.claimedSince.set(req, options.since);
    this.send({ t: 'join', req, room, ...options });
    const a = await answer;
    if (a.t !== 'joined') throw new Error(`${this.name}: join of ${room} refused: ${describe(a)}`);
    await this.sync();
    return a as JoinedMessage;
  }

  /** Sends a room action with a fresh ack id (unless given) and resolves with its ack, ok or not. */
  async act(action: Record<string, unknown> & { t: 'move' | 'resign' | 'takeback' | 'chat'; room: string }, timeoutMs = this.options.timeoutMs): Promise<AckMessage> {
    const ack = typeof action.ack === 'string' ? action.ack : this.ackId();
    const answer = this.waitFor<AckMessage>((m) => m.t === 'ack' && m.ack === ack, `the ack of ${action.t} ${ack}`, { timeoutMs });
    this.send({ ...action, ack });
    return answer;
  }

  /** Plays `move` in `room` against the version held (or `version`); resolves with the ack. */
  move(room: string, move: string, version?: number, ack?: string): Promise<AckMessage> {
    const v = this.rooms.get(room);
    return this.act({ t: 'move', room, move, version: version ?? v?.version ?? 0, ...(ack === undefined ? {} : { ack }) });
  }

  /** Plays `move` and throws unless it is accepted; resolves with the version of its event. */
  async play(room: string, move: string): Promise<number> {
    const a = await this.move(room, move);
    if (!a.ok) throw new Error(`${this.name}: move ${move} in ${room} refused: ${a.code} (${a.reason})`);
    await this.waitVersion(room, a.version);
    return a.version;
  }

  /** The error frames and refusing acks in the inbox, removed from it. */
  takeErrors(): (ErrorMessage | AckMessage)[] {
    const out: (ErrorMessage | AckMessage)[] = [];
    for (let i = this.inbox.length - 1; i >= 0; i--) {
      const m = this.inbox[i];
      if (m.t === 'error' || (m.t === 'ack' && !m.ok)) out.unshift(this.inbox.splice(i, 1)[0] as ErrorMessage | AckMessage);
    }
    return out;
  }

  /** Closes the connection (no reconnect follows); resolves once it is closed. */
  async close(): Promise<void> {
    this.closing = true;
    this.stopHeartbeat();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    const ws = this.ws;
    if (ws === null || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close(1000);
      setTimeout(() => {
        ws.terminate();
        resolve();
      }, 2000).unref();
    });
  }

  /** Drops the connection without a closing handshake (as a crashed tab would); reconnects when configured. */
  terminate(): void {
    this.ws?.terminate();
  }

  /** Waits for the current connection to close (the server closing it); resolves with the close. */
  waitClosed(what: string, timeoutMs = this.options.timeoutMs): Promise<CloseInfo> {
    const before = this.closes.length;
    if (this.ws === null || this.ws.readyState === WebSocket.CLOSED) return Promise.resolve(this.closes[this.closes.length - 1]);
    return new Promise<CloseInfo>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: timed out after ${timeoutMs} ms waiting for the server to close the connection (${what})`)), timeoutMs);
      this.onClosed((c) => {
        if (this.closes.length > before) {
          clearTimeout(timer);
          resolve(c);
        }
      });
    });
  }

  /** Opens a new connection after the server closed the last one (hello again); rooms are not rejoined. */
  async reopen(): Promise<void> {
    if (this.isOpen) return;
    this.closing = false;
    await this.open();
  }
}

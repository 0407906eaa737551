/**
 * The hub: every live room with its watchers, and what happens around the pure Room — actions queued one at a
 * time per room, events stored before anyone hears of them, broadcast to the watchers, a bounded history for
 * resyncs, the ack answers per seat, presence and flag timers, Qi's turns, the lobby, and the restore of
 * unfinished rooms at start.
 */
import {
  DEFAULT_LIMITS,
  type AckMessage,
  type ChatMessage,
  type CreateMessage,
  type ErrorCode,
  type EventMessage,
  type JoinMessage,
  type Limits,
  type LobbyRoom,
  type MoveMessage,
  type Presence,
  type ResignMessage,
  type ServerMessage,
  type TakebackMessage,
} from '@qi/protocol';
import { FINISHED_LISTED, Lobby, ROOMS_LISTED } from './lobby.js';
import { AckCache } from './room/acks.js';
import { roomConfig } from './room/config.js';
import { hashToken, looksLikeCode, newRoomCode, newRoomId, newToken } from './room/ids.js';
import { Room, type Draft, type Proposal, type StoredEvent } from './room/room.js';
import type { QiEngine } from './qi-seats.js';
import { qiThinkMs } from './qi-seats.js';
import { isStaleOwner, type Store, type StoredRoom } from './store/store.js';
import { realTime, type TimeSource, type TimerHandle } from './time.js';

/** A connection as the hub sees it: it can be sent messages and knows its own lag. */
export interface Peer {
  readonly id: number;
  send(message: ServerMessage): void;
  /** Half the connection's recent median round trip (0 when unknown): the lag compensation it may get. */
  lagMs(): number;
}

/** What a connection asks of the server's rooms: the hub itself, or the cluster in front of it (several processes). */
export type RoomService = Pick<Hub, 'connect' | 'disconnect' | 'lobby' | 'create' | 'join' | 'leave' | 'action'>;

/** Caps the hub enforces (the load test raises them). */
export interface RoomCaps {
  /** Rooms not over, in all. */
  maxRooms: number;
  /** Rooms one connection may create per minute. */
  roomsPerMinute: number;
}

/** Events a room keeps for resyncs by `since`. */
export const HISTORY = 256;
/** A room over or waiting that nobody watches leaves memory after this long (it stays in the store, and a join loads it again). */
const EVICT_AFTER_MS = 60_000;

/** The hub's options. */
export interface HubOptions {
  store: Store;
  time?: TimeSource;
  limits?: Limits;
  caps?: RoomCaps;
  qi?: QiEngine | null;
  log?: (line: string) => void;
  /** How long a room nobody watches stays in memory once it is over or still waiting (default 60 s). */
  evictAfterMs?: number;
  /**
   * Several processes (cluster.ts): rooms are never loaded from the store by the hub itself (the cluster loads the
   * rooms it owns with `take`), and a join or action for a room not in memory goes back to the cluster.
   */
  cluster?: HubCluster;
}

/** What a hub in a cluster asks of it. */
export interface HubCluster {
  /** The owner epoch to write a room with (null: this process does not own it: the write is refused). */
  fence(room: string): number | null;
  /** A room was just created here (its owner epoch is 1): resolves once this process holds its lease. */
  created(room: string): Promise<void>;
  /** A room left memory (evicted): its lease may go. */
  evicted(room: string): void;
  /** A write was refused because another process took the room over. */
  lost(room: string): void;
  /** The listed rooms other processes own, as their lobbies last said (merged into this process's lobby). */
  listedElsewhere(): LobbyRoom[];
  /** A join or action for a room not (or no longer) in memory here: routed again by the cluster. */
  reroute(peer: Peer, m: JoinMessage | MoveMessage | ResignMessage | TakebackMessage | ChatMessage): Promise<void>;
}

interface LiveRoom {
  room: Room;
  watchers: Map<Peer, number | null>;
  history: EventMessage[];
  acks: AckCache;
  queue: Promise<void>;
  flagTimer: TimerHandle | null;
  grace: Map<number, TimerHandle>;
  qiJob: number | null;
  evictTimer: ReturnType<typeof setTimeout> | null;
}

/** The rooms of a server and everything around them. */
export class Hub {
  private readonly store: Store;
  private readonly time: TimeSource;
  private readonly limits: Limits;
  private readonly caps: RoomCaps;
  private readonly qi: QiEngine | null;
  private readonly log: (line: string) => void;
  private readonly evictAfterMs: number;
  private readonly cluster: HubCluster | null;
  private readonly rooms = new Map<string, LiveRoom>();
  private readonly byCode = new Map<string, string>();
  private readonly peers = new Map<Peer, Set<LiveRoom>>();
  private readonly created = new Map<Peer, number[]>();
  private readonly lobbyView = new Lobby(() => this.listedRooms());
  private closed = false;
  private finishedJson = '';
  /** Loads of rooms from the store in progress, so two joins load a room once. */
  private readonly loading = new Map<string, Promise<LiveRoom | null>>();

  /** A hub over `options.store`. */
  constructor(options: HubOptions) {
    this.store = options.store;
    this.time = options.time ?? realTime;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.caps = options.caps ?? { maxRooms: 10_000, roomsPerMinute: 20 };
    this.qi = options.qi ?? null;
    this.log = options.log ?? (() => {});
    this.evictAfterMs = options.evictAfterMs ?? EVICT_AFTER_MS;
    this.cluster = options.cluster ?? null;
  }

  /** Loads every unfinished room from the store: clocks resume, dropped players reconnect, Qi thinks again. */
  async restore(): Promise<number> {
    this.lobbyView.setFinished(await this.store.finished(FINISHED_LISTED));
    if (this.cluster) return 0; // the cluster takes the rooms it comes to own, one by one
    const stored = await this.store.loadUnfinished();
    for (const s of stored) {
      try {
        await this.take(s);
      } catch (e) {
        this.log(`room ${s.config.id} could not be restored: ${(e as Error).message}`);
      }
    }
    return stored.length;
  }

  /**
   * Takes a stored room into memory (a restart, or a room this process has come to own): replayed, its clocks
   * resumed as stored; nobody watches it yet, so every person seated is reconnecting until they come back.
   */
  async take(s: StoredRoom): Promise<void> {
    if (this.rooms.has(s.config.id)) return;
    const live = this.adopt(s);
    await this.serial(live, async () => {
      const drafts: Draft[] = [];
      for (let i = 0; i < live.room.seatCount; i++) drafts.push(...live.room.presence(i, 'reconnecting'));
      if (drafts.length > 0) await this.commit(live, drafts, null);
      for (let i = 0; i < live.room.seatCount; i++) if (live.room.seat(i).presence === 'reconnecting') this.startGrace(live, i);
      this.after(live);
      this.scheduleEvict(live);
    });
  }

  /** Whether the room is in memory here. */
  has(room: string): boolean {
    return this.rooms.has(room);
  }

  /**
   * Drops a room from memory at once (this process lost it): its timers stop, Qi's answer will be ignored, and
   * its watchers are returned (they watch it elsewhere from now on). Nothing is written.
   */
  drop(roomId: string): Peer[] {
    const live = this.rooms.get(roomId);
    if (!live) return [];
    this.rooms.delete(roomId);
    this.byCode.delete(live.room.config.code);
    live.flagTimer?.cancel();
    live.flagTimer = null;
    for (const t of live.grace.values()) t.cancel();
    live.grace.clear();
    if (live.evictTimer) clearTimeout(live.evictTimer), (live.evictTimer = null);
    const peers = [...live.watchers.keys()];
    for (const p of peers) this.peers.get(p)?.delete(live);
    live.watchers.clear();
    this.lobbyChanged();
    return peers;
  }

  /** Number of rooms in memory and of connections known. */
  stats(): { rooms: number; open: number; peers: number } {
    let open = 0;
    for (const l of this.rooms.values()) if (l.room.status !== 'over') open++;
    return { rooms: this.rooms.size, open, peers: this.peers.size };
  }

  /** A new connection (after its hello). */
  connect(peer: Peer): void {
    this.peers.set(peer, new Set());
  }

  /** A connection gone: its seats go to reconnecting, its lobby subscription ends. */
  disconnect(peer: Peer): void {
    const rooms = this.peers.get(peer);
    this.peers.delete(peer);
    this.created.delete(peer);
    this.lobbyView.watch(peer, false);
    for (const live of rooms ?? []) this.unwatch(live, peer);
  }

  /** Starts or stops sending `peer` the lobby. */
  lobby(peer: Peer, watch: boolean): void {
    this.lobbyView.watch(peer, watch);
  }

  // ---- create, join, leave -----------------------------------------------------------------------------------

  /** Creates a room; the creator watches it (and holds its seat, if it took one). */
  async create(peer: Peer, m: CreateMessage): Promise<void> {
    const fail = (code: ErrorCode, reason: string): void => peer.send({ t: 'error', code, reason, req: m.req });
    const now = this.time.now();
    if (this.stats().open >= this.caps.maxRooms) return fail('limit', `the server holds its limit of ${this.caps.maxRooms} open rooms; try again later`);
    const recent = (this.created.get(peer) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= this.caps.roomsPerMinute) return fail('limit', `at most ${this.caps.roomsPerMinute} rooms a minute from one connection`);
    let id = newRoomId();
    let code = newRoomCode();
    for (let tries = 0; this.rooms.has(id) || this.byCode.has(code) || (await this.store.codeTaken(code)); tries++) {
      if (tries > 20) return fail('server', 'no free room code was found');
      id = newRoomId();
      code = newRoomCode();
    }
    const config = roomConfig(m, id, code, now);
    if (typeof config === 'string') return fail('bad-rules', config);
    const room = new Room(config);
    let token: string | null = null;
    let drafts: Draft[];
    if (m.seat !== null) {
      token = newToken();
      const p = room.takeSeat(m.seat, m.name, hashToken(token), now, this.limits.maxNameLength);
      if (!p.ok) return fail(p.code, p.reason);
      drafts = p.drafts;
    } else drafts = room.startIfReady(now);
    const events = this.number(room, drafts, null, -1);
    for (const e of events) room.apply(e);
    try {
      await this.store.createRoom(config, events, room.rowState(now));
    } catch (e) {
      this.log(`room ${id} could not be stored: ${(e as Error).message}`);
      return fail('server', 'the room could not be stored');
    }
    if (this.cluster) {
      try {
        await this.cluster.created(id);
      } catch (e) {
        this.log(`room ${id} was stored but could not be registered with the cluster: ${(e as Error).message}`);
        return fail('server', 'the room could not be registered (the cluster’s messaging failed); try again');
      }
    }
    recent.push(now);
    this.created.set(peer, recent);
    const live = this.register(room);
    for (const e of events) this.remember(live, e);
    live.watchers.set(peer, m.seat);
    this.peers.get(peer)?.add(live);
    // The creator may have gone while the room was stored: its seat is then reconnecting at once.
    if (!this.peers.has(peer)) this.unwatch(live, peer);
    peer.send({ t: 'created', req: m.req, room: id, code, seat: m.seat, token });
    peer.send({ t: 'snapshot', snapshot: room.snapshot(now, this.spectators(live)) });
    this.after(live);
    this.lobbyChanged();
  }

  /** Watches a room: resumes a seat by token, takes an open seat, or watches as a spectator; then events or a snapshot. */
  async join(peer: Peer, m: JoinMessage): Promise<void> {
    const live = this.cluster ? (this.rooms.get(m.room) ?? null) : await this.find(m.room);
    if (!live && this.cluster) return this.cluster.reroute(peer, m);
    if (!live) return peer.send({ t: 'error', code: 'no-room', reason: `there is no room "${m.room}"`, req: m.req });
    let evicted = false;
    await this.serial(live, async () => {
      if (!this.peers.has(peer)) return; // gone while waiting
      if (this.rooms.get(live.room.id) !== live) return void (evicted = true);
      const room = live.room;
      const now = this.time.now();
      let seat: number | null = null;
      let token: string | null = null;
      if (m.token !== undefined) {
        seat = room.seatOfToken(hashToken(m.token));
        if (seat < 0) return peer.send({ t: 'error', code: 'bad-token', reason: 'that token is not one of this room’s seats', req: m.req });
      } else if (m.seat !== undefined) {
        token = newToken();
        const p = room.takeSeat(m.seat, m.name ?? '', hashToken(token), now, this.limits.maxNameLength);
        if (!p.ok) return peer.send({ t: 'error', code: p.code, reason: p.reason, req: m.req });
        if (!(await this.commit(live, p.drafts, null))) return peer.send({ t: 'error', code: 'server', reason: 'the seat could not be stored', req: m.req });
        seat = m.seat;
      } else {
        // Watching again without a token (a resync): a connection keeps the seat it holds.
        seat = live.watchers.get(peer) ?? null;
      }
      if (seat !== null) {
        // Back online before the joiner is registered: it learns of it from its snapshot or events, after `joined`.
        live.grace.get(seat)?.cancel();
        live.grace.delete(seat);
        await this.commit(live, room.presence(seat, 'online'), null);
      }
      const before = live.watchers.get(peer);
      live.watchers.set(peer, seat);
      this.peers.get(peer)?.add(live);
      if (live.evictTimer) clearTimeout(live.evictTimer), (live.evictTimer = null);
      if (before !== undefined && before !== null && before !== seat) await this.presenceOf(live, before);
      peer.send({ t: 'joined', req: m.req, room: room.id, seat, token });
      const since = m.since;
      const first = live.history[0]?.version ?? room.version + 1;
      if (since !== undefined && since <= room.version && since >= first - 1) {
        for (const e of live.history) if (e.version > since) peer.send(e);
      } else peer.send({ t: 'snapshot', snapshot: room.snapshot(this.time.now(), this.spectators(live)) });
      this.after(live);
      this.lobbyChanged();
    });
    // The room left memory while this join waited: it is loaded again from the store.
    if (evicted) return this.cluster ? this.cluster.reroute(peer, m) : this.join(peer, m);
  }

  /** Stops `peer` watching a room (its seat, if any, is kept: presence goes to reconnecting). */
  leave(peer: Peer, roomId: string): void {
    const live = this.rooms.get(roomId) ?? (looksLikeCode(roomId) ? this.rooms.get(this.byCode.get(roomId.toUpperCase()) ?? '') : undefined);
    if (live && live.watchers.has(peer)) {
      this.peers.get(peer)?.delete(live);
      this.unwatch(live, peer);
    }
  }

  // ---- room actions ------------------------------------------------------------------------------------------

  /** A move, resignation, takeback or chat: answered by one ack, its events stored then broadcast. */
  async action(peer: Peer, m: MoveMessage | ResignMessage | TakebackMessage | ChatMessage): Promise<void> {
    const refuse = (code: ErrorCode, reason: string): AckMessage => ({ t: 'ack', ack: m.ack, ok: false, code, reason });
    const live = this.rooms.get(m.room) ?? (this.cluster ? null : await this.find(m.room));
    if (!live && this.cluster) return this.cluster.reroute(peer, m);
    if (!live) return peer.send(refuse('no-room', `there is no room "${m.room}"`));
    let evicted = false;
    await this.serial(live, async () => {
      if (this.rooms.get(live.room.id) !== live) return void (evicted = true);
      const seat = live.watchers.get(peer);
      if (seat === undefined || seat === null) {
        return peer.send(refuse('not-seated', seat === null ? 'spectators cannot play or chat' : 'join the room with your seat first'));
      }
      const cached = live.acks.get(seat, m.ack);
      if (cached) return peer.send(cached);
      await this.flagFall(live);
      const now = this.time.now();
      const room = live.room;
      let p: Proposal;
      try {
        p = this.propose(room, seat, m, now, peer.lagMs());
      } catch (e) {
        // A proposal changes nothing, so a failure in it (a bug, never a client's input) leaves the room intact.
        this.log(`room ${room.id}: ${m.t} from seat ${seat} failed: ${(e as Error).stack ?? String(e)}`);
        return peer.send(refuse('server', 'the server failed on this action; nothing changed'));
      }
      let answer: AckMessage;
      if (!p.ok) answer = refuse(p.code, p.reason);
      else {
        const events = await this.commit(live, p.drafts, { seat, ack: m.ack, index: p.answer });
        if (!events) return peer.send(refuse('server', 'the server could not store this; try again'));
        answer = { t: 'ack', ack: m.ack, ok: true, version: p.answer >= 0 ? events[p.answer].version : room.version };
      }
      live.acks.set(seat, m.ack, answer);
      peer.send(answer);
      if (p.ok) this.after(live);
    });
    if (evicted) return this.cluster ? this.cluster.reroute(peer, m) : this.action(peer, m);
  }

  private propose(room: Room, seat: number, m: MoveMessage | ResignMessage | TakebackMessage | ChatMessage, now: number, lagMs: number): Proposal {
    switch (m.t) {
      case 'move':
        return room.move(seat, m.version, m.move, now, lagMs);
      case 'resign':
        return room.resign(seat, now);
      case 'takeback':
        return room.takeback(seat, m.op, m.version, now);
      case 'chat':
        return room.say(seat, m.text, now, this.limits.maxChatLength);
    }
  }

  /** Stops every timer and waits for the rooms' queued work (the store is closed by its owner). */
  async close(): Promise<void> {
    this.closed = true;
    this.lobbyView.close();
    for (const live of this.rooms.values()) {
      live.flagTimer?.cancel();
      for (const t of live.grace.values()) t.cancel();
      if (live.evictTimer) clearTimeout(live.evictTimer);
    }
    await Promise.all([...this.rooms.values()].map((l) => l.queue));
  }

  // ---- internals ---------------------------------------------------------------------------------------------

  /** Runs `task` after every earlier task of the room (a room changes one action at a time). */
  private serial(live: LiveRoom, task: () => Promise<void>): Promise<void> {
    const run = live.queue.then(task).catch((e: unknown) => this.log(`room ${live.room.id}: ${(e as Error).stack ?? String(e)}`));
    live.queue = run;
    return run;
  }

  private register(room: Room): LiveRoom {
    const live: LiveRoom = { room, watchers: new Map(), history: [], acks: new AckCache(), queue: Promise.resolve(), flagTimer: null, grace: new Map(), qiJob: null, evictTimer: null };
    this.rooms.set(room.id, live);
    this.byCode.set(room.config.code, room.id);
    return live;
  }

  /** A stored room taken into memory: replayed, its history and ack answers rebuilt. */
  private adopt(s: StoredRoom): LiveRoom {
    const room = Room.restore(s.config, s.events, s.row, this.time.now());
    const live = this.register(room);
    for (const e of s.events.slice(-HISTORY)) this.remember(live, e);
    for (const e of s.events) if (e.ack !== null && e.seat !== null) live.acks.set(e.seat, e.ack, { t: 'ack', ack: e.ack, ok: true, version: e.version });
    return live;
  }

  /** The live room with this id or code, loading it from the store when it is not in memory (a finished game). */
  private async find(idOrCode: string): Promise<LiveRoom | null> {
    const id = this.rooms.has(idOrCode) ? idOrCode : looksLikeCode(idOrCode) ? this.byCode.get(idOrCode.toUpperCase()) : undefined;
    if (id !== undefined) return this.rooms.get(id) ?? null;
    if (this.closed) return null;
    let p = this.loading.get(idOrCode);
    if (!p) {
      p = (async () => {
        const s = await this.store.loadRoom(idOrCode);
        if (!s) return null;
        const existing = this.rooms.get(s.config.id);
        if (existing) return existing;
        const live = this.adopt(s);
        this.scheduleEvict(live);
        return live;
      })().finally(() => this.loading.delete(idOrCode));
      this.loading.set(idOrCode, p);
    }
    try {
      return await p;
    } catch (e) {
      this.log(`room ${idOrCode} could not be loaded: ${(e as Error).message}`);
      return null;
    }
  }

  /** Versions, times and the ack id (on the answering event) for a room's drafts. */
  private number(room: Room, drafts: readonly Draft[], ack: string | null, index: number): StoredEvent[] {
    const at = this.time.now();
    return drafts.map((d, i) => ({ ...d, version: room.version + 1 + i, at, ack: i === index ? ack : null }));
  }

  /**
   * Stores the drafts as the room's next events (one transaction), applies them and broadcasts them. On a store
   * failure the room is rebuilt from the store and nothing is broadcast; returns null then.
   */
  private async commit(live: LiveRoom, drafts: readonly Draft[], ack: { seat: number; ack: string; index: number } | null): Promise<StoredEvent[] | null> {
    if (drafts.length === 0) return [];
    // Dropped meanwhile (another process owns it now): nothing may be written from here.
    if (this.rooms.get(live.room.id) !== live) return null;
    const room = live.room;
    const epoch = this.cluster ? this.cluster.fence(room.id) : undefined;
    if (epoch === null) {
      this.log(`room ${room.id}: not written: this process does not hold its lease`);
      this.cluster!.lost(room.id);
      return null;
    }
    const events = this.number(room, drafts, ack?.ack ?? null, ack?.index ?? -1);
    for (const e of events) room.apply(e);
    try {
      await this.store.append(room.id, events, room.rowState(this.time.now()), epoch);
    } catch (e) {
      this.log(`room ${room.id}: events ${events[0].version}-${events[events.length - 1].version} not stored: ${(e as Error).message}`);
      if (this.cluster && isStaleOwner(e)) {
        this.cluster.lost(room.id);
        return null;
      }
      try {
        const s = await this.store.loadRoom(room.id);
        if (s) live.room = Room.restore(s.config, s.events, s.row, this.time.now());
      } catch {
        // the store is gone: the room stays as it was applied, and the next write will fail again
      }
      return null;
    }
    for (const e of events) {
      const message = this.remember(live, e);
      for (const peer of live.watchers.keys()) peer.send(message);
    }
    if (room.status === 'over' && events.some((e) => e.event.kind === 'end')) this.finishedGame(live);
    this.lobbyChanged();
    return events;
  }

  private remember(live: LiveRoom, e: StoredEvent): EventMessage {
    const message: EventMessage = { t: 'event', room: live.room.id, version: e.version, at: e.at, event: e.event };
    live.history.push(message);
    if (live.history.length > HISTORY) live.history.splice(0, live.history.length - HISTORY);
    return message;
  }

  private spectators(live: LiveRoom): number {
    let n = 0;
    for (const s of live.watchers.values()) if (s === null) n++;
    return n;
  }

  private unwatch(live: LiveRoom, peer: Peer): void {
    const seat = live.watchers.get(peer);
    live.watchers.delete(peer);
    if (seat !== undefined && seat !== null) void this.serial(live, () => this.presenceOf(live, seat));
    this.scheduleEvict(live);
    this.lobbyChanged();
  }

  /** Brings a human seat's presence in line with its connections: online, or reconnecting then gone after the grace. */
  private async presenceOf(live: LiveRoom, seat: number): Promise<void> {
    let held = false;
    for (const s of live.watchers.values()) if (s === seat) held = true;
    const current = live.room.seat(seat).presence;
    if (held) {
      live.grace.get(seat)?.cancel();
      live.grace.delete(seat);
      if (current !== 'online') await this.commit(live, live.room.presence(seat, 'online'), null);
    } else if (current === 'online') {
      await this.commit(live, live.room.presence(seat, 'reconnecting'), null);
      this.startGrace(live, seat);
    }
  }

  private startGrace(live: LiveRoom, seat: number): void {
    if (this.closed) return;
    live.grace.get(seat)?.cancel();
    live.grace.set(
      seat,
      this.time.after(this.limits.seatGraceMs, () => {
        live.grace.delete(seat);
        void this.serial(live, async () => {
          if (live.room.seat(seat).presence === 'reconnecting') await this.commit(live, live.room.presence(seat, 'gone' satisfies Presence), null);
          this.scheduleEvict(live);
        });
      }),
    );
  }

  /** Ends the game (or a 3+ player's part) when the running flag has fallen. */
  private async flagFall(live: LiveRoom): Promise<void> {
    const drafts = live.room.flag(this.time.now());
    if (drafts.length > 0) await this.commit(live, drafts, null);
  }

  /** After the room changed: the flag timer, Qi's turn. */
  private after(live: LiveRoom): void {
    if (this.closed) return;
    const room = live.room;
    live.flagTimer?.cancel();
    live.flagTimer = null;
    const at = room.flagTime();
    if (at !== null) {
      live.flagTimer = this.time.after(at - this.time.now(), () => {
        live.flagTimer = null;
        void this.serial(live, async () => {
          await this.flagFall(live);
          this.after(live);
        });
      });
    }
    if (room.status === 'over') {
      for (const t of live.grace.values()) t.cancel();
      live.grace.clear();
    }
    this.qiTurn(live);
  }

  /** Starts Qi thinking when it is a Qi seat's turn (once per position). */
  private qiTurn(live: LiveRoom): void {
    const room = live.room;
    const seat = room.toMove();
    if (seat === null || !this.qi) return;
    const spec = room.config.seats[seat];
    if (spec.kind !== 'qi') return;
    const key = room.positionAt;
    if (live.qiJob === key) return;
    live.qiJob = key;
    const clocks = room.clocksAt(this.time.now());
    const timeMs = qiThinkMs(clocks ? clocks.remainingMs[seat] : null, spec.level);
    const setup = room.setup();
    this.qi.think(setup, spec.level, timeMs).then(
      (move) =>
        this.serial(live, async () => {
          if (live.qiJob === key) live.qiJob = null;
          if (move === null || live.room.positionAt !== key || live.room.toMove() !== seat) return this.after(live);
          await this.flagFall(live);
          const text = live.room.moveText(move);
          const p = live.room.move(seat, key, text, this.time.now(), 0);
          if (p.ok) await this.commit(live, p.drafts, null);
          else this.log(`room ${room.id}: Qi's move ${text} was refused: ${p.reason}`);
          this.after(live);
        }),
      (e: unknown) => {
        if (this.closed) return;
        this.log(`room ${room.id}: Qi could not think: ${(e as Error).message}`);
        // Try again a little later rather than in a tight loop.
        this.time.after(1000, () => {
          if (live.qiJob === key) live.qiJob = null;
          void this.serial(live, async () => this.after(live));
        });
      },
    );
  }

  private finishedGame(live: LiveRoom): void {
    const f = live.room.finished();
    if (f && live.room.config.listed) this.lobbyView.addFinished(f);
    this.scheduleEvict(live);
  }

  /** Whether a room may leave memory: nobody watches, no timer or Qi depends on it (over, or waiting with every grace run out). */
  private evictable(live: LiveRoom): boolean {
    const status = live.room.status;
    return live.watchers.size === 0 && live.grace.size === 0 && live.qiJob === null && (status === 'over' || status === 'waiting');
  }

  private scheduleEvict(live: LiveRoom): void {
    if (live.evictTimer || this.closed || !this.evictable(live)) return;
    live.evictTimer = setTimeout(() => {
      live.evictTimer = null;
      void this.serial(live, async () => {
        if (!this.evictable(live) || this.rooms.get(live.room.id) !== live) return;
        this.rooms.delete(live.room.id);
        this.byCode.delete(live.room.config.code);
        this.lobbyChanged();
        this.cluster?.evicted(live.room.id);
      });
    }, this.evictAfterMs);
    live.evictTimer.unref?.();
  }

  /** The listed rooms not over, newest first, as the lobby shows them (in a cluster: those of every process). */
  private listedRooms(): LobbyRoom[] {
    const own = this.listedHere();
    if (!this.cluster) return own;
    const ids = new Set(own.map((r) => r.room));
    return [...own, ...this.cluster.listedElsewhere().filter((r) => !ids.has(r.room))].sort((a, b) => b.createdAt - a.createdAt).slice(0, ROOMS_LISTED);
  }

  /** The listed rooms not over in memory here, newest first. */
  listedHere(): LobbyRoom[] {
    return [...this.rooms.values()]
      .filter((l) => l.room.config.listed && l.room.status !== 'over')
      .sort((a, b) => b.room.config.createdAt - a.room.config.createdAt)
      .slice(0, ROOMS_LISTED)
      .map((l) => l.room.lobbyRoom(this.spectators(l)));
  }

  /** The finished games again from the store (a cluster: other processes' games end too). */
  async refreshFinished(): Promise<void> {
    const list = await this.store.finished(FINISHED_LISTED);
    const json = JSON.stringify(list);
    if (json === this.finishedJson) return;
    this.finishedJson = json;
    this.lobbyView.setFinished(list);
    this.lobbyChanged();
  }

  /** Tells the lobby's watchers that what it shows may have changed. */
  lobbyChanged(): void {
    this.lobbyView.changed();
  }
}

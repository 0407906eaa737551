/**
 * Several server processes sharing one store (PostgreSQL) and one messaging (Redis). Any process accepts any
 * client; each room is owned by one process at a time, which holds its lease (`qi:lease:<room>`, SET NX PX,
 * renewed every `renewMs`) and its owner epoch in the store (claimed when it takes the room: every append is
 * fenced by it, so a process that lost a room can never write to it again). The owner's hub runs the room as
 * one process would: validation by the engine, the write before the ack, clocks, flag timers, Qi's seats.
 *
 * A client on another process reaches the room through its process, the relay: its join and actions are
 * published to the owner's channel (`qi:node:<owner>`) with the client's id; the owner's hub sees the client as a
 * RemotePeer, a watcher like any other (so presence counts connections on every process), and everything the
 * hub sends it — acks, joined, events with their versions, snapshots — goes back on the relay's channel, in
 * order, and on to the WebSocket. The relay answers an action or join itself (`server`) when the owner does not
 * answer within `rpcTimeoutMs`.
 *
 * When an owner dies its leases lapse. The relays check the owners of the rooms they relay every `renewMs`; a
 * changed or lapsed lease makes them join again on their clients' behalf (with the token and the last version
 * the client was sent, so the client gets exactly the events it missed) — which routes the join to the new
 * owner, or makes this process the owner: it claims the epoch, loads the room from the store (its clocks as
 * stored) and replays it. Clients of the dead process reconnect and resync through the versioned protocol.
 * Rooms being played that nobody asks for are taken by whichever process sweeps first (`sweepMs`), so clocks
 * and Qi's seats go on.
 */
import { randomBytes } from 'node:crypto';
import type { ChatMessage, CreateMessage, JoinMessage, LobbyRoom, MoveMessage, ResignMessage, ServerMessage, TakebackMessage } from '@qi/protocol';
import type { Hub, HubCluster, Peer, RoomService } from '../hub.js';
import type { Store } from '../store/store.js';
import type { Messaging } from './messaging.js';

/** Timings of the cluster (tests use short ones). */
export interface ClusterTimings {
  /** How long a lease lasts without renewal, ms (default 10 000): how long a dead owner's rooms wait for a new owner. */
  leaseMs: number;
  /** How often leases are renewed and relayed rooms' owners checked, ms (default leaseMs / 3). */
  renewMs: number;
  /** How long a relay waits for the owner's answer to an action or join, ms (default 5000). */
  rpcTimeoutMs: number;
  /** How often rooms being played without an owner are looked for, ms (default 2 × leaseMs). */
  sweepMs: number;
}

/** The defaults of ClusterTimings, from a lease length. */
export function clusterTimings(partial: Partial<ClusterTimings> = {}): ClusterTimings {
  const leaseMs = partial.leaseMs ?? 10_000;
  return { leaseMs, renewMs: partial.renewMs ?? Math.max(50, Math.floor(leaseMs / 3)), rpcTimeoutMs: partial.rpcTimeoutMs ?? 5000, sweepMs: partial.sweepMs ?? 2 * leaseMs };
}

type RoomAction = MoveMessage | ResignMessage | TakebackMessage | ChatMessage;
type Routed = JoinMessage | RoomAction | { t: 'leave'; room: string };

/** A connection of this process as the cluster sees it: the WebSocket's peer, what it was sent per room. */
interface Conn extends Peer {
  close?(code: number, reason: string): void;
}

/** Messages between processes, on `qi:node:<node>`. */
type Wire =
  | { k: 'req'; from: string; peer: number; lag: number; hops: number; m: Routed }
  | { k: 'msg'; peer: number; m: ServerMessage }
  | { k: 'bye'; from: string; peer: number }
  | { k: 'moved'; peer: number; hops: number; m: Routed | null; room: string }
  | { k: 'dropped'; from: string; peers: number[] }
  | { k: 'ping'; at: number };

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());
const channel = (node: string): string => `qi:node:${node}`;
const leaseKey = (room: string): string => `qi:lease:${room}`;
const aliveKey = (node: string): string => `qi:alive:${node}`;
const LOBBY = 'qi:lobby:';
const nodeOf = (value: string): string => value.slice(0, value.indexOf(':'));

/** A connection of this process: the hub's peer for rooms owned here, and the relay's state for the others. */
class LocalPeer implements Peer {
  readonly id: number;
  /** Per room watched: the seat's token (null: spectator) and the last version this client was sent. */
  readonly rooms = new Map<string, { token: string | null; last: number }>();
  /** The tokens of joins in flight, by req. */
  readonly joinTokens = new Map<number, string | undefined>();
  /** Answers awaited from an owner elsewhere: `j<req>` or `a<ack>`, with their timeout. */
  readonly pending = new Map<string, NodeJS.Timeout>();
  /** Answers that timed out (a late one is dropped: the client was already answered). */
  readonly timedOut = new Set<string>();
  gone = false;

  constructor(
    readonly conn: Conn,
    private readonly onRejoinFailed: (p: LocalPeer, room: string, reason: string) => void,
  ) {
    this.id = conn.id;
  }

  lagMs(): number {
    return this.conn.lagMs();
  }

  settle(key: string): boolean {
    const t = this.pending.get(key);
    if (t) {
      clearTimeout(t);
      this.pending.delete(key);
    }
    if (this.timedOut.delete(key)) return false;
    return true;
  }

  /** Everything for this client passes here (from the hub here or from an owner elsewhere). */
  send(m: ServerMessage): void {
    switch (m.t) {
      case 'created':
        this.rooms.set(m.room, { token: m.token, last: 0 });
        break;
      case 'joined': {
        const ok = this.settle(`j${m.req}`);
        const before = this.rooms.get(m.room);
        const asked = this.joinTokens.get(m.req);
        this.joinTokens.delete(m.req);
        this.rooms.set(m.room, { token: m.token ?? asked ?? (m.seat === null ? null : (before?.token ?? null)), last: before?.last ?? 0 });
        if (m.req < 0 || !ok) return; // our own rejoin on the client's behalf: the client knows it joined
        break;
      }
      case 'error':
        if (m.req !== undefined) {
          const ok = this.settle(`j${m.req}`);
          this.joinTokens.delete(m.req);
          if (m.req < 0) return this.onRejoinFailed(this, '', `${m.code}: ${m.reason}`);
          if (!ok) return;
        }
        break;
      case 'ack':
        if (!this.settle(`a${m.ack}`)) return;
        break;
      case 'event': {
        const r = this.rooms.get(m.room);
        if (r && m.version > r.last) r.last = m.version;
        break;
      }
      case 'snapshot': {
        const r = this.rooms.get(m.snapshot.room);
        if (r) r.last = m.snapshot.version;
        break;
      }
      default:
        break;
    }
    this.conn.send(m);
  }
}

/** A client of another process watching a room owned here. */
class RemotePeer implements Peer {
  lag = 0;
  constructor(
    readonly id: number,
    readonly node: string,
    private readonly out: (node: string, w: Wire) => void,
  ) {}
  send(m: ServerMessage): void {
    this.out(this.node, { k: 'msg', peer: this.id, m });
  }
  lagMs(): number {
    return this.lag;
  }
}

/** The options of a cluster member. */
export interface ClusterOptions {
  store: Store;
  messaging: Messaging;
  timings?: Partial<ClusterTimings>;
  log?: (line: string) => void;
  /** This process's name in the cluster (default random). */
  node?: string;
}

/** What /health reports of the cluster. */
export interface ClusterStats {
  node: string;
  messaging: string;
  /** Rooms whose lease this process holds. */
  owned: number;
  /** Rooms owned elsewhere that clients of this process watch. */
  relayed: number;
  /** Clients of other processes watching rooms owned here. */
  remotePeers: number;
  leaseRenewals: number;
  leaseRenewalFailures: number;
  /** How long the last renewal round took, ms. */
  lastRenewalMs: number;
  /** Rooms lost (lease lapsed or taken, or a fenced write refused) since start. */
  roomsLost: number;
  /** Round trip of a message through the bus to this process and back, ms (the last measured). */
  busLagMs: number | null;
  rpcTimeouts: number;
}

/** One process of a cluster: the RoomService its connections talk to, in front of its hub. */
export class Cluster implements RoomService, HubCluster {
  readonly node: string;
  private hub!: Hub;
  private readonly store: Store;
  private readonly messaging: Messaging;
  private readonly timings: ClusterTimings;
  private readonly log: (line: string) => void;
  private readonly owned = new Map<string, { value: string; epoch: number; validUntil: number }>();
  private readonly acquiring = new Map<string, Promise<string | 'local' | null>>();
  private readonly locals = new Map<Peer, LocalPeer>();
  private readonly localById = new Map<number, LocalPeer>();
  private readonly remotes = new Map<string, RemotePeer>();
  /** Rooms owned elsewhere watched by clients here: the owner's lease value, and those clients. */
  private readonly routes = new Map<string, { owner: string; peers: Set<LocalPeer> }>();
  private readonly codes = new Map<string, string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private internalReq = 0;
  /** The listed rooms of the other processes (their lobby keys), and what this process last put in its own. */
  private elsewhere: LobbyRoom[] = [];
  private elsewhereJson = '[]';
  private lobbyPut = '';
  private lobbyPutAt = 0;
  private closed = false;
  private renewing = false;
  private sweeping = false;
  private readonly stat = { leaseRenewals: 0, leaseRenewalFailures: 0, lastRenewalMs: 0, roomsLost: 0, busLagMs: null as number | null, rpcTimeouts: 0 };

  constructor(options: ClusterOptions) {
    this.store = options.store;
    this.messaging = options.messaging;
    this.timings = clusterTimings(options.timings);
    this.log = options.log ?? (() => {});
    this.node = options.node ?? randomBytes(6).toString('hex');
  }

  /** Joins the cluster: subscribes to this process's channel, starts the renewal, check and sweep loops. */
  async start(hub: Hub): Promise<void> {
    this.hub = hub;
    await this.messaging.bus.subscribe(channel(this.node), (raw) => this.receive(raw));
    if (!(await this.messaging.leases.acquire(aliveKey(this.node), '1', this.timings.leaseMs))) throw new Error(`another process is named ${this.node}`);
    const every = (ms: number, f: () => Promise<void>): void => {
      const t = setInterval(() => void f().catch((e: unknown) => this.log(`cluster: ${(e as Error).stack ?? String(e)}`)), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.timings.renewMs, () => this.tick());
    every(this.timings.sweepMs, () => this.sweep());
    void this.sweep().catch((e: unknown) => this.log(`cluster: sweep: ${(e as Error).message}`));
  }

  stats(): ClusterStats {
    return { node: this.node, messaging: this.messaging.kind, owned: this.owned.size, relayed: this.routes.size, remotePeers: this.remotes.size, ...this.stat };
  }

  /** Stops the loops and gives up this process's leases (another process may take its rooms at once). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const p of this.locals.values()) for (const t of p.pending.values()) clearTimeout(t);
    await Promise.allSettled([...this.owned].map(([room, o]) => this.messaging.leases.release(leaseKey(room), o.value)));
    await this.messaging.leases.release(aliveKey(this.node), '1').catch(() => undefined);
    await this.messaging.leases.release(`${LOBBY}${this.node}`, this.lobbyPut).catch(() => undefined);
    this.owned.clear();
  }

  // ---- RoomService: what this process's connections ask ------------------------------------------------------

  connect(conn: Peer): void {
    const p = new LocalPeer(conn as Conn, (peer, _room, reason) => {
      // A rejoin on the client's behalf failed: the client reconnects and resyncs by itself.
      this.log(`cluster: a client's rejoin failed (${reason}); closing it so it reconnects`);
      peer.conn.close?.(1012, 'the room moved to another server; reconnect');
    });
    this.locals.set(conn, p);
    this.localById.set(p.id, p);
    this.hub.connect(p);
  }

  disconnect(conn: Peer): void {
    const p = this.locals.get(conn);
    if (!p) return;
    p.gone = true;
    this.locals.delete(conn);
    this.localById.delete(p.id);
    for (const t of p.pending.values()) clearTimeout(t);
    const nodes = new Set<string>();
    for (const [room, r] of this.routes) {
      if (r.peers.delete(p)) nodes.add(nodeOf(r.owner));
      if (r.peers.size === 0) this.routes.delete(room);
    }
    for (const n of nodes) this.send(n, { k: 'bye', from: this.node, peer: p.id });
    this.hub.disconnect(p);
  }

  lobby(conn: Peer, watch: boolean): void {
    const p = this.locals.get(conn);
    if (p) this.hub.lobby(p, watch);
  }

  async create(conn: Peer, m: CreateMessage): Promise<void> {
    const p = this.locals.get(conn);
    if (p) await this.hub.create(p, m);
  }

  async join(conn: Peer, m: JoinMessage): Promise<void> {
    const p = this.locals.get(conn);
    if (!p) return;
    const id = await this.resolve(m.room).catch((e: unknown) => {
      this.answer(p, m, 'server', `the room could not be looked up: ${(e as Error).message}`);
      return undefined;
    });
    if (id === undefined) return;
    if (id === null) return p.send({ t: 'error', code: 'no-room', reason: `there is no room "${m.room}"`, req: m.req });
    p.joinTokens.set(m.req, m.token);
    await this.dispatch(p, { ...m, room: id }, 0);
  }

  leave(conn: Peer, room: string): void {
    const p = this.locals.get(conn);
    if (!p) return;
    const id = this.hub.has(room) ? room : (this.codes.get(room.toUpperCase()) ?? room);
    p.rooms.delete(id);
    const r = this.routes.get(id);
    if (r?.peers.delete(p)) {
      this.send(nodeOf(r.owner), { k: 'req', from: this.node, peer: p.id, lag: 0, hops: 0, m: { t: 'leave', room: id } });
      if (r.peers.size === 0) this.routes.delete(id);
    } else this.hub.leave(p, id);
  }

  async action(conn: Peer, m: RoomAction): Promise<void> {
    const p = this.locals.get(conn);
    if (!p) return;
    const id = this.hub.has(m.room) ? m.room : await this.resolve(m.room).catch(() => undefined);
    if (id === undefined) return this.answer(p, m, 'server', 'the room could not be looked up; try again');
    if (id === null) return p.send({ t: 'ack', ack: m.ack, ok: false, code: 'no-room', reason: `there is no room "${m.room}"` });
    await this.dispatch(p, { ...m, room: id }, 0);
  }

  // ---- HubCluster: what the hub asks ---------------------------------------------------------------------------

  fence(room: string): number | null {
    const o = this.owned.get(room);
    return o && o.validUntil > Date.now() ? o.epoch : null;
  }

  async created(room: string): Promise<void> {
    const value = `${this.node}:${randomBytes(6).toString('hex')}`;
    const at = Date.now();
    if (!(await this.messaging.leases.acquire(leaseKey(room), value, this.timings.leaseMs))) throw new Error(`the lease of the new room ${room} is held already`);
    this.owned.set(room, { value, epoch: 1, validUntil: at + this.timings.leaseMs });
  }

  evicted(room: string): void {
    const o = this.owned.get(room);
    this.owned.delete(room);
    if (o) void this.messaging.leases.release(leaseKey(room), o.value).catch(() => undefined);
  }

  lost(room: string): void {
    this.lose(room, 'another process has taken it over');
  }

  listedElsewhere(): LobbyRoom[] {
    return this.elsewhere;
  }

  async reroute(peer: Peer, m: JoinMessage | RoomAction): Promise<void> {
    if (peer instanceof LocalPeer) return this.dispatch(peer, m, 2);
    if (peer instanceof RemotePeer) this.send(peer.node, { k: 'moved', peer: peer.id, hops: 1, m, room: m.room });
  }

  // ---- routing ---------------------------------------------------------------------------------------------------

  /** The id of a room by id or code (null: none), from memory or the store. */
  private async resolve(idOrCode: string): Promise<string | null> {
    if (this.hub.has(idOrCode) || this.routes.has(idOrCode)) return idOrCode;
    const cached = this.codes.get(idOrCode.toUpperCase());
    if (cached) return cached;
    const id = await this.store.roomId(idOrCode);
    if (id !== null && id !== idOrCode) this.codes.set(idOrCode.toUpperCase(), id);
    if (this.codes.size > 100_000) this.codes.clear();
    return id;
  }

  /** Sends a client's join or action to the room's owner: the hub here, or the owner's process. */
  private async dispatch(p: LocalPeer, m: JoinMessage | RoomAction, hops: number, since = Date.now()): Promise<void> {
    if (p.gone) return;
    // A resent action or join is answered afresh (only the answer to the attempt that timed out is dropped).
    const key = m.t === 'join' ? `j${m.req}` : `a${m.ack}`;
    p.timedOut.delete(key);
    if (hops > 3) return this.answer(p, m, 'server', 'the room is changing servers; try again');
    let where: string | 'local' | null;
    try {
      where = await this.locate(m.room);
    } catch (e) {
      this.log(`cluster: room ${m.room}: ${(e as Error).message}`);
      return this.answer(p, m, 'server', 'the room’s server could not be found (the cluster’s messaging failed); try again');
    }
    if (p.gone) return;
    if (where === null) {
      if (m.t === 'join') return p.send({ t: 'error', code: 'no-room', reason: `there is no room "${m.room}"`, req: m.req });
      return p.send({ t: 'ack', ack: m.ack, ok: false, code: 'no-room', reason: `there is no room "${m.room}"` });
    }
    const moved = this.routes.get(m.room);
    if (moved && moved.owner !== where) {
      // The room changed owner since these clients joined it: they all join again at the new one — this client
      // first, before its action (in order: the owner queues the join before the action).
      this.routes.delete(m.room);
      for (const other of moved.peers) if (other !== p) this.rehome(other, m.room);
      const entry = p.rooms.get(m.room);
      if (m.t !== 'join' && moved.peers.has(p) && entry) await this.dispatch(p, this.rejoin(m.room, entry), hops, since);
    }
    if (where === 'local') {
      const r = this.routes.get(m.room);
      if (r?.peers.delete(p) && r.peers.size === 0) this.routes.delete(m.room);
      if (m.t === 'join') return this.hub.join(p, m);
      return this.hub.action(p, m);
    }
    if (m.t === 'join') {
      const route = this.routes.get(m.room) ?? { owner: where, peers: new Set<LocalPeer>() };
      route.peers.add(p);
      this.routes.set(m.room, route);
    }
    const old = p.pending.get(key);
    if (old) clearTimeout(old);
    p.pending.set(
      key,
      setTimeout(() => {
        p.pending.delete(key);
        this.stat.rpcTimeouts++;
        if (m.t === 'join' && Date.now() - since < this.timings.leaseMs + 3 * this.timings.rpcTimeoutMs) {
          // A join is not resent by every client: the relay keeps trying until the dead owner's lease lapses
          // and the room has a new owner (a move is answered `server` instead: its client resends it).
          void this.checkRoutes([m.room])
            .catch(() => undefined)
            .then(() => sleep(this.timings.renewMs))
            .then(() => this.dispatch(p, m, hops, since))
            .catch((e: unknown) => this.log(`cluster: a join retry failed: ${(e as Error).stack ?? String(e)}`));
          return;
        }
        p.timedOut.add(key);
        if (p.timedOut.size > 256) p.timedOut.delete(p.timedOut.values().next().value!);
        this.answer(p, m, 'server', `the room’s server did not answer within ${this.timings.rpcTimeoutMs} ms; try again`, true);
        void this.checkRoutes([m.room]).catch(() => undefined);
      }, this.timings.rpcTimeoutMs),
    );
    this.send(nodeOf(where), { k: 'req', from: this.node, peer: p.id, lag: p.lagMs(), hops, m });
  }

  /** A refusal of a routed message from this process. */
  private answer(p: LocalPeer, m: JoinMessage | RoomAction, code: 'server' | 'no-room', reason: string, timedOut = false): void {
    if (m.t === 'join') {
      if (m.req < 0) return p.conn.close?.(1012, 'the room moved to another server; reconnect');
      p.joinTokens.delete(m.req);
      return p.conn.send({ t: 'error', code, reason, req: m.req });
    }
    if (!timedOut) p.settle(`a${m.ack}`);
    p.conn.send({ t: 'ack', ack: m.ack, ok: false, code, reason });
  }

  /**
   * Where a room is owned: 'local' (taken here if nobody held it: claimed in the store, loaded, replayed), the
   * owner's lease value, or null when there is no such room.
   */
  private locate(room: string): Promise<string | 'local' | null> {
    if (this.owned.has(room) && this.hub.has(room)) return Promise.resolve('local');
    const inflight = this.acquiring.get(room);
    if (inflight) return inflight;
    const p = (async (): Promise<string | 'local' | null> => {
      const key = leaseKey(room);
      const [held] = await this.messaging.leases.get([key]);
      if (held !== null && nodeOf(held) !== this.node) return held;
      // Our own lease without the room in memory (it was just dropped or evicted): give it up and take it afresh.
      if (held !== null) await this.messaging.leases.release(key, held);
      if (this.closed) throw new Error('this server is closing');
      const value = `${this.node}:${randomBytes(6).toString('hex')}`;
      const at = Date.now();
      if (!(await this.messaging.leases.acquire(key, value, this.timings.leaseMs))) {
        const [now] = await this.messaging.leases.get([key]);
        if (now !== null && nodeOf(now) !== this.node) return now;
        throw new Error('its lease is changing hands; try again');
      }
      try {
        const epoch = await this.store.claim(room);
        const stored = epoch === null ? null : await this.store.loadRoom(room);
        if (epoch === null || stored === null) {
          await this.messaging.leases.release(key, value);
          return null;
        }
        this.owned.set(room, { value, epoch, validUntil: at + this.timings.leaseMs });
        await this.hub.take(stored);
        this.log(`cluster: ${this.node} owns room ${room} (epoch ${epoch}, version ${stored.row?.version ?? 0})`);
        return 'local';
      } catch (e) {
        this.owned.delete(room);
        this.hub.drop(room);
        await this.messaging.leases.release(key, value).catch(() => undefined);
        throw e;
      }
    })().finally(() => this.acquiring.delete(room));
    this.acquiring.set(room, p);
    return p;
  }

  /** Joins again on a client's behalf (its room moved): with its token and the last version it was sent. */
  private rehome(p: LocalPeer, room: string): void {
    const r = p.rooms.get(room);
    if (!r || p.gone) return;
    this.dispatch(p, this.rejoin(room, r), 0).catch((e: unknown) => this.log(`cluster: a rejoin failed: ${(e as Error).stack ?? String(e)}`));
  }

  /** The join a client's process sends on its behalf: its token (none: a spectator) and the last version it was sent. */
  private rejoin(room: string, r: { token: string | null; last: number }): JoinMessage {
    return { t: 'join', req: -++this.internalReq, room, since: r.last, ...(r.token === null ? {} : { token: r.token }) };
  }

  /** This process no longer owns a room: it leaves memory; every watcher watches it at its new owner. */
  private lose(room: string, why: string): void {
    const o = this.owned.get(room);
    this.owned.delete(room);
    if (o) void this.messaging.leases.release(leaseKey(room), o.value).catch(() => undefined);
    const peers = this.hub.drop(room);
    this.stat.roomsLost++;
    this.log(`cluster: ${this.node} lost room ${room}: ${why}`);
    for (const peer of peers) {
      if (peer instanceof LocalPeer) this.rehome(peer, room);
      else if (peer instanceof RemotePeer) this.send(peer.node, { k: 'moved', peer: peer.id, hops: 0, m: null, room });
    }
  }

  // ---- the wire ----------------------------------------------------------------------------------------------------

  private send(node: string, w: Wire): void {
    if (this.closed && w.k !== 'bye') return;
    this.messaging.bus.publish(channel(node), JSON.stringify(w)).catch((e: unknown) => this.log(`cluster: publish to ${node} failed: ${(e as Error).message}`));
  }

  private receive(raw: string): void {
    let w: Wire;
    try {
      w = JSON.parse(raw) as Wire;
    } catch {
      return this.log('cluster: a message that is not JSON was dropped');
    }
    if (w === null || typeof w !== 'object') return;
    try {
      switch (w.k) {
        case 'msg':
          this.localById.get(w.peer)?.send(w.m);
          return;
        case 'req':
          void this.serve(w).catch((e: unknown) => this.log(`cluster: a request failed: ${(e as Error).stack ?? String(e)}`));
          return;
        case 'bye': {
          const key = `${w.from}/${w.peer}`;
          const rp = this.remotes.get(key);
          if (rp) {
            this.remotes.delete(key);
            this.hub.disconnect(rp);
          }
          return;
        }
        case 'moved': {
          const p = this.localById.get(w.peer);
          if (!p) return;
          if (w.m === null) {
            const r = this.routes.get(w.room);
            if (r) {
              r.peers.delete(p);
              if (r.peers.size === 0) this.routes.delete(w.room);
            }
            return this.rehome(p, w.room);
          }
          this.dispatch(p, w.m as JoinMessage | RoomAction, (typeof w.hops === 'number' ? w.hops : 3) + 1).catch((e: unknown) => this.log(`cluster: a moved request failed: ${(e as Error).stack ?? String(e)}`));
          return;
        }
        case 'ping':
          this.stat.busLagMs = Date.now() - w.at;
          return;
        case 'dropped': {
          // The owner took this process for dead (it stalled longer than a lease): its clients there join again.
          for (const id of Array.isArray(w.peers) ? w.peers : []) {
            const p = this.localById.get(id);
            if (!p) continue;
            for (const [room, r] of [...this.routes]) {
              if (!r.peers.has(p) || nodeOf(r.owner) !== w.from) continue;
              r.peers.delete(p);
              if (r.peers.size === 0) this.routes.delete(room);
              this.rehome(p, room);
            }
          }
          return;
        }
        default:
          return;
      }
    } catch (e) {
      this.log(`cluster: a message failed: ${(e as Error).stack ?? String(e)}`);
    }
  }

  /** A request of another process's client for a room owned here (or that can be taken here). */
  private async serve(w: Extract<Wire, { k: 'req' }>): Promise<void> {
    const key = `${w.from}/${w.peer}`;
    let rp = this.remotes.get(key);
    if (!rp) {
      if (w.m.t === 'leave') return;
      rp = new RemotePeer(w.peer, w.from, (node, msg) => this.send(node, msg));
      this.remotes.set(key, rp);
      this.hub.connect(rp);
    }
    rp.lag = typeof w.lag === 'number' && w.lag >= 0 ? w.lag : 0;
    const m = w.m;
    if (m.t === 'leave') return this.hub.leave(rp, m.room);
    let where: string | 'local' | null;
    try {
      where = await this.locate(m.room);
    } catch {
      where = '';
    }
    if (where === 'local') return m.t === 'join' ? this.hub.join(rp, m) : this.hub.action(rp, m);
    // Not ours (any more): the client's process routes it again.
    this.send(w.from, { k: 'moved', peer: w.peer, hops: w.hops, m, room: m.room });
  }

  // ---- loops -------------------------------------------------------------------------------------------------------

  /** Every renewMs: renew the leases held, check the owners of relayed rooms and the processes of remote peers. */
  private async tick(): Promise<void> {
    if (this.closed || this.renewing) return;
    this.renewing = true;
    try {
      await this.renew();
      await this.checkRoutes([...this.routes.keys()]);
      await this.checkRemotes();
      await this.shareLobby();
      this.send(this.node, { k: 'ping', at: Date.now() });
    } finally {
      this.renewing = false;
    }
  }

  private async renew(): Promise<void> {
    const entries = [...this.owned].map(([room, o]) => ({ room, o, key: leaseKey(room), value: o.value }));
    const at = Date.now();
    try {
      const alive = await this.messaging.leases.renew([{ key: aliveKey(this.node), value: '1' }], this.timings.leaseMs);
      if (!alive[0]) await this.messaging.leases.acquire(aliveKey(this.node), '1', this.timings.leaseMs);
      const held = await this.messaging.leases.renew(entries, this.timings.leaseMs);
      this.stat.leaseRenewals += entries.length;
      this.stat.lastRenewalMs = Date.now() - at;
      entries.forEach((e, i) => {
        if (this.owned.get(e.room) !== e.o) return;
        if (held[i]) e.o.validUntil = at + this.timings.leaseMs;
        else this.lose(e.room, 'its lease lapsed and was not renewed');
      });
    } catch (e) {
      this.stat.leaseRenewalFailures++;
      this.log(`cluster: lease renewal failed: ${(e as Error).message}`);
      // Without Redis nothing can be renewed: rooms whose lease has (nearly) run out are given up.
      for (const x of entries) if (this.owned.get(x.room) === x.o && x.o.validUntil <= Date.now() + this.timings.renewMs) this.lose(x.room, 'its lease ran out while Redis was unreachable');
    }
  }

  /**
   * The lobby across processes: each puts the listed rooms it owns under `qi:lobby:<process>` (lapsing with its
   * lease time) and reads the others'; the hub's lobby shows them all (a renewal round late at most).
   */
  private async shareLobby(): Promise<void> {
    const mine = JSON.stringify(this.hub.listedHere());
    const now = Date.now();
    if (mine !== this.lobbyPut || now - this.lobbyPutAt > this.timings.leaseMs / 2) {
      await this.messaging.leases.put(`${LOBBY}${this.node}`, mine, this.timings.leaseMs);
      this.lobbyPut = mine;
      this.lobbyPutAt = now;
    }
    const keys = (await this.messaging.leases.keys(LOBBY)).filter((k) => k !== `${LOBBY}${this.node}`).sort();
    const values = await this.messaging.leases.get(keys);
    const rooms: LobbyRoom[] = [];
    for (const v of values) {
      if (v === null) continue;
      try {
        const list = JSON.parse(v) as unknown;
        if (Array.isArray(list)) rooms.push(...(list as LobbyRoom[]).filter((r) => r && typeof r.room === 'string' && !this.owned.has(r.room)));
      } catch {
        // another process's key that is not a lobby: ignored
      }
    }
    const json = JSON.stringify(rooms);
    if (json !== this.elsewhereJson) {
      this.elsewhere = rooms;
      this.elsewhereJson = json;
      this.hub.lobbyChanged();
    }
  }

  /** Relayed rooms whose owner changed (or whose lease lapsed): their clients here join again. */
  private async checkRoutes(rooms: string[]): Promise<void> {
    if (rooms.length === 0) return;
    const values = await this.messaging.leases.get(rooms.map(leaseKey));
    rooms.forEach((room, i) => {
      const r = this.routes.get(room);
      if (!r || values[i] === r.owner) return;
      this.routes.delete(room);
      for (const p of r.peers) this.rehome(p, room);
    });
  }

  /** Clients of processes that died: gone from the rooms here (their seats go to reconnecting). */
  private async checkRemotes(): Promise<void> {
    const nodes = [...new Set([...this.remotes.values()].map((r) => r.node))];
    if (nodes.length === 0) return;
    const alive = await this.messaging.leases.get(nodes.map(aliveKey));
    const dead = new Set(nodes.filter((_, i) => alive[i] === null));
    if (dead.size === 0) return;
    const dropped = new Map<string, number[]>();
    for (const [key, rp] of this.remotes) {
      if (!dead.has(rp.node)) continue;
      this.remotes.delete(key);
      this.hub.disconnect(rp);
      dropped.set(rp.node, [...(dropped.get(rp.node) ?? []), rp.id]);
    }
    // A process only stalled (not dead) gets to know: its clients join again.
    for (const [node, peers] of dropped) this.send(node, { k: 'dropped', from: this.node, peers });
  }

  /** Rooms being played that nobody owns (their owner died, nobody asked for them since): taken here. */
  private async sweep(): Promise<void> {
    if (this.closed || this.sweeping) return;
    this.sweeping = true;
    try {
      await this.hub.refreshFinished();
      const ids = (await this.store.playingIds()).filter((id) => !this.owned.has(id));
      for (let i = 0; i < ids.length && !this.closed; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const held = await this.messaging.leases.get(chunk.map(leaseKey));
        for (let k = 0; k < chunk.length && !this.closed; k++) {
          if (held[k] !== null) continue;
          await this.locate(chunk[k]).catch((e: unknown) => this.log(`cluster: sweep: room ${chunk[k]}: ${(e as Error).message}`));
        }
      }
    } finally {
      this.sweeping = false;
    }
  }
}

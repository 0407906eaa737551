import { gameDefinition, type GameDefinition, type Position } from '@qi/engine';
import {
  CHAT_HISTORY,
  cleanText,
  type ChatLine,
  type ClockSpec,
  type ClocksView,
  type ErrorCode,
  type EventMessage,
  type JoinedMessage,
  type ResultView,
  type RoomEvent,
  type RoomGame,
  type RoomSnapshot,
  type RoomStatus,
  type SeatView,
  type SnapshotMessage,
} from '@qi/protocol';
import { Session } from '../session/session.js';
import type { ActionResult, Connection, RequestError } from './connection.js';
import { findToken, saveToken } from './tokens.js';

/**
 * One online room on the page: it folds the server's snapshot and numbered events, in version order, into a
 * Session built from the game's engine definition (the board and the game folders draw it as any local game), and
 * keeps the seats, presence, clocks, status, result, chat and takeback offer beside it. Versions already seen are
 * ignored; a gap asks the server to resync (join with `since`), and events that arrive early wait for the missing
 * ones. It follows the Svelte store contract.
 *
 * Moves are not shown before the server's event (no optimistic play): the server is the only judge, and a move it
 * refuses (stale after the opponent's move crossed ours, out of turn, a rule the server words) would have to be
 * taken out of the move tree again, cutting animations and leaving a branch behind. The chosen cell is marked at
 * once (`pending`), so a click is answered immediately; the position follows one round trip later.
 */

/** A game action of ours still waiting for the server. */
export interface PendingAction {
  kind: 'move' | 'resign' | 'takeback';
  /** The move's text (its notation) and the board cell it was chosen on, for moves. */
  text?: string;
  cell?: number | null;
  /** The version of the event the server said it caused, once acked: cleared when the room reaches it. */
  ackVersion?: number;
}

/** A refusal of one of our actions, in the server's words. */
export interface Refusal {
  kind: 'move' | 'resign' | 'takeback' | 'chat' | 'seat';
  code: ErrorCode | 'dropped' | 'offline';
  reason: string;
}

/** Everything a room screen draws (a fresh object after every change). */
export interface RoomView {
  /** The room's id (a code until the server answered the join). */
  room: string;
  code: string;
  loaded: boolean;
  game: RoomGame | null;
  session: Session | null;
  /** The last version applied. */
  version: number;
  /** The moves so far as the server words them. */
  moves: string[];
  seats: SeatView[];
  clock: ClockSpec | null;
  clocks: ClocksView | null;
  status: RoomStatus;
  result: ResultView | null;
  takeback: number | null;
  chat: ChatLine[];
  spectators: number;
  /** Our seat, or null while watching. */
  mySeat: number | null;
  pending: PendingAction | null;
  chatPending: boolean;
  refusal: Refusal | null;
  /** Why the room could not be joined (no such room, a bad token…). */
  failure: { code: ErrorCode | 'dropped' | 'offline' | 'desync'; reason: string } | null;
}

/** The remaining time of a seat at server time `serverNow` (its clock runs down only while running). */
export function remainingAt(clocks: ClocksView | null, seat: number, serverNow: number): number | null {
  if (!clocks) return null;
  const r = clocks.remainingMs[seat];
  if (typeof r !== 'number') return null;
  return clocks.running === seat ? Math.max(0, r - Math.max(0, serverNow - clocks.at)) : Math.max(0, r);
}

/** A move as the server wants it: the game's notation; Chinese Checkers the whole hop path of hole names. */
export function moveText(definition: GameDefinition, pos: Position, move: number): string {
  const c = pos as Position & { path?(m: number): number[]; geometry?: { names: readonly string[] } };
  if (definition.id === 'checkers' && move >= 0 && typeof c.path === 'function' && c.geometry) {
    return c.path(move).map((hole) => c.geometry!.names[hole]).join('-');
  }
  return definition.moveToText(pos, move);
}

/** Events kept while waiting for a missing one (more means resync from a snapshot). */
const MAX_EARLY = 256;

type Listener = (v: RoomView) => void;

/** What a room is opened with. */
export interface RoomOptions {
  /** The stored token to resume a seat (default: looked up in localStorage by id or code). */
  token?: string | null;
  /** A create just answered: the server already watches the room for us (no join sent). */
  created?: { room: string; code: string; seat: number | null; token: string | null };
  /** Where tokens are kept (tests pass a map). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The engine definition of a game (default: the engine's registry). */
  definition?: (game: RoomGame) => GameDefinition;
}

/** An online room (Svelte store contract). */
export class OnlineRoom {
  private readonly conn: Connection;
  private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null | undefined;
  private readonly definitionOf: (game: RoomGame) => GameDefinition;
  private token: string | null;
  private readonly early = new Map<number, EventMessage>();
  private resyncing = false;
  private readonly listeners = new Set<Listener>();
  private unwatch: (() => void) | null = null;
  private definition: GameDefinition | null = null;
  private rules: unknown = undefined;
  private start: unknown = undefined;
  view: RoomView;

  constructor(conn: Connection, room: string, options: RoomOptions = {}) {
    this.conn = conn;
    this.storage = options.storage;
    this.definitionOf = options.definition ?? ((g) => gameDefinition(g));
    const stored = options.token === undefined ? findToken(room, this.storage) : null;
    this.token = options.created?.token ?? options.token ?? stored?.token ?? null;
    const id = options.created?.room ?? stored?.room ?? room;
    this.view = {
      room: id,
      code: options.created?.code ?? '',
      loaded: false,
      game: null,
      session: null,
      version: 0,
      moves: [],
      seats: [],
      clock: null,
      clocks: null,
      status: 'waiting',
      result: null,
      takeback: null,
      chat: [],
      spectators: 0,
      mySeat: options.created?.seat ?? stored?.seat ?? null,
      pending: null,
      chatPending: false,
      refusal: null,
      failure: null,
    };
    if (options.created?.token) this.remember(options.created.room, options.created.token, options.created.seat ?? 0, options.created.code);
    this.unwatch = conn.watch(id, {
      message: (m) => this.receive(m),
      joinFields: () => {
        const f: { token?: string; since?: number } = {};
        if (this.token !== null) f.token = this.token;
        if (this.view.loaded) f.since = this.view.version;
        return f;
      },
      joined: (m) => this.joined(m),
      failed: (e) => this.failed(e),
    }, options.created !== undefined);
  }

  /** Svelte store contract. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.view);
    return () => this.listeners.delete(fn);
  }

  /** Stops watching (a seated player keeps the seat; the server shows it reconnecting). */
  close(): void {
    this.unwatch?.();
    this.unwatch = null;
  }

  /** Whether we hold a seat token for this room. */
  get seated(): boolean {
    return this.token !== null && this.view.mySeat !== null;
  }

  /** Whether it is our turn to move now (seated, playing, nothing pending). */
  get myTurn(): boolean {
    const v = this.view;
    return v.loaded && v.status === 'playing' && v.mySeat !== null && v.session !== null && !v.session.view.over && v.session.view.toMove === v.mySeat && v.pending === null;
  }

  /** Sends a move (the engine's number, in our session's position), marking `cell` until the server answers. */
  play(move: number, cell: number | null = null): void {
    const v = this.view;
    if (!this.myTurn || !v.session || !this.definition) return;
    let text: string;
    try {
      text = moveText(this.definition, v.session.position(), move);
    } catch (e) {
      this.update({ refusal: { kind: 'move', code: 'illegal', reason: e instanceof Error ? e.message : String(e) } });
      return;
    }
    this.update({ pending: { kind: 'move', text, cell }, refusal: null });
    void this.conn.action({ t: 'move', room: v.room, version: v.version, move: text }).then((r) => this.answered('move', r));
  }

  /** Resigns (Chinese Checkers: leaves the game, on our own turn). */
  resign(): void {
    const v = this.view;
    if (v.mySeat === null || v.status === 'over' || v.pending !== null) return;
    this.update({ pending: { kind: 'resign' }, refusal: null });
    void this.conn.action({ t: 'resign', room: v.room }).then((r) => this.answered('resign', r));
  }

  /** Offers, accepts, declines or cancels a takeback. */
  takeback(op: 'offer' | 'accept' | 'decline' | 'cancel'): void {
    const v = this.view;
    if (v.mySeat === null || v.status === 'over' || v.pending !== null) return;
    this.update({ pending: { kind: 'takeback' }, refusal: null });
    void this.conn.action({ t: 'takeback', room: v.room, version: v.version, op }).then((r) => this.answered('takeback', r));
  }

  /** Sends a chat line (seated players); false when nothing is left of it after cleaning. */
  say(text: string): boolean {
    const v = this.view;
    const clean = cleanText(text, this.conn.limits.maxChatLength);
    if (clean === '' || v.mySeat === null) return false;
    this.update({ chatPending: true });
    void this.conn.action({ t: 'chat', room: v.room, text: clean }).then((r) => {
      this.update({ chatPending: false, ...(r.ok ? {} : { refusal: { kind: 'chat' as const, code: r.code, reason: r.reason } }) });
    });
    return true;
  }

  /** Takes an open seat under `name`; resolves true when seated. */
  async takeSeat(seat: number, name: string): Promise<boolean> {
    const v = this.view;
    try {
      const fields: { room: string; seat: number; name: string; since?: number } = { room: v.room, seat, name };
      if (v.loaded) fields.since = v.version;
      const m = await this.conn.join(fields);
      this.joined(m);
      return m.seat !== null;
    } catch (e) {
      const err = e as RequestError;
      this.update({ refusal: { kind: 'seat', code: err.code ?? 'server', reason: err.message } });
      return false;
    }
  }

  /**
   * The room's spectator count from elsewhere (the lobby lists it): the protocol's events do not carry it, so
   * without this a room shows the count of its last snapshot.
   */
  noteSpectators(n: number): void {
    if (Number.isInteger(n) && n >= 0 && n !== this.view.spectators) this.update({ spectators: n });
  }

  /** Forgets the last refusal (the player read it). */
  dismiss(): void {
    if (this.view.refusal) this.update({ refusal: null });
  }

  private answered(kind: PendingAction['kind'], r: ActionResult): void {
    const p = this.view.pending;
    if (!p || p.kind !== kind) return;
    if (!r.ok) {
      this.update({ pending: null, refusal: { kind, code: r.code, reason: r.reason } });
    } else if (this.view.version >= r.version) {
      this.update({ pending: null });
    } else {
      this.update({ pending: { ...p, ackVersion: r.version } });
    }
  }

  private remember(room: string, token: string, seat: number, code: string): void {
    saveToken(room, { token, seat, ...(code ? { code } : {}) }, this.storage);
  }

  private joined(m: JoinedMessage): void {
    if (m.token) {
      this.token = m.token;
      this.remember(m.room, m.token, m.seat ?? 0, this.view.code);
    }
    this.resyncing = false;
    this.update({ room: m.room, mySeat: m.seat, failure: null });
  }

  private failed(e: RequestError): void {
    if (e.code === 'dropped') return; // the next welcome joins again
    if (e.code === 'bad-token' && this.token !== null) {
      // A token the room does not know (a reset database, another server): watch instead.
      this.token = null;
      this.update({ mySeat: null });
      this.conn.rejoin(this.view.room);
      return;
    }
    this.resyncing = false;
    this.update({ failure: { code: e.code, reason: e.message } });
  }

  private receive(m: SnapshotMessage | EventMessage): void {
    if (m.t === 'snapshot') {
      this.applySnapshot(m.snapshot);
      return;
    }
    const v = this.view;
    if (!v.loaded || m.version <= v.version) return;
    if (m.version > v.version + 1) {
      // A gap: keep this one for later and ask for what is missing (once per gap).
      this.early.set(m.version, m);
      // Too far behind to keep waiting: start again from a snapshot.
      if (this.early.size > MAX_EARLY) return this.desync();
      if (!this.resyncing) {
        this.resyncing = true;
        this.conn.rejoin(v.room);
      }
      return;
    }
    this.applyEvents(m);
  }

  /** Applies `first` and every kept event that follows it in order. */
  private applyEvents(first: EventMessage): void {
    let next: EventMessage | undefined = first;
    const patch: Partial<RoomView> = {};
    let version = this.view.version;
    while (next) {
      this.early.delete(next.version);
      if (!this.apply(next.event, patch)) return this.desync();
      version = next.version;
      next = this.early.get(version + 1);
    }
    for (const k of this.early.keys()) if (k <= version) this.early.delete(k);
    if (this.early.size === 0) this.resyncing = false;
    this.finish({ ...patch, version });
  }

  /**
   * The room has lost the server's thread (a move the session cannot play, too many events missing): join again
   * without `since`, so the server answers with a snapshot; until then nothing can be played.
   */
  private desync(): void {
    this.early.clear();
    this.update({ loaded: false });
    this.resyncing = true;
    this.conn.rejoin(this.view.room);
  }

  /** Folds one event into the session and `patch`; false when its move cannot be played here. */
  private apply(e: RoomEvent, patch: Partial<RoomView>): boolean {
    const v = { ...this.view, ...patch };
    switch (e.kind) {
      case 'seat': {
        const seats = v.seats.slice();
        if (seats[e.seat]) seats[e.seat] = { ...seats[e.seat], name: e.name, presence: 'online' };
        patch.seats = seats;
        return true;
      }
      case 'start':
        patch.status = 'playing';
        patch.clocks = e.clocks;
        return true;
      case 'move': {
        const session = v.session;
        if (!session || !this.definition) return false;
        try {
          session.play(this.definition.parseMove(session.position(), e.move));
        } catch {
          return false;
        }
        patch.moves = [...v.moves, e.move];
        patch.clocks = e.clocks;
        patch.takeback = null;
        if (e.seat === v.mySeat && v.pending?.kind === 'move') patch.pending = null;
        return true;
      }
      case 'takeback-offer':
        patch.takeback = e.seat;
        return true;
      case 'takeback-decline':
      case 'takeback-cancel':
        patch.takeback = null;
        return true;
      case 'takeback': {
        const moves = v.moves.slice(0, Math.max(0, v.moves.length - e.count));
        const session = this.build(moves);
        if (!session) return false;
        patch.session = session;
        patch.moves = moves;
        patch.clocks = e.clocks;
        patch.takeback = null;
        return true;
      }
      case 'presence': {
        const seats = v.seats.slice();
        if (seats[e.seat]) seats[e.seat] = { ...seats[e.seat], presence: e.presence };
        patch.seats = seats;
        return true;
      }
      case 'chat':
        patch.chat = [...v.chat, e.line].slice(-CHAT_HISTORY * 4);
        return true;
      case 'end':
        patch.status = 'over';
        patch.result = e.result;
        patch.clocks = e.clocks;
        patch.takeback = null;
        if (v.session) this.ending(v.session, e.result);
        return true;
    }
  }

  /** A resignation, a flag fall or an abandon ends a two-player session the way the local game does. */
  private ending(session: Session, result: ResultView): void {
    if (result.reason !== 'rules' && result.seat !== undefined && session.view.playerCount === 2 && !session.view.over) {
      session.end(result.reason === 'time' ? 'time' : 'resign', result.seat);
    }
  }

  /** A session at the end of `moves`, or null when one of them does not play here. */
  private build(moves: readonly string[]): Session | null {
    if (!this.definition) return null;
    try {
      const s = new Session({ definition: this.definition, rules: this.rules, start: this.start });
      for (const text of moves) s.play(this.definition.parseMove(s.position(), text));
      return s;
    } catch {
      return null;
    }
  }

  private applySnapshot(s: RoomSnapshot): void {
    try {
      this.definition = this.definitionOf(s.game);
    } catch (e) {
      this.update({ failure: { code: 'bad-rules', reason: e instanceof Error ? e.message : String(e) } });
      return;
    }
    this.rules = s.rules;
    this.start = s.start;
    const session = this.build(s.moves);
    if (!session) {
      this.update({ failure: { code: 'desync', reason: 'the server’s moves do not play here (another engine version?)' } });
      return;
    }
    if (s.status === 'over' && s.result) this.ending(session, s.result);
    for (const k of this.early.keys()) if (k <= s.version) this.early.delete(k);
    this.resyncing = false;
    this.view = {
      ...this.view,
      room: s.room,
      code: s.code,
      loaded: true,
      game: s.game,
      session,
      version: s.version,
      moves: s.moves.slice(),
      seats: s.seats.map((x) => ({ ...x })),
      clock: s.clock,
      clocks: s.clocks,
      status: s.status,
      result: s.result,
      takeback: s.takeback,
      chat: s.chat.slice(),
      spectators: s.spectators,
      failure: null,
    };
    // Events that came before the snapshot was answered and follow it go on from there.
    const next = this.early.get(s.version + 1);
    if (next) this.applyEvents(next);
    else this.finish({});
  }

  /** Clears a pending action the room has now reached, then publishes. */
  private finish(patch: Partial<RoomView>): void {
    const v = { ...this.view, ...patch };
    if (v.pending?.ackVersion !== undefined && v.version >= v.pending.ackVersion) patch.pending = null;
    this.update(patch);
  }

  private update(patch: Partial<RoomView>): void {
    this.view = { ...this.view, ...patch };
    for (const fn of this.listeners) fn(this.view);
  }
}

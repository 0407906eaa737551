/**
 * One room as a pure state machine over the engine's game definition. Actions are *proposed* (checked against the
 * state, nothing changes) and answered with the events they cause; the hub stores those events and then *applies*
 * them. Replaying the stored events through `apply` rebuilds the room exactly (the restart path). Time is a
 * parameter (`now`), never read here, so tests drive clocks without sleeping.
 */
import { CHECKERS_LEAVE, PASS, gameDefinition, type Position } from '@qi/engine';
import {
  CHAT_HISTORY,
  cleanText,
  type ChatLine,
  type ClocksView,
  type ErrorCode,
  type FinishedRoom,
  type LobbyRoom,
  type Presence,
  type ResultView,
  type RoomEvent,
  type RoomSnapshot,
  type RoomStatus,
  type SeatView,
} from '@qi/protocol';
import { chargeMove, clocksView, flagAt, resumeClocks, startClocks, switchClock, type ClockState } from './clocks.js';
import type { RoomConfig } from './config.js';
import { judgeMove } from './judge.js';
import { lossResult, rulesResult } from './outcome.js';
import { rulesSummary } from './summary.js';

/** What an event carries that watchers never see: a taken seat's token hash, the lag quotas after a move. */
export interface EventPrivate {
  tokenHash?: string;
  quota?: number[];
}

/** An event the room proposes: what it is, the seat that caused it, its private part. */
export interface Draft {
  event: RoomEvent;
  seat: number | null;
  private?: EventPrivate;
}

/** An event as stored: its version and time, the ack id that caused it (to answer a repeated id after a restart). */
export interface StoredEvent extends Draft {
  version: number;
  at: number;
  ack: string | null;
}

/** A refusal: one code for programs, one sentence for people. */
export interface Refusal {
  ok: false;
  code: ErrorCode;
  reason: string;
}

/** The events an accepted action causes; `answer` indexes the one whose version its ack carries (-1: none). */
export interface Accepted {
  ok: true;
  drafts: Draft[];
  answer: number;
}

/** The answer to a proposal. */
export type Proposal = Accepted | Refusal;

/** The clocks and version a room's row holds, so a restart resumes them as stored. */
export interface RoomRowState {
  version: number;
  status: RoomStatus;
  clocks: { view: ClocksView; quota: number[] } | null;
  /** Set once the game is over: the lobby's line for it. */
  finished: FinishedRoom | null;
}

interface SeatState {
  name: string | null;
  presence: Presence;
  tokenHash: string | null;
}

const refuse = (code: ErrorCode, reason: string): Refusal => ({ ok: false, code, reason });
const accept = (drafts: Draft[], answer = 0): Accepted => ({ ok: true, drafts, answer });

/** A room: its config, the game so far and everything watchers see. */
export class Room {
  readonly config: RoomConfig;
  /** The version of the last event applied. */
  version = 0;
  status: RoomStatus = 'waiting';
  result: ResultView | null = null;
  endedAt: number | null = null;
  private readonly pos: Position;
  private readonly moves: string[] = [];
  private readonly movers: number[] = [];
  private readonly seats: SeatState[];
  private clocks: ClockState | null = null;
  /** The version of the last event that changed the position (start, move, takeback, end): older moves are stale. */
  private positionVersion = 0;
  private offer: { seat: number; accepted: Set<number> } | null = null;
  private readonly chat: ChatLine[] = [];

  /** A new room (no events yet) of a checked config. */
  constructor(config: RoomConfig) {
    this.config = config;
    this.pos = gameDefinition(config.game).create(config.rules, config.start);
    this.seats = config.seats.map((s) => (s.kind === 'qi' ? { name: qiName(s.level), presence: 'online', tokenHash: null } : { name: null, presence: 'gone', tokenHash: null }));
  }

  /** A room rebuilt from its stored events, its clocks resumed at their stored values from `now`. */
  static restore(config: RoomConfig, events: readonly StoredEvent[], row: RoomRowState | null, now: number): Room {
    const room = new Room(config);
    for (const e of events) room.apply(e);
    if (room.status === 'playing' && room.clocks && row?.clocks) room.clocks = resumeClocks(room.clocks.spec, row.clocks.view, row.clocks.quota, now);
    else if (room.status === 'playing' && room.clocks) room.clocks = { ...room.clocks, since: now };
    return room;
  }

  /** The room's id. */
  get id(): string {
    return this.config.id;
  }

  /** Number of seats. */
  get seatCount(): number {
    return this.seats.length;
  }

  /** The seat to move, or null when the game is not being played. */
  toMove(): number | null {
    return this.status === 'playing' ? this.pos.currentPlayer() : null;
  }

  /** Moves so far, in the game's notation. */
  moveList(): readonly string[] {
    return this.moves;
  }

  /** The seat whose hashed token is `hash`, or -1. */
  seatOfToken(hash: string): number {
    return this.seats.findIndex((s) => s.tokenHash === hash);
  }

  /** A seat's presence and name. */
  seat(i: number): Readonly<SeatState> {
    return this.seats[i];
  }

  /** When the running clock's flag falls (server time), or null. */
  flagTime(): number | null {
    return this.status === 'playing' && this.clocks ? flagAt(this.clocks) : null;
  }

  /** The clocks to store with the room's row (remaining as of `now`, the lag quotas). */
  rowState(now: number): RoomRowState {
    return {
      version: this.version,
      status: this.status,
      clocks: this.clocks ? { view: clocksView(this.clocks, now), quota: [...this.clocks.quota] } : null,
      finished: this.status === 'over' ? this.finished() : null,
    };
  }

  // ---- proposals ---------------------------------------------------------------------------------------------

  /** A person takes open seat `seat` under `name` (cleaned; empty → `Player N`); the last one starts the game. */
  takeSeat(seat: number, name: string, tokenHash: string, now: number, maxName: number): Proposal {
    const spec = this.config.seats[seat];
    if (spec === undefined) return refuse('bad-seat', `this room has seats 0 to ${this.seats.length - 1}, not ${seat}`);
    if (spec.kind !== 'human') return refuse('bad-seat', `seat ${seat} is Qi's`);
    if (this.seats[seat].name !== null) return refuse('seat-taken', `seat ${seat} is already taken`);
    const clean = cleanText(name, maxName) || `Player ${seat + 1}`;
    const drafts: Draft[] = [{ event: { kind: 'seat', seat, name: clean }, seat, private: { tokenHash } }];
    const open = this.config.seats.filter((s, i) => s.kind === 'human' && i !== seat && this.seats[i].name === null).length;
    if (open === 0 && this.status === 'waiting') drafts.push(this.startDraft(now));
    return accept(drafts);
  }

  /** The start of a room whose human seats are all taken at creation (none at all: Qi against Qi). */
  startIfReady(now: number): Draft[] {
    const open = this.config.seats.some((s, i) => s.kind === 'human' && this.seats[i].name === null);
    return open || this.status !== 'waiting' ? [] : [this.startDraft(now)];
  }

  /** The version of the last event that changed the position. */
  get positionAt(): number {
    return this.positionVersion;
  }

  /** A move's text in the game's notation on the current position (Qi's answers). */
  moveText(move: number): string {
    return move === PASS ? 'pass' : this.pos.moveToText(move);
  }

  /** A move from `seat`, made against `version`, in the game's notation (Chinese Checkers: the whole hop path). */
  move(seat: number, version: number, text: string, now: number, lagMs: number): Proposal {
    const not = this.notPlaying();
    if (not) return not;
    const toMove = this.pos.currentPlayer();
    if (seat !== toMove) return refuse('not-your-turn', `it is ${this.seatName(toMove)}'s turn`);
    if (version < this.positionVersion) return refuse('stale', `the position changed at version ${this.positionVersion}; your move was made against version ${version}`);
    if (version > this.version) return refuse('stale', `your move was made against version ${version}, but the room is at version ${this.version}: resync`);
    const verdict = judgeMove(this.pos, text);
    if (!verdict.ok) return refuse(verdict.code, verdict.reason);
    return this.playDrafts(seat, verdict.move, verdict.text, now, lagMs);
  }

  /** `seat` resigns (two players: the game ends; Chinese Checkers: the seat leaves, on its own turn). */
  resign(seat: number, now: number): Proposal {
    const not = this.notPlaying();
    if (not) return not;
    if (this.config.game === 'checkers') {
      if (this.pos.currentPlayer() !== seat) return refuse('not-your-turn', `leave the game on your turn (it is ${this.seatName(this.pos.currentPlayer())}'s turn)`);
      return this.playDrafts(seat, CHECKERS_LEAVE, 'leave', now, 0);
    }
    const drafts = this.cancelOffer();
    drafts.push({ event: { kind: 'end', result: lossResult(this.config.game, this.seats.length, seat, 'resign'), clocks: this.stopped(now) }, seat });
    return accept(drafts, drafts.length - 1);
  }

  /** A takeback offer, answer or cancellation from `seat`, made against `version`. */
  takeback(seat: number, op: 'offer' | 'accept' | 'decline' | 'cancel', version: number, now: number): Proposal {
    const not = this.notPlaying();
    if (not) return not;
    if (version < this.positionVersion) return refuse('stale', `the position changed at version ${this.positionVersion}; your request was made against version ${version}`);
    if (version > this.version) return refuse('stale', `your request was made against version ${version}, but the room is at version ${this.version}: resync`);
    const offer = this.offer;
    if (op === 'offer') {
      if (offer) return refuse('no-takeback', `${this.seatName(offer.seat)} has already asked for a takeback`);
      if (!this.movers.includes(seat)) return refuse('no-takeback', 'you have no move to take back');
      const drafts: Draft[] = [{ event: { kind: 'takeback-offer', seat }, seat }];
      if (this.othersToAccept(seat, new Set()).length === 0) drafts.push(this.takebackDraft(seat, seat, now));
      return accept(drafts);
    }
    if (!offer) return refuse('no-takeback', 'no takeback has been asked for');
    if (op === 'cancel') {
      if (offer.seat !== seat) return refuse('no-takeback', 'only the player who asked can cancel the takeback');
      return accept([{ event: { kind: 'takeback-cancel', seat }, seat }]);
    }
    if (offer.seat === seat) return refuse('no-takeback', op === 'accept' ? 'you cannot accept your own takeback' : 'cancel your own takeback instead of declining it');
    if (this.config.seats[seat].kind !== 'human') return refuse('no-takeback', 'Qi answers takebacks by itself');
    if (op === 'decline') return accept([{ event: { kind: 'takeback-decline', seat }, seat }]);
    const accepted = new Set(offer.accepted).add(seat);
    if (this.othersToAccept(offer.seat, accepted).length > 0) {
      // Partly accepted (three or more people): remembered in memory only, answered at the current version.
      offer.accepted.add(seat);
      return accept([], -1);
    }
    return accept([this.takebackDraft(offer.seat, seat, now)]);
  }

  /** A chat line from `seat` (cleaned; empty after cleaning is refused). */
  say(seat: number, text: string, now: number, maxChat: number): Proposal {
    const clean = cleanText(text, maxChat);
    if (clean === '') return refuse('malformed', 'the chat line is empty once control characters and spaces are removed');
    const line: ChatLine = { seat, name: this.seats[seat].name ?? `Player ${seat + 1}`, text: clean, at: now };
    return accept([{ event: { kind: 'chat', line }, seat }]);
  }

  /** A change of a taken human seat's presence, or nothing when it is already so. */
  presence(seat: number, presence: Presence): Draft[] {
    const s = this.seats[seat];
    if (!s || s.name === null || this.config.seats[seat].kind !== 'human' || s.presence === presence) return [];
    return [{ event: { kind: 'presence', seat, presence }, seat }];
  }

  /** The events of a fallen flag at `now` (the game ends, or with 3+ players that player leaves), or none. */
  flag(now: number): Draft[] {
    const at = this.flagTime();
    if (at === null || now < at || !this.clocks || this.clocks.running === null) return [];
    const seat = this.clocks.running;
    if (this.config.game === 'checkers' && this.seats.length > 2 && this.pos.currentPlayer() === seat) {
      const clocks = { ...this.clocks, remaining: this.clocks.remaining.map((r, i) => (i === seat ? 0 : r)), since: now };
      const p = this.playDrafts(seat, CHECKERS_LEAVE, 'leave', now, 0, clocks, 'time');
      return p.ok ? p.drafts : [];
    }
    const view: ClocksView = { remainingMs: this.clocks.remaining.map((r, i) => (i === seat ? 0 : r)), running: null, at: now };
    return [...this.cancelOffer(), { event: { kind: 'end', result: lossResult(this.config.game, this.seats.length, seat, 'time'), clocks: view }, seat }];
  }

  // ---- applying events ---------------------------------------------------------------------------------------

  /** Applies a stored event (the only way the room changes); throws when it does not fit (a corrupt history). */
  apply(e: StoredEvent): void {
    if (e.version !== this.version + 1) throw new Error(`room ${this.id}: event version ${e.version} after ${this.version}`);
    const ev = e.event;
    switch (ev.kind) {
      case 'seat':
        this.seats[ev.seat] = { name: ev.name, presence: 'online', tokenHash: e.private?.tokenHash ?? null };
        break;
      case 'start':
        this.status = 'playing';
        this.positionVersion = e.version;
        if (this.config.clock && ev.clocks) this.clocks = this.fromView(ev.clocks, undefined);
        break;
      case 'move': {
        const verdict = judgeMove(this.pos, ev.move);
        if (!verdict.ok) throw new Error(`room ${this.id}: stored move ${ev.move} is refused: ${verdict.reason}`);
        this.pos.play(verdict.move);
        this.moves.push(verdict.text);
        this.movers.push(ev.seat);
        this.positionVersion = e.version;
        if (this.clocks && ev.clocks) this.clocks = this.fromView(ev.clocks, e.private?.quota);
        break;
      }
      case 'takeback':
        for (let i = 0; i < ev.count; i++) this.pos.undo();
        this.moves.splice(this.moves.length - ev.count);
        this.movers.splice(this.movers.length - ev.count);
        this.offer = null;
        this.positionVersion = e.version;
        if (this.clocks && ev.clocks) this.clocks = this.fromView(ev.clocks, undefined);
        break;
      case 'takeback-offer':
        this.offer = { seat: ev.seat, accepted: new Set() };
        break;
      case 'takeback-decline':
      case 'takeback-cancel':
        this.offer = null;
        break;
      case 'presence':
        this.seats[ev.seat].presence = ev.presence;
        break;
      case 'chat':
        this.chat.push(ev.line);
        if (this.chat.length > CHAT_HISTORY) this.chat.splice(0, this.chat.length - CHAT_HISTORY);
        break;
      case 'end':
        this.status = 'over';
        this.result = ev.result;
        this.endedAt = e.at;
        this.offer = null;
        this.positionVersion = e.version;
        if (this.clocks && ev.clocks) this.clocks = this.fromView(ev.clocks, undefined);
        break;
    }
    this.version = e.version;
  }

  // ---- views -------------------------------------------------------------------------------------------------

  /** Everything a client needs to draw the room at `now`. */
  snapshot(now: number, spectators: number): RoomSnapshot {
    const c = this.config;
    const snap: RoomSnapshot = {
      room: c.id,
      code: c.code,
      version: this.version,
      game: c.game,
      rules: c.rules,
      moves: [...this.moves],
      seats: this.seatViews(),
      clock: c.clock,
      clocks: this.clocks ? (this.status === 'playing' ? clocksView(this.clocks, now) : { ...clocksView(this.clocks, now), running: null }) : null,
      status: this.status,
      result: this.result,
      takeback: this.offer?.seat ?? null,
      chat: [...this.chat],
      spectators,
      createdAt: c.createdAt,
    };
    if (c.start !== undefined) snap.start = c.start;
    return snap;
  }

  /** The seats as watchers see them. */
  seatViews(): SeatView[] {
    return this.config.seats.map((s, i) => {
      const v: SeatView = { kind: s.kind, name: this.seats[i].name, presence: this.seats[i].presence };
      if (s.kind === 'qi') v.level = s.level;
      return v;
    });
  }

  /** The room as the lobby lists it. */
  lobbyRoom(spectators: number): LobbyRoom {
    const c = this.config;
    return {
      room: c.id,
      code: c.code,
      game: c.game,
      summary: rulesSummary(c.game, c.rules, c.start),
      seats: c.seats.map((s, i) => (s.kind === 'qi' ? { kind: 'qi', level: s.level, name: this.seats[i].name } : { kind: 'human', name: this.seats[i].name })),
      status: this.status,
      moves: this.moves.length,
      spectators,
      clock: c.clock,
      createdAt: c.createdAt,
    };
  }

  /** The finished game as the lobby's list shows it (only once over). */
  finished(): FinishedRoom | null {
    if (this.status !== 'over' || !this.result) return null;
    const c = this.config;
    return { room: c.id, game: c.game, summary: rulesSummary(c.game, c.rules, c.start), names: this.seats.map((s) => s.name), result: this.result, moves: this.moves.length, endedAt: this.endedAt ?? c.createdAt };
  }

  /** The game as the engine's setup (for Qi's search). */
  setup(): { game: string; rules: Record<string, unknown>; start?: Record<string, unknown>; moves: string[] } {
    const s: { game: string; rules: Record<string, unknown>; start?: Record<string, unknown>; moves: string[] } = { game: this.config.game, rules: this.config.rules as Record<string, unknown>, moves: [...this.moves] };
    if (this.config.start !== undefined) s.start = this.config.start as Record<string, unknown>;
    return s;
  }

  /** The position as it stands (read only: a copy). */
  position(): Position {
    return this.pos.clone();
  }

  /** The running clocks' view at `now`, or null. */
  clocksAt(now: number): ClocksView | null {
    return this.clocks ? clocksView(this.clocks, now) : null;
  }

  // ---- helpers -----------------------------------------------------------------------------------------------

  private notPlaying(): Refusal | null {
    if (this.status === 'over') return refuse('over', 'the game is over');
    if (this.status === 'waiting') return refuse('not-started', 'the game has not started: a seat is still open');
    return null;
  }

  private seatName(seat: number): string {
    return this.seats[seat]?.name ?? `seat ${seat}`;
  }

  private startDraft(now: number): Draft {
    const spec = this.config.clock;
    const clocks = spec ? clocksView(startClocks(spec, this.seats.length, this.pos.currentPlayer(), now), now) : null;
    return { event: { kind: 'start', clocks }, seat: null };
  }

  private fromView(view: ClocksView, quota: number[] | undefined): ClockState {
    const spec = this.config.clock!;
    return resumeClocks(spec, view, quota ?? this.clocks?.quota, view.at);
  }

  private stopped(now: number): ClocksView | null {
    return this.clocks ? { ...clocksView(this.clocks, now), running: null } : null;
  }

  private cancelOffer(): Draft[] {
    return this.offer ? [{ event: { kind: 'takeback-cancel', seat: this.offer.seat }, seat: this.offer.seat }] : [];
  }

  /** The drafts of playing `move` (checked legal) for `seat`: a standing offer cancelled, the move, the end. */
  private playDrafts(seat: number, move: number, text: string, now: number, lagMs: number, clocksBefore?: ClockState, endReason?: 'time'): Proposal {
    const drafts = this.cancelOffer();
    this.pos.play(move);
    let next: number | null;
    let result: ResultView | null;
    try {
      const over = this.pos.isTerminal();
      next = over ? null : this.pos.currentPlayer();
      result = over ? rulesResult(this.pos) : null;
    } finally {
      // A proposal leaves the position as it was, whatever happens while looking ahead.
      this.pos.undo();
    }
    let clocks: ClockState | null = null;
    const base = clocksBefore ?? this.clocks;
    if (base) {
      clocks = clocksBefore ? switchClock(clocksBefore, next, now) : chargeMove(base, seat, next, now, lagMs);
      // The hub lets a fallen flag end the game before any action, so this is a move that came too late.
      if (clocks === null) return refuse('over', 'your time has run out');
    }
    const view = clocks ? clocksView(clocks, now) : null;
    const moveDraft: Draft = { event: { kind: 'move', seat, move: text, clocks: view }, seat };
    if (clocks) moveDraft.private = { quota: [...clocks.quota] };
    drafts.push(moveDraft);
    const answer = drafts.length - 1;
    if (result) {
      if (move === CHECKERS_LEAVE) Object.assign(result, { reason: endReason ?? 'resign', seat });
      drafts.push({ event: { kind: 'end', result, clocks: view ? { ...view, running: null } : null }, seat: null });
    }
    return accept(drafts, answer);
  }

  /** The takeback of `offerer`'s last move and every move after it; `actor` is the seat whose action completes it. */
  private takebackDraft(offerer: number, actor: number, now: number): Draft {
    const count = this.movers.length - this.movers.lastIndexOf(offerer);
    // Whose turn it is after the takeback, read on a copy (proposals change nothing).
    const copy = this.pos.clone();
    for (let i = 0; i < count; i++) copy.undo();
    const next = copy.currentPlayer();
    const clocks = this.clocks ? clocksView(switchClock(this.clocks, next, now), now) : null;
    return { event: { kind: 'takeback', count, clocks }, seat: actor };
  }

  private othersToAccept(offerer: number, accepted: Set<number>): number[] {
    const out: number[] = [];
    this.config.seats.forEach((s, i) => {
      if (i !== offerer && s.kind === 'human' && !accepted.has(i)) out.push(i);
    });
    return out;
  }
}

/** The name of a Qi seat. */
export function qiName(level: number): string {
  return `Qi (level ${level})`;
}

/**
 * The messages of Qi's online protocol, version 1 (documented in apps/server/README.md). One JSON object per
 * WebSocket text frame, its kind in `t`. The server is the only judge: a client proposes (create, join, move, …),
 * the server answers every proposal (an `ack` for room actions, a reply or an `error` otherwise) and tells every
 * watcher of a room what happened as numbered events.
 */

/** The protocol's version; a client says it in `hello` and a server speaking another one refuses it. */
export const PROTOCOL_VERSION = 1;

/** The games a room can hold (the engine's game ids). */
export type RoomGame = 'go' | 'gomoku' | 'reversi' | 'checkers';

/** Who sits at a seat when the room is created: a person (filled by whoever claims it) or Qi at a level 1–10. */
export type SeatSpec = { kind: 'human' } | { kind: 'qi'; level: number };

/** A Fischer clock: every player starts with `initialMs` and gains `incrementMs` after each move. */
export interface ClockSpec {
  initialMs: number;
  incrementMs: number;
}

/** Whether a seated player is connected, reconnecting (dropped less than the grace period ago) or gone. */
export type Presence = 'online' | 'reconnecting' | 'gone';

/** A seat as every watcher sees it (never its token). */
export interface SeatView {
  kind: 'human' | 'qi';
  /** Qi's level at a Qi seat. */
  level?: number;
  /** The player's name once the seat is taken (Qi's seats are named by the server), null while open. */
  name: string | null;
  presence: Presence;
}

/** The clocks at one instant of server time: each seat's remaining time, and whose clock runs. */
export interface ClocksView {
  remainingMs: number[];
  /** The seat whose clock runs, null while none does (before the start, after the end, untimed games). */
  running: number | null;
  /** Server time (ms since the epoch) at which `remainingMs` held. */
  at: number;
}

/** How a game ended: each seat's result (+1 win … -1 loss, the engine's `returns`) and why. */
export interface ResultView {
  returns: number[];
  reason: 'rules' | 'resign' | 'time' | 'abandon';
  /** The record's result where the game words one (Go: `B+3.5`, `W+R`, `B+T`). */
  code?: string;
  /** The seat that resigned, lost on time or abandoned, for those reasons. */
  seat?: number;
  /** Go counted after two passes: the stones the server counted as dead (GTP vertices), for the board to mark. */
  dead?: string[];
}

/** One chat line. Text is plain: every client escapes it where shown. */
export interface ChatLine {
  seat: number;
  name: string;
  text: string;
  at: number;
}

/** The room's status: waiting for players, playing, or over. */
export type RoomStatus = 'waiting' | 'playing' | 'over';

/** Everything a client needs to draw a room from nothing (the reply to a join, and the resync after a gap). */
export interface RoomSnapshot {
  room: string;
  code: string;
  /** The version of the last event included in this snapshot. */
  version: number;
  game: RoomGame;
  /** The engine's rules and start (the definition validated them). */
  rules: unknown;
  start?: unknown;
  /** The moves so far in the game's notation (Chinese Checkers: the full hop path). */
  moves: string[];
  seats: SeatView[];
  clock: ClockSpec | null;
  clocks: ClocksView | null;
  status: RoomStatus;
  result: ResultView | null;
  /** The seat that offered a takeback still unanswered, or null. */
  takeback: number | null;
  /** The last chat lines (at most CHAT_HISTORY). */
  chat: ChatLine[];
  spectators: number;
  createdAt: number;
}

/** What happened in a room; every event carries the room's next version. */
export type RoomEvent =
  | { kind: 'seat'; seat: number; name: string }
  | { kind: 'start'; clocks: ClocksView | null }
  | { kind: 'move'; seat: number; move: string; clocks: ClocksView | null }
  | { kind: 'takeback-offer'; seat: number }
  | { kind: 'takeback-decline'; seat: number }
  | { kind: 'takeback-cancel'; seat: number }
  /** The last `count` moves are taken back (the offerer's last move, and any answered since). */
  | { kind: 'takeback'; count: number; clocks: ClocksView | null }
  | { kind: 'presence'; seat: number; presence: Presence }
  | { kind: 'chat'; line: ChatLine }
  | { kind: 'end'; result: ResultView; clocks: ClocksView | null };

/** One open or running room as the lobby lists it. */
export interface LobbyRoom {
  room: string;
  code: string;
  game: RoomGame;
  /** A short description of the rules (`9x9 komi 7.5`, `renju`, `2 players`…), worded by the server. */
  summary: string;
  seats: { kind: 'human' | 'qi'; level?: number; name: string | null }[];
  status: RoomStatus;
  moves: number;
  spectators: number;
  clock: ClockSpec | null;
  createdAt: number;
}

/** A finished game as the lobby's list of finished games shows it. */
export interface FinishedRoom {
  room: string;
  game: RoomGame;
  summary: string;
  names: (string | null)[];
  result: ResultView;
  moves: number;
  endedAt: number;
}

// ---- client → server -------------------------------------------------------------------------------------------

/** First message on a connection: the protocol the client speaks. */
export interface HelloMessage {
  t: 'hello';
  protocol: number;
}

/** Heartbeat and clock offset: the server answers with its time. */
export interface PingMessage {
  t: 'ping';
  id: number;
  /** The client's clock when sent (echoed back, so the client measures the round trip). */
  clientTime: number;
}

/** Start (or stop) receiving the lobby: open rooms, games in progress, finished games. */
export interface LobbyMessage {
  t: 'lobby';
  watch: boolean;
}

/** Create a room; the creator takes `seat` (a human seat) unless it only sets up the room (seat null). */
export interface CreateMessage {
  t: 'create';
  req: number;
  game: RoomGame;
  rules?: unknown;
  start?: unknown;
  seats: SeatSpec[];
  clock: ClockSpec | null;
  /** Listed in the lobby (else reachable only by its link or code). */
  listed: boolean;
  name: string;
  seat: number | null;
}

/**
 * Watch a room by id or code. With `token`: resume the seat it belongs to. With `seat` (and `name`): take that open
 * seat and receive its token. With neither: watch as a spectator. `since`: the last version the client has; the
 * server sends the events after it when it still holds them, else a snapshot.
 */
export interface JoinMessage {
  t: 'join';
  req: number;
  room: string;
  token?: string;
  seat?: number;
  name?: string;
  since?: number;
}

/** Stop watching a room (a seated player keeps the seat: its presence goes to reconnecting). */
export interface LeaveMessage {
  t: 'leave';
  room: string;
}

/** A move, made against `version` (the last version the client had seen); the whole hop path for Chinese Checkers. */
export interface MoveMessage {
  t: 'move';
  room: string;
  ack: string;
  version: number;
  move: string;
}

/** Resign (Chinese Checkers: leave the game). */
export interface ResignMessage {
  t: 'resign';
  room: string;
  ack: string;
}

/** Ask to take back one's last move, or answer (or cancel) the standing request. */
export interface TakebackMessage {
  t: 'takeback';
  room: string;
  ack: string;
  version: number;
  op: 'offer' | 'accept' | 'decline' | 'cancel';
}

/** A chat line from a seated player. */
export interface ChatMessage {
  t: 'chat';
  room: string;
  ack: string;
  text: string;
}

/** Every message a client may send. */
export type ClientMessage =
  | HelloMessage
  | PingMessage
  | LobbyMessage
  | CreateMessage
  | JoinMessage
  | LeaveMessage
  | MoveMessage
  | ResignMessage
  | TakebackMessage
  | ChatMessage;

/** The client messages answered by an `ack` (the room actions). */
export type RoomAction = MoveMessage | ResignMessage | TakebackMessage | ChatMessage;

// ---- server → client -------------------------------------------------------------------------------------------

/** The server's answer to `hello`: its protocol, its time, and the limits it enforces. */
export interface WelcomeMessage {
  t: 'welcome';
  protocol: number;
  serverTime: number;
  limits: Limits;
}

/** The answer to a ping. */
export interface PongMessage {
  t: 'pong';
  id: number;
  clientTime: number;
  serverTime: number;
}

/** Why something was refused: one code for programs, one sentence for people. */
export type ErrorCode =
  | 'malformed' // not JSON, not an object, a field of the wrong type or missing
  | 'unknown-type'
  | 'too-large'
  | 'rate' // too many messages
  | 'protocol' // hello missing or another version
  | 'no-room'
  | 'room-full'
  | 'seat-taken'
  | 'bad-seat'
  | 'bad-token'
  | 'not-seated' // a spectator (or a connection not in the room) acting
  | 'not-your-turn'
  | 'stale' // made against an older version than the room's
  | 'illegal' // the engine refuses the move (the reason says why)
  | 'bad-path' // a Chinese Checkers hop path with a bad hop
  | 'over'
  | 'not-started'
  | 'bad-rules'
  | 'no-takeback'
  | 'limit' // a room or connection cap
  | 'server';

/** A refusal of a message that has no ack id (or whose ack id could not be read). */
export interface ErrorMessage {
  t: 'error';
  code: ErrorCode;
  reason: string;
  /** The `req` of the create or join refused, when there was one. */
  req?: number;
}

/** The answer to a room action: accepted at `version` (its event follows), or refused with a reason. */
export type AckMessage =
  | { t: 'ack'; ack: string; ok: true; version: number }
  | { t: 'ack'; ack: string; ok: false; code: ErrorCode; reason: string };

/** The answer to a create: the room, its short code, the creator's seat and that seat's secret token. */
export interface CreatedMessage {
  t: 'created';
  req: number;
  room: string;
  code: string;
  seat: number | null;
  token: string | null;
}

/** The answer to a join: the seat held (null for a spectator) and, when a seat was just taken, its token. */
export interface JoinedMessage {
  t: 'joined';
  req: number;
  room: string;
  seat: number | null;
  token: string | null;
}

/** A room's state in full (after a join without `since`, or when the asked version is too old). */
export interface SnapshotMessage {
  t: 'snapshot';
  snapshot: RoomSnapshot;
}

/** One event of a room, numbered: the client applies it only when `version` is one more than the last it has. */
export interface EventMessage {
  t: 'event';
  room: string;
  version: number;
  /** Server time of the event. */
  at: number;
  event: RoomEvent;
}

/** The lobby: open rooms and games in progress (listed ones), and the most recent finished games. */
export interface LobbyStateMessage {
  t: 'lobby';
  rooms: LobbyRoom[];
  finished: FinishedRoom[];
}

/** Every message a server may send. */
export type ServerMessage =
  | WelcomeMessage
  | PongMessage
  | ErrorMessage
  | AckMessage
  | CreatedMessage
  | JoinedMessage
  | SnapshotMessage
  | EventMessage
  | LobbyStateMessage;

/** The limits a server enforces, sent in `welcome` so a client can respect them. */
export interface Limits {
  /** Largest message in bytes (UTF-8). */
  maxMessageBytes: number;
  /** Messages per second a connection may send on average, and the burst it may send at once. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Heartbeat: a client pings every `pingMs`; a connection silent for `idleMs` is closed. */
  pingMs: number;
  idleMs: number;
  /** How long a dropped player's seat is held before the others see the player as gone. */
  seatGraceMs: number;
  maxNameLength: number;
  maxChatLength: number;
}

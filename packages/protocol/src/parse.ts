import type { ClientMessage, ClockSpec, ErrorCode, Limits, RoomGame, SeatSpec, ServerMessage } from './messages.js';

/** The limits a server enforces unless configured otherwise. */
export const DEFAULT_LIMITS: Limits = {
  maxMessageBytes: 16 * 1024,
  messagesPerSecond: 20,
  messageBurst: 60,
  pingMs: 3000,
  idleMs: 10_000,
  seatGraceMs: 60_000,
  maxNameLength: 24,
  maxChatLength: 300,
};

/** Chat lines a snapshot carries. */
export const CHAT_HISTORY = 50;

/** Seats a room may have (Chinese Checkers seats up to 6). */
export const MAX_SEATS = 6;

/** The games a room can hold. */
export const ROOM_GAMES: readonly RoomGame[] = ['go', 'gomoku', 'reversi', 'checkers'];

/** A longest clock: 10 hours a player, 10 minutes of increment. */
const MAX_CLOCK_MS = 36_000_000;
const MAX_INCREMENT_MS = 600_000;
/** Ack ids and room ids are short printable tokens. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A parsed client message, or why it was refused (with its ack id or req when those could be read). */
export type Parsed =
  | { ok: true; message: ClientMessage }
  | { ok: false; code: ErrorCode; reason: string; ack?: string; req?: number };

class Refusal extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
}

function fail(reason: string): never {
  throw new Refusal('malformed', reason);
}

function int(o: Record<string, unknown>, key: string, min: number, max: number): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(`"${key}" must be an integer`);
  if (v < min || v > max) fail(`"${key}" must be between ${min} and ${max}`);
  return v;
}

function str(o: Record<string, unknown>, key: string, maxLength: number): string {
  const v = o[key];
  if (typeof v !== 'string') fail(`"${key}" must be a string`);
  if (v.length > maxLength) fail(`"${key}" is longer than ${maxLength} characters`);
  return v;
}

function id(o: Record<string, unknown>, key: string): string {
  const v = o[key];
  if (typeof v !== 'string' || !ID.test(v)) fail(`"${key}" must be 1 to 64 letters, digits, '-' or '_'`);
  return v;
}

function bool(o: Record<string, unknown>, key: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') fail(`"${key}" must be true or false`);
  return v;
}

function optional<T>(o: Record<string, unknown>, key: string, read: (o: Record<string, unknown>, key: string) => T): T | undefined {
  return o[key] === undefined ? undefined : read(o, key);
}

function only(o: Record<string, unknown>, keys: readonly string[]): void {
  for (const k of Object.keys(o)) if (!keys.includes(k)) fail(`unknown field "${k}"`);
}

function seatSpec(v: unknown, i: number): SeatSpec {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(`seat ${i + 1} must be an object`);
  const o = v as Record<string, unknown>;
  if (o.kind === 'human') return only(o, ['kind']), { kind: 'human' };
  if (o.kind === 'qi') return only(o, ['kind', 'level']), { kind: 'qi', level: int(o, 'level', 1, 10) };
  fail(`seat ${i + 1}: "kind" must be "human" or "qi"`);
}

function clockSpec(v: unknown): ClockSpec | null {
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) fail('"clock" must be null or {initialMs, incrementMs}');
  const o = v as Record<string, unknown>;
  only(o, ['initialMs', 'incrementMs']);
  return { initialMs: int(o, 'initialMs', 1000, MAX_CLOCK_MS), incrementMs: int(o, 'incrementMs', 0, MAX_INCREMENT_MS) };
}

/** A JSON value small enough to be rules or a start (objects, arrays and scalars; depth and size bounded). */
function plainValue(v: unknown, key: string): unknown {
  let nodes = 0;
  const walk = (x: unknown, depth: number): void => {
    if (++nodes > 2000 || depth > 8) fail(`"${key}" is too deep or too large`);
    if (x === null || typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x))) return;
    if (Array.isArray(x)) return x.forEach((y) => walk(y, depth + 1));
    if (typeof x === 'object') return Object.values(x as object).forEach((y) => walk(y, depth + 1));
    fail(`"${key}" must be plain JSON`);
  };
  walk(v, 0);
  return v;
}

/** The UTF-8 size of a string (no Buffer: the web app imports this package too). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) (n += 4), i++;
    else n += 3;
  }
  return n;
}

/**
 * A client's frame checked against protocol version 1 and the limits: its JSON, its kind, every field's type and
 * range. What it cannot check (whose turn, legality, tokens) the server checks next. Never throws.
 */
export function parseClientMessage(raw: string, limits: Limits = DEFAULT_LIMITS): Parsed {
  if (typeof raw !== 'string') return { ok: false, code: 'malformed', reason: 'messages must be text frames of JSON' };
  if (utf8Length(raw) > limits.maxMessageBytes) {
    return { ok: false, code: 'too-large', reason: `message over ${limits.maxMessageBytes} bytes` };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'malformed', reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, code: 'malformed', reason: 'a message must be a JSON object' };
  const o = value as Record<string, unknown>;
  const ack = typeof o.ack === 'string' && ID.test(o.ack) ? o.ack : undefined;
  const req = typeof o.req === 'number' && Number.isSafeInteger(o.req) ? o.req : undefined;
  try {
    return { ok: true, message: readMessage(o, limits) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, code: e.code, reason: e.message, ...(ack === undefined ? {} : { ack }), ...(req === undefined ? {} : { req }) };
    return { ok: false, code: 'malformed', reason: 'unreadable message' };
  }
}

function readMessage(o: Record<string, unknown>, limits: Limits): ClientMessage {
  const version = (): number => int(o, 'version', 0, Number.MAX_SAFE_INTEGER);
  const req = (): number => int(o, 'req', 0, Number.MAX_SAFE_INTEGER);
  switch (o.t) {
    case 'hello':
      only(o, ['t', 'protocol']);
      return { t: 'hello', protocol: int(o, 'protocol', 0, 1_000_000) };
    case 'ping':
      only(o, ['t', 'id', 'clientTime']);
      return { t: 'ping', id: int(o, 'id', 0, Number.MAX_SAFE_INTEGER), clientTime: int(o, 'clientTime', 0, Number.MAX_SAFE_INTEGER) };
    case 'lobby':
      only(o, ['t', 'watch']);
      return { t: 'lobby', watch: bool(o, 'watch') };
    case 'create': {
      only(o, ['t', 'req', 'game', 'rules', 'start', 'seats', 'clock', 'listed', 'name', 'seat']);
      const game = o.game;
      if (typeof game !== 'string' || !(ROOM_GAMES as readonly string[]).includes(game)) fail(`"game" must be one of ${ROOM_GAMES.join(', ')}`);
      if (!Array.isArray(o.seats) || o.seats.length < 2 || o.seats.length > MAX_SEATS) fail(`"seats" must list 2 to ${MAX_SEATS} seats`);
      const seats = o.seats.map(seatSpec);
      const seat = o.seat === null ? null : int(o, 'seat', 0, seats.length - 1);
      if (seat !== null && seats[seat].kind !== 'human') fail('the creator can only take a human seat');
      const m: ClientMessage = {
        t: 'create',
        req: req(),
        game: game as RoomGame,
        seats,
        clock: clockSpec(o.clock === undefined ? null : o.clock),
        listed: bool(o, 'listed'),
        name: str(o, 'name', limits.maxNameLength),
        seat,
      };
      if (o.rules !== undefined) m.rules = plainValue(o.rules, 'rules');
      if (o.start !== undefined) m.start = plainValue(o.start, 'start');
      return m;
    }
    case 'join': {
      only(o, ['t', 'req', 'room', 'token', 'seat', 'name', 'since']);
      const m: ClientMessage = { t: 'join', req: req(), room: id(o, 'room') };
      const token = optional(o, 'token', id);
      const seat = optional(o, 'seat', (x, k) => int(x, k, 0, MAX_SEATS - 1));
      const name = optional(o, 'name', (x, k) => str(x, k, limits.maxNameLength));
      const since = optional(o, 'since', (x, k) => int(x, k, 0, Number.MAX_SAFE_INTEGER));
      if (token !== undefined && seat !== undefined) fail('send either a token (to resume a seat) or a seat (to take one), not both');
      if (token !== undefined) m.token = token;
      if (seat !== undefined) m.seat = seat;
      if (name !== undefined) m.name = name;
      if (since !== undefined) m.since = since;
      return m;
    }
    case 'leave':
      only(o, ['t', 'room']);
      return { t: 'leave', room: id(o, 'room') };
    case 'move':
      only(o, ['t', 'room', 'ack', 'version', 'move']);
      return { t: 'move', room: id(o, 'room'), ack: id(o, 'ack'), version: version(), move: str(o, 'move', 512) };
    case 'resign':
      only(o, ['t', 'room', 'ack']);
      return { t: 'resign', room: id(o, 'room'), ack: id(o, 'ack') };
    case 'takeback': {
      only(o, ['t', 'room', 'ack', 'version', 'op']);
      const op = o.op;
      if (op !== 'offer' && op !== 'accept' && op !== 'decline' && op !== 'cancel') fail('"op" must be offer, accept, decline or cancel');
      return { t: 'takeback', room: id(o, 'room'), ack: id(o, 'ack'), version: version(), op };
    }
    case 'chat':
      only(o, ['t', 'room', 'ack', 'text']);
      return { t: 'chat', room: id(o, 'room'), ack: id(o, 'ack'), text: str(o, 'text', limits.maxChatLength) };
    default:
      throw new Refusal('unknown-type', typeof o.t === 'string' ? `unknown message type "${o.t.slice(0, 40)}"` : 'a message needs its type in "t"');
  }
}

/** A server's frame read by a client: JSON with a known `t`, or null (a client ignores what it cannot read). */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const t = (v as { t?: unknown }).t;
    const known = ['welcome', 'pong', 'error', 'ack', 'created', 'joined', 'snapshot', 'event', 'lobby'];
    return typeof t === 'string' && known.includes(t) ? (v as ServerMessage) : null;
  } catch {
    return null;
  }
}

/**
 * A name or chat line made safe to store and show: control and bidi-override characters removed, whitespace
 * collapsed, trimmed, cut to `max` characters. (Every client still escapes it: this keeps lines readable.)
 */
export function cleanText(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const stripped = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ');
  return [...stripped.replace(/\s+/g, ' ').trim()].slice(0, max).join('');
}

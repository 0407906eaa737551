/**
 * Seeded random and mutated client frames for the fuzz test, each with what the spec says the server must do with
 * it. A frame is built from a valid message (a move, a join, a chat …, aimed at the real rooms of the test) and then
 * mutated (fields dropped, retyped, huge, negative, unicode, other rooms' ids and tokens, bad moves, unknown
 * kinds) or replaced at the byte level (not JSON, deep JSON, truncated, binary, oversized). The protocol's own
 * parser (`parseClientMessage`, the server's first check) and a local engine position then decide whether the
 * server must refuse it; a frame the server could rightly accept (a legal move in turn, a valid join, a chat …) is
 * never sent, so every frame sent is a bad one: it must get exactly one answer (an `error` or a refusing `ack`),
 * or, for a giant frame, a close.
 */
import { Rng, gameDefinition } from '@qi/engine';
import { cleanText, parseClientMessage, type Limits, type RoomGame } from '@qi/protocol';
import type { LocalGame } from '../testing/games.js';

/** A room of the fuzz, as the generator knows it. */
export interface FuzzRoom {
  room: string;
  code: string;
  game: RoomGame;
  /** The seats' tokens. */
  tokens: string[];
  status: 'playing' | 'over';
  /** The local position (constant during the fuzz: no frame may change it). */
  local: LocalGame;
  /** The version of the last event that changed the position: a move made against an older one is stale. */
  positionVersion: number;
  /** The room's version when the fuzz started (versions only grow). */
  version: number;
  /** Ack ids accepted before the fuzz, per seat (resent as duplicates), and the version each was accepted at. */
  accepted: string[][];
  acceptedVersion: Map<string, number>;
  /** Some legal moves' text in the position (for near-miss mutations). */
  legal: string[];
}

/** Who sends a frame: a connection before hello, a hello'd outsider (spectator at most), or a seated player. */
export type Sender = { kind: 'fresh' } | { kind: 'outsider' } | { kind: 'seated'; room: number; seat: number };

/** What the server must do with a frame. */
export type Expect =
  /** Exactly one answer: an `error`, or an `ack` with ok false (or, for `dup`, the remembered answer of that ack id). */
  | 'answer'
  /** Either one answer (`too-large`) or a close with 1009 (ws maxPayload): a frame just over the limit. */
  | 'answer-or-close'
  /** A close (code 1009): a frame far over any size limit. */
  | 'close';

/** One frame to send. */
export interface FuzzFrame {
  data: string | Buffer;
  binary: boolean;
  expect: Expect;
  /** The ack id its answer carries (a refusing ack), when the frame has a readable one the server reads. */
  ack?: string;
  /** The req its answer carries (an error for a create or join), when it has one. */
  req?: number;
  /** A resend of an ack id accepted before the fuzz (its answer may be that acceptance again). */
  dup?: boolean;
  /** What kind of frame this is, for the report. */
  kind: string;
}

const KINDS = ['hello', 'ping', 'lobby', 'create', 'join', 'leave', 'move', 'resign', 'takeback', 'chat'] as const;
const ROOM_ACTIONS = new Set(['move', 'resign', 'takeback', 'chat']);

/** Awkward text: unicode of every kind (emoji, RTL overrides, zero-width, NUL, lone surrogates, combining marks). */
const UNICODE = ['😀', '\u202e', '\u200b', '\u0000', '\ud800', '\udfff', 'e\u0301', '漢字', '\ufeff', '\u2066x\u2069', '\r\n', '\t', '\\', '"', '<script>', 'ｄ４', 'Ｄ4'];
/** Move texts that are not moves, or not here. */
const MOVE_JUNK = ['', ' ', 'pass ', 'PASS', 'resign', 'leave', 'Z99', 'A0', 'T20', 'I5', 'a1', 'd3', 'D44', '4D', 'D-4', 'q1-o1', 'a1-b2-c3', 'e13-e11', 'n2-l2-j2', 'x', '-', '--', 'null', 'A1'.repeat(200), 'D4 D5'];

/** Values of the wrong type or range for any field. */
function junkValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(20)) {
    case 0: return null;
    case 1: return true;
    case 2: return 0;
    case 3: return -1;
    case 4: return 1.5;
    case 5: return 2 ** 53 + 2;
    case 6: return 1e308;
    case 7: return -1e308;
    case 8: return '';
    case 9: return 'x'.repeat(1 + rng.int(600));
    case 10: return UNICODE[rng.int(UNICODE.length)];
    case 11: return [];
    case 12: return {};
    case 13: return depth < 3 ? [junkValue(rng, depth + 1), junkValue(rng, depth + 1)] : 1;
    case 14: return depth < 3 ? { t: junkValue(rng, depth + 1) } : 'y';
    case 15: return deepObject(1 + rng.int(40));
    case 16: return String(rng.next());
    case 17: return -rng.int(1000) - 1;
    case 18: return rng.next() * 1e6;
    default: return Array.from({ length: rng.int(5) }, () => UNICODE[rng.int(UNICODE.length)]).join('');
  }
}

function deepObject(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.int(list.length)];
}

/** A plausible room reference: a real room's id or code (any case), a near miss, or a room that does not exist. */
function roomRef(rng: Rng, rooms: FuzzRoom[], own: number | null): string {
  const r = own !== null && rng.int(2) === 0 ? rooms[own] : pick(rng, rooms);
  switch (rng.int(6)) {
    case 0: return r.code;
    case 1: return r.code.toLowerCase();
    case 2: return r.room.slice(0, -1) + (r.room.endsWith('A') ? 'B' : 'A');
    case 3: return 'nosuchroom12';
    default: return r.room;
  }
}

/** The valid message a frame starts from. */
function template(rng: Rng, rooms: FuzzRoom[], sender: Sender, ackId: () => string, req: () => number): Record<string, unknown> {
  const own = sender.kind === 'seated' ? sender.room : null;
  const r = own !== null ? rooms[own] : pick(rng, rooms);
  const kind = pick(rng, ['move', 'move', 'move', 'move', 'join', 'join', 'chat', 'takeback', 'resign', 'create', 'create', 'lobby', 'ping', 'leave', 'hello'] as const);
  const version = (): number => {
    switch (rng.int(5)) {
      case 0: return 0;
      case 1: return Math.max(0, r.positionVersion - 1 - rng.int(3));
      case 2: return r.version;
      case 3: return r.version + 1 + rng.int(100);
      default: return r.positionVersion;
    }
  };
  switch (kind) {
    case 'move': {
      const other = pick(rng, rooms);
      const source = rng.int(3) === 0 ? r.legal : rng.int(2) === 0 ? MOVE_JUNK : other.legal;
      const move = pick(rng, source.length > 0 ? source : MOVE_JUNK);
      return { t: 'move', room: roomRef(rng, rooms, own), ack: ackId(), version: version(), move };
    }
    case 'join': {
      const m: Record<string, unknown> = { t: 'join', req: req(), room: roomRef(rng, rooms, own) };
      const c = rng.int(4);
      if (c === 0) m.token = pick(rng, pick(rng, rooms).tokens);
      else if (c === 1) m.token = Buffer.from(Array.from({ length: 24 }, () => rng.int(256))).toString('base64url');
      else if (c === 2) (m.seat = rng.int(6)), (m.name = pick(rng, ['Eve', ...UNICODE]));
      if (rng.int(2) === 0) m.since = rng.int(3) === 0 ? 0 : rng.int(r.version + 5);
      return m;
    }
    case 'chat':
      return { t: 'chat', room: roomRef(rng, rooms, own), ack: ackId(), text: pick(rng, [' ', '\u200b\u200b', '\u0000\u0001', '\u202e', '', 'hello', '你好', ...UNICODE]) };
    case 'takeback':
      return { t: 'takeback', room: roomRef(rng, rooms, own), ack: ackId(), version: version(), op: pick(rng, ['offer', 'accept', 'decline', 'cancel']) };
    case 'resign':
      return { t: 'resign', room: roomRef(rng, rooms, own), ack: ackId() };
    case 'create': {
      const game = pick(rng, ['go', 'gomoku', 'reversi', 'checkers'] as const);
      const badRules: Record<RoomGame, unknown[]> = {
        go: [{ size: 1 }, { size: 26 }, { size: 9.5 }, { komi: 0.3 }, { ko: 'never' }, { scoring: 'japanese' }, { colour: 'blue' }, { size: '19' }],
        gomoku: [{ size: 4 }, { size: 21 }, { rule: 'chess' }, { size: 15, extra: 1 }],
        reversi: [{ size: 8 }, { variant: 'x' }],
        checkers: [{ players: 5 }, { players: 7 }, { board: 'hex' }, { board: 'square8', players: 3 }, { turnCap: -1 }, { jumpOver: 'none' }],
      };
      const m: Record<string, unknown> = {
        t: 'create',
        req: req(),
        game,
        rules: rng.int(5) === 0 ? {} : pick(rng, badRules[game]),
        seats: Array.from({ length: 2 + rng.int(5) }, () => (rng.int(4) === 0 ? { kind: 'qi', level: 1 + rng.int(10) } : { kind: 'human' })),
        clock: rng.int(2) === 0 ? null : { initialMs: 60_000, incrementMs: 0 },
        listed: rng.int(2) === 0,
        name: pick(rng, ['Mallory', ...UNICODE]),
        seat: 0,
      };
      if (rng.int(4) === 0) m.start = pick(rng, [{ black: ['Z99'] }, { toMove: 'green' }, { handicap: 99 }, { board: 'xx' }, 'start', 7]);
      return m;
    }
    case 'lobby':
      return { t: 'lobby', watch: rng.int(2) === 0 };
    case 'ping':
      return { t: 'ping', id: rng.int(1000), clientTime: Date.now() };
    case 'leave':
      return { t: 'leave', room: roomRef(rng, rooms, own) };
    default:
      return { t: 'hello', protocol: rng.int(3) === 0 ? 1 : rng.int(5) };
  }
}

/** Mutates a message in place: a field dropped, retyped, renamed, added, or its kind changed. */
function mutate(rng: Rng, m: Record<string, unknown>, rooms: FuzzRoom[]): void {
  const keys = Object.keys(m);
  const k = pick(rng, keys);
  switch (rng.int(10)) {
    case 0:
      delete m[k];
      break;
    case 1:
    case 2:
      m[k] = junkValue(rng);
      break;
    case 3:
      m[pick(rng, ['x', 'seat', 'token', 'since', '__proto__', 'constructor', 'ack', 'version', 'req', 'room'])] = junkValue(rng);
      break;
    case 4:
      m.t = rng.int(2) === 0 ? pick(rng, KINDS) : junkValue(rng);
      break;
    case 5:
      if ('version' in m) m.version = pick(rng, [-1, -0.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '3', 1e21]);
      else m[k] = junkValue(rng);
      break;
    case 6:
      if ('ack' in m) m.ack = pick(rng, ['', 'a'.repeat(65), 'ack id', 'ä', '../x', 7, null]);
      else m[k] = junkValue(rng);
      break;
    case 7:
      if ('token' in m || 'room' in m) m.token = pick(rng, [...pick(rng, rooms).tokens, '', '!!', 'x'.repeat(70)]);
      else m[k] = junkValue(rng);
      break;
    case 8:
      if ('move' in m) m.move = `${String(m.move)}${pick(rng, UNICODE)}`;
      else m[k] = junkValue(rng);
      break;
    default:
      if ('room' in m) m.room = pick(rng, ['', 'x', 'a'.repeat(65), 'room id', pick(rng, rooms).room.toLowerCase(), 'ABCDEF']);
      else m[k] = junkValue(rng);
  }
}

/** A frame that is not a JSON object at all, or is broken on the way. */
function junkText(rng: Rng, valid: string, limits: Limits): string {
  switch (rng.int(12)) {
    case 0: return '';
    case 1: return pick(rng, ['null', '[]', '1', '"move"', 'true', '{}', '[{"t":"move"}]', ' ', '\n', '{"__proto__":{"t":"move"},"t":"ping","id":1,"clientTime":1}', '{"t":"ping","id":1e400,"clientTime":0}', '{"t":"move","t":"chat"}']);
    case 2: return valid.slice(0, rng.int(valid.length));
    case 3: return valid + pick(rng, ['}', ',', 'x', ']']);
    case 4: {
      const n = Math.min(Math.floor((limits.maxMessageBytes - 2) / 2), 1 + rng.int(9000));
      return '['.repeat(n) + ']'.repeat(n);
    }
    case 5: {
      const n = 1 + rng.int(3000);
      return '{"t":"create","rules":' + '{"a":'.repeat(n) + '1' + '}'.repeat(n) + '}';
    }
    case 6: return Array.from({ length: 1 + rng.int(200) }, () => String.fromCharCode(rng.int(0x3000))).join('');
    case 7: return '\ufeff' + valid;
    case 8: return valid.replace('{', '{"t":"chat",');
    case 9: return 'hello';
    case 10: return JSON.stringify(valid);
    default: return valid.replace(/"/g, "'");
  }
}

/**
 * Whether the server may accept (or answer other than with one refusal) this parsed message from this sender. The
 * generator never sends such a frame. Conservative: when in doubt, true.
 */
function mayAccept(message: Record<string, unknown>, sender: Sender, rooms: FuzzRoom[]): boolean {
  const t = message.t as string;
  const find = (ref: unknown): number => rooms.findIndex((r) => r.room === ref || (typeof ref === 'string' && r.code === ref.toUpperCase()));
  switch (t) {
    case 'hello':
    case 'ping':
    case 'lobby':
    case 'leave':
      return true; // answered (welcome, pong, lobby) or silent by the spec: not a bad frame
    case 'create': {
      // Refused only when the engine refuses the rules, the start, or the seat count; a valid create is not sent.
      // (A Chinese Checkers room without rules.players is played by as many players as it has seats.)
      try {
        const d = gameDefinition(message.game as string);
        const seats = (message.seats as unknown[]).length;
        let partial = (message.rules ?? {}) as Record<string, unknown>;
        if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) return false;
        if (message.game === 'checkers' && partial.players === undefined) partial = { ...partial, players: seats };
        const rules = d.rules(partial);
        const start = message.start === undefined || message.start === null ? undefined : d.start(message.start, rules);
        const pos = d.create(rules, start);
        return pos.playerCount === seats && !pos.isTerminal();
      } catch {
        return false;
      }
    }
    case 'join': {
      const i = find(message.room);
      if (i < 0) return false; // no-room
      if (message.token !== undefined) return rooms[i].tokens.includes(message.token as string); // resuming a real seat
      if (message.seat !== undefined) return false; // every seat of every fuzz room is taken: seat-taken / bad-seat
      return true; // a spectator's join is fine
    }
    default: {
      if (!ROOM_ACTIONS.has(t)) return true;
      const i = find(message.room);
      if (i < 0 || sender.kind !== 'seated' || sender.room !== i) return false; // no-room / not-seated
      const r = rooms[i];
      // Seated players may chat in a finished game too.
      if (t === 'chat') return cleanText(message.text as string, 1000) !== '';
      if (r.status === 'over') return false;
      const turn = r.local.toMove() === sender.seat;
      if (t === 'resign') return r.game !== 'checkers' || turn; // two-player games end; checkers: leave on one's turn
      if (t === 'takeback') return message.op === 'offer';
      // a move
      if (!turn) return false;
      if ((message.version as number) < r.positionVersion) return false; // stale
      return r.local.mightAccept(message.move as string);
    }
  }
}

/** Builds seeded fuzz frames for the given rooms and limits. */
export class FuzzFrames {
  private readonly rng: Rng;
  private nextAck = 1;
  private nextReq = 1;
  /** Frames built and not sent because the server could have accepted them, by kind. */
  readonly skipped = new Map<string, number>();

  constructor(seed: number, private readonly rooms: FuzzRoom[], private readonly limits: Limits) {
    this.rng = new Rng(seed);
  }

  private ackId = (): string => `fz${this.nextAck++}`;
  private req = (): number => this.nextReq++;

  /** The next bad frame for `sender` (and what the server must do with it). */
  next(sender: Sender, allowClose: boolean): FuzzFrame {
    for (;;) {
      const f = this.build(sender, allowClose);
      if (f !== null) return f;
    }
  }

  private build(sender: Sender, allowClose: boolean): FuzzFrame | null {
    const rng = this.rng;
    const roll = rng.int(100);
    // A resend of an ack id a seat had accepted: the same answer again, or a refusal; never a second move.
    if (sender.kind === 'seated' && roll < 3) {
      const r = this.rooms[sender.room];
      const ids = r.accepted[sender.seat];
      if (ids.length > 0) {
        const ack = pick(rng, ids);
        const move = pick(rng, r.legal.length > 0 ? r.legal : MOVE_JUNK);
        // Made against a stale version, so that a server that has forgotten the id (128 newer ones) refuses it too.
        return { data: JSON.stringify({ t: 'move', room: r.room, ack, version: rng.int(r.positionVersion), move }), binary: false, expect: 'answer', ack, dup: true, kind: 'duplicate ack' };
      }
    }
    const m = template(rng, this.rooms, sender, this.ackId, this.req);
    const mutations = rng.int(4);
    for (let i = 0; i < mutations; i++) mutate(rng, m, this.rooms);
    let text: string;
    try {
      text = JSON.stringify(m) ?? 'undefined';
    } catch {
      text = '{';
    }
    const shape = rng.int(100);
    if (shape < 12) text = junkText(rng, text, this.limits);
    if (shape >= 12 && shape < 14 && allowClose) {
      // Just over the size limit: `too-large`, or a close if the server's maxPayload sits right at it.
      const pad = this.limits.maxMessageBytes + 1 + rng.int(64);
      text = JSON.stringify({ t: 'chat', room: this.rooms[0].room, ack: this.ackId(), text: 'x'.repeat(pad) });
      return this.frame(text, false, sender, 'answer-or-close', 'oversized');
    }
    if (shape === 14 && allowClose) {
      // Far over any limit: the ws layer closes the connection (1009).
      return { data: 'x'.repeat(1024 * 1024 + rng.int(1024)), binary: false, expect: 'close', kind: 'giant' };
    }
    const binary = shape >= 15 && shape < 19;
    if (binary && rng.int(2) === 0) {
      // Random bytes, often not UTF-8 at all.
      const bytes = Buffer.from(Array.from({ length: 1 + rng.int(300) }, () => rng.int(256)));
      return this.frame(bytes, true, sender, 'answer', 'binary bytes');
    }
    return this.frame(binary ? Buffer.from(text, 'utf8') : text, binary, sender, 'answer', binary ? 'binary json' : this.kindOf(text));
  }

  private kindOf(text: string): string {
    try {
      const v = JSON.parse(text) as unknown;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        const t = (v as { t?: unknown }).t;
        return typeof t === 'string' && (KINDS as readonly string[]).includes(t) ? `${t}` : 'unknown kind';
      }
      return 'not an object';
    } catch {
      return 'not json';
    }
  }

  /** Checks a frame against the parser and the rooms; null when the server could rightly accept it. */
  private frame(data: string | Buffer, binary: boolean, sender: Sender, expect: Expect, kind: string): FuzzFrame | null {
    // A binary frame is judged as if the server read its bytes as text too: it must be refused either way.
    const text = typeof data === 'string' ? data : data.toString('utf8');
    const parsed = parseClientMessage(text, this.limits);
    let ack: string | undefined;
    let req: number | undefined;
    if (parsed.ok) {
      const message = parsed.message as unknown as Record<string, unknown>;
      if (sender.kind === 'fresh' && message.t === 'hello') return this.skip('hello before hello');
      if (sender.kind !== 'fresh' && mayAccept(message, sender, this.rooms)) return this.skip(kind);
      ack = typeof message.ack === 'string' ? message.ack : undefined;
      req = typeof message.req === 'number' ? message.req : undefined;
      if (ack !== undefined && sender.kind === 'seated' && this.rooms[sender.room].accepted[sender.seat].includes(ack)) return this.skip('an accepted ack id');
      // Before hello every parsed message is answered `protocol`, with neither ack nor req.
      if (sender.kind === 'fresh') (ack = undefined), (req = undefined);
    } else {
      ack = parsed.ack;
      req = parsed.ack === undefined ? parsed.req : undefined;
      if (sender.kind === 'fresh' && /"t"\s*:\s*"hello"/.test(text)) return this.skip('hello before hello');
      if (ack !== undefined && sender.kind === 'seated' && this.rooms[sender.room].accepted[sender.seat].includes(ack)) return this.skip('an accepted ack id');
    }
    // A binary or oversized frame is refused before it is read: its answer carries neither.
    if (binary || expect !== 'answer') (ack = undefined), (req = undefined);
    return { data, binary, expect, ...(ack === undefined ? {} : { ack }), ...(req === undefined ? {} : { req }), kind };
  }

  private skip(kind: string): null {
    this.skipped.set(kind, (this.skipped.get(kind) ?? 0) + 1);
    return null;
  }
}

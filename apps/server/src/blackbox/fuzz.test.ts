/**
 * Fuzz: 20,000 seeded random and mutated frames (see fuzz-frames.ts) sent to the real server while five rooms
 * are in progress (Go, Reversi, Gomoku, Chinese Checkers playing; a Go game over), from seated players, hello'd
 * outsiders and a connection that never said hello. The server must stay up (/health at the end), answer every
 * frame with exactly one `error` or refusing `ack` (a frame far over the size limit closes the connection instead:
 * reconnect and go on, counted), and change no game: the rooms' snapshots before and after are the same apart from
 * presence and spectators, and a watcher sees no event but presence meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { DEFAULT_LIMITS, type Limits, type RoomGame, type RoomSnapshot, type ServerMessage } from '@qi/protocol';
import { TestClient, describe as show } from '../testing/client.js';
import { health, spawnServer, type SpawnedServer } from '../testing/spawn.js';
import { FuzzFrames, type FuzzFrame, type FuzzRoom, type Sender } from './fuzz-frames.js';
import { playRandom, startGame, type TwoPlayerGame } from './setup.js';

/** Frames in all (a fixed count: the test's budget, whatever the machine's speed). */
const FRAMES = 20_000;
const SEED = 0x5eed;
/** Server arguments that raise the rate limit (default 20/s a connection), so fewer connections finish sooner. */
const FUZZ_SERVER_ARGS: string[] = ['--rate', '100', '--burst', '200'];

let server: SpawnedServer;
const games: TwoPlayerGame[] = [];
const extra: TestClient[] = [];

beforeAll(async () => {
  server = await spawnServer({ args: FUZZ_SERVER_ARGS, graceMs: 60_000 });
}, 60_000);

afterAll(async () => {
  await Promise.all([...games.flatMap((g) => g.players), ...extra].map((c) => c.close()));
  await server?.kill('SIGKILL');
  server?.cleanup();
});

/** A snapshot without what the fuzz may change: presence, spectators, the version (presence events) and clock readings. */
function gameState(s: RoomSnapshot): unknown {
  return { ...s, version: undefined, spectators: undefined, clocks: s.clocks === null ? null : { running: s.clocks.running }, seats: s.seats.map((x) => ({ ...x, presence: undefined })) };
}

/** A frame sent on the current connection and the answer matched to it (null until it comes). */
interface Book {
  frame: FuzzFrame;
  answer: ServerMessage | null;
}

/** One fuzzing connection and its books: frames sent, their answers, closes, problems found. */
interface Fuzzer {
  client: TestClient;
  sender: Sender;
  /** Every frame sent, in order. */
  frames: FuzzFrame[];
  /** The frames of the current connection expecting an answer. */
  books: Book[];
  sent: number;
  answered: number;
  deliberateCloses: number;
  unansweredAtClose: number;
  problems: string[];
  /** Accepted ack ids and their versions (a duplicate's ok answer must repeat it). */
  acceptedVersion: Map<string, number>;
}

/** Frames of a connection still waiting for an answer. */
function unanswered(f: Fuzzer): number {
  let n = 0;
  for (const b of f.books) if (b.answer === null) n++;
  return n;
}

/**
 * Matches an answer to the frame it answers. Answers need not come in order (the server answers room actions after
 * the room's queue, parse errors at once), so: an ack by its ack id, an error by its req, else the oldest frame
 * whose answer carries neither.
 */
function record(f: Fuzzer, m: ServerMessage): void {
  const open = (b: Book): boolean => b.answer === null;
  let book: Book | undefined;
  if (m.t === 'ack') book = f.books.find((b) => open(b) && b.frame.ack === m.ack);
  else if ('req' in m && m.req !== undefined) book = f.books.find((b) => open(b) && b.frame.req === m.req && b.frame.ack === undefined);
  book ??= f.books.find((b) => open(b) && b.frame.ack === undefined && b.frame.req === undefined);
  if (book === undefined) {
    f.problems.push(`${f.client.name}: an answer to no frame sent: ${show(m)}`);
    return;
  }
  book.answer = m;
  const fr = book.frame;
  if (m.t === 'ack' && m.ok) {
    if (!fr.dup) f.problems.push(`${f.client.name}: the bad frame ${preview(fr)} was ACCEPTED: ${show(m)}`);
    else if (f.acceptedVersion.get(m.ack) !== m.version) f.problems.push(`${f.client.name}: a resent ack id ${m.ack} answered ok at version ${m.version}, first accepted at ${f.acceptedVersion.get(m.ack)}`);
  } else if (m.t === 'created' || m.t === 'joined') {
    f.problems.push(`${f.client.name}: the bad frame ${preview(fr)} was ACCEPTED: ${show(m)}`);
  }
}

describe('fuzz', () => {
  it(`answers ${FRAMES} bad frames one each, never crashes, never changes a game`, { timeout: 240_000 }, async () => {
    const url = server.url;
    const rng = new Rng(SEED);
    // ---- rooms in progress ----
    const specs: [RoomGame, object, number][] = [
      ['go', { size: 9 }, 6],
      ['reversi', {}, 5],
      ['gomoku', { size: 15 }, 4],
      ['checkers', { players: 2 }, 3],
      ['go', { size: 9 }, 2],
    ];
    for (const [game, rules, moves] of specs) {
      const g = await startGame(url, game, rules, { clock: game === 'reversi' ? { initialMs: 600_000, incrementMs: 1000 } : null, names: [`${game}${games.length}a`, `${game}${games.length}b`] });
      games.push(g);
      for (let i = 0; i < moves; i++) await playRandom(g, rng);
    }
    const overGame = games[4];
    const resign = await overGame.players[0].act({ t: 'resign', room: overGame.room });
    expect(resign.ok, `resign: ${show(resign)}`).toBe(true);
    for (const p of overGame.players) await p.waitUntil(() => p.rooms.get(overGame.room)!.status === 'over', 'the resigned game is over');

    const limits: Limits = games[0].players[0].limits ?? DEFAULT_LIMITS;
    const rooms: FuzzRoom[] = games.map((g) => {
      const view = g.players[0].rooms.get(g.room)!;
      const acceptedVersion = new Map<string, number>();
      const accepted: string[][] = [[], []];
      for (const m of g.acked) {
        accepted[m.seat].push(m.ack);
        acceptedVersion.set(m.ack, m.version);
      }
      const legal: string[] = [];
      const lr = new Rng(g.acked.length + 7);
      for (let i = 0; i < 8; i++) {
        const m = g.local.randomMove(lr);
        if (m !== null && !legal.includes(m)) legal.push(m);
      }
      return {
        room: g.room,
        code: g.code,
        game: g.game,
        tokens: g.players.map((p) => p.rooms.get(g.room)!.token!),
        status: view.status === 'over' ? 'over' : 'playing',
        local: g.local,
        positionVersion: view.positionVersion,
        version: view.version,
        accepted,
        acceptedVersion,
        legal,
      };
    });
    // Resign's ack id is an accepted one too (its answer is remembered as ok).
    rooms[4].accepted[0].push(resign.ack);
    if (resign.ok) rooms[4].acceptedVersion.set(resign.ack, resign.version);

    // ---- the watcher: every event during the fuzz, and the snapshots before ----
    const watcher = await TestClient.connect(url, { name: 'watcher' });
    extra.push(watcher);
    const before = new Map<string, RoomSnapshot>();
    for (const r of rooms) {
      await watcher.join(r.room);
      before.set(r.room, watcher.rooms.get(r.room)!.snapshot!);
    }
    const duringFuzz: { room: string; version: number; kind: string }[] = [];
    watcher.onMessage((m) => {
      if (m.t === 'event') duringFuzz.push({ room: m.room, version: m.version, kind: m.event.kind });
    });

    // ---- the fuzzers: the ten seated players, outsiders, and one connection that never says hello ----
    const rate = Math.max(1, Math.floor(limits.messagesPerSecond * 0.6));
    const burst = Math.max(1, Math.min(Math.floor(limits.messageBurst / 3), rate));
    const targetSeconds = 15;
    const connections = Math.max(12, Math.min(60, Math.ceil(FRAMES / (rate * targetSeconds))));
    const fuzzers: Fuzzer[] = [];
    let counting = false;
    const fuzzer = (client: TestClient, sender: Sender): Fuzzer => {
      const f: Fuzzer = { client, sender, frames: [], books: [], sent: 0, answered: 0, deliberateCloses: 0, unansweredAtClose: 0, problems: [], acceptedVersion: new Map(rooms.flatMap((r) => [...r.acceptedVersion])) };
      client.onMessage((m) => {
        if (!counting) return;
        if (m.t === 'error' || m.t === 'ack' || m.t === 'created' || m.t === 'joined') record(f, m);
        else if (m.t === 'welcome' && f.books.length > 0) f.problems.push(`${client.name}: a welcome in the middle of a connection`);
        else if (m.t === 'lobby') f.problems.push(`${client.name}: a lobby the fuzz never asked for`);
      });
      fuzzers.push(f);
      return f;
    };
    games.forEach((g, i) => g.players.forEach((p, seat) => fuzzer(p, { kind: 'seated', room: i, seat })));
    for (let i = fuzzers.length; i < connections - 1; i++) {
      const c = await TestClient.connect(url, { name: `outsider${i}` });
      extra.push(c);
      if (i % 2 === 0) await c.join(rooms[i % rooms.length].room);
      fuzzer(c, { kind: 'outsider' });
    }
    const fresh = await TestClient.connect(url, { name: 'fresh', hello: false, heartbeat: false });
    extra.push(fresh);
    fuzzer(fresh, { kind: 'fresh' });
    for (const f of fuzzers) if (f.sender.kind !== 'fresh') await f.client.sync();
    counting = true;

    // ---- send: each connection its share, paced under the rate limit ----
    const generators = fuzzers.map((_, i) => new FuzzFrames(SEED + 1 + i, rooms, limits));
    const share = (i: number): number => Math.floor(FRAMES / fuzzers.length) + (i < FRAMES % fuzzers.length ? 1 : 0);
    const t0 = Date.now();
    await Promise.all(fuzzers.map((f, i) => runFuzzer(f, generators[i], share(i), rate, burst)));
    const seconds = (Date.now() - t0) / 1000;

    // ---- every frame answered once (the barrier: a ping's pong follows every answer before it) ----
    for (const f of fuzzers) await settle(f);
    const totalSent = fuzzers.reduce((n, f) => n + f.sent, 0);
    const totalAnswered = fuzzers.reduce((n, f) => n + f.answered, 0);
    const closes = fuzzers.reduce((n, f) => n + f.deliberateCloses, 0);
    const unanswered = fuzzers.reduce((n, f) => n + f.unansweredAtClose, 0);
    const kinds = new Map<string, number>();
    for (const f of fuzzers) for (const fr of f.frames) kinds.set(fr.kind, (kinds.get(fr.kind) ?? 0) + 1);
    const skipped = new Map<string, number>();
    for (const gen of generators) for (const [k, n] of gen.skipped) skipped.set(k, (skipped.get(k) ?? 0) + n);
    console.log(
      `fuzz: ${totalSent} frames on ${fuzzers.length} connections in ${seconds.toFixed(1)} s (${(totalSent / seconds).toFixed(0)}/s, rate ${rate}/s a connection of the server's ${limits.messagesPerSecond}); ` +
        `${totalAnswered} answered, ${closes} deliberate closes (${unanswered} frames sent before a close unanswered)\n  by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}\n  not sent (the server could accept them): ${[...skipped].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
    const problems = fuzzers.flatMap((f) => f.problems);
    if (problems.length > 0) console.log(`fuzz: ${problems.length} problems; the server's stderr ends: ${server.stderr().slice(-3000)}`);
    expect(problems.slice(0, 30), `${problems.length} problems`).toEqual([]);
    expect(totalSent).toBe(FRAMES);
    const giants = fuzzers.reduce((n, f) => n + f.frames.filter((x) => x.expect === 'close').length, 0);
    expect(totalAnswered + unanswered, 'every frame but the giant ones answered or cut off by its own close').toBe(FRAMES - giants);

    // ---- alive, and no game changed ----
    expect(server.alive(), `the server died: ${server.stderr().slice(-2000)}`).toBe(true);
    const h = await health(url);
    expect(h.status).toBe(200);
    const changes = duringFuzz.filter((e) => e.kind !== 'presence');
    expect(changes, 'no event but presence while fuzzing').toEqual([]);
    const check = await TestClient.connect(url, { name: 'checker' });
    extra.push(check);
    for (const r of rooms) {
      await check.join(r.room);
      expect(gameState(check.rooms.get(r.room)!.snapshot!), `room ${r.game} ${r.room} unchanged`).toEqual(gameState(before.get(r.room)!));
    }
    // The rooms still play: the seat to move in the Go game makes a legal move.
    const g0 = games[0];
    for (const p of g0.players) await p.sync();
    const m = await playRandom(g0, new Rng(99));
    expect(m.version).toBeGreaterThan(rooms[0].version);
  });
});

describe('rate limit', () => {
  it('answers a flood with rate errors and closes it (1008)', { timeout: 60_000 }, async () => {
    const c = await TestClient.connect(server.url, { name: 'flood', heartbeat: false });
    extra.push(c);
    const limits = c.limits ?? DEFAULT_LIMITS;
    const count = limits.messageBurst * 4 + 10;
    const answers: ServerMessage[] = [];
    c.onMessage((m) => answers.push(m));
    const closed = c.waitClosed('the flood is closed', 20_000);
    for (let i = 0; i < count && c.isOpen; i++) c.sendRaw('{}');
    const close = await closed;
    const codes = new Map<string, number>();
    for (const a of answers) codes.set(a.t === 'error' ? a.code : a.t, (codes.get(a.t === 'error' ? a.code : a.t) ?? 0) + 1);
    console.log(`rate: ${count} frames at once (burst ${limits.messageBurst}, ${limits.messagesPerSecond}/s): answers ${[...codes].map(([k, n]) => `${k} ${n}`).join(', ')}; closed ${close.code} ${close.reason}`);
    expect(close.code).toBe(1008);
    expect(codes.get('rate') ?? 0).toBeGreaterThan(0);
    expect(answers.every((a) => a.t === 'error')).toBe(true);
    expect(answers.length).toBeLessThanOrEqual(count);
    expect(server.alive()).toBe(true);
  });
});

function preview(f: FuzzFrame | undefined): string {
  if (f === undefined) return 'none';
  const text = typeof f.data === 'string' ? f.data : `<${f.data.length} binary bytes>`;
  return `[${f.kind}] ${text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text}`;
}

/** Waits for every frame of the current connection to be answered, then closes its books. */
async function settle(f: Fuzzer): Promise<void> {
  if (f.client.isOpen) {
    try {
      await f.client.waitUntil(() => unanswered(f) === 0 || !f.client.isOpen, `answers to all ${f.books.length} frames`, 15_000);
    } catch {
      // Named below, frame by frame.
    }
  }
  closeBooks(f, null);
}

/** Counts a connection's frames as answered or not; unanswered ones are problems unless a deliberate close explains one. */
function closeBooks(f: Fuzzer, cause: FuzzFrame | null): void {
  const missing = f.books.filter((b) => b.answer === null);
  f.answered += f.books.length - missing.length;
  if (cause !== null) {
    f.unansweredAtClose += missing.length;
    // Only the frame that caused the close may go unanswered: frames before it were answered before it was sent.
    const rest = missing.filter((b) => b.frame !== cause);
    if (rest.length > 0) f.problems.push(`${f.client.name}: ${rest.length} frames unanswered at a close (e.g. ${preview(rest[0].frame)})`);
  } else {
    for (const b of missing.slice(0, 5)) f.problems.push(`${f.client.name}: NO ANSWER to ${preview(b.frame)}`);
    if (missing.length > 5) f.problems.push(`${f.client.name}: … ${missing.length - 5} more frames without an answer`);
  }
  f.books = [];
}

/** Sends `count` frames on one connection at `rate` a second (bursts of `burst`), handling the closes it causes. */
async function runFuzzer(f: Fuzzer, gen: FuzzFrames, count: number, rate: number, burst: number): Promise<void> {
  const c = f.client;
  let tokens = burst;
  let last = Date.now();
  while (f.sent < count) {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - last) * rate) / 1000);
    last = now;
    if (tokens < 1) {
      await new Promise((r) => setTimeout(r, Math.max(5, Math.ceil(((1 - tokens) * 1000) / rate))));
      continue;
    }
    tokens -= 1;
    const frame = gen.next(f.sender, f.sender.kind === 'outsider');
    if (frame.expect !== 'answer') {
      // Before a frame that may close the connection, every earlier frame must have its answer.
      await c.waitUntil(() => unanswered(f) === 0, `answers before a ${frame.kind} frame`, 15_000).catch(() => undefined);
    }
    f.frames.push(frame);
    f.sent++;
    if (frame.expect !== 'close') f.books.push({ frame, answer: null });
    try {
      c.sendRaw(frame.data, frame.binary);
    } catch (e) {
      f.problems.push(`${c.name}: cannot send frame ${f.sent}: ${(e as Error).message}`);
      return;
    }
    if (frame.expect === 'answer') {
      if (!c.isOpen) await reconnectAfter(f, null);
      continue;
    }
    const closesBefore = c.closes.length;
    try {
      await c.waitUntil(() => c.closes.length > closesBefore || (frame.expect === 'answer-or-close' && unanswered(f) === 0), `the answer to or close after a ${frame.kind} frame`, 20_000);
    } catch (e) {
      f.problems.push(`${c.name}: ${(e as Error).message}`);
    }
    if (c.closes.length > closesBefore) await reconnectAfter(f, frame);
    else if (frame.expect === 'close') f.problems.push(`${c.name}: a ${frame.data.length}-byte frame did not close the connection (ws maxPayload should)`);
  }
  await settle(f);
}

/** After the server closed a connection: books closed, the close checked, a new connection opened (hello). */
async function reconnectAfter(f: Fuzzer, cause: FuzzFrame | null): Promise<void> {
  const c = f.client;
  await c.waitUntil(() => !c.isOpen, 'the close to complete', 5000).catch(() => undefined);
  const close = c.closes[c.closes.length - 1];
  if (cause === null) {
    f.problems.push(`${c.name}: the server closed the connection (code ${close?.code}, ${close?.reason}) after ${preview(f.books[f.books.length - 1]?.frame)}`);
  } else if (close?.code !== 1009) {
    f.problems.push(`${c.name}: a ${cause.kind} frame closed the connection with code ${close?.code} (${close?.reason}), expected 1009`);
  } else {
    f.deliberateCloses++;
  }
  closeBooks(f, cause ?? f.books[f.books.length - 1]?.frame ?? null);
  await c.reopen();
}

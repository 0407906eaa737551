/**
 * The load generator behind `pnpm --filter @qi/server load` and the suite's small load test: N concurrent games
 * on one server, two real protocol clients each, every game making a move every `meanGapMs` on average (seeded
 * exponential gaps), each move a random legal one from a local engine position, sent against the version the
 * mover holds. It measures send → ack round trips, and at the end checks each game's stored snapshot against the
 * moves its clients had acked: same moves, same order, none lost, none duplicated.
 */
import { performance } from 'node:perf_hooks';
import { Rng } from '@qi/engine';
import type { ClockSpec, EventMessage, RoomGame, ServerMessage } from '@qi/protocol';
import { TestClient, sleep } from '../testing/client.js';
import { LocalGame } from '../testing/games.js';
import { health, spawnServer, type SpawnedServer } from '../testing/spawn.js';

/** What to run. */
export interface LoadOptions {
  /** A running server's address (`http://127.0.0.1:PORT`); absent: spawn one with a temporary database. */
  url?: string;
  /**
   * Several running servers of one cluster: each game's creator connects to urls[i % n] and its opponent to
   * urls[(i + 1) % n], so every game crosses processes (with n > 1).
   */
  urls?: string[];
  /** Spawn this many server processes (default 1) sharing `databaseUrl` and `redisUrl` (needed when more than 1). */
  processes?: number;
  databaseUrl?: string;
  redisUrl?: string;
  /** CPUs to pin spawned servers to, round robin (taskset -c). */
  serverCpus?: number[];
  /** Concurrent games (two connections each). */
  games: number;
  /** How long the games move, seconds. */
  seconds: number;
  /** Mean gap between two moves of a game, ms (exponentially distributed). */
  meanGapMs: number;
  /** Seed of every random choice (gaps and moves). */
  seed: number;
  /** The games played, round robin (default Go 19x19, Reversi, Gomoku 15x15, Chinese Checkers 2 players). */
  mix?: RoomGame[];
  /** The clock every game is played on (default 10 min + 5 s, far from any flag in a minute). */
  clock?: ClockSpec | null;
  /** Extra server arguments when spawning (its caps and limits, raised for a load test). */
  serverArgs?: string[];
  /** CPU to pin a spawned server to (taskset -c). */
  serverCpu?: number;
  /** Connections set up at once. */
  setupConcurrency?: number;
  /** Where progress lines go (default console.log). */
  log?: (line: string) => void;
}

/** Round trip statistics, ms. */
export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** What a load run measured and found. */
export interface LoadReport {
  games: number;
  /** Seconds the games moved (from the first move sent to the last ack). */
  seconds: number;
  /** Moves sent, accepted (acked ok) and refused. */
  sent: number;
  acked: number;
  refused: number;
  movesPerSecond: number;
  roundTrip: Latency;
  /** Everything that went wrong, worded (refusals, errors, timeouts, closes, anomalies, mismatches); empty when clean. */
  errors: string[];
  /** Acked moves missing from the stored game, and stored moves nobody acked (or stored twice). */
  lost: number;
  duplicated: number;
  /** Games whose stored moves differ from their acked moves in any way. */
  mismatched: number;
  /** Games that ended by the rules during the run (they stop moving). */
  ended: number;
  /** The server's /health JSON, and its durability setting when it reports one. */
  health: unknown;
  durability: string | null;
  /** Server processes the clients were spread over. */
  processes: number;
}

interface Player {
  client: TestClient;
  seat: number;
  local: LocalGame | null;
  timer: NodeJS.Timeout | null;
  /** Whether a move of this player is in flight (sent, not acked). */
  inFlight: boolean;
}

interface GameRun {
  index: number;
  game: RoomGame;
  room: string;
  players: Player[];
  rng: Rng;
  /** Acked moves: the version of their event and their text. */
  acked: { version: number; move: string; seat: number }[];
  over: boolean;
}

/** p-th percentile of sorted samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Count, p50, p99, max and mean of samples. */
export function latency(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.length === 0 ? NaN : s.reduce((a, b) => a + b, 0) / s.length;
  return { count: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.length === 0 ? NaN : s[s.length - 1], mean };
}

const RULES: Record<RoomGame, object> = { go: { size: 19 }, reversi: {}, gomoku: { size: 15 }, checkers: { players: 2 } };

/** The durability setting a /health body reports, if it names one (any key mentioning durability/synchronous/fsync). */
export function durabilityOf(body: unknown): string | null {
  const found: string[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const p = path === '' ? k : `${path}.${k}`;
      if (/durab|synchronous|fsync|journal|wal/i.test(k) && (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')) found.push(`${p}=${String(x)}`);
      else walk(x, p, depth + 1);
    }
  };
  walk(body, '', 0);
  return found.length === 0 ? null : found.join(', ');
}

/** Runs `tasks` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Runs the load and returns what it measured; never throws for server misbehaviour (it is reported in `errors`). */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const mix = options.mix ?? ['go', 'reversi', 'gomoku', 'checkers'];
  const clock = options.clock === undefined ? { initialMs: 600_000, incrementMs: 5000 } : options.clock;
  const spawned: SpawnedServer[] = [];
  let urls = options.urls ?? (options.url === undefined ? [] : [options.url]);
  if (urls.length === 0) {
    const n = options.processes ?? 1;
    if (n > 1 && (options.databaseUrl === undefined || options.redisUrl === undefined)) throw new Error('several processes need a database URL and a Redis URL');
    try {
      for (let k = 0; k < n; k++) {
        const cpus = options.serverCpus ?? (options.serverCpu === undefined ? [] : [options.serverCpu]);
        const cpu = cpus.length === 0 ? undefined : cpus[k % cpus.length];
        const server = await spawnServer({
          args: options.serverArgs ?? [],
          cpu,
          graceMs: 60_000,
          ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
          ...(options.redisUrl === undefined ? {} : { redisUrl: options.redisUrl }),
        });
        spawned.push(server);
        log(`spawned server ${k + 1}/${n}: ${server.url} (pid ${server.pid}, database ${server.dbPath}${cpu === undefined ? '' : `, cpu ${cpu}`})`);
      }
    } catch (e) {
      for (const s of spawned) await s.stop().then(() => s.cleanup());
      throw e;
    }
    urls = spawned.map((s) => s.url);
  }
  const url = urls[0];
  const errors: string[] = [];
  const error = (e: string): void => {
    if (errors.length < 200) errors.push(e);
    else if (errors.length === 200) errors.push('… more errors not listed');
  };
  const samples: number[] = [];
  const master = new Rng(options.seed >>> 0);
  const runs: GameRun[] = [];
  let running = false;
  let sent = 0;
  let refused = 0;
  let firstSend = Infinity;
  let lastAck = 0;

  try {
    // ---- set up: one room per game, the creator at seat 0, the other client takes seat 1 ----
    const setupStart = performance.now();
    const indices = Array.from({ length: options.games }, (_, i) => i);
    for (const i of indices) {
      runs.push({ index: i, game: mix[i % mix.length], room: '', players: [], rng: new Rng(master.next()), acked: [], over: false });
    }
    await pool(indices, options.setupConcurrency ?? 16, async (i) => {
      const run = runs[i];
      const a = await TestClient.connect(urls[i % urls.length], { name: `g${i}a`, inboxLimit: 200, timeoutMs: 30_000 });
      const { created } = await a.create({ game: run.game, rules: RULES[run.game], seats: [{ kind: 'human' }, { kind: 'human' }], clock, listed: false, name: `load ${i} a`, seat: 0 });
      run.room = created.room;
      const b = await TestClient.connect(urls[(i + 1) % urls.length], { name: `g${i}b`, inboxLimit: 200, timeoutMs: 30_000 });
      await b.join(created.room, { seat: 1, name: `load ${i} b` });
      run.players = [
        { client: a, seat: 0, local: null, timer: null, inFlight: false },
        { client: b, seat: 1, local: null, timer: null, inFlight: false },
      ];
      for (const p of run.players) {
        const view = p.client.rooms.get(run.room)!;
        // The snapshot follows `joined` (from another process it may come in a frame of its own).
        await p.client.waitUntil(() => view.snapshot !== null, `the snapshot of ${run.room}`);
        p.local = new LocalGame(view.snapshot!);
        for (const e of view.events) if (e.version > view.snapshot!.version) onEvent(run, p, e);
        p.client.onMessage((m) => onMessage(run, p, m));
        p.client.onClosed((c) => {
          if (!c.byClient) error(`game ${i} (${run.game}) seat ${p.seat}: the server closed the connection (code ${c.code} ${c.reason})`);
        });
      }
    });
    log(`set up ${options.games} games (${options.games * 2} connections) in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

    // ---- play ----
    running = true;
    const playStart = performance.now();
    for (const run of runs) for (const p of run.players) maybeSchedule(run, p);
    const progress = setInterval(() => {
      const t = (performance.now() - playStart) / 1000;
      const l = latency(samples.slice(-2000));
      log(`  ${t.toFixed(0)} s: ${samples.length} moves acked, ${(samples.length / t).toFixed(1)} moves/s, recent p50 ${l.p50.toFixed(1)} ms p99 ${l.p99.toFixed(1)} ms, ${errors.length} errors`);
    }, 10_000);
    await sleep(options.seconds * 1000);
    running = false;
    clearInterval(progress);
    for (const run of runs) for (const p of run.players) if (p.timer !== null) clearTimeout(p.timer);
    // Let the moves in flight be answered (each has its own ack timeout).
    const drainUntil = Date.now() + 30_000;
    while (runs.some((r) => r.players.some((p) => p.inFlight)) && Date.now() < drainUntil) await sleep(50);
    const stillInFlight = runs.reduce((n, r) => n + r.players.filter((p) => p.inFlight).length, 0);
    if (stillInFlight > 0) error(`${stillInFlight} moves were never acked within 30 s of the end`);

    // ---- check: every game's stored moves are exactly its acked moves, in order ----
    let lost = 0;
    let duplicated = 0;
    let mismatched = 0;
    let ended = 0;
    await pool(runs, 16, async (run) => {
      if (run.over) ended++;
      const a = run.players[0].client;
      const view = a.rooms.get(run.room)!;
      const before = view.snapshots;
      // A resume with the seat's token and no `since` answers with the stored snapshot.
      await a.join(run.room, { token: view.token! });
      if (view.snapshots === before) {
        error(`game ${run.index}: a join without since was not answered with a snapshot`);
        return;
      }
      const stored = view.snapshot!.moves;
      const expected = [...run.acked].sort((x, y) => x.version - y.version).map((x) => x.move);
      // Each player's acks come in version order (the two players' acks travel on two connections, through two
      // processes in a cluster, so only the versions tell their global order), and no version is acked twice.
      for (const seat of [0, 1]) {
        const mine = run.acked.filter((x) => x.seat === seat);
        for (let k = 1; k < mine.length; k++) {
          if (mine[k].version <= mine[k - 1].version) error(`game ${run.index} seat ${seat}: ack versions not increasing: ${mine[k - 1].version} then ${mine[k].version}`);
        }
      }
      if (new Set(run.acked.map((x) => x.version)).size !== run.acked.length) error(`game ${run.index}: a version was acked twice`);
      if (JSON.stringify(stored) !== JSON.stringify(expected)) {
        mismatched++;
        // Lost: an acked move not at its place in the stored game; duplicated: stored moves beyond those acked.
        lost += expected.filter((m, k) => stored[k] !== m).length;
        duplicated += Math.max(0, stored.length - expected.length);
        let k = 0;
        while (k < stored.length && k < expected.length && stored[k] === expected[k]) k++;
        error(`game ${run.index} (${run.game}): stored ${stored.length} moves, acked ${expected.length}; first difference at move ${k + 1}: stored ${stored[k] ?? 'nothing'}, acked ${expected[k] ?? 'nothing'}`);
      }
      for (const p of run.players) {
        for (const an of p.client.anomalies) error(`game ${run.index} seat ${p.seat}: ${an}`);
      }
    });
    const seconds = Math.max(1e-9, (lastAck - firstSend) / 1000);
    let healthBody: unknown = null;
    const bodies: unknown[] = [];
    for (const u of urls) {
      try {
        const h = await health(u);
        bodies.push(h.body);
        if (h.status !== 200) error(`/health of ${u} answered ${h.status}`);
      } catch (e) {
        error(`/health of ${u} did not answer: ${(e as Error).message}`);
      }
    }
    healthBody = bodies.length === 1 ? bodies[0] : bodies;
    for (const server of spawned) if (!server.alive()) error(`the server process ${server.pid} died: ${server.stderr().slice(-2000)}`);
    return {
      games: options.games,
      seconds,
      sent,
      acked: samples.length,
      refused,
      movesPerSecond: samples.length / seconds,
      roundTrip: latency(samples),
      errors,
      lost,
      duplicated,
      mismatched,
      ended,
      health: healthBody,
      durability: durabilityOf(bodies[0] ?? null),
      processes: urls.length,
    };
  } finally {
    running = false;
    await Promise.all(runs.flatMap((r) => r.players.map((p) => p.client.close())));
    for (const server of spawned) {
      await server.stop();
      server.cleanup();
    }
  }

  function onMessage(run: GameRun, p: Player, m: ServerMessage): void {
    if (m.t === 'event' && m.room === run.room) {
      // Apply only what the client's view applied (in order, once): the view's last event is this one.
      const view = p.client.rooms.get(run.room)!;
      if (view.events[view.events.length - 1] === m) onEvent(run, p, m);
    } else if (m.t === 'error') {
      error(`game ${run.index} seat ${p.seat}: error ${m.code}: ${m.reason}`);
    }
  }

  function onEvent(run: GameRun, p: Player, m: EventMessage): void {
    const e = m.event;
    try {
      if (e.kind === 'move') p.local!.play(e.move);
      else if (e.kind === 'takeback') p.local!.undo(e.count);
    } catch (err) {
      error(`game ${run.index} seat ${p.seat}: the server broadcast a move the engine refuses: ${(err as Error).message}`);
      run.over = true;
      return;
    }
    if (e.kind === 'end') run.over = true;
    maybeSchedule(run, p);
  }

  function maybeSchedule(run: GameRun, p: Player): void {
    if (!running || run.over || p.timer !== null || p.inFlight) return;
    const view = p.client.rooms.get(run.room);
    if (view === undefined || view.status !== 'playing' || p.local!.over() || p.local!.toMove() !== p.seat) return;
    const gap = -Math.log(1 - run.rng.float()) * options.meanGapMs;
    p.timer = setTimeout(() => {
      p.timer = null;
      if (!running || run.over) return;
      sendMove(run, p);
    }, gap);
  }

  function sendMove(run: GameRun, p: Player): void {
    const view = p.client.rooms.get(run.room)!;
    if (p.local!.toMove() !== p.seat || !p.client.isOpen) return;
    const move = p.local!.randomMove(run.rng);
    if (move === null) return;
    p.inFlight = true;
    sent++;
    const t0 = performance.now();
    firstSend = Math.min(firstSend, t0);
    p.client.move(run.room, move, view.version).then(
      (ack) => {
        const t1 = performance.now();
        p.inFlight = false;
        if (ack.ok) {
          samples.push(t1 - t0);
          lastAck = Math.max(lastAck, t1);
          run.acked.push({ version: ack.version, move, seat: p.seat });
        } else {
          refused++;
          error(`game ${run.index} (${run.game}) seat ${p.seat}: legal move ${move} at version ${view.version} refused: ${ack.code} (${ack.reason})`);
          run.over = true;
        }
        maybeSchedule(run, p);
      },
      (err: Error) => {
        p.inFlight = false;
        error(`game ${run.index} seat ${p.seat}: ${err.message}`);
        run.over = true;
      },
    );
  }
}

/** The report as the lines the load command prints. */
export function formatReport(r: LoadReport): string[] {
  const ms = (x: number): string => `${x.toFixed(1)} ms`;
  return [
    `games ${r.games} over ${r.processes} server process${r.processes === 1 ? '' : 'es'}, moved for ${r.seconds.toFixed(1)} s: ${r.acked} moves acked of ${r.sent} sent, ${r.refused} refused`,
    `throughput ${r.movesPerSecond.toFixed(1)} moves/s`,
    `round trip (send → ack): p50 ${ms(r.roundTrip.p50)}, p99 ${ms(r.roundTrip.p99)}, max ${ms(r.roundTrip.max)}, mean ${ms(r.roundTrip.mean)} (${r.roundTrip.count} samples)`,
    `lost ${r.lost}, duplicated ${r.duplicated}, games mismatched ${r.mismatched}, games ended by the rules ${r.ended}`,
    `errors ${r.errors.length}${r.errors.length > 0 ? `:\n  ${r.errors.slice(0, 20).join('\n  ')}` : ''}`,
    `server durability: ${r.durability ?? 'not reported by /health'}; /health: ${JSON.stringify(r.health)}`,
  ];
}

/**
 * A match spread over machines (fishtest's way): the games of a match are BullMQ jobs on Redis; `bench worker`
 * processes on any number of machines take jobs, play them with the same code a local match uses (playMatchGame)
 * and return the result and record; the coordinator (`bench match --queue`) counts results as they arrive, keeps
 * the statistics and the SPRT, and withdraws the queued games once the SPRT decides. BullMQ delivers at least
 * once (a worker that dies mid-game has its job played again elsewhere), so results count once per game index.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { matchStats } from '../stats/elo.js';
import { sprtState, type SprtState } from '../stats/sprt.js';
import { benchGame, type GameOptions } from './games.js';
import { BotThreads, createPlayer, type BotStart, type DefaultBudget } from './players.js';
import { GoReferee } from './referee.js';
import { matchOpening, playMatchGame, writeSummary, type MatchOpening, type MatchOptions, type MatchSummary } from './run.js';
import type { PlayerSpec } from './spec.js';
import type { GameResult } from './types.js';

/** The queue every coordinator publishes to and every worker takes from. */
export const GAME_QUEUE = 'qi-bench-games';

/** One game of a match as a job: everything a worker needs to play it exactly as a local match would. */
export interface GameJob {
  match: string;
  index: number;
  game: { id: string; options: GameOptions };
  a: PlayerSpec;
  b: PlayerSpec;
  seed: number;
  /** The game's opening (the publisher's: from its openings file, or seeded). */
  opening: MatchOpening;
  budget: DefaultBudget;
  moveDeadlineMs: number;
  engineTimeMs?: number;
  /** Whether Go games are refereed by GNU Go (the worker's own, found as locally). */
  referee: string | null;
  event?: string;
}

/** What a worker returns for a job. */
export interface GameJobResult {
  match: string;
  index: number;
  result: GameResult;
  record: string;
  worker: string;
}

/** BullMQ's lock and stall-check intervals (its defaults are 30 s; tests shorten them to see a dead worker fast). */
export interface QueueTimings {
  lockMs?: number;
  stalledMs?: number;
}

/** A Redis connection from a URL (redis://host:port/db) as BullMQ wants it (commands wait for a reconnect). */
export function redisConnection(url: string): Redis {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`--queue takes a Redis URL such as redis://127.0.0.1:6379, got "${url}"`);
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** The job id of game `index` of `match`: the same id twice is one job (BullMQ ignores the second add). */
export function jobId(match: string, index: number): string {
  return `${match}-${index}`;
}

/** Counts each game index once, however many times its result arrives. */
export class ResultTally {
  readonly results: GameResult[] = [];
  readonly wdl = { wins: 0, draws: 0, losses: 0 };
  private readonly seen = new Set<number>();
  /** Results that arrived again for an index already counted. */
  duplicates = 0;

  /** Adds a result; false (and nothing counted) when its index was counted already. */
  add(r: GameResult): boolean {
    if (this.seen.has(r.index)) {
      this.duplicates++;
      return false;
    }
    this.seen.add(r.index);
    this.results.push(r);
    if (r.scoreA === 1) this.wdl.wins++;
    else if (r.scoreA === 0) this.wdl.losses++;
    else this.wdl.draws++;
    return true;
  }

  /** Whether game `index` is counted. */
  has(index: number): boolean {
    return this.seen.has(index);
  }
}

/** Live state of a queued match for its progress line. */
export interface QueueState {
  done: number;
  running: number;
  queued: number;
}

/** A queued match's options: a local match's, the Redis URL, and a progress hook with the queue's state. */
export interface QueuedMatchOptions extends MatchOptions {
  queueUrl: string;
  /** How often the coordinator looks at its jobs, ms (default 500). */
  pollMs?: number;
  onQueue?: (state: QueueState) => void;
}

/** Publishes a match's games as jobs and gathers their results; resolves when every game still wanted has one. */
export async function runQueuedMatch(o: QueuedMatchOptions): Promise<MatchSummary> {
  if (!Number.isInteger(o.games) || o.games < 1) throw new RangeError(`games must be a whole number ≥ 1, got ${o.games}`);
  mkdirSync(join(o.outDir, 'games'), { recursive: true });
  const t0 = performance.now();
  const match = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const connection = redisConnection(o.queueUrl);
  const queue = new Queue<GameJob, GameJobResult>(GAME_QUEUE, { connection });
  const tally = new ResultTally();
  let sprt: SprtState | null = null;
  let stoppedBy: string | null = null;
  // Indexes whose result is still awaited (a withdrawn game leaves the set).
  const outstanding = new Set<number>();
  try {
    const jobs = Array.from({ length: o.games }, (_, index) => {
      outstanding.add(index);
      const data: GameJob = {
        match,
        index,
        game: { id: o.game.id, options: o.game.options },
        a: o.a,
        b: o.b,
        seed: o.seed,
        opening: matchOpening(o.game, o.seed, index >> 1, o.openings),
        budget: o.budget,
        moveDeadlineMs: o.moveDeadlineMs,
        referee: o.referee ?? null,
        ...(o.engineTimeMs === undefined ? {} : { engineTimeMs: o.engineTimeMs }),
        ...(o.event === undefined ? {} : { event: o.event }),
      };
      // Added in order and taken first in, first out: pairs finish close together, as in a local match.
      return { name: 'game', data, opts: { jobId: jobId(match, index), attempts: 3, removeOnComplete: false, removeOnFail: false } };
    });
    await queue.addBulk(jobs);
    const pollMs = o.pollMs ?? 500;
    while (outstanding.size > 0) {
      let running = 0;
      let queued = 0;
      for (const index of [...outstanding]) {
        const job = await Job.fromId<GameJob, GameJobResult>(queue, jobId(match, index));
        if (job === undefined) {
          // Withdrawn after the SPRT decided (or removed by hand): no result will come.
          outstanding.delete(index);
          continue;
        }
        if (job.finishedOn !== undefined && job.returnvalue) {
          outstanding.delete(index);
          const r = job.returnvalue;
          if (r.match !== match || r.index !== index) throw new Error(`job ${job.id} returned game ${r.match}-${r.index}`);
          if (!tally.add(r.result)) continue;
          writeFileSync(join(o.outDir, r.result.file), r.record);
          if (o.sprt) {
            sprt = sprtState(tally.wdl, o.sprt);
            if (sprt.result !== 'continue' && stoppedBy === null) {
              stoppedBy = `SPRT accepted ${sprt.result} (LLR ${sprt.llr.toFixed(2)})`;
              await withdraw(queue, match, outstanding);
            }
          }
          const elapsedMs = performance.now() - t0;
          const done = tally.results.length;
          const total = stoppedBy === null ? o.games : done + outstanding.size;
          o.onGame?.({ done, total, stats: matchStats(tally.wdl), sprt, elapsedMs, etaMs: (elapsedMs / done) * (total - done), last: r.result });
        } else if (job.finishedOn !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1)) {
          throw new Error(`game ${index + 1} failed on every attempt: ${job.failedReason}`);
        } else if (job.processedOn !== undefined && job.finishedOn === undefined) running++;
        else queued++;
      }
      o.onQueue?.({ done: tally.results.length, running, queued });
      if (outstanding.size > 0) await new Promise((r) => setTimeout(r, pollMs));
    }
    // The match's finished jobs are no longer needed in Redis.
    for (let index = 0; index < o.games; index++) await queue.remove(jobId(match, index)).catch(() => 0);
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return writeSummary(o, tally.results, tally.wdl, sprt, stoppedBy, performance.now() - t0);
}

/** Removes the match's games that no worker has started (started ones finish and count, as in a local match). */
async function withdraw(queue: Queue<GameJob, GameJobResult>, match: string, outstanding: Set<number>): Promise<void> {
  for (const index of [...outstanding]) {
    const job = await Job.fromId(queue, jobId(match, index));
    if (job === undefined) {
      outstanding.delete(index);
      continue;
    }
    const state = await job.getState();
    if (state === 'waiting' || state === 'prioritized' || state === 'delayed' || state === 'waiting-children') {
      // remove() refuses a job a worker has just locked: then it runs and counts.
      if ((await queue.remove(job.id as string)) === 1) outstanding.delete(index);
    }
  }
}

/** Options of a queue worker. */
export interface QueueWorkerOptions extends QueueTimings {
  queueUrl: string;
  /** Games this process plays at once. */
  concurrency: number;
  botStart?: BotStart;
  /** Called after each game the worker finishes. */
  onGame?: (job: GameJob, result: GameResult) => void;
}

/** A running queue worker: `close()` lets its games finish (or, with `force`, drops them back to the queue). */
export interface QueueWorker {
  close(force?: boolean): Promise<void>;
}

/** Takes games from the queue and plays them with the local match code until closed. */
export function startQueueWorker(o: QueueWorkerOptions): QueueWorker {
  const connection = redisConnection(o.queueUrl);
  const threads = new BotThreads(o.botStart);
  const name = `${hostname()}:${process.pid}`;
  const worker = new Worker<GameJob, GameJobResult>(
    GAME_QUEUE,
    async (job) => {
      const d = job.data;
      const game = benchGame(d.game.id, d.game.options);
      const a = createPlayer(d.a, d.budget, threads, d.engineTimeMs);
      const b = createPlayer(d.b, d.budget, threads, d.engineTimeMs);
      const referee = game.id === 'go' && d.referee ? new GoReferee(d.referee) : null;
      try {
        const op = d.opening as Partial<MatchOpening> | undefined;
        if (!Array.isArray(op?.moves) || !op.moves.every((m) => Number.isInteger(m)) || typeof op.note !== 'string') {
          throw new Error(`job ${job.id}: its opening is not a list of moves with a note (a publisher of another version?)`);
        }
        const { result, record } = await playMatchGame({ game, a: d.a, b: d.b, seed: d.seed, moveDeadlineMs: d.moveDeadlineMs, event: d.event }, d.index, { moves: op.moves, note: op.note }, [a, b], referee);
        o.onGame?.(d, result);
        return { match: d.match, index: d.index, result, record, worker: name };
      } finally {
        await Promise.all([a.close(), b.close(), referee?.close()]);
      }
    },
    {
      connection,
      concurrency: o.concurrency,
      // A game may run for minutes: the lock is renewed every lockMs/2 while it runs; a dead worker's lock lapses.
      lockDuration: o.lockMs ?? 30_000,
      stalledInterval: o.stalledMs ?? 30_000,
      maxStalledCount: 5,
    },
  );
  return {
    async close(force = false) {
      await worker.close(force);
      await threads.close();
      connection.disconnect();
    },
  };
}

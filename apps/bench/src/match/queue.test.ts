import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../main.js';
import { sourceBotStart } from '../testing/bot-start.js';
import { startRedis, type TestRedis } from '@qi/test-services';
import { benchGame } from './games.js';
import { BotThreads } from './players.js';
import { GAME_QUEUE, redisConnection, ResultTally, runQueuedMatch } from './queue.js';
import { runMatch, type MatchOptions, type MatchSummary } from './run.js';
import { parsePlayerSpec } from './spec.js';
import type { GameResult } from './types.js';

const threads = new BotThreads(sourceBotStart());
const out = () => mkdtempSync(join(tmpdir(), 'qi-queue-'));
const register = fileURLToPath(new URL('../../../../tools/cli/src/testing/register.mjs', import.meta.url));
const main = fileURLToPath(new URL('../main.ts', import.meta.url));

let redis: TestRedis;
const workers: ChildProcess[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
// A test that fails half-way must not leave its workers taking the next test's games.
afterEach(() => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await threads.close();
  await redis?.close();
});

/** A `bench worker` process on the test Redis with short BullMQ lock and stall intervals; its output is collected. */
function startWorker(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', register, main, 'worker', '--queue', redis.url, '--concurrency', '1', '--lock-ms', '1500', '--stall-ms', '1000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  return { child, output: () => text };
}

/** Waits until `n` BullMQ workers are connected to the game queue. */
async function workersConnected(n: number): Promise<void> {
  const queue = new Queue(GAME_QUEUE, { connection: redisConnection(redis.url) });
  try {
    const t0 = Date.now();
    while ((await queue.getWorkers()).length < n) {
      if (Date.now() - t0 > 120_000) throw new Error(`fewer than ${n} workers connected within 120 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await queue.close();
  }
}

const game = (r: GameResult) => ({ index: r.index, scoreA: r.scoreA, result: r.result, moves: r.moves.join(' ') });
const games = (s: MatchSummary) => s.results.map(game);

function options(id: 'reversi' | 'go', a: string, b: string, n: number): MatchOptions {
  return { game: benchGame(id, id === 'go' ? { size: 9 } : {}), a: parsePlayerSpec(a), b: parsePlayerSpec(b), games: n, concurrency: 1, seed: 4, budget: {}, moveDeadlineMs: 60_000, outDir: out(), threads, event: 'queue test' };
}

describe('results count once per game', () => {
  it('a result arriving again for the same game index is ignored', () => {
    const t = new ResultTally();
    const r = { index: 3, opening: 1, aFirst: false, scoreA: 1, result: 'B+4', reason: '', plies: 60, timeMs: 1, moves: [], stats: [], file: 'games/0004.sgf' };
    expect(t.add(r)).toBe(true);
    expect(t.add({ ...r, scoreA: 0 })).toBe(false);
    expect(t.wdl).toEqual({ wins: 1, draws: 0, losses: 0 });
    expect(t.duplicates).toBe(1);
    expect(t.results.length).toBe(1);
  });
});

describe('a match spread over worker processes through Redis (BullMQ)', () => {
  it('two workers finish a match whose games equal the same match played locally', async () => {
    const local = await runMatch(options('reversi', 'nodes:150', 'nodes:60', 4));
    const w1 = startWorker();
    const w2 = startWorker();
    // Both workers connected before the games are published, so that each takes some.
    await workersConnected(2);
    const queued = await runQueuedMatch({ ...options('reversi', 'nodes:150', 'nodes:60', 4), queueUrl: redis.url, pollMs: 100 });
    console.log(`local ${local.stats.wins}-${local.stats.draws}-${local.stats.losses}, queued ${queued.stats.wins}-${queued.stats.draws}-${queued.stats.losses}`);
    expect(games(queued)).toEqual(games(local));
    expect(queued.stats).toEqual(local.stats);
    // Both processes took part (each prints a line per game it played).
    const played = [w1, w2].map((w) => (w.output().match(/^game \d+ of match/gm) ?? []).length);
    console.log(`games played by the two workers: ${played.join(' and ')}`);
    expect(played[0] + played[1]).toBe(4);
    expect(Math.min(...played)).toBeGreaterThan(0);
    for (const w of [w1, w2]) w.child.kill('SIGTERM');
  }, 300_000);

  it('calibrate --queue plays every pairing on a worker and fits the level table from its games', async () => {
    const w = startWorker();
    await workersConnected(1);
    const io = { out: () => undefined, err: { write: () => true, isTTY: false }, botStart: sourceBotStart(), threads };
    const data = out();
    const args = ['calibrate', '--game', 'reversi', '--grhino', 'none', '--max-level', '3', '--games', '2', '--concurrency', '1', '--out', out(), '--data', data, '--queue', redis.url];
    expect(await runBench(args, io)).toBe(0);
    const table = JSON.parse(readFileSync(join(data, 'levels-elo.json'), 'utf8')).games.reversi;
    // Levels 1-3 fitted from three pairings of two games, every one played by the worker.
    expect(table.levels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3]);
    expect(table.games).toBe(6);
    expect((w.output().match(/^game \d+ of match/gm) ?? []).length).toBe(6);
  }, 300_000);

  it('the SPRT stops a queued match: the games no worker started are withdrawn from the queue', async () => {
    const w = startWorker();
    await workersConnected(1);
    const s = await runQueuedMatch({
      ...options('reversi', 'depth:4', 'depth:1', 40),
      sprt: { elo0: -300, elo1: 300, alpha: 0.05, beta: 0.05 },
      queueUrl: redis.url,
      pollMs: 100,
    });
    console.log(`SPRT stopped the queued match after ${s.results.length} games: ${s.stoppedBy}`);
    expect(s.stoppedBy).toMatch(/^SPRT accepted H[01]/);
    expect(s.results.length).toBeLessThan(40);
    // Nothing of the match is left for workers to play, and every counted game is a distinct index.
    const queue = new Queue(GAME_QUEUE, { connection: redisConnection(redis.url) });
    try {
      expect(await queue.getWaitingCount()).toBe(0);
      expect(await queue.getActiveCount()).toBe(0);
    } finally {
      await queue.close();
    }
    expect(new Set(s.results.map((r) => r.index)).size).toBe(s.results.length);
    w.child.kill('SIGTERM');
  }, 300_000);

  it('a worker killed mid-game loses no game and counts none twice: its game is played again by another', async () => {
    // Go 9x9 at 1,500 playouts a move: a game lasts seconds, long enough to kill the worker inside it.
    const spec = options('go', 'nodes:1500', 'nodes:1000', 2);
    const local = await runMatch({ ...spec, referee: null });
    const victim = startWorker();
    const coordinator = runQueuedMatch({ ...spec, outDir: out(), referee: null, queueUrl: redis.url, pollMs: 100 });
    const queue = new Queue(GAME_QUEUE, { connection: redisConnection(redis.url) });
    try {
      const t0 = Date.now();
      while ((await queue.getActiveCount()) === 0) {
        if (Date.now() - t0 > 120_000) throw new Error(`the worker took no job within 120 s:\n${victim.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Inside its first game: the kill leaves a locked, unfinished job behind.
      await new Promise((r) => setTimeout(r, 500));
      victim.child.kill('SIGKILL');
      expect(victim.output()).not.toMatch(/^game \d+ of match/m);
      const rescuer = startWorker();
      const queued = await coordinator;
      expect(queued.results.map((r) => r.index)).toEqual([0, 1]);
      expect(games(queued)).toEqual(games(local));
      expect((rescuer.output().match(/^game \d+ of match/gm) ?? []).length).toBe(2);
      rescuer.child.kill('SIGTERM');
    } finally {
      await queue.close();
    }
  }, 300_000);
});

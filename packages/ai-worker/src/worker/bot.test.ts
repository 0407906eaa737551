import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxy } from 'comlink';
import { GoPosition } from '@qi/engine';
import type { BotOptions } from './bot.js';
import { startNodeBot, type NodeBot } from './node-client.js';
import { BotPool } from './node-pool.js';
import type { Progress } from './protocol.js';

// From source, startNodeBot runs the worker through small TypeScript module hooks (Node 20 cannot run .ts itself);
// the test worker is node-worker plus a Connect Four entry.
const testWorker = new URL('./testing/test-worker.ts', import.meta.url).href;
const open: NodeBot[] = [];

function start(bot: BotOptions = {}): NodeBot {
  const b = startNodeBot({ bot, worker: { workerData: { entry: testWorker } } });
  open.push(b);
  return b;
}

afterAll(async () => {
  await Promise.all(open.map((b) => b.close()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Bot in a worker thread', () => {
  let shared: NodeBot;
  beforeAll(() => {
    shared = start();
  });

  it('sets a position, thinks, reports throttled progress and answers a legal move', async () => {
    const { bot } = shared;
    const info = await bot.setPosition({ game: 'go', rules: { size: 9, komi: 7.5 }, moves: ['E5', 'C3'] });
    expect(info).toMatchObject({ game: 'go', ply: 2, toMove: 0, terminal: false, legalMoves: 80 });
    const reports: Progress[] = [];
    const times: number[] = [];
    const t0 = performance.now();
    const r = await bot.think({ timeMs: 1500 }, proxy((p: Progress) => {
      reports.push(p);
      times.push(performance.now());
    }));
    const elapsed = performance.now() - t0;
    expect(r.done).toBe(true);
    expect(r.reason).toBe('time');
    expect(r.algorithm).toBe('mcts');
    const check = new GoPosition({ size: 9, komi: 7.5 });
    check.play(check.parseMove('E5'));
    check.play(check.parseMove('C3'));
    expect(check.isLegal(r.move as number)).toBe(true);
    expect(r.candidates.length).toBeGreaterThan(0);
    expect(r.visits).toBeGreaterThan(100);
    await sleep(50); // let the last progress message arrive
    const partial = reports.filter((p) => !p.done);
    console.log(`go 9x9 in the worker: ${r.nodes} playouts in ${r.timeMs.toFixed(0)} ms (${((r.nodes * 1000) / r.timeMs).toFixed(0)}/s), ${partial.length} progress reports`);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    expect(partial.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
    // The throttle (at most one report in 200 ms) on the worker's clock, which each report carries: the arrival times
    // here also hold the scheduling of two threads on a loaded core, so they are printed, not judged.
    const gaps = partial.slice(1).map((p, i) => p.timeMs - partial[i].timeMs);
    const arrivals = times.slice(1, partial.length).map((t, i) => t - times[i]);
    console.log(`progress every ${gaps.map((g) => g.toFixed(0)).join(', ')} ms in the worker; arriving ${arrivals.map((g) => g.toFixed(0)).join(', ')} ms apart`);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(190);
  });

  it('names the bad move of a move list and an unknown game', async () => {
    const { bot } = shared;
    await expect(bot.setPosition({ game: 'go', rules: { size: 9 }, moves: ['E5', 'E5'] })).rejects.toThrow(/move 2 \(E5\)/);
    await expect(bot.setPosition({ game: 'chess' })).rejects.toThrow(/unknown game "chess"/);
  });

  it('plays levels with alpha-beta, analyses until stopped and refuses to think twice at once', async () => {
    const { bot } = shared;
    await bot.setPosition({ game: 'connect4', moves: ['d', 'd', 'c'] });
    const weak = await bot.think({ level: 1 });
    expect(weak.move).toBeGreaterThanOrEqual(0);
    expect(weak.move).toBeLessThan(7);
    const strong = await bot.think({ depth: 8 });
    expect(strong.depth).toBe(8);
    expect(strong.candidates.length).toBe(7);
    let deepest = 0;
    const running = bot.analyze({}, proxy((p: Progress) => {
      deepest = Math.max(deepest, p.depth);
    }));
    await sleep(100);
    await expect(bot.think({ depth: 2 })).rejects.toThrow(/thinking/);
    // Analysis goes on past the last think's depth until stopped: waited for however long this machine needs (a
    // few hundred ms here), the cap only keeps a broken analysis from using up the test's timeout.
    for (let waited = 0; deepest <= 8 && waited < 60_000; waited += 50) await sleep(50);
    await bot.stop();
    const analysed = await running;
    expect(analysed.reason).toBe('stopped');
    expect(analysed.depth).toBeGreaterThan(8);
  });

  it('keeps the MCTS tree when the move list grows', async () => {
    const { bot } = shared;
    await bot.setPosition({ game: 'go', rules: { size: 9 }, moves: [] });
    const first = await bot.think({ nodes: 3000 });
    const [mine, reply] = first.pv;
    await bot.play(mine);
    await bot.setPosition({ game: 'go', rules: { size: 9 }, moves: [mine, reply] });
    const second = await bot.think({ nodes: 500 });
    expect(second.visits).toBeGreaterThan(500);
  });

  const modes: [string, BotOptions, 'message' | 'flag'][] = [
    ['shared flag and slices, stop()', {}, 'message'],
    ['shared flag only (no slices), flag raised by the caller', { slices: false }, 'flag'],
    ['no shared memory, slices only, stop()', { sharedStop: false }, 'message'],
  ];
  for (const [name, options, how] of modes) {
    it(`stops within the limit: ${name}`, async () => {
      const { bot } = start(options);
      for (const game of ['go', 'connect4']) {
        await bot.setPosition(game === 'go' ? { game, rules: { size: 9 } } : { game, moves: ['d'] });
        const flag = await bot.stopFlag();
        expect(flag === null).toBe(options.sharedStop === false);
        const thinking = bot.analyze({});
        await sleep(400);
        const t0 = performance.now();
        if (how === 'flag') Atomics.store(flag as Int32Array, 0, 1);
        else void bot.stop();
        const r = await thinking;
        const latency = performance.now() - t0;
        console.log(`stop latency ${game}, ${name}: ${latency.toFixed(1)} ms (${r.nodes} nodes searched)`);
        expect(r.reason).toBe('stopped');
        expect(r.move).not.toBeNull();
        expect(latency).toBeLessThan(500);
      }
    });
  }
});

describe('BotPool', () => {
  it('lends each task its own bot, queues the rest and closes every thread', async () => {
    const pool = new BotPool({ size: 2, start: { worker: { workerData: { entry: testWorker } } } });
    expect(pool.size).toBe(2);
    let busy = 0;
    let peak = 0;
    const results = await Promise.all(
      [['d'], ['c'], ['e'], ['d', 'd']].map((moves) =>
        pool.use(async (bot) => {
          busy++;
          peak = Math.max(peak, busy);
          await bot.setPosition({ game: 'connect4', moves });
          const r = await bot.think({ depth: 5 });
          busy--;
          return r;
        }),
      ),
    );
    expect(peak).toBe(2);
    for (const r of results) expect(r.depth).toBe(5);
    await pool.close();
    await expect(pool.use(async () => 1)).rejects.toThrow(/closed/);
  });
});

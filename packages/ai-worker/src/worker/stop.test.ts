import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GomokuPosition, ReversiPosition, type Position } from '@qi/engine';
import { exactScore } from '../games/reversi/endgame.js';
import { Bot, type BotOptions } from './bot.js';
import { unslicedRunner } from '../core/presolve.js';
import { gameEntry } from './games.js';
import { startNodeBot, type NodeBot } from './node-client.js';
import type { PositionSetup, Progress } from './protocol.js';

// stop() during the solvers the Bot asks before alpha-beta (Reversi's exact endgame solver, Gomoku's VCF/VCT):
// they poll the stop flag and run in slices, so a stop arrives within about a slice (target 100 ms; asserted
// with a wide margin, the measured latency printed).

const reversiData = new URL('../../../../../shared/data/reversi/', import.meta.url);
const gomokuData = new URL('../../../../../shared/data/gomoku/', import.meta.url);
const STOP_AFTER_MS = 150;
const LIMIT_MS = 400;

function ffo(id: number): { board: string; toMove: string; best: string[]; score: number } {
  const file = id >= 40 ? 'ffo-40-49.tsv' : 'ffo-1-39.tsv';
  const [header, ...rows] = readFileSync(new URL(file, reversiData), 'utf8').trim().split('\n');
  const keys = header.split('\t');
  const row = rows.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [keys[i], v]))).find((r) => Number(r.id) === id);
  if (row === undefined) throw new Error(`FFO #${id} not in ${file}`);
  return { board: row.board, toMove: row.to_move, best: row.best_moves.split(','), score: Number(row.score) };
}

/** The move list of a board: the bot takes moves, so the FFO board is entered as a position it can replay. */
function reversiSetup(id: number): { setup: PositionSetup; pos: ReversiPosition } {
  const p = ffo(id);
  return { setup: { game: 'reversi', start: { board: p.board, toMove: p.toMove } }, pos: new ReversiPosition(p.board, p.toMove) };
}

/**
 * A renju position where the threat searches stay busy (over a million nodes, seconds): VCF puzzle
 * lfz-228ac1b8cb54, a win that needs more than fours (the data: quintet finds no VCF, Rapfi finds the win), so
 * the VCF search spends its budget, then the VCT and every candidate's defence check.
 */
function gomokuSetup(): { setup: PositionSetup; pos: GomokuPosition } {
  const line = readFileSync(new URL('renju-vcf-puzzles.jsonl', gomokuData), 'utf8')
    .split('\n')
    .find((l) => l.includes('"lfz-228ac1b8cb54"'));
  if (line === undefined) throw new Error('lfz-228ac1b8cb54 not in renju-vcf-puzzles.jsonl');
  const p = JSON.parse(line) as { black: string[]; white: string[]; toMove: 'black' | 'white' };
  return { setup: { game: 'gomoku', rules: { rule: 'renju' }, start: { black: p.black, white: p.white, toMove: p.toMove } }, pos: new GomokuPosition({ rule: 'renju', black: p.black, white: p.white, toMove: p.toMove }) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface StopBot {
  setPosition(setup: PositionSetup): unknown;
  think(limits: { level?: number; timeMs?: number }): Promise<Progress>;
  stop(): unknown;
}

/** Starts a long think, stops it STOP_AFTER_MS later (by `stop`), returns the answer and the stop latency. */
async function stopLatency(bot: StopBot, setup: PositionSetup, stop: () => unknown): Promise<{ r: Progress; latency: number; ran: number }> {
  await bot.setPosition(setup);
  const t0 = performance.now();
  const thinking = bot.think({ level: 10, timeMs: 10_000 });
  await sleep(STOP_AFTER_MS);
  const t1 = performance.now();
  await stop();
  const r = await thinking;
  const t2 = performance.now();
  return { r, latency: t2 - t1, ran: t1 - t0 };
}

function expectLegal(pos: Position, r: Progress): void {
  expect(r.move).not.toBeNull();
  expect(pos.isLegal(r.move as number), pos.moveToText(r.move as number)).toBe(true);
}

describe('stop() during a presolve, in this thread', () => {
  const modes: [string, BotOptions][] = [
    ['shared flag', {}],
    ['no shared memory', { sharedStop: false }],
  ];
  for (const [name, options] of modes) {
    it(`Reversi FFO #40 (20 empties, exact solver busy for seconds), ${name}`, async () => {
      const { setup, pos } = reversiSetup(40);
      const bot = new Bot(options);
      const { r, latency, ran } = await stopLatency(bot, setup, () => bot.stop());
      console.log(`stop latency reversi solver, in-process, ${name}: ${latency.toFixed(1)} ms (after ${ran.toFixed(0)} ms; ${r.reason}, depth ${r.depth})`);
      expect(r.reason).toBe('stopped');
      expectLegal(pos, r);
      expect(latency).toBeLessThan(LIMIT_MS);
    });

    it(`Gomoku renju (VCF/VCT defence checks busy), ${name}`, async () => {
      const { setup, pos } = gomokuSetup();
      const bot = new Bot(options);
      const { r, latency, ran } = await stopLatency(bot, setup, () => bot.stop());
      console.log(`stop latency gomoku threats, in-process, ${name}: ${latency.toFixed(1)} ms (after ${ran.toFixed(0)} ms; ${r.reason}, depth ${r.depth})`);
      expect(r.reason).toBe('stopped');
      expectLegal(pos, r);
      expect(latency).toBeLessThan(LIMIT_MS);
    });
  }

  it('the threat presolve of that Gomoku position is long (so the stops above hit it)', async () => {
    const { pos } = gomokuSetup();
    const t0 = performance.now();
    const solved = await gameEntry('gomoku').presolver?.().presolve(pos, 10_000, 10, unslicedRunner);
    const ms = performance.now() - t0;
    console.log(`gomoku presolve at level 10, 10 s: ${solved?.nodes} solver nodes in ${ms.toFixed(0)} ms`);
    expect(solved?.move).toBeUndefined();
    // The VCF and the VCT spend their whole budgets (400,000 and 500,000 nodes at 10 s) before the defence checks,
    // which the clock may cut (1.8 M nodes in all here, 1.65–1.8 M on half a core): the floor holds on any machine.
    expect(solved?.nodes).toBeGreaterThan(150_000);
  });
});

describe('the presolve in slices', () => {
  it('resumes the Reversi solver across slices to the exact answer, as one call does (FFO #23, 18 empties)', async () => {
    const p = ffo(23);
    const setup: PositionSetup = { game: 'reversi', start: { board: p.board, toMove: p.toMove } };
    const pos = new ReversiPosition(p.board, p.toMove);
    const answers: Progress[] = [];
    for (const options of [{ slices: false }, { sharedStop: false }, {}] as BotOptions[]) {
      const bot = new Bot(options);
      bot.setPosition(setup);
      const t0 = performance.now();
      const r = await bot.think({ depth: 2 });
      console.log(`FFO #23 presolve ${JSON.stringify(options)}: ${r.nodes} nodes, ${(performance.now() - t0).toFixed(0)} ms`);
      expect(r.reason).toBe('solved');
      expect(p.best).toContain(pos.moveToText(r.move as number));
      expect(r.score).toBe(exactScore(p.score));
      answers.push(r);
    }
    // Sliced by node count (no time limit): the same count whether or not the stop flag is shared.
    expect(answers[1].nodes).toBe(answers[2].nodes);
    expect(answers[1].nodes).toBeGreaterThanOrEqual(answers[0].nodes);
  });

  it('falls back to alpha-beta with the rest of the time when the solver cannot finish (FFO #40 at 3 s)', async () => {
    const { setup, pos } = reversiSetup(40);
    const bot = new Bot({ sharedStop: false });
    bot.setPosition(setup);
    const t0 = performance.now();
    const r = await bot.think({ level: 10, timeMs: 3000 });
    const ms = performance.now() - t0;
    console.log(`FFO #40 at 3 s: ${r.reason} after ${ms.toFixed(0)} ms, depth ${r.depth}, ${pos.moveToText(r.move as number)}`);
    expectLegal(pos, r);
    expect(ms).toBeLessThan(3000 + LIMIT_MS);
  });
});

describe('fixed budgets repeat', () => {
  const cases: [string, PositionSetup, number][] = [
    ['reversi midgame depth 7', { game: 'reversi', moves: ['f5', 'd6', 'c3', 'd3', 'c4', 'f4', 'f6', 'f3', 'e6', 'e7', 'd7', 'c5'] }, 7],
    ['reversi 18 empties depth 3 (exact solver)', { game: 'reversi', start: { board: ffo(23).board, toMove: ffo(23).toMove } }, 3],
    ['gomoku freestyle depth 4 (threat solvers)', { game: 'gomoku', rules: { rule: 'freestyle' }, moves: ['H8', 'I9', 'G9', 'I7', 'H10', 'H9'] }, 4],
  ];
  for (const [name, setup, depth] of cases) {
    for (const options of [{}, { sharedStop: false }] as BotOptions[]) {
      it(`${name}, ${JSON.stringify(options)}: the same nodes and move on fresh bots`, async () => {
        const runs: Progress[] = [];
        for (let i = 0; i < 2; i++) {
          const bot = new Bot(options);
          bot.setPosition(setup);
          runs.push(await bot.think({ depth }));
        }
        console.log(`${name} ${JSON.stringify(options)}: ${runs.map((r) => `${r.nodes} nodes`).join(', ')}`);
        expect(runs[1].nodes).toBe(runs[0].nodes);
        expect(runs[1].move).toBe(runs[0].move);
        expect(runs[1].score).toBe(runs[0].score);
      });
    }
  }
});

describe('stop() during a presolve, in a Node worker thread', () => {
  const open: NodeBot[] = [];
  afterAll(async () => {
    await Promise.all(open.map((b) => b.close()));
  });
  // NodeBot.stop() is what clients call: the flag they share with the thread, then the message.
  const modes: [string, BotOptions, 'client' | 'message' | 'flag'][] = [
    ['shared flag and slices, NodeBot.stop()', {}, 'client'],
    ['shared flag and slices, the stop message alone', {}, 'message'],
    ['shared flag only (no slices), flag raised by the caller', { slices: false }, 'flag'],
    ['no shared memory, slices only, NodeBot.stop()', { sharedStop: false }, 'client'],
  ];
  for (const [name, options, how] of modes) {
    it(`stops the Reversi and Gomoku solvers: ${name}`, async () => {
      const node = startNodeBot({ bot: options });
      open.push(node);
      const { bot } = node;
      const flag = await bot.stopFlag();
      expect(flag === null).toBe(options.sharedStop === false);
      const stop = () => (how === 'flag' ? Atomics.store(flag as Int32Array, 0, 1) : how === 'client' ? node.stop() : bot.stop());
      for (const [game, { setup, pos }] of [['reversi', reversiSetup(40)], ['gomoku', gomokuSetup()]] as const) {
        const { r, latency, ran } = await stopLatency(bot, setup, stop);
        console.log(`stop latency ${game} presolve, Node worker, ${name}: ${latency.toFixed(1)} ms (after ${ran.toFixed(0)} ms; ${r.reason})`);
        expect(r.reason).toBe('stopped');
        expectLegal(pos, r);
        expect(latency).toBeLessThan(LIMIT_MS);
      }
    });
  }
});

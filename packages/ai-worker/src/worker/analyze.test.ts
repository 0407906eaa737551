import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GoPosition, ReversiPosition, Rng, type Position } from '@qi/engine';
import { solveEndgame } from '../games/reversi/solve.js';
import { Bot, type BotOptions } from './bot.js';
import { startNodeBot, type NodeBot } from './node-client.js';
import { registerGame, setUpPosition } from './games.js';
import { testGames } from '../testing/games.js';
import { mnkEvaluator } from '../testing/mnk-eval.js';
import type { PositionSetup, Progress } from './protocol.js';

// Bot.analyze: throttled reports with each candidate's line, the game's solver asked first (proven results), Go's
// ownership from the search's own playouts, a stop that ends it within a slice, and Bot.review. Budgets are node
// counts or generous time limits; the only clock bounds are the stop latency's (several times the target) and the
// report throttle on the bot's own clock, the measured numbers printed.

// Connect Four (the tests' game, as in the test worker): alpha-beta without a solver.
registerGame(testGames.get('connect4'), { algorithm: 'alphabeta', alphabeta: () => ({ evaluator: mnkEvaluator(), ttMegabytes: 8 }), scoreScale: 200 });

const reversiData = new URL('../../../../../shared/data/reversi/', import.meta.url);
const gomokuData = new URL('../../../../../shared/data/gomoku/', import.meta.url);
const LIMIT_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs an analysis without limits for `ms`, then stops it; the reports, the answer and the stop latency. */
async function analyseFor(bot: Bot, setup: PositionSetup, ms: number): Promise<{ reports: Progress[]; answer: Progress; latency: number }> {
  bot.setPosition(setup);
  const reports: Progress[] = [];
  const running = bot.analyze({}, (p) => {
    reports.push(p);
  });
  await sleep(ms);
  const t0 = performance.now();
  bot.stop();
  const answer = await running;
  return { reports, answer, latency: performance.now() - t0 };
}

/** Every candidate's line starts with its move and plays legally, move after move, on a copy of the position. */
function expectLegalLines(setup: PositionSetup, p: Progress): void {
  const { pos } = setUpPosition(setup);
  expect(p.candidates.length).toBeGreaterThan(0);
  expect(p.pv[0]).toBe(p.move);
  for (const c of [...p.candidates, { move: p.move as number, pv: p.pv }]) {
    expect(c.pv[0]).toBe(c.move);
    const copy: Position = pos.clone();
    for (const [i, m] of c.pv.entries()) {
      expect(copy.isLegal(m), `${pos.moveToText(c.move)}: move ${i + 1} of its line (${copy.moveToText(m)})`).toBe(true);
      copy.play(m);
    }
  }
}

/** A Reversi game from the start played by a seeded random player until `empties` squares are left. */
function randomReversi(empties: number, seed: number): { setup: PositionSetup; pos: ReversiPosition } {
  const pos = new ReversiPosition();
  const rng = new Rng(seed);
  const buf = new Int32Array(64);
  const moves: number[] = [];
  while (pos.empties() > empties && !pos.isTerminal()) {
    const n = pos.legalMoves(buf);
    const m = buf[rng.int(n)];
    moves.push(m);
    pos.play(m);
  }
  return { setup: { game: 'reversi', moves }, pos };
}

function renjuPuzzle(id: string, file = 'renju-vcf-puzzles.jsonl'): PositionSetup {
  const line = readFileSync(new URL(file, gomokuData), 'utf8')
    .split('\n')
    .find((l) => l.includes(`"${id}"`));
  if (line === undefined) throw new Error(`${id} not in ${file}`);
  const p = JSON.parse(line) as { black: string[]; white: string[]; toMove: 'black' | 'white' };
  return { game: 'gomoku', rules: { rule: 'renju' }, start: { black: p.black, white: p.white, toMove: p.toMove } };
}

function ffoSetup(id: number): PositionSetup {
  const file = id >= 40 ? 'ffo-40-49.tsv' : 'ffo-1-39.tsv';
  const [header, ...rows] = readFileSync(new URL(file, reversiData), 'utf8').trim().split('\n');
  const keys = header.split('\t');
  const row = rows.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [keys[i], v]))).find((r) => Number(r.id) === id);
  if (row === undefined) throw new Error(`FFO #${id} not in ${file}`);
  return { game: 'reversi', start: { board: row.board, toMove: row.to_move } };
}

describe('Bot.analyze reports', () => {
  // How long each analysis runs before the stop: Gomoku's threat presolve may take its whole cap (2 s) on a busy
  // machine before the search reports, so it gets 1.5 s more than that.
  const cases: [string, PositionSetup, number][] = [
    ['go 9x9 (MCTS)', { game: 'go', rules: { size: 9, komi: 7.5 }, moves: ['E5', 'C3'] }, 1500],
    ['reversi midgame (alpha-beta)', { game: 'reversi', moves: ['f5', 'd6', 'c3', 'd3', 'c4', 'f4', 'f6', 'f3', 'e6', 'e7'] }, 1500],
    ['gomoku freestyle (alpha-beta, threat presolve)', { game: 'gomoku', rules: { rule: 'freestyle' }, moves: ['H8', 'I9', 'G9', 'I7', 'H10', 'H9'] }, 3500],
  ];
  for (const [name, setup, ms] of cases) {
    it(`${name}: throttled, each candidate with a legal line, ended by stop()`, async () => {
      const bot = new Bot();
      const { reports, answer, latency } = await analyseFor(bot, setup, ms);
      const partial = reports.filter((p) => !p.done);
      const gaps = partial.slice(1).map((p, i) => p.timeMs - partial[i].timeMs);
      console.log(
        `analyze ${name}: ${partial.length} reports in ${ms} ms (every ${gaps.map((g) => g.toFixed(0)).join(', ')} ms), stop latency ${latency.toFixed(1)} ms, ` +
          `${answer.nodes} nodes, depth ${answer.depth}, ${answer.candidates.length} candidates, lines ${answer.candidates.map((c) => c.pv.length).join(',')}`,
      );
      expect(answer.done).toBe(true);
      expect(answer.reason).toBe('stopped');
      expect(latency).toBeLessThan(LIMIT_MS);
      expect(partial.length).toBeGreaterThanOrEqual(2);
      // At most one report in 200 ms, on the bot's own clock (a presolve's report, if any, comes before the search's).
      expect(partial.length).toBeLessThanOrEqual(Math.ceil(ms / 200) + 2);
      for (const g of gaps) expect(g).toBeGreaterThanOrEqual(190);
      for (const p of [partial[partial.length - 1], answer]) expectLegalLines(setup, p);
      // The lines reach past the candidate itself somewhere (the search's own PV at least).
      expect(Math.max(...answer.candidates.map((c) => c.pv.length))).toBeGreaterThan(1);
      if (answer.algorithm === 'alphabeta') for (const c of answer.candidates) expect(c.depth).toBeGreaterThanOrEqual(1);
      else for (const c of answer.candidates) expect(c.depth).toBeUndefined();
    });
  }

  it('a think keeps its candidates to the move itself except the PV', async () => {
    const bot = new Bot();
    const setup = cases[1][1];
    bot.setPosition(setup);
    const r = await bot.think({ depth: 5 });
    expect(r.candidates[0].pv).toEqual(r.pv);
    for (const c of r.candidates.slice(1)) expect(c.pv).toEqual([c.move]);
    expect(r.proven).toBeUndefined();
    expect(r.ownership).toBeUndefined();
  });
});

describe('proven results', () => {
  it('Reversi with 14 empties: the exact disc difference of the endgame solver, ending a bounded analysis', async () => {
    for (const seed of [1, 2]) {
      const { setup, pos } = randomReversi(14, seed);
      if (pos.isTerminal()) continue;
      const exact = solveEndgame(pos);
      const bot = new Bot();
      bot.setPosition(setup);
      const reports: Progress[] = [];
      const r = await bot.analyze({ timeMs: 5000 }, (p) => {
        reports.push(p);
      });
      console.log(`reversi ${pos.empties()} empties (seed ${seed}): solver ${exact.score} discs, analysis ${JSON.stringify(r.proven)} ${r.reason} in ${r.timeMs.toFixed(0)} ms`);
      expect(r.reason).toBe('solved');
      expect(r.proven).toEqual({ kind: 'exact', score: exact.score });
      expect(pos.isLegal(r.move as number)).toBe(true);
      expect(reports[reports.length - 1].proven).toEqual(r.proven);
    }
  });

  it('Reversi with 14 empties, analysis without limits: reports the proof and searches on with it until stopped', async () => {
    const { setup, pos } = randomReversi(14, 3);
    const exact = solveEndgame(pos);
    const bot = new Bot();
    const { reports, answer, latency } = await analyseFor(bot, setup, 1200);
    console.log(`reversi analysis without limits: ${reports.length} reports, ${answer.reason}, ${JSON.stringify(answer.proven)}, depth ${answer.depth}, stop latency ${latency.toFixed(1)} ms`);
    expect(reports.length).toBeGreaterThanOrEqual(1);
    for (const p of [...reports, answer]) {
      expect(p.proven).toEqual({ kind: 'exact', score: exact.score });
      expect(p.move).toBe(reports[0].move);
      expect(p.candidates[0].move).toBe(p.move);
    }
    expect(pos.isLegal(answer.move as number)).toBe(true);
    expect(answer.done).toBe(true);
    expect(latency).toBeLessThan(LIMIT_MS);
    expectLegalLines(setup, answer);
  });

  it('a renju VCF puzzle: a proven win in the line\'s plies, the line a five', async () => {
    const setup = renjuPuzzle('lfz-000c559b13da');
    const bot = new Bot();
    bot.setPosition(setup);
    const r = await bot.analyze({ timeMs: 5000 });
    console.log(`renju VCF lfz-000c559b13da: ${JSON.stringify(r.proven)}, line ${r.pv.length} plies, ${r.nodes} solver nodes`);
    expect(r.reason).toBe('solved');
    expect(r.proven?.kind).toBe('win');
    expect(r.proven?.plies).toBe(r.pv.length);
    const { pos } = setUpPosition(setup);
    const attacker = pos.currentPlayer();
    for (const m of r.pv) {
      expect(pos.isLegal(m)).toBe(true);
      pos.play(m);
    }
    expect(pos.isTerminal()).toBe(true);
    const out = new Float64Array(2);
    pos.returns(out);
    expect(out[attacker]).toBe(1);
  });

  it('a five in one: a proven win in 1 ply, in an analysis and in a think', async () => {
    const setup: PositionSetup = { game: 'gomoku', rules: { rule: 'freestyle' }, moves: ['H8', 'A1', 'I8', 'A3', 'J8', 'A5', 'K8', 'A7'] };
    const bot = new Bot();
    bot.setPosition(setup);
    const r = await bot.analyze({ depth: 3 });
    expect(r.proven).toEqual({ kind: 'win', plies: 1 });
    const t = await bot.think({ depth: 3 });
    expect(t.proven).toEqual({ kind: 'win', plies: 1 });
  });

  it('alpha-beta wins and losses seen in full are proven, with their plies (Connect Four, no solver)', async () => {
    const bot = new Bot();
    bot.setPosition({ game: 'connect4', moves: ['d', 'a', 'd', 'a', 'd', 'b'] });
    const win = await bot.analyze({ depth: 6 });
    expect(win.proven).toEqual({ kind: 'win', plies: 1 });
    expect(win.reason).toBe('solved');
    // The first player's open three on the bottom row: whatever the second does, it loses in 2 plies.
    bot.setPosition({ game: 'connect4', moves: ['c', 'a', 'd', 'a', 'e'] });
    const loss = await bot.analyze({ depth: 6 });
    expect(loss.proven).toEqual({ kind: 'loss', plies: 2 });
    // A position the search cannot settle proves nothing.
    bot.setPosition({ game: 'connect4', moves: ['d'] });
    expect((await bot.analyze({ depth: 4 })).proven).toBeUndefined();
  });
});

describe('Go ownership', () => {
  it('9x9: 81 values in [-1, 1] in points() order, a big safe black group above 0.5, a white one below -0.5', async () => {
    // Black owns the left four columns (eyes at B3 and B7), White the right four (eyes at H3 and H7); column E is open.
    const black: string[] = [];
    const white: string[] = [];
    for (const col of 'ABCD') for (let row = 1; row <= 9; row++) if (!(col === 'B' && (row === 3 || row === 7))) black.push(`${col}${row}`);
    for (const col of 'FGHJ') for (let row = 1; row <= 9; row++) if (!(col === 'H' && (row === 3 || row === 7))) white.push(`${col}${row}`);
    const setup: PositionSetup = { game: 'go', rules: { size: 9, komi: 0.5 }, start: { black, white, toMove: 'black' } };
    const bot = new Bot();
    bot.setPosition(setup);
    const reports: Progress[] = [];
    const r = await bot.analyze({ nodes: 3000 }, (p) => {
      reports.push(p);
    });
    const own = r.ownership as Float32Array;
    expect(own).toBeInstanceOf(Float32Array);
    expect(own.length).toBe(81);
    for (const v of own) {
      expect(v).toBeGreaterThanOrEqual(-1);
      expect(v).toBeLessThanOrEqual(1);
    }
    const pos = setUpPosition(setup).pos as GoPosition;
    const pts = pos.points();
    // Row-major from the top-left: index row * size + col is GoPosition.point(col, row).
    for (let row = 0; row < 9; row++) for (let col = 0; col < 9; col++) expect(pts[row * 9 + col]).toBe(pos.point(col, row));
    let blackMin = 1;
    let whiteMax = -1;
    for (let i = 0; i < 81; i++) {
      if (pos.stoneAt(pts[i]) === 1) blackMin = Math.min(blackMin, own[i]);
      if (pos.stoneAt(pts[i]) === 2) whiteMax = Math.max(whiteMax, own[i]);
    }
    console.log(`go ownership after ${r.nodes} playouts: black group min ${blackMin.toFixed(3)}, white group max ${whiteMax.toFixed(3)}, score lead ${r.scoreLead?.toFixed(2)}, ${reports.length} reports`);
    expect(blackMin).toBeGreaterThan(0.5);
    expect(whiteMax).toBeLessThan(-0.5);
    expect(typeof r.scoreLead).toBe('number');
    // Every report of the analysis has its own copy.
    for (const p of reports.filter((q) => !q.done)) expect(p.ownership?.length).toBe(81);
    // A think does not record ownership.
    const t = await bot.think({ nodes: 300 });
    expect(t.ownership).toBeUndefined();
  });

  it('recording ownership changes no playout: the same tree with and without it', async () => {
    const setup: PositionSetup = { game: 'go', rules: { size: 9, komi: 7.5 }, moves: ['E5'] };
    const a = new Bot();
    a.setPosition(setup);
    const thought = await a.think({ nodes: 1500 });
    const b = new Bot();
    b.setPosition(setup);
    const analysed = await b.analyze({ nodes: 1500 });
    expect(analysed.ownership?.length).toBe(81);
    expect(analysed.candidates.map((c) => [c.move, c.visits])).toEqual(thought.candidates.map((c) => [c.move, c.visits]));
  });
});

describe('stop() during an analysis presolve', () => {
  const modes: [string, BotOptions][] = [
    ['shared flag', {}],
    ['no shared memory', { sharedStop: false }],
  ];
  const positions: [string, PositionSetup][] = [
    ['reversi FFO #40 (20 empties, the exact solver busy for seconds)', ffoSetup(40)],
    ['renju lfz-228ac1b8cb54 (VCF/VCT busy)', renjuPuzzle('lfz-228ac1b8cb54')],
  ];
  for (const [mode, options] of modes) {
    for (const [name, setup] of positions) {
      it(`${name}, ${mode}`, async () => {
        const bot = new Bot(options);
        const { answer, latency } = await analyseFor(bot, setup, 150);
        console.log(`stop latency analyze with presolve, ${name}, ${mode}: ${latency.toFixed(1)} ms (${answer.reason}, ${answer.nodes} nodes)`);
        expect(answer.reason).toBe('stopped');
        expect(answer.move).not.toBeNull();
        expect(setUpPosition(setup).pos.isLegal(answer.move as number)).toBe(true);
        expect(latency).toBeLessThan(LIMIT_MS);
      });
    }
  }
});

describe('stop() during an analysis presolve, in a Node worker thread', () => {
  const open: NodeBot[] = [];
  afterAll(async () => {
    await Promise.all(open.map((b) => b.close()));
  });
  const modes: [string, BotOptions][] = [
    ['shared flag and slices', {}],
    ['no shared memory, slices only', { sharedStop: false }],
  ];
  for (const [mode, options] of modes) {
    it(`stops the Reversi and Gomoku solvers of an analysis: ${mode}`, async () => {
      const node = startNodeBot({ bot: options });
      open.push(node);
      const { bot } = node;
      for (const [name, setup] of [['reversi FFO #40', ffoSetup(40)], ['renju lfz-228ac1b8cb54', renjuPuzzle('lfz-228ac1b8cb54')]] as const) {
        await bot.setPosition(setup);
        const running = bot.analyze({});
        await sleep(150);
        const t0 = performance.now();
        await node.stop();
        const answer = await running;
        const latency = performance.now() - t0;
        console.log(`stop latency analyze with presolve, Node worker, ${name}, ${mode}: ${latency.toFixed(1)} ms (${answer.reason})`);
        expect(answer.reason).toBe('stopped');
        expect(setUpPosition(setup).pos.isLegal(answer.move as number)).toBe(true);
        expect(latency).toBeLessThan(LIMIT_MS);
      }
    });
  }
});

describe('Bot.review', () => {
  it('analyses every position of a game with a node budget, each answer legal there', async () => {
    const moves = ['f5', 'd6', 'c3', 'd3', 'c4'];
    const setups: PositionSetup[] = moves.map((_, i) => ({ game: 'reversi', moves: moves.slice(0, i + 1) }));
    const bot = new Bot();
    const seen: number[] = [];
    const answers = await bot.review(setups, { nodes: 3000 }, (i) => {
      seen.push(i);
    });
    expect(answers.length).toBe(setups.length);
    await sleep(0);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    for (const [i, a] of answers.entries()) {
      expect(a.done).toBe(true);
      expect(setUpPosition(setups[i]).pos.isLegal(a.move as number)).toBe(true);
      expectLegalLines(setups[i], a);
    }
    await expect(bot.review(setups, {})).rejects.toThrow(/budget/);
  });

  it('stop() ends a review at the position in hand', async () => {
    const setups: PositionSetup[] = [0, 1, 2, 3].map((i) => ({ game: 'go', rules: { size: 9 }, moves: ['E5', 'C3', 'G7', 'C7'].slice(0, i) }));
    const bot = new Bot();
    const running = bot.review(setups, { timeMs: 2000 });
    await sleep(300);
    const t0 = performance.now();
    bot.stop();
    const answers = await running;
    const latency = performance.now() - t0;
    console.log(`review stopped after ${answers.length} position(s), latency ${latency.toFixed(1)} ms`);
    expect(answers.length).toBe(1);
    expect(answers[0].reason).toBe('stopped');
    expect(latency).toBeLessThan(LIMIT_MS);
    // Idle again.
    expect(bot.setPosition(setups[0]).ply).toBe(0);
  });

  it('NodeBot.stop() ends a review in a worker thread that never yields: the shared flag alone', async () => {
    // Without slices the stop message cannot arrive before the search ends: only the flag ends it, and the review
    // must see it raised and stop there rather than go on to the next position.
    const setups: PositionSetup[] = [0, 1, 2].map((i) => ({ game: 'go', rules: { size: 9 }, moves: ['E5', 'C3', 'G7'].slice(0, i) }));
    const node = startNodeBot({ bot: { slices: false } });
    try {
      // The thread is up (its first answer) before the review starts, so the stop lands during the first search.
      await node.bot.setPosition(setups[0]);
      const running = node.bot.review(setups, { timeMs: 3000 });
      // Half the first position's time: the search has surely started (a search clears the flag as it starts, so a
      // stop before it would be lost), and is far from its own end.
      await sleep(1500);
      const t0 = performance.now();
      await node.stop();
      const answers = await running;
      const latency = performance.now() - t0;
      console.log(`review in a Node worker without slices stopped after ${answers.length} position(s), latency ${latency.toFixed(1)} ms`);
      expect(answers.map((a) => a.reason)).toEqual(['stopped']);
      expect(latency).toBeLessThan(LIMIT_MS);
    } finally {
      await node.close();
    }
  });

  it('refuses a stop flag that is not in shared memory', () => {
    expect(() => new Bot({ stopFlag: new Int32Array(1) })).toThrow(/SharedArrayBuffer/);
  });
});

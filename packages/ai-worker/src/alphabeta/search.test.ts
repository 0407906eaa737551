import { describe, expect, it } from 'vitest';
import { MAX_MOVES, Rng, type Position } from '@qi/engine';
import { WIN, WIN_BOUND } from '../core/score.js';
import { MnkGame } from '../testing/mnk.js';
import { NimGame } from '../testing/nim.js';
import { bestReplyMinimax, minimax, minimaxMoves } from '../testing/minimax.js';
import { randomEvaluator } from '../testing/evaluators.js';
import { AlphaBeta } from './search.js';
import type { Evaluator } from './types.js';

/** Plays `plies` random moves (stopping before the game ends) and returns the position. */
function randomPosition(create: () => Position, plies: number, rng: Rng): Position {
  const pos = create();
  const moves = new Int32Array(MAX_MOVES);
  for (let i = 0; i < plies; i++) {
    const n = pos.legalMoves(moves);
    if (n === 0) break;
    const m = moves[rng.int(n)];
    pos.play(m);
    if (pos.isTerminal()) {
      pos.undo();
      break;
    }
  }
  return pos;
}

describe('AlphaBeta on tic-tac-toe', () => {
  it('solves the empty board as a draw and proves it', () => {
    const r = new AlphaBeta({ ttMegabytes: 1 }).search(new MnkGame(3, 3, 3));
    expect(r.score).toBe(0);
    expect(r.solved).toBe(true);
    expect(r.reason).toBe('solved');
    expect(r.depth).toBe(9);
  });

  it('finds the forced win after an edge reply to the centre, at the exact distance', () => {
    const pos = MnkGame.from(3, 3, 3, false, ['b2', 'b1']);
    const r = new AlphaBeta({ ttMegabytes: 1 }).search(pos);
    const truth = minimaxMoves(pos, 9);
    expect(r.score).toBeGreaterThanOrEqual(WIN_BOUND);
    expect(r.score).toBe(Math.max(...truth.values()));
    expect(truth.get(r.move as number)).toBe(r.score);
    expect(r.pv[0]).toBe(r.move);
    expect(pos.ply).toBe(2); // restored
  });

  it('blocks an immediate threat and takes an immediate win', () => {
    const ab = new AlphaBeta({ ttMegabytes: 1 });
    const win = MnkGame.from(3, 3, 3, false, ['a1', 'a2', 'b1', 'b2']);
    const r = ab.search(win, { depth: 3 });
    expect(win.moveToText(r.move as number)).toBe('c1');
    expect(r.score).toBe(WIN - 1);
    const block = MnkGame.from(3, 3, 3, false, ['a1', 'b2', 'c3', 'c2']); // O threatens a2-b2-c2
    expect(block.moveToText(ab.search(block).move as number)).toBe('a2');
  });
});

describe('AlphaBeta against plain minimax', () => {
  const games: [string, () => Position, number][] = [
    ['4x4 three in a row', () => new MnkGame(4, 4, 3), 4],
    ['Connect-3 on 5x4', () => new MnkGame(5, 4, 3, true), 6],
    ['Connect Four', () => new MnkGame(7, 6, 4, true), 5],
  ];
  for (const [name, create, maxDepth] of games) {
    it(`returns the minimax value with a random evaluation (${name})`, () => {
      const rng = new Rng(17);
      let checked = 0;
      for (let t = 0; t < 12; t++) {
        const pos = randomPosition(create, rng.int(8), rng);
        const ev = randomEvaluator(40, t);
        const depth = 1 + rng.int(maxDepth);
        const r = new AlphaBeta({ evaluator: ev, ttMegabytes: 1, aspiration: 5, aspirationFromDepth: 2 }).search(pos, { depth });
        expect(r.score, `${name} position ${t} depth ${depth}\n${pos}`).toBe(minimax(pos, depth, ev));
        if (!pos.isTerminal()) expect(pos.isLegal(r.move as number)).toBe(true);
        checked++;
      }
      expect(checked).toBe(12);
    });
  }

  it('gives every root move its exact minimax value when asked', () => {
    const rng = new Rng(5);
    for (let t = 0; t < 6; t++) {
      const pos = randomPosition(() => new MnkGame(5, 4, 3, true), 2 + rng.int(4), rng);
      const ev = randomEvaluator(30, t);
      const r = new AlphaBeta({ evaluator: ev, ttMegabytes: 1, exactRootScores: true }).search(pos, { depth: 4 });
      // A win seen in full ends the search early (r.depth < 4); every score is exact at the depth reached.
      const truth = minimaxMoves(pos, r.depth, ev);
      expect(r.rootMoves.length).toBe(truth.size);
      for (const rm of r.rootMoves) {
        expect(rm.exact).toBe(true);
        expect(rm.score).toBe(truth.get(rm.move));
      }
      expect(r.rootMoves[0].score).toBe(r.score);
    }
  });

  it('marks cut root moves as bounds that are never below their true value', () => {
    const pos = MnkGame.from(7, 6, 4, true, ['d', 'd', 'c']);
    const ev = randomEvaluator(30, 9);
    const r = new AlphaBeta({ evaluator: ev, ttMegabytes: 1 }).search(pos, { depth: 4 });
    const truth = minimaxMoves(pos, 4, ev);
    for (const rm of r.rootMoves) {
      if (rm.exact) expect(rm.score).toBe(truth.get(rm.move));
      else expect(rm.score).toBeGreaterThanOrEqual(truth.get(rm.move) as number);
    }
    expect(r.rootMoves.some((rm) => rm.exact && rm.move === r.move)).toBe(true);
  });
});

describe('AlphaBeta on Nim', () => {
  it('leaves a multiple of four, and knows a lost heap is lost', () => {
    for (let heap = 1; heap <= 22; heap++) {
      const pos = new NimGame(heap);
      const r = new AlphaBeta({ ttMegabytes: 1 }).search(pos);
      if (heap % 4 === 0) {
        expect(r.score, `heap ${heap}`).toBeLessThanOrEqual(-WIN_BOUND);
      } else {
        expect(r.move, `heap ${heap}`).toBe(heap % 4);
        expect(r.score).toBe(WIN - (2 * Math.floor(heap / 4) + 1));
      }
    }
  });

  it('searches the paranoid value for three and four players', () => {
    for (const players of [3, 4]) {
      for (let heap = 1; heap <= 11; heap++) {
        for (const ev of [undefined, randomEvaluator(20, heap)]) {
          const pos = new NimGame(heap, players);
          const depth = 1 + (heap % 7);
          const r = new AlphaBeta({ ttMegabytes: 1, evaluator: ev }).search(pos, { depth });
          expect(r.score, `${players} players heap ${heap} depth ${depth}`).toBe(minimax(pos, depth, ev));
        }
      }
    }
  });

  it('searches the Best-Reply value for three and four players when the position allows out-of-turn moves', () => {
    let checked = 0;
    for (const players of [3, 4]) {
      for (let heap = 1; heap <= 12; heap++) {
        for (const ev of [undefined, randomEvaluator(20, heap)]) {
          const pos = new NimGame(heap, players);
          pos.play(Math.min(heap, 1 + (heap % 3))); // a root other than the start, so the root player is not player 0
          if (pos.isTerminal()) continue;
          const depth = 1 + (heap % 6);
          const r = new AlphaBeta({ ttMegabytes: 1, evaluator: ev, multiplayer: 'best-reply' }).search(pos, { depth });
          expect(r.score, `${players} players heap ${heap} depth ${depth}`).toBe(bestReplyMinimax(pos, depth, ev));
          expect(pos.isLegal(r.move as number)).toBe(true);
          expect(pos.ply).toBe(1);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
    const plain = new NimGame(6, 3);
    Object.defineProperty(plain, 'playAs', { value: undefined });
    expect(() => new AlphaBeta({ multiplayer: 'best-reply' }).search(plain, { depth: 2 })).toThrow(/Best-Reply Search needs/);
  });

  it('looks past the horizon with quiescence over noisy moves', () => {
    const winningTake: Evaluator = {
      evaluate: () => 0,
      noisyMoves: (pos, into) => {
        const nim = pos as NimGame;
        if (nim.remaining > nim.maxTake) return 0;
        into[0] = nim.remaining;
        return 1;
      },
    };
    const options = { ttMegabytes: 1, exactRootScores: true };
    const flat = new AlphaBeta({ ...options, evaluator: { evaluate: () => 0 } }).search(new NimGame(6), { depth: 1 });
    expect(flat.rootMoves.find((m) => m.move === 3)?.score).toBe(0);
    const quiet = new AlphaBeta({ ...options, evaluator: winningTake }).search(new NimGame(6), { depth: 1 });
    expect(quiet.rootMoves.find((m) => m.move === 3)?.score).toBeLessThanOrEqual(-WIN_BOUND);
    expect([1, 2]).toContain(quiet.move);
  });
});

describe('AlphaBeta limits and slices', () => {
  const c4 = () => MnkGame.from(7, 6, 4, true, ['d', 'c', 'd']);

  it('stops on a node budget and still returns a legal move', () => {
    for (const nodes of [1, 10, 100, 5000]) {
      const pos = c4();
      const r = new AlphaBeta({ ttMegabytes: 1, evaluator: randomEvaluator() }).search(pos, { nodes });
      expect(r.reason).toBe('nodes');
      expect(r.nodes).toBeLessThanOrEqual(nodes);
      expect(pos.isLegal(r.move as number)).toBe(true);
    }
  });

  it('stops on time, on a raised flag and on stop()', () => {
    const ab = new AlphaBeta({ ttMegabytes: 1, evaluator: randomEvaluator() });
    const timed = ab.search(new MnkGame(7, 6, 4, true), { timeMs: 50 });
    expect(['time', 'solved']).toContain(timed.reason);
    expect(timed.timeMs).toBeLessThan(1000);
    const flag = new Int32Array(1);
    flag[0] = 1;
    const flagged = ab.search(c4(), { stop: flag });
    expect(flagged.reason).toBe('stopped');
    expect(c4().isLegal(flagged.move as number)).toBe(true);
    const stopped = ab.search(c4(), {}, (it) => {
      if (it.depth === 3) ab.stop();
    });
    expect(stopped.reason).toBe('stopped');
    expect(stopped.depth).toBe(3);
  });

  it('does not claim a solve from results stored by an earlier search', () => {
    const ab = new AlphaBeta({ ttMegabytes: 4, evaluator: randomEvaluator() });
    expect(ab.search(c4(), { depth: 6 }).reason).toBe('depth');
    const again = ab.search(c4(), { depth: 9 });
    expect(again.reason).toBe('depth');
    expect(again.solved).toBe(false);
    expect(again.depth).toBe(9);
  });

  it('returns null on a finished game', () => {
    const r = new AlphaBeta({ ttMegabytes: 1 }).search(MnkGame.from(3, 3, 3, false, ['a1', 'a2', 'b1', 'b2', 'c1']));
    expect(r.move).toBeNull();
    expect(r.reason).toBe('terminal');
    expect(r.score).toBe(-WIN);
  });

  it('reaches the same answer when run in small slices', () => {
    const ev = randomEvaluator(50, 3);
    const whole = new AlphaBeta({ ttMegabytes: 4, evaluator: ev }).search(c4(), { depth: 7 });
    const sliced = new AlphaBeta({ ttMegabytes: 4, evaluator: ev });
    const pos = c4();
    sliced.start(pos, { depth: 7 });
    let slices = 0;
    while (!sliced.step(500)) slices++;
    const r = sliced.result();
    expect(slices).toBeGreaterThan(5);
    expect(r.score).toBe(whole.score);
    expect(r.depth).toBe(7);
    expect(pos.toString()).toBe(c4().toString());
  });

  it('is deterministic: the same search twice visits the same nodes', () => {
    const run = () => new AlphaBeta({ ttMegabytes: 2, evaluator: randomEvaluator() }).search(c4(), { depth: 7 });
    const a = run();
    const b = run();
    expect(a.nodes).toBe(b.nodes);
    expect(a.pv).toEqual(b.pv);
  });

  it('plays its own move when cut short, and ranks the others by the last completed iteration alone', () => {
    // The old ranking sorted every root move by the latest score it got, mixing the cut iteration's partial scores
    // and null-window bounds with the completed one's, so its first move could be one the search never judged best.
    const rng = new Rng(7);
    const ab = new AlphaBeta({ ttMegabytes: 1, evaluator: randomEvaluator(400, 5) });
    let changed = 0;
    let cut = 0;
    for (let t = 0; t < 150; t++) {
      const pos = randomPosition(() => new MnkGame(7, 6, 4, true), rng.int(20), rng);
      if (pos.isTerminal()) continue;
      let last: ReturnType<AlphaBeta['result']> | null = null;
      const r = ab.search(pos, { nodes: 200 + rng.int(6000) }, (it) => (last = it));
      expect(r.rootMoves[0].move).toBe(r.move);
      if (r.reason !== 'nodes' || last === null) continue;
      cut++;
      const done = last as ReturnType<AlphaBeta['result']>;
      const doneScore = new Map(done.rootMoves.map((m) => [m.move, m.score]));
      const rest = r.rootMoves.slice(1);
      for (const m of rest) expect(m.score, `search ${t}`).toBe(doneScore.get(m.move));
      for (let i = 1; i < rest.length; i++) expect(rest[i - 1].score).toBeGreaterThanOrEqual(rest[i].score);
      if (r.move !== done.move) changed++;
    }
    console.log(`${cut} searches cut inside an iteration; ${changed} played a move that beat the last completed iteration's`);
    expect(cut).toBeGreaterThan(50);
    expect(changed).toBeGreaterThan(0);
  });

  it('never returns an illegal move from random Connect Four positions', () => {
    const rng = new Rng(99);
    const ab = new AlphaBeta({ ttMegabytes: 1, evaluator: randomEvaluator() });
    for (let t = 0; t < 200; t++) {
      const pos = randomPosition(() => new MnkGame(7, 6, 4, true), rng.int(30), rng);
      const before = pos.toString();
      const r = ab.search(pos, { nodes: 1 + rng.int(3000) });
      expect(pos.toString()).toBe(before);
      if (pos.isTerminal()) expect(r.move).toBeNull();
      else expect(pos.isLegal(r.move as number)).toBe(true);
    }
  });
});

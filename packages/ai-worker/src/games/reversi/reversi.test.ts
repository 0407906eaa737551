import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, ReversiPosition, Rng } from '@qi/engine';
import { AlphaBeta } from '../../alphabeta/search.js';
import { playMatch } from '../../testing/match.js';
import { Bot } from '../../worker/bot.js';
import { unslicedRunner } from '../../core/presolve.js';
import { exactScore, reversiEndgame, solverEmpties } from './endgame.js';
import { REVERSI_WON, reversiEvaluate, reversiKnowledge, reversiTerminal } from './eval.js';
import { loadReversiWeightsSync, reversiWeights, setReversiWeights, useReversiWeights } from './weights.js';

const DATA = new URL('../../../../../../shared/data/reversi/', import.meta.url);

interface Ffo {
  id: number;
  empties: number;
  board: string;
  toMove: string;
  best: string[];
  score: number;
}

function ffo(): Ffo[] {
  const lines = readFileSync(new URL('ffo-1-39.tsv', DATA), 'utf8').split('\n').filter((l) => l.trim() !== '');
  return lines.slice(1).map((l) => {
    const [id, empties, board, toMove, best, score] = l.split('\t');
    return { id: Number(id), empties: Number(empties), board, toMove, best: best.split(/[ ,]+/), score: Number(score) };
  });
}

function randomPosition(rng: Rng, plies: number): ReversiPosition {
  const pos = new ReversiPosition();
  const moves = new Int32Array(MAX_MOVES);
  for (let i = 0; i < plies && !pos.isTerminal(); i++) pos.play(moves[rng.int(pos.legalMoves(moves))]);
  return pos;
}

describe('Reversi knowledge', () => {
  it('scores a frontier move unplayed (leafAfter) as playing it and evaluating does, so searches count the same nodes', () => {
    const rng = new Rng(9);
    const moves = new Int32Array(MAX_MOVES);
    const out = new Float64Array(3);
    const leafAfter = reversiKnowledge.leafAfter as NonNullable<typeof reversiKnowledge.leafAfter>;
    const wasOn = reversiWeights() !== null;
    for (const trained of [true, false]) {
      useReversiWeights(trained);
      if (trained) loadReversiWeightsSync();
      for (let n = 0; n < 150; n++) {
        // Down to full boards, so finished games come up too.
        const pos = randomPosition(rng, 20 + rng.int(45));
        if (pos.isTerminal()) continue;
        const count = pos.legalMoves(moves);
        // After the node's ordering (whose flips and reply counts it reuses) or on its own.
        if (n % 2 === 0) reversiKnowledge.orderMoves?.(pos, moves, count, new Float64Array(MAX_MOVES));
        for (let i = 0; i < count; i++) {
          leafAfter(pos, moves[i], out);
          pos.play(moves[i]);
          const over = pos.isTerminal();
          const want = over ? reversiTerminal(pos, pos.currentPlayer()) : reversiKnowledge.evaluate(pos, pos.currentPlayer());
          pos.undo();
          expect([out[0], out[1], out[2]]).toEqual([want, over ? 1 : 0, 1]);
        }
      }
    }
    // Back to the thread's state before (weights on; loaded only if they were).
    useReversiWeights(true);
    if (!wasOn) setReversiWeights(null);
    // The search with and without the hook: same move, score and nodes.
    for (let n = 0; n < 4; n++) {
      const pos = randomPosition(rng, 10 + rng.int(30));
      const a = new AlphaBeta({ evaluator: reversiKnowledge, ttMegabytes: 4 }).search(pos, { depth: 6 });
      const b = new AlphaBeta({ evaluator: { ...reversiKnowledge, leafAfter: undefined }, ttMegabytes: 4 }).search(pos, { depth: 6 });
      expect([a.move, a.score, a.nodes, a.pv]).toEqual([b.move, b.score, b.nodes, b.pv]);
    }
  });

  it('scores the start 0, a position and its colour swap with opposite signs, and a won game above any evaluation', () => {
    expect(reversiEvaluate(new ReversiPosition())).toBe(0);
    const rng = new Rng(5);
    for (let i = 0; i < 50; i++) {
      const pos = randomPosition(rng, 5 + rng.int(50));
      if (pos.isTerminal()) continue;
      const v = reversiEvaluate(pos);
      expect(Math.abs(v)).toBeLessThan(REVERSI_WON);
      // Same discs, colours swapped, the other side to move: the same position from the other chair.
      const swapped = pos.boardString().replace(/[XO]/g, (c) => (c === 'X' ? 'O' : 'X'));
      const other = new ReversiPosition(swapped, 1 - pos.currentPlayer());
      expect(reversiEvaluate(other)).toBe(v);
    }
    expect(exactScore(2)).toBeGreaterThan(REVERSI_WON);
    expect(exactScore(-2)).toBeLessThan(-REVERSI_WON);
  });

  it('takes a corner when one is on offer', () => {
    // Black (X) to move takes A1 by flipping B2 along the diagonal.
    const board = ['--------', '-OOO----', '--XOO---', '--OXOO--', '--OOXO--', '---OO---', '--------', '--------'].join('');
    const pos = new ReversiPosition(board, 0);
    expect(pos.isLegal(pos.parseMove('A1'))).toBe(true);
    const ab = new AlphaBeta({ evaluator: reversiKnowledge, ttMegabytes: 1 });
    expect(pos.moveToText(ab.search(pos, { depth: 3 }).move as number)).toBe('A1');
  });

  it('finds the best moves and exact scores of FFO endgames: the exact solver in front, and alpha-beta searched to the end', async () => {
    const front = reversiEndgame();
    for (const p of ffo().filter((q) => q.empties <= 16).slice(0, 4)) {
      const pos = new ReversiPosition(p.board, p.toMove === 'X' ? 0 : 1);
      const solved = await front.presolve(pos, 3000, 10, unslicedRunner);
      expect(p.best).toContain(pos.moveToText(solved?.move as number));
      expect(solved?.score).toBe(exactScore(p.score));
      // The same result from the generic search with this evaluation (its terminal scores are exact).
      const answer = new AlphaBeta({ evaluator: reversiKnowledge, ttMegabytes: 8 }).search(pos);
      expect(answer.reason).toBe('solved');
      expect(p.best).toContain(pos.moveToText(answer.move as number));
      expect(answer.score).toBe(exactScore(p.score));
    }
    // The solver takes over from 20 empties at level 10's 3 s (18 from 1 s), never at beginner levels.
    expect(solverEmpties(3000, undefined)).toBe(20);
    expect(solverEmpties(3000, 10)).toBe(20);
    expect(solverEmpties(1000, 10)).toBe(18);
    expect(solverEmpties(3000, 1)).toBe(0);
    expect(await front.presolve(new ReversiPosition(), 3000, 10, unslicedRunner)).toBeNull();
  });

  it('never answers an illegal move over many random positions, at every level', async () => {
    const rng = new Rng(8);
    const bot = new Bot({ seed: 3 });
    let checked = 0;
    for (let i = 0; i < 150; i++) {
      const moves: number[] = [];
      const pos = new ReversiPosition();
      const plies = rng.int(64);
      const list = new Int32Array(MAX_MOVES);
      for (let k = 0; k < plies && !pos.isTerminal(); k++) {
        const m = list[rng.int(pos.legalMoves(list))];
        pos.play(m);
        moves.push(m);
      }
      bot.setPosition({ game: 'reversi', moves });
      const level = 1 + (i % 10);
      const answer = await bot.think({ level, nodes: 300, timeMs: 200 });
      if (pos.isTerminal()) expect(answer.move).toBeNull();
      else {
        expect(pos.isLegal(answer.move as number)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('full strength cut to 4,000 nodes a move beats the greedy classic bot in 10 games of 10 from varied openings', async () => {
    // No level and no clock: level 10 is this search (temperature 0) at 3 s a move; with its clock the exact solver
    // would give up after its share of the time and the searches would slice by time, so the games would follow the
    // machine's speed. Without it the solver takes over at 20 empties as at 3 s and runs to the end, on any machine.
    const r = await playMatch({ game: 'reversi', a: { nodes: 4000 }, b: { algorithm: 'classic' }, games: 10, seed: 21 });
    expect(r.wins).toBe(10);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CheckersPosition, GoPosition, GomokuPosition, MAX_MOVES, PASS, ReversiPosition, Rng, keyHex, type Position } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import type { Evaluator } from '../alphabeta/types.js';
import { WIN_BOUND } from '../core/score.js';
import { Mcts } from '../mcts/search.js';
import { checkersDistance, checkersPlayoutValue } from './checkers/distance.js';
import { goLightPolicy } from './go/light.js';
import { gomokuCandidates } from './gomoku/candidates.js';
import { reversiDiscCount } from './reversi/discs.js';

/** Random positions of a real game: `count` games cut at a random ply (finished games included). */
function* randomPositions(create: () => Position, count: number, maxPlies: number, seed: number, avoid = NaN): Generator<Position> {
  const rng = new Rng(seed);
  const moves = new Int32Array(MAX_MOVES);
  for (let g = 0; g < count; g++) {
    const pos = create();
    const plies = rng.int(maxPlies);
    for (let i = 0; i < plies && !pos.isTerminal(); i++) {
      const n = pos.legalMoves(moves);
      let m = moves[rng.int(n)];
      if (m === avoid && n > 1) m = moves[rng.int(n)];
      pos.play(m);
    }
    yield pos;
  }
}

/** Runs both searches with small random budgets and checks every answer is legal and the position untouched. */
function checkLegality(positions: Iterable<Position>, mcts: Mcts, ab: AlphaBeta, seed: number): { checked: number; terminal: number } {
  const rng = new Rng(seed);
  let checked = 0;
  let terminal = 0;
  for (const pos of positions) {
    const key = keyHex(pos.hashLo, pos.hashHi);
    const text = pos.toString();
    const a = mcts.search(pos, { nodes: 1 + rng.int(200) });
    const b = ab.search(pos, { nodes: 1 + rng.int(2000) });
    expect(keyHex(pos.hashLo, pos.hashHi)).toBe(key);
    expect(pos.toString()).toBe(text);
    for (const r of [a.move, b.move]) {
      if (pos.isTerminal()) expect(r).toBeNull();
      else expect(pos.isLegal(r as number), `${pos.moveToText(r as number)} in\n${text}`).toBe(true);
    }
    if (pos.isTerminal()) terminal++;
    checked++;
  }
  return { checked, terminal };
}

interface FfoCase {
  id: number;
  empties: number;
  board: string;
  toMove: string;
  best: string[];
  score: number;
  moveScores: Map<string, number>;
}

function ffoCases(): FfoCase[] {
  const text = readFileSync(new URL('../../../../../shared/data/reversi/ffo-1-39.tsv', import.meta.url), 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [id, empties, board, toMove, best, score, moveScores] = line.split('\t');
      const scores = new Map(moveScores.split(' ').map((ms) => [ms.split(':')[0], Number(ms.split(':')[1])] as [string, number]));
      return { id: Number(id), empties: Number(empties), board, toMove, best: best.split(','), score: Number(score), moveScores: scores };
    });
}

describe('searches on the real engines', () => {
  it('Reversi FFO endgames: alpha-beta with a disc count to the end finds a listed best move and the exact score', () => {
    const cases = ffoCases().filter((c) => [20, 2, 4, 5, 7].includes(c.id));
    expect(cases.length).toBe(5);
    for (const c of cases) {
      const pos = new ReversiPosition(c.board, c.toMove);
      const r = new AlphaBeta({ evaluator: reversiDiscCount, ttMegabytes: 16 }).search(pos);
      console.log(`FFO #${c.id} (${c.empties} empties): ${pos.moveToText(r.move as number)} ${r.score}, ${r.nodes} nodes, ${r.timeMs.toFixed(0)} ms`);
      expect(c.best, `FFO #${c.id}`).toContain(pos.moveToText(r.move as number).toUpperCase());
      expect(r.score).toBe(c.score);
      expect(r.reason).toBe('solved');
    }
  });

  it('Reversi FFO #20: every root move gets its listed exact score', () => {
    const c = ffoCases().find((x) => x.id === 20) as FfoCase;
    const pos = new ReversiPosition(c.board, c.toMove);
    const r = new AlphaBeta({ evaluator: reversiDiscCount, ttMegabytes: 4, exactRootScores: true }).search(pos);
    expect(r.rootMoves.length).toBe(c.moveScores.size);
    for (const m of r.rootMoves) expect(m.score, pos.moveToText(m.move)).toBe(c.moveScores.get(pos.moveToText(m.move).toUpperCase()));
  });

  it('Reversi: never an illegal move over random positions (passes and finished games included)', () => {
    const report = checkLegality(randomPositions(() => new ReversiPosition(), 150, 70, 5), new Mcts({ seed: 1 }), new AlphaBeta({ ttMegabytes: 2, evaluator: reversiDiscCount }), 6);
    expect(report.checked).toBe(150);
    expect(report.terminal).toBeGreaterThan(0);
  });

  it('Go 9x9: never an illegal move over random positions (MCTS light playouts, alpha-beta)', () => {
    const create = () => new GoPosition({ size: 9, komi: 7.5 });
    const report = checkLegality(randomPositions(create, 120, 200, 1, PASS), new Mcts({ seed: 1, policy: goLightPolicy() }), new AlphaBeta({ ttMegabytes: 2 }), 2);
    expect(report.checked).toBe(120);
  });

  it('Go 9x9: MCTS with light playouts captures a big group in atari', () => {
    const pos = new GoPosition({ size: 9, komi: 7.5 });
    const put = (list: string[], stone: 1 | 2) => { for (const v of list) pos.setup(pos.parseMove(v), stone); };
    put(['B4', 'G4', 'C3', 'D3', 'E3', 'F3', 'C5', 'D5', 'E5'], 1);
    // Four white stones with one liberty left (F5); a white wall on row 7 keeps the game close without it.
    put(['C4', 'D4', 'E4', 'F4', 'A7', 'B7', 'C7', 'D7', 'E7', 'F7', 'G7', 'H7', 'J7'], 2);
    const r = new Mcts({ seed: 3, policy: goLightPolicy(), expandAfter: 4 }).search(pos, { nodes: 10_000 });
    expect(pos.moveToText(r.move as number)).toBe('F5');
    expect(r.candidates[0].visits).toBeGreaterThan(2 * r.candidates[1].visits);
    expect(r.candidates[0].winRate).toBeGreaterThan(r.candidates[1].winRate);
  });

  it('Gomoku 15x15: never an illegal move over random positions, freestyle and renju', () => {
    const ev: Evaluator = { evaluate: () => 0, searchMoves: gomokuCandidates };
    for (const rule of ['freestyle', 'renju'] as const) {
      const create = () => new GomokuPosition({ rule });
      const mcts = new Mcts({ seed: 1, playoutPlyCap: 40, policy: { treeMoves: gomokuCandidates } });
      const report = checkLegality(randomPositions(create, 40, 120, 3), mcts, new AlphaBeta({ ttMegabytes: 2, evaluator: ev }), 4);
      expect(report.checked).toBe(40);
    }
  });

  it('Gomoku: alpha-beta turns an open three into a win, and blocks a four', () => {
    const ev: Evaluator = { evaluate: () => 0, searchMoves: gomokuCandidates };
    const attack = new GomokuPosition({ black: ['G8', 'H8', 'I8', 'H12'], white: ['A1', 'A3', 'O15', 'O13'], toMove: 'black' });
    const win = new AlphaBeta({ ttMegabytes: 4, evaluator: ev }).search(attack, { depth: 3 });
    expect(['F8', 'J8']).toContain(attack.moveToText(win.move as number));
    expect(win.score).toBeGreaterThanOrEqual(WIN_BOUND);
    const defend = new GomokuPosition({ black: ['A1', 'A3', 'O15', 'O13', 'N1'], white: ['G8', 'H8', 'I8', 'J8'], toMove: 'black' });
    const block = new AlphaBeta({ ttMegabytes: 4, evaluator: ev }).search(defend, { depth: 2 });
    expect(block.score).toBeLessThanOrEqual(-WIN_BOUND); // an open four cannot be stopped
    const closed = new GomokuPosition({ black: ['A1', 'A3', 'O15', 'O13', 'F8'], white: ['G8', 'H8', 'I8', 'J8'], toMove: 'black' });
    const blocked = new AlphaBeta({ ttMegabytes: 4, evaluator: ev }).search(closed, { depth: 2 });
    expect(closed.moveToText(blocked.move as number)).toBe('K8'); // the only move that does not lose at once
  });

  it('Chinese Checkers (star 2/3/6 players, 8x8): never an illegal move; paranoid alpha-beta and maxⁿ MCTS', () => {
    for (const rules of [{ players: 2 }, { players: 3 }, { players: 6 }, { board: 'square8' as const, players: 2 }]) {
      const create = () => new CheckersPosition({ ...rules, turnCap: 120 * rules.players, capOutcome: 'distance' });
      const mcts = new Mcts({ seed: 1, playoutPlyCap: 60, policy: checkersPlayoutValue });
      const ab = new AlphaBeta({ ttMegabytes: 2, evaluator: checkersDistance });
      const report = checkLegality(randomPositions(create, 25, 200, 7), mcts, ab, 8);
      expect(report.checked).toBe(25);
    }
  });

  it('Chinese Checkers: a one-ply search takes the longest step home', () => {
    const moves = new Int32Array(MAX_MOVES);
    for (const players of [2, 3]) {
      const pos = new CheckersPosition({ players });
      pos.play(pos.legalMoves(moves) > 0 ? moves[0] : PASS); // a root other than the first player's
      const me = pos.currentPlayer();
      const before = pos.distanceToGoal(me);
      let bestGain = -Infinity;
      const n = pos.legalMoves(moves);
      for (let i = 0; i < n; i++) {
        pos.play(moves[i]);
        bestGain = Math.max(bestGain, before - pos.distanceToGoal(me));
        pos.undo();
      }
      const r = new AlphaBeta({ ttMegabytes: 1, evaluator: checkersDistance }).search(pos, { depth: 1 });
      pos.play(r.move as number);
      expect(before - pos.distanceToGoal(me), `${players} players`).toBe(bestGain);
      expect(bestGain).toBeGreaterThan(0);
    }
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { ReversiPosition } from './position.js';
import { EndgameSolver, solveEndgame } from './solve.js';

const data = new URL('../../../../../shared/data/reversi/', import.meta.url);

function readTsv(name: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(new URL(name, data), 'utf8').trim().split('\n');
  const keys = header.split('\t');
  return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [keys[i], v])));
}

/** Plain negamax over the public Position interface: the slow, obviously right oracle. */
function negamax(pos: ReversiPosition, buf: Int32Array[] = [], depth = 0): number {
  buf[depth] ??= new Int32Array(64);
  const moves = buf[depth];
  const n = pos.legalMoves(moves);
  if (n === 0) return (pos.currentPlayer() === 0 ? pos.score() : -pos.score()) | 0;
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    pos.play(moves[i]);
    best = Math.max(best, -negamax(pos, buf, depth + 1) | 0);
    pos.undo();
  }
  return best;
}

describe('exact Reversi endgame solver', () => {
  it('agrees with plain negamax on 300 random positions with 1 to 9 empties, passes and early ends included', () => {
    const rng = new Rng(2024);
    const buf = new Int32Array(64);
    const solver = new EndgameSolver({ ttBits: 12 });
    let passes = 0;
    for (let g = 0; g < 300; g++) {
      const pos = new ReversiPosition();
      const target = 1 + rng.int(9);
      while (pos.empties() > target) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        pos.play(buf[rng.int(n)]);
      }
      const fresh = new ReversiPosition(pos.boardString(), pos.currentPlayer());
      const expected = negamax(fresh);
      const r = solver.solve(fresh);
      expect(r.score, `${fresh.boardString()} ${fresh.currentPlayer()}`).toBe(expected);
      if (r.move === null) expect(fresh.isTerminal()).toBe(true);
      else if (r.move === PASS) passes++;
      else {
        fresh.play(r.move);
        expect(0 - negamax(fresh)).toBe(expected);
      }
    }
    console.log(`random endgames: ${passes} root passes`);
    expect(passes).toBeGreaterThan(0);
  });

  it('reports a forced pass as PASS and a finished game as null', () => {
    const pass = solveEndgame(new ReversiPosition('OX------' + '--------'.repeat(7), 'X'));
    expect(pass.move).toBe(PASS);
    expect(pass.score).toBe(-64);
    const over = solveEndgame(new ReversiPosition('X'.repeat(40) + 'O'.repeat(24), 'O'));
    expect(over.move).toBe(null);
    expect(over.score).toBe(-16);
    const stuck = solveEndgame(new ReversiPosition('X'.repeat(60) + '-'.repeat(4), 'O'));
    expect(stuck.move).toBe(null);
    expect(stuck.score).toBe(-64);
  });

  it('scores every legal move of FFO #1–#7 (14 empties) exactly as listed', () => {
    const solver = new EndgameSolver({ ttBits: 18 });
    for (const r of readTsv('ffo-1-39.tsv').filter((x) => Number(x.id) <= 7)) {
      const pos = new ReversiPosition(r.board, r.to_move);
      const got = solver.scoreMoves(pos).map((m) => `${pos.moveToText(m.move)}:${m.score > 0 ? '+' : ''}${m.score}`);
      const listed = r.move_scores.split(' ').map((m) => m.replace(':-0', ':+0').replace(':+0', ':0'));
      expect(got.sort(), `FFO #${r.id}`).toEqual(listed.sort());
    }
  });

  it('solves FFO #1–#34 (6 to 20 empties): exact score and one of the listed best moves', () => {
    const solver = new EndgameSolver();
    const rows = readTsv('ffo-1-39.tsv').filter((r) => Number(r.id) <= 34);
    expect(rows.length).toBe(34);
    for (const r of rows) {
      const pos = new ReversiPosition(r.board, r.to_move);
      const res = solver.solve(pos);
      expect(res.score, `FFO #${r.id}`).toBe(Number(r.score));
      expect(r.best_moves.split(','), `FFO #${r.id}`).toContain(pos.moveToText(res.move!));
    }
  });
});

describe('interrupting the endgame solver', () => {
  // FFO #23: 18 empties, about 600,000 nodes — long enough to be cut many times.
  const row = readTsv('ffo-1-39.tsv').find((r) => r.id === '23');
  if (row === undefined) throw new Error('FFO #23 missing');
  const pos = new ReversiPosition(row.board, row.to_move);

  it('reports aborted (no move, nothing proven) at a node budget, a passed deadline or a raised stop flag', () => {
    const solver = new EndgameSolver({ ttBits: 16 });
    const budget = solver.solve(pos, { maxNodes: 20_000 });
    expect(budget).toMatchObject({ move: null, score: 0, aborted: true });
    expect(budget.nodes).toBeLessThan(20_000 + 5_000);
    const late = solver.solve(pos, { deadline: performance.now() - 1 });
    expect(late).toMatchObject({ move: null, aborted: true });
    expect(late.nodes).toBeLessThan(10_000);
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    expect(solver.solve(pos, { stop: flag })).toMatchObject({ move: null, aborted: true });
    // A finished game needs no search: nothing to abort.
    expect(solveEndgame(new ReversiPosition('X'.repeat(40) + 'O'.repeat(24), 'O'), {}, { maxNodes: 1 }).aborted).toBe(false);
  });

  it('resumed slice after slice (the table kept) gives the exact answer, as one uninterrupted call does', () => {
    const whole = new EndgameSolver({ ttBits: 16 }).solve(pos);
    expect(whole.aborted).toBe(false);
    expect(whole.score).toBe(Number(row.score));
    const solver = new EndgameSolver({ ttBits: 16 });
    let calls = 0;
    let nodes = 0;
    let r = solver.solve(pos, { maxNodes: 20_000 });
    for (; r.aborted; calls++) {
      nodes += r.nodes;
      r = solver.solve(pos, { maxNodes: 20_000 });
    }
    nodes += r.nodes;
    console.log(`FFO #23 in ${calls + 1} calls of 20,000 nodes: ${nodes} nodes; in one call: ${whole.nodes}`);
    expect(calls).toBeGreaterThan(3);
    expect(r.score).toBe(Number(row.score));
    expect(row.best_moves.split(',')).toContain(pos.moveToText(r.move as number));
    expect(r.move).toBe(whole.move);
    // Resuming keeps the work of the slices before: far less than starting over each time.
    expect(nodes).toBeLessThan(whole.nodes * 2);
  });

  it('after an aborted solve, a different position starts from a clear table and is still exact', () => {
    const solver = new EndgameSolver({ ttBits: 16 });
    expect(solver.solve(pos, { maxNodes: 30_000 }).aborted).toBe(true);
    for (const r of readTsv('ffo-1-39.tsv').filter((x) => ['3', '10', '19'].includes(x.id))) {
      const other = new ReversiPosition(r.board, r.to_move);
      const fresh = new EndgameSolver({ ttBits: 16 }).solve(other);
      const res = solver.solve(other);
      expect(res.score, `FFO #${r.id}`).toBe(Number(r.score));
      // Same table state as a fresh solver: the same node count.
      expect(res.nodes, `FFO #${r.id}`).toBe(fresh.nodes);
    }
  });
});

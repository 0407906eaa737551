import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS, Rng, ReversiPosition } from '@qi/engine';
import { EndgameSolver, type SolveLimits, type SolveResult, solveEndgame } from './solve.js';

const data = new URL('../../../../../../shared/data/reversi/', import.meta.url);

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
    // Exactly: the one call's nodes, plus the root once more in each further call.
    expect(nodes).toBe(whole.nodes + calls);
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

/** Solves pos in calls of the given limits until one finishes: the last result, the calls and their nodes. */
function sliced(solver: EndgameSolver, pos: ReversiPosition, limits: (call: number) => SolveLimits): { r: SolveResult; calls: number; nodes: number } {
  let calls = 0;
  let nodes = 0;
  let r: SolveResult;
  do {
    r = solver.solve(pos, limits(calls++));
    nodes += r.nodes;
  } while (r.aborted);
  return { r, calls, nodes };
}

describe('resuming an interrupted endgame solve exactly', () => {
  // FFO #8: 15 empties, about 190,000 nodes; its root climbs (later moves beat the first) and passes occur.
  const row = readTsv('ffo-1-39.tsv').find((r) => r.id === '8');
  if (row === undefined) throw new Error('FFO #8 missing');
  const pos = new ReversiPosition(row.board, row.to_move);
  const whole = new EndgameSolver({ ttBits: 16 }).solve(pos);

  it('FFO #8 solved in calls of 64, 256, 1,024 and 4,096 nodes: the one-call answer, within 2x its nodes', () => {
    expect(whole.aborted).toBe(false);
    expect(whole.score).toBe(Number(row.score));
    expect(row.best_moves.split(',')).toContain(pos.moveToText(whole.move as number));
    const solver = new EndgameSolver({ ttBits: 16 });
    for (const slice of [64, 256, 1024, 4096]) {
      const { r, calls, nodes } = sliced(solver, pos, () => ({ maxNodes: slice }));
      const factor = nodes / whole.nodes;
      console.log(`reversi FFO #8 slice ${slice}: ${nodes} nodes in ${calls} calls, ${factor.toFixed(3)}x one call (${whole.nodes})`);
      expect(calls, `slice ${slice}`).toBeGreaterThan(whole.nodes / slice / 2);
      expect(r.score, `slice ${slice}`).toBe(Number(row.score));
      expect(row.best_moves.split(','), `slice ${slice}`).toContain(pos.moveToText(r.move as number));
      expect(r.move, `slice ${slice}`).toBe(whole.move);
      expect(nodes, `slice ${slice}`).toBeLessThanOrEqual(2 * whole.nodes);
      // The same search as one call: nothing is searched twice, only the root counts once in every call.
      expect(nodes, `slice ${slice}`).toBe(whole.nodes + calls - 1);
    }
  });

  it('calls stopped by a passed deadline or a raised stop flag (plain or shared) resume to the same answer', () => {
    const solver = new EndgameSolver({ ttBits: 16 });
    const plain = new Int32Array([1]);
    const shared = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(shared, 0, 1);
    // A limit is looked at every few thousand nodes: each call gets that far, then gives up (a passed deadline
    // is passed on any machine), and the last one finishes.
    const kinds: SolveLimits[] = [{ deadline: performance.now() - 1 }, { stop: plain }, { stop: shared }, { maxNodes: 777 }];
    const { r, calls, nodes } = sliced(solver, pos, (call) => kinds[call % kinds.length]);
    expect(calls).toBeGreaterThan(10);
    expect(r.score).toBe(Number(row.score));
    expect(r.move).toBe(whole.move);
    expect(nodes).toBe(whole.nodes + calls - 1);
  });

  it('a solve of another position, or scoreMoves, in between forgets the interrupted one, which then starts over', () => {
    const solver = new EndgameSolver({ ttBits: 16 });
    const other = readTsv('ffo-1-39.tsv').find((r) => r.id === '5');
    if (other === undefined) throw new Error('FFO #5 missing');
    const b = new ReversiPosition(other.board, other.to_move);
    const bWhole = new EndgameSolver({ ttBits: 16 }).solve(b);
    // Interrupted, then another position solved: exact, as from a fresh solver.
    for (let k = 0; k < 5; k++) expect(solver.solve(pos, { maxNodes: 3_000 }).aborted).toBe(true);
    const rb = solver.solve(b);
    expect(rb.score).toBe(Number(other.score));
    expect(rb.nodes).toBe(bWhole.nodes);
    // The first position again: a fresh solve, not a resume of a path that is gone.
    const ra = solver.solve(pos);
    expect(ra).toMatchObject({ score: Number(row.score), move: whole.move, nodes: whole.nodes, aborted: false });
    // Interrupted, then the other one interrupted too, then the first again (sliced): starts over, still exact.
    expect(solver.solve(pos, { maxNodes: 5_000 }).aborted).toBe(true);
    expect(solver.solve(b, { maxNodes: 2_000 }).aborted).toBe(true);
    const again = sliced(solver, pos, () => ({ maxNodes: 4_096 }));
    expect(again.r).toMatchObject({ score: Number(row.score), move: whole.move });
    expect(again.nodes).toBe(whole.nodes + again.calls - 1);
    // Interrupted, then scoreMoves of the same position, then a solve: a fresh solve.
    expect(solver.solve(b, { maxNodes: 1_000 }).aborted).toBe(true);
    const scores = solver.scoreMoves(b);
    expect(scores[0].score).toBe(Number(other.score));
    expect(solver.solve(b)).toMatchObject({ score: Number(other.score), move: bWhole.move, nodes: bWhole.nodes });
    // A finished solve forgets too: the same position once more is solved from scratch.
    expect(solver.solve(b)).toMatchObject({ score: Number(other.score), nodes: bWhole.nodes });
  });

  it('random endgames with passes (at the root and inside), in calls of 1 to 40 nodes: the one-call answer exactly', () => {
    const rng = new Rng(11);
    const buf = new Int32Array(64);
    const one = new EndgameSolver({ ttBits: 14 });
    const solver = new EndgameSolver({ ttBits: 14 });
    let rootPasses = 0;
    let others = 0;
    for (let g = 0; (rootPasses < 30 || others < 50) && g < 50_000; g++) {
      // Random games down to 8..16 empties, and positions of up to 16 empties where the side to move must pass
      // (the root then searches with a full window, so the re-search of the principal variation search gets cut).
      const pos = new ReversiPosition();
      const target = 8 + rng.int(9);
      let passRoot = false;
      while (pos.empties() > target) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        pos.play(buf[rng.int(n)]);
        if (pos.empties() <= 16 && !pos.isTerminal() && pos.legalMoves(buf) === 1 && buf[0] === PASS) {
          passRoot = true;
          break;
        }
      }
      if (passRoot ? rootPasses >= 30 : others >= 50) continue;
      const fresh = new ReversiPosition(pos.boardString(), pos.currentPlayer());
      const w = one.solve(fresh);
      const slice = 1 + rng.int(40);
      const { r, calls, nodes } = sliced(solver, fresh, () => ({ maxNodes: slice }));
      const where = `${fresh.boardString()} ${fresh.currentPlayer()} in calls of ${slice}`;
      expect(r.score, where).toBe(w.score);
      expect(r.move, where).toBe(w.move);
      expect(nodes, where).toBe(w.nodes + calls - 1);
      if (passRoot) {
        expect(r.move, where).toBe(PASS);
        rootPasses++;
      } else others++;
    }
    console.log(`random sliced endgames: ${others} positions, ${rootPasses} root passes`);
    expect(rootPasses).toBe(30);
    expect(others).toBe(50);
  });
});

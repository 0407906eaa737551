import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GomokuPosition, type GomokuOptions } from '@qi/engine';
import { lineProblem, quintetVcfPuzzles, solveInSlices } from './solver-testing.js';
import { solveVcf, VcfSolver } from './vcf.js';

const DATA = new URL('../../../../../../shared/data/gomoku/', import.meta.url);

interface MateCase {
  id: string;
  black: string[];
  white: string[];
  slow: boolean;
  checks: { solver: string; limit: number; threatLimit: number; attacker: string; expect: string[] | null }[];
}

/** Attacker moves in a line before its final five (what a depth limit counts, as in quintet). */
function attackerMoves(line: number[]): number {
  return (line.length + 1) / 2 - 1;
}

describe('VCF on the renju puzzles solved by quintet', () => {
  const puzzles = quintetVcfPuzzles();

  it('finds a win within 40 attacker moves in all 1803, and every line replays as a legal win', () => {
    expect(puzzles.length).toBe(1803);
    const solver = new VcfSolver();
    const problems: string[] = [];
    for (const p of puzzles) {
      const opts: GomokuOptions = { rule: 'renju', black: p.black, white: p.white, toMove: p.toMove };
      const r = solver.solve(new GomokuPosition(opts), { maxDepth: 40 });
      if (!r.win) problems.push(`${p.id}: no win found (${r.nodes} nodes${r.aborted ? ', budget exhausted' : ''})`);
      else if (attackerMoves(r.line) > 40) problems.push(`${p.id}: line of ${attackerMoves(r.line)} attacker moves`);
      else {
        const problem = lineProblem(opts, r.line);
        if (problem) problems.push(`${p.id}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every black-to-move renju VCF is also a freestyle win (the data README says so)', () => {
    const solver = new VcfSolver();
    const problems: string[] = [];
    const black = puzzles.filter((p) => p.toMove === 'black');
    expect(black.length).toBe(1125);
    for (const p of black) {
      const opts: GomokuOptions = { rule: 'freestyle', black: p.black, white: p.white, toMove: 'black' };
      const r = solver.solve(new GomokuPosition(opts), { maxDepth: 40 });
      if (!r.win) problems.push(`${p.id}: no freestyle win`);
      else if (lineProblem(opts, r.line)) problems.push(`${p.id}: ${lineProblem(opts, r.line)}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('VCF unit cases from quintet', () => {
  const cases = (JSON.parse(readFileSync(new URL('renju-mate-unit-cases.json', DATA), 'utf8')) as { cases: MateCase[] }).cases;
  for (const c of cases) {
    for (const check of c.checks.filter((k) => k.solver === 'VCFDFS')) {
      it(`${c.id} within ${check.limit}: ${check.expect ? 'a win' : 'no win'}`, () => {
        const opts: GomokuOptions = { rule: 'renju', black: c.black, white: c.white, toMove: check.attacker.toLowerCase() as 'black' };
        const r = new VcfSolver().solve(new GomokuPosition(opts), { maxDepth: check.limit });
        expect(r.aborted).toBe(false);
        expect(r.win).toBe(check.expect !== null);
        if (r.win) {
          expect(lineProblem(opts, r.line)).toBeNull();
          expect(attackerMoves(r.line)).toBeLessThanOrEqual(check.limit);
        }
      });
    }
  }
});

describe('VCF and the rule sets', () => {
  it('freestyle wins at once with the overline renju forbids (lfz-b1cdb1fa9492, H9)', () => {
    const black = ['K12', 'I10', 'F9', 'G9', 'I9', 'J9', 'K9', 'H8', 'I8', 'J8'];
    const white = ['J12', 'E11', 'I11', 'K11', 'F10', 'H10', 'J10', 'K8', 'H7', 'H6'];
    const free = new GomokuPosition({ rule: 'freestyle', black, white, toMove: 'black' });
    const r = solveVcf(free);
    expect(r.line.map((m) => free.moveToText(m))).toEqual(['H9']);
    const renju = new GomokuPosition({ rule: 'renju', black, white, toMove: 'black' });
    expect(renju.forbiddenKind(renju.parseMove('H9'))).toBe('overline');
    const rr = solveVcf(renju);
    expect(rr.win).toBe(true);
    expect(rr.line.length).toBeGreaterThan(1);
    expect(lineProblem({ rule: 'renju', black, white, toMove: 'black' }, rr.line)).toBeNull();
  });

  it('white wins when black\'s only block is forbidden; in freestyle that block wins for black', () => {
    // White H7 H8 H9, black H6 below: H10 makes a four whose only completion is H11, where black would make
    // the overline E11-J11 (forbidden in renju; a winning six in freestyle).
    const black = ['H6', 'E11', 'F11', 'G11', 'I11', 'J11', 'A1'];
    const white = ['H7', 'H8', 'H9', 'A3', 'C3', 'A5', 'C5'];
    const opts: GomokuOptions = { rule: 'renju', black, white, toMove: 'white' };
    const pos = new GomokuPosition(opts);
    const r = solveVcf(pos, { maxDepth: 1 });
    expect(r.win).toBe(true);
    expect(pos.moveToText(r.line[0])).toBe('H10');
    expect(pos.moveToText(r.line[2])).toBe('H11');
    expect(lineProblem(opts, r.line)).toBeNull();
    const free = new GomokuPosition({ ...opts, rule: 'freestyle' });
    expect(solveVcf(free, { maxDepth: 1 }).win).toBe(false);
  });

  it('must answer a defender four, and cannot win through two defender fives', () => {
    // White threatens A5 (A1-A4). Black's only VCF move is the block A5, which makes two fours (row B5-D5
    // and diagonal B6-C7-D8): white can stop only one.
    const opts: GomokuOptions = { rule: 'freestyle', black: ['B5', 'C5', 'D5', 'B6', 'C7', 'D8'], white: ['A1', 'A2', 'A3', 'A4', 'O15', 'N15'], toMove: 'black' };
    const pos = new GomokuPosition(opts);
    const r = solveVcf(pos);
    expect(r.win).toBe(true);
    expect(pos.moveToText(r.line[0])).toBe('A5');
    expect(lineProblem(opts, r.line)).toBeNull();
    const twoThreats = new GomokuPosition({ ...opts, white: ['A1', 'A2', 'A3', 'A4', 'O1', 'O2', 'O3', 'O4'] });
    expect(solveVcf(twoThreats).win).toBe(false);
  });

  it('leaves the position as it was and respects the node budget', () => {
    const pos = new GomokuPosition({ rule: 'renju', black: ['H8', 'I8', 'J8', 'H9', 'H10'], white: ['G8', 'H7', 'A1', 'B1', 'C1'], toMove: 'black' });
    const before = pos.toString();
    const key = [pos.hashLo, pos.hashHi];
    solveVcf(pos);
    expect(pos.toString()).toBe(before);
    expect([pos.hashLo, pos.hashHi]).toEqual(key);
    const tiny = solveVcf(pos, { maxNodes: 1 });
    expect(tiny.nodes).toBeLessThanOrEqual(2);
  });
});

describe('interrupting a VCF search', () => {
  const puzzle = (id: string): GomokuOptions => {
    const p = quintetVcfPuzzles().find((q) => q.id === id);
    if (p === undefined) throw new Error(`${id} missing`);
    return { rule: 'renju', black: p.black, white: p.white, toMove: p.toMove };
  };
  // About 50,000 nodes from a fresh table.
  const opts = puzzle('lfz-871b9cb3916e');

  it('says aborted, and interrupted for the deadline or the stop flag (not for the node budget)', () => {
    const budget = new VcfSolver().solve(new GomokuPosition(opts), { maxNodes: 5000 });
    expect(budget).toMatchObject({ win: false, line: [], aborted: true, interrupted: false });
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    const stopped = new VcfSolver().solve(new GomokuPosition(opts), { stop: flag });
    expect(stopped).toMatchObject({ win: false, aborted: true, interrupted: true });
    expect(stopped.nodes).toBeLessThanOrEqual(1025);
    const late = new VcfSolver().solve(new GomokuPosition(opts), { deadline: performance.now() - 1 });
    expect(late).toMatchObject({ win: false, aborted: true, interrupted: true });
    expect(late.nodes).toBeLessThanOrEqual(1025);
  });

  it('resumes where a call was cut short: slices of 64 to 4,096 nodes search at most 2x the nodes of one call, same line', () => {
    const whole = new VcfSolver().solve(new GomokuPosition(opts), { maxDepth: 40 });
    expect(whole.win).toBe(true);
    for (const slice of [64, 256, 1024, 4096]) {
      const solver = new VcfSolver();
      const pos = new GomokuPosition(opts);
      const r = solveInSlices((maxNodes) => solver.solve(pos, { maxDepth: 40, maxNodes }), slice);
      const factor = r.nodes / whole.nodes;
      console.log(`VCF slice ${slice}: ${r.nodes} nodes in ${r.calls} calls, ${factor.toFixed(3)}x the ${whole.nodes} of one call`);
      expect(r.last.win).toBe(true);
      expect(r.last.line).toEqual(whole.line);
      expect(factor).toBeLessThanOrEqual(2);
    }
  });

  it('a call cut short by the deadline or the stop flag resumes too; a call on another position drops the kept path', () => {
    const whole = new VcfSolver().solve(new GomokuPosition(opts), { maxDepth: 40 });
    const solver = new VcfSolver();
    const pos = new GomokuPosition(opts);
    const late = solver.solve(pos, { maxDepth: 40, deadline: performance.now() - 1 });
    expect(late).toMatchObject({ aborted: true, interrupted: true });
    const flag = new Int32Array(1);
    flag[0] = 1;
    const stopped = solver.solve(pos, { maxDepth: 40, stop: flag });
    expect(stopped).toMatchObject({ aborted: true, interrupted: true });
    const rest = solver.solve(pos, { maxDepth: 40 });
    expect(rest.line).toEqual(whole.line);
    expect(late.nodes + stopped.nodes + rest.nodes).toBeLessThanOrEqual(whole.nodes + 2);
    // Cut short, then another position, then this one again: a fresh search, and still the right line.
    const fresh = new VcfSolver();
    const other = new GomokuPosition(puzzle('lfz-b1cdb1fa9492'));
    expect(fresh.solve(pos, { maxDepth: 40, maxNodes: 5000 }).aborted).toBe(true);
    expect(fresh.solve(other, { maxDepth: 40 }).win).toBe(true);
    const again = fresh.solve(pos, { maxDepth: 40 });
    expect(again.win).toBe(true);
    expect(lineProblem(opts, again.line)).toBeNull();
  });
});

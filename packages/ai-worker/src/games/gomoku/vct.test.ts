import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GomokuPosition, type GomokuOptions } from '@qi/engine';
import { lineProblem, solveInSlices } from './solver-testing.js';
import { VctSolver } from './vct.js';

const DATA = new URL('../../../../../../shared/data/gomoku/', import.meta.url);

interface MateCase {
  id: string;
  black: string[];
  white: string[];
  slow: boolean;
  checks: { solver: string; limit: number; threatLimit: number; attacker: string; expect: string[] | null }[];
}

// The quintet cases with an expected win (its DFS solver's checks; the PNS/lazy variants repeat the positions).
// Their `limit` counts attacker moves before the final five, as ours does. The `expect: null` VCT checks and the
// `slow` cases run in the bench (apps/bench gomoku suite).
describe('VCT unit cases from quintet', () => {
  const cases = (JSON.parse(readFileSync(new URL('renju-mate-unit-cases.json', DATA), 'utf8')) as { cases: MateCase[] }).cases;
  for (const c of cases.filter((k) => !k.slow)) {
    for (const check of c.checks.filter((k) => k.solver === 'VCTDFS' && k.expect !== null)) {
      it(`${c.id} within ${check.limit}`, () => {
        const opts: GomokuOptions = { rule: 'renju', black: c.black, white: c.white, toMove: check.attacker.toLowerCase() as 'black' };
        const r = new VctSolver().solve(new GomokuPosition(opts), { maxDepth: check.limit, threatDepth: check.threatLimit, maxNodes: 3_000_000 });
        expect(r.win).toBe(true);
        expect(lineProblem(opts, r.line)).toBeNull();
        expect((r.line.length + 1) / 2 - 1).toBeLessThanOrEqual(check.limit);
      });
    }
  }
});

describe('VCT basics', () => {
  it('wins with a double three in freestyle', () => {
    // I8 makes two threes at once, G8 H8 I8 on row 8 and I8 . I10 I11 on column I: white can stop one only.
    const opts: GomokuOptions = { rule: 'freestyle', black: ['G8', 'H8', 'I10', 'I11'], white: ['A1', 'A15', 'O1', 'O15'], toMove: 'black' };
    const r = new VctSolver().solve(new GomokuPosition(opts), { maxDepth: 4 });
    expect(r.win).toBe(true);
    expect(lineProblem(opts, r.line)).toBeNull();
  });

  it('finds nothing where there is nothing', () => {
    const opts: GomokuOptions = { rule: 'renju', black: ['H8'], white: ['I9'], toMove: 'black' };
    const r = new VctSolver().solve(new GomokuPosition(opts), { maxDepth: 6 });
    expect(r.win).toBe(false);
    expect(r.aborted).toBe(false);
  });

  it('in renju black may not win by a double-three that white could in freestyle', () => {
    const black = ['G8', 'H8', 'I10', 'I11'];
    const renju = new GomokuPosition({ rule: 'renju', black, white: ['A1', 'A15', 'O1', 'O15'], toMove: 'black' });
    // I8 would be a double-three (row 8 and column I): forbidden, so black has no such shortcut.
    expect(renju.forbiddenKind(renju.parseMove('I8'))).toBe('double-three');
    const r = new VctSolver().solve(renju, { maxDepth: 4 });
    if (r.win) expect(lineProblem({ rule: 'renju', black, white: ['A1', 'A15', 'O1', 'O15'], toMove: 'black' }, r.line)).toBeNull();
    expect(r.line.map((m) => renju.moveToText(m))).not.toContain('I8');
  });
});

describe('interrupting a VCT search', () => {
  // VCT puzzle lfz-08ff1e82df7c: about 60,000 nodes from fresh tables.
  const line = readFileSync(new URL('renju-vct-puzzles.jsonl', DATA), 'utf8')
    .split('\n')
    .find((l) => l.includes('"lfz-08ff1e82df7c"'));
  if (line === undefined) throw new Error('lfz-08ff1e82df7c missing');
  const p = JSON.parse(line) as { black: string[]; white: string[]; toMove: 'black' | 'white' };
  const opts: GomokuOptions = { rule: 'renju', black: p.black, white: p.white, toMove: p.toMove };

  it('says aborted and interrupted for a stop flag or a deadline, not for the node budget', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    const stopped = new VctSolver().solve(new GomokuPosition(opts), { stop: flag });
    expect(stopped).toMatchObject({ win: false, aborted: true, interrupted: true });
    expect(stopped.nodes).toBeLessThanOrEqual(1025);
    const late = new VctSolver().solve(new GomokuPosition(opts), { deadline: performance.now() - 1 });
    expect(late).toMatchObject({ win: false, aborted: true, interrupted: true });
    const budget = new VctSolver().solve(new GomokuPosition(opts), { maxNodes: 3000 });
    expect(budget).toMatchObject({ win: false, aborted: true, interrupted: false });
  });

  it('resumes where a call was cut short: slices of 64 to 4,096 nodes search at most 2x the nodes of one call, same line', () => {
    const whole = new VctSolver().solve(new GomokuPosition(opts), { maxNodes: 200_000 });
    expect(whole.win).toBe(true);
    for (const slice of [64, 256, 1024, 4096]) {
      const solver = new VctSolver();
      const pos = new GomokuPosition(opts);
      const r = solveInSlices((maxNodes) => solver.solve(pos, { maxNodes }), slice);
      const factor = r.nodes / whole.nodes;
      console.log(`VCT slice ${slice}: ${r.nodes} nodes in ${r.calls} calls, ${factor.toFixed(3)}x the ${whole.nodes} of one call`);
      expect(r.last.win).toBe(true);
      expect(r.last.line).toEqual(whole.line);
      expect(factor).toBeLessThanOrEqual(2);
    }
  });

  it('a call cut short by the stop flag resumes; one on another position in between starts that one afresh', () => {
    const whole = new VctSolver().solve(new GomokuPosition(opts), { maxNodes: 200_000 });
    const solver = new VctSolver();
    const pos = new GomokuPosition(opts);
    const flag = new Int32Array(1);
    flag[0] = 1;
    const stopped = solver.solve(pos, { stop: flag });
    expect(stopped).toMatchObject({ aborted: true, interrupted: true });
    const rest = solver.solve(pos, { maxNodes: 200_000 });
    expect(rest.line).toEqual(whole.line);
    expect(stopped.nodes + rest.nodes).toBeLessThanOrEqual(whole.nodes + 1);
    const fresh = new VctSolver();
    expect(fresh.solve(pos, { maxNodes: 5000 }).aborted).toBe(true);
    const double: GomokuOptions = { rule: 'freestyle', black: ['G8', 'H8', 'I10', 'I11'], white: ['A1', 'A15', 'O1', 'O15'], toMove: 'black' };
    expect(fresh.solve(new GomokuPosition(double), { maxDepth: 4 }).win).toBe(true);
    const again = fresh.solve(pos, { maxNodes: 200_000 });
    expect(again.win).toBe(true);
    expect(lineProblem(opts, again.line)).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { GomokuPosition } from './position.js';
import { VctSolver } from './vct.js';
import { lineProblem } from './solver-testing.js';
it('vct puzzles', () => {
  const lines = readFileSync('/work/shared/data/gomoku/renju-vct-puzzles.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const solver = new VctSolver();
  const stats: Record<string, number[]> = {};
  const t0 = performance.now();
  let bad = 0;
  for (const j of lines.filter((_: unknown, i: number) => i % 16 === 0)) {
    const opts = { rule: 'renju' as const, black: j.black, white: j.white, toMove: j.toMove };
    const depth = j.task === 'win-in-3' ? 3 : 12;
    const t = performance.now();
    const r = solver.solve(new GomokuPosition(opts), { maxDepth: depth, maxNodes: 100000, threatDepth: 2 });
    const k = j.task + ' ' + j.toMove;
    (stats[k] ??= [0, 0, 0, 0]);
    stats[k][0]++; if (r.win) stats[k][1]++; if (r.aborted) stats[k][2]++; stats[k][3] += performance.now() - t;
    if (r.win && lineProblem(opts, r.line)) bad++;
  }
  console.log(stats, 'bad', bad, 'total ms', performance.now() - t0);
});

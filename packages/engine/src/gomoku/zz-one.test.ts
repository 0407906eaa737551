import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { GomokuPosition } from './position.js';
import { VctSolver } from './vct.js';
it('one', () => {
  const lines = readFileSync('/work/shared/data/gomoku/renju-vct-puzzles.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  let shown = 0;
  for (const j of lines.filter((_: unknown, i: number) => i % 16 === 0)) {
    if (j.task !== 'win-in-3' || j.toMove !== 'black') continue;
    const opts = { rule: 'renju' as const, black: j.black, white: j.white, toMove: j.toMove };
    const pos = new GomokuPosition(opts);
    const r3 = new VctSolver().solve(pos, { maxDepth: 3, maxNodes: 100000, threatDepth: 2 });
    if (r3.win) continue;
    const out: string[] = [];
    for (const [d, t] of [[4, 2], [5, 3], [8, 3]]) {
      const r = new VctSolver().solve(pos, { maxDepth: d, maxNodes: 300000, threatDepth: t });
      out.push(`d${d}t${t}:${r.win}${r.aborted ? 'A' : ''} ${r.line.map((m) => pos.moveToText(m)).join(' ')}`);
    }
    console.log(j.id, out.join(' | '));
    console.log(pos.toString());
    if (++shown >= 4) break;
  }
});

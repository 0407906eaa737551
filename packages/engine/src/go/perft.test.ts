import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { perft } from '../core/perft.js';
import { GoPosition } from './position.js';
import { ReferenceGo } from './reference.js';
import type { KoRule } from './rules.js';

interface PerftCase {
  size: number;
  ko: KoRule;
  suicide: boolean;
  depth: number;
  nodes: number;
}

const cases = (JSON.parse(readFileSync(new URL('./perft.json', import.meta.url), 'utf8')) as { cases: PerftCase[] }).cases;

/** Perft by the flood-fill reference board, copying the whole board at every node: the independent count. */
function naivePerft(ref: ReferenceGo, depth: number): number {
  if (depth === 0 || ref.passes >= 2) return 1;
  const moves = [...ref.legal(), -1];
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    const child = ref.clone();
    child.play(m);
    total += naivePerft(child, depth - 1);
  }
  return total;
}

describe('Go perft', () => {
  it.each(cases)('$size x $size, $ko ko, suicide $suicide, depth $depth = $nodes', (c) => {
    const pos = new GoPosition({ size: c.size, ko: c.ko, suicide: c.suicide });
    expect(perft(pos, c.depth)).toBe(c.nodes);
    expect(naivePerft(new ReferenceGo(c.size, c.ko, c.suicide), c.depth)).toBe(c.nodes);
  });
});

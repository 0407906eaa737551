import { describe, expect, it } from 'vitest';
import { GoPosition, MAX_MOVES } from '@qi/engine';
import { EMPTY_CORNER_PRIOR, goOpeningPriors } from './opening.js';
import { goTreeMoves } from './knowledge.js';

/** The priors goOpeningPriors leaves for the named moves of a 19x19 game after `moves`, every prior starting at 0.3. */
function priors(moves: string[], asked: string[], size = 19): number[] {
  const pos = new GoPosition({ size });
  for (const m of moves) pos.play(pos.parseMove(m));
  const list = new Int32Array(MAX_MOVES);
  const n = goTreeMoves(pos, list);
  const out = new Float32Array(n).fill(0.3);
  goOpeningPriors(pos, list, n, out);
  return asked.map((v) => {
    const i = list.subarray(0, n).indexOf(pos.parseMove(v));
    if (i < 0) throw new Error(`${v} is not a tree move`);
    return out[i];
  });
}

describe('corners first', () => {
  it('raises the 3-3, 3-4, 4-4 and 3-5 points of empty corners on an open board, nothing else', () => {
    // After L16 D12 every corner is empty: C10 (the side move the model liked) keeps its prior.
    const [q16, r16, c3, d4, e3, c10, k10, f6] = priors(['L16', 'D12'], ['Q16', 'R16', 'C3', 'D4', 'E3', 'C10', 'K10', 'F6']);
    for (const p of [q16, r16, c3, d4, e3]) expect(p).toBeCloseTo(EMPTY_CORNER_PRIOR, 6);
    for (const p of [c10, k10, f6]) expect(p).toBeCloseTo(0.3, 6);
  });

  it('leaves a corner with a stone in its 7x7 area to the other priors', () => {
    const [d16, c16, q3, r3] = priors(['L16', 'D12', 'Q4'], ['D16', 'C16', 'Q3', 'R3']);
    expect(d16).toBeCloseTo(EMPTY_CORNER_PRIOR, 6);
    expect(c16).toBeCloseTo(EMPTY_CORNER_PRIOR, 6);
    expect(q3).toBeCloseTo(0.3, 6);
    expect(r3).toBeCloseTo(0.3, 6);
    // G7 is in the lower-left corner's area: that corner is no longer empty.
    const [c3] = priors(['G7'], ['C3']);
    expect(c3).toBeCloseTo(0.3, 6);
  });

  it('stops once a tenth of the board holds stones, and on boards under 13x13', () => {
    // 37 stones (just over a tenth of 361) on columns H to M, outside every corner's area, none next to another.
    const middle: string[] = [];
    for (let row = 1; row <= 19; row++) for (const [k, col] of [...'HJKLM'].entries()) if ((row + k) % 2 === 0 && middle.length < 37) middle.push(`${col}${row}`);
    expect(priors(middle.slice(0, 36), ['C3'])[0]).toBeCloseTo(EMPTY_CORNER_PRIOR, 6);
    expect(priors(middle, ['C3'])[0]).toBeCloseTo(0.3, 6);
    expect(priors(['E5'], ['C3'], 9)[0]).toBeCloseTo(0.3, 6);
  });
});

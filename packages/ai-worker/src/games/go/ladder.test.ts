import { describe, expect, it } from 'vitest';
import type { GoPosition } from '@qi/engine';
import { LadderReader } from './ladder.js';
import { goPriors } from './knowledge.js';
import { stonesPosition as position, vertexPoint as at } from './go-testing.js';

// White E5 in atari (black E6, D5, F5, F4): extending at E4 leaves two liberties, and black's E3 starts a ladder
// to the lower left. Every verdict below is GNU Go 3.8's `attack E5` after white E4 (2026-12-04): 1 E3 with no
// breaker or with a white stone at G7 (off the ladder's path), 0 with a white stone at C3, B2 or D2 on it.
const BLACK = ['E6', 'D5', 'F5', 'F4'];

describe('ladder reading', () => {
  const reader = new LadderReader(9);

  it('an extension from atari into a working ladder fails; a ladder breaker on its path saves it', () => {
    for (const [breaker, caught] of [[null, true], ['G7', true], ['C3', false], ['B2', false], ['D2', false]] as const) {
      const pos = position(BLACK, breaker === null ? ['E5'] : ['E5', breaker], 'white');
      expect(reader.escapeFails(pos.board, at(pos, 'E5'), at(pos, 'E4'), 2), `breaker ${breaker}`).toBe(caught);
    }
    // Three liberties after the extension (no black F4): no ladder.
    const open = position(['E6', 'D5', 'F5'], ['E5'], 'white');
    expect(reader.escapeFails(open.board, at(open, 'E5'), at(open, 'E4'), 2)).toBe(false);
  });

  it('an atari that starts a working ladder captures; the same atari with a breaker does not', () => {
    const ladder = position(['E6', 'D5', 'F4'], ['E5'], 'black');
    expect(reader.atariCaptures(ladder.board, at(ladder, 'F5'), at(ladder, 'E5'), 1)).toBe(true);
    const broken = position(['E6', 'D5', 'F4'], ['E5', 'C3'], 'black');
    expect(reader.atariCaptures(broken.board, at(broken, 'F5'), at(broken, 'E5'), 1)).toBe(false);
    // The reader leaves the position's board as it was.
    expect(ladder.board.color[at(ladder, 'F5')]).toBe(0);
  });

  it("the tree's priors: running into a working ladder is as bad as a self-atari, an escape that works is urgent", () => {
    const prior = (pos: GoPosition, vertex: string) => {
      const moves = Int32Array.of(at(pos, vertex));
      const out = new Float32Array(1);
      goPriors(pos, moves, 1, out);
      return out[0];
    };
    expect(prior(position(BLACK, ['E5'], 'white'), 'E4')).toBeLessThanOrEqual(0.02);
    expect(prior(position(BLACK, ['E5', 'C3'], 'white'), 'E4')).toBeGreaterThanOrEqual(0.7);
    expect(prior(position(['E6', 'D5', 'F4'], ['E5'], 'black'), 'F5')).toBeGreaterThan(prior(position(['E6', 'D5', 'F4'], ['E5', 'C3'], 'black'), 'F5'));
  });
});

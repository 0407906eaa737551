import { describe, expect, it } from 'vitest';
import { GtpClock } from './clock.js';

describe('GtpClock', () => {
  it('has no budget without a time limit, or with byo-yomi time and no stones (GTP: no limit)', () => {
    const c = new GtpClock();
    expect(c.budget(0, 169, 169)).toBeUndefined();
    c.settings(0, 5, 0);
    expect(c.active).toBe(false);
    expect(c.budget(0, 169, 169)).toBeUndefined();
  });

  it('shares main time over the moves to go and lets an unsettled move think on; byo-yomi stones get no more than their share', () => {
    const c = new GtpClock();
    c.settings(180, 0, 0);
    // 13x13, empty: 60 moves to go, 3 s each, up to 7.5 s while unsettled, less the 450 ms margin.
    expect(c.budget(0, 169, 169)).toEqual({ timeMs: 2550, timeMaxMs: 7050 });
    // Late with 20 s left: the aim is 2 s, the cap a fifth of the clock.
    c.update(1, 20, 0);
    expect(c.budget(1, 40, 169)).toEqual({ timeMs: 1650, timeMaxMs: 3650 });
    // In byo-yomi, 30 s for 10 stones: 3 s a stone, never more (an overrun loses).
    c.settings(0, 30, 10);
    c.update(0, 30, 10);
    expect(c.budget(0, 100, 169)).toEqual({ timeMs: 2550, timeMaxMs: 2550 });
  });
});

/** The Fischer clocks and the lag compensation quota, as pure functions of time. */
import { describe, expect, it } from 'vitest';
import { chargeMove, clocksView, flagAt, resumeClocks, startClocks } from './clocks.js';

const spec = { initialMs: 10_000, incrementMs: 2_000 };

describe('clocks', () => {
  it('charge the mover its elapsed time, add the increment and start the next seat', () => {
    const c = startClocks(spec, 2, 0, 1000);
    expect(clocksView(c, 4000)).toEqual({ remainingMs: [7000, 10_000], running: 0, at: 4000 });
    const after = chargeMove(c, 0, 1, 4000, 0)!;
    expect(clocksView(after, 4000)).toEqual({ remainingMs: [9000, 10_000], running: 1, at: 4000 });
    expect(flagAt(after)).toBe(14_000);
  });

  it('compensate lag by at most 1000 ms a move, out of a 3000 ms quota that refills 500 ms a move', () => {
    let c = startClocks({ initialMs: 60_000, incrementMs: 0 }, 2, 0, 0);
    // A 5 s round trip would ask for 2.5 s: one move gets at most 1 s.
    c = chargeMove(c, 0, 1, 5000, 2500)!;
    expect(c.remaining[0]).toBe(56_000);
    expect(c.quota[0]).toBe(2500);
    let t = 5000;
    const quotas: number[] = [];
    for (let i = 0; i < 6; i++) {
      c = chargeMove(c, 1, 0, (t += 100), 0)!;
      c = chargeMove(c, 0, 1, (t += 2000), 2500)!;
      quotas.push(c.quota[0]);
    }
    // Each move spends 1000 and gets 500 back, until the quota cannot cover a full second.
    expect(quotas).toEqual([2000, 1500, 1000, 500, 500, 500]);
  });

  it('refuse a move that comes after the flag time, and resume stored clocks without charging the downtime', () => {
    const c = startClocks({ initialMs: 1000, incrementMs: 0 }, 2, 1, 0);
    expect(chargeMove(c, 1, 0, 1500, 0)).toBeNull();
    const stored = clocksView(c, 400);
    const resumed = resumeClocks(c.spec, stored, c.quota, 1_000_000);
    expect(clocksView(resumed, 1_000_100)).toEqual({ remainingMs: [1000, 500], running: 1, at: 1_000_100 });
  });
});

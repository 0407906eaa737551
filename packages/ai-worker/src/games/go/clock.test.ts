import { describe, expect, it } from 'vitest';
import { clockMoveTime, goMovesToGo } from './clock.js';

describe('Go under a clock', () => {
  it('estimates the moves to go from the empty points: games end with about 30% of the board empty', () => {
    expect(goMovesToGo(81, 81)).toBe(29);
    expect(goMovesToGo(169, 169)).toBe(60);
    expect(goMovesToGo(361, 361)).toBe(127);
    // Fewer as the board fills, never below 10.
    expect(goMovesToGo(120, 169)).toBe(35);
    expect(goMovesToGo(40, 169)).toBe(10);
    expect(goMovesToGo(0, 0)).toBe(10);
  });

  it('aims at a fair share of the time left and thinks on at most 2.5 times that, never a fifth of the clock', () => {
    expect(clockMoveTime(180_000, 60)).toEqual({ timeMs: 3000, timeMaxMs: 7500 });
    // Late in the game the fifth of what is left caps the extension.
    expect(clockMoveTime(20_000, 10)).toEqual({ timeMs: 2000, timeMaxMs: 4000 });
    // The margin comes off both; the cap is never below the aim.
    expect(clockMoveTime(180_000, 60, 100)).toEqual({ timeMs: 2900, timeMaxMs: 7400 });
    expect(clockMoveTime(1000, 1)).toEqual({ timeMs: 1000, timeMaxMs: 1000 });
    expect(clockMoveTime(0, 10)).toEqual({ timeMs: 1, timeMaxMs: 1 });
    // Spending each move's aim never runs the clock out; ten capped moves in a row leave a tenth of it.
    let left = 180_000;
    for (let empties = 169; empties > 0; empties -= 2) left -= clockMoveTime(left, goMovesToGo(empties, 169)).timeMs;
    expect(left).toBeGreaterThan(0);
    left = 180_000;
    for (let i = 0; i < 10; i++) left -= clockMoveTime(left, goMovesToGo(169 - 2 * i, 169)).timeMaxMs;
    expect(left).toBeGreaterThan(18_000);
    expect(() => clockMoveTime(-1, 10)).toThrow(/time left/);
    expect(() => clockMoveTime(1000, 0)).toThrow(/moves to go/);
    expect(() => clockMoveTime(Number.NaN, 10)).toThrow(RangeError);
  });
});

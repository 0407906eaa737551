/** Qi's think time on a clock: the level's own cap, at most a twentieth of what is left. */
import { describe, expect, it } from 'vitest';
import { qiThinkMs } from './qi-seats.js';

describe('qiThinkMs', () => {
  it('keeps the level’s cap, takes at most a twentieth of the clock, and never less than 50 ms', () => {
    expect(qiThinkMs(null, 5)).toBeNull();
    expect(qiThinkMs(600_000, 10)).toBe(3000);
    expect(qiThinkMs(20_000, 10)).toBe(1000);
    expect(qiThinkMs(200, 1)).toBe(50);
  });
});

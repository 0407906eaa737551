import { describe, expect, it } from 'vitest';
import { Progress, duration } from './progress.js';

describe('progress output', () => {
  it('rewrites one line on a terminal and ends it with a newline', () => {
    const out: string[] = [];
    const p = new Progress({ write: (t: string) => out.push(t), isTTY: true });
    p.update('1/4 games');
    p.update('2/4 games');
    p.done();
    expect(out).toEqual(['\r\x1b[K1/4 games', '\r\x1b[K2/4 games', '\n']);
  });

  it('prints plain lines at most once per interval when not a terminal, and always the final one', () => {
    const out: string[] = [];
    const p = new Progress({ write: (t: string) => out.push(t), isTTY: false }, 60_000);
    p.update('1/3');
    p.update('2/3');
    p.update('3/3', true);
    p.done();
    expect(out).toEqual(['1/3\n', '3/3\n']);
  });

  it('formats durations', () => {
    expect(duration(12_400)).toBe('12s');
    expect(duration(185_000)).toBe('3m05s');
    expect(duration(3_725_000)).toBe('1h02m');
    expect(duration(Infinity)).toBe('?');
  });
});

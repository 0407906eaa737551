import { describe, expect, it } from 'vitest';
import { formatSearched, pairedLoss, parseSearched } from './go-paired.js';

describe('paired agree-go runs', () => {
  const a = [
    { file: 'g1', ply: 20, move: 'D4', loss: 10 },
    { file: 'g1', ply: 29, move: 'C3', loss: 0 },
    { file: 'g2', ply: 20, move: 'Q16', loss: 4 },
    { file: 'g2', ply: 29, move: 'R3', loss: null },
  ];

  it('pairs positions by game and ply, skipping those without a loss in either run', () => {
    const b = [
      { file: 'g2', ply: 20, move: 'Q16', loss: 4 },
      { file: 'g1', ply: 20, move: 'E5', loss: 2 },
      { file: 'g1', ply: 29, move: 'D3', loss: 6 },
      { file: 'g2', ply: 29, move: 'R4', loss: 1 },
      { file: 'g3', ply: 20, move: 'A1', loss: 9 },
    ];
    const d = pairedLoss(a, b);
    // Differences 8, -6, 0: mean 2/3, deviations 22/3, -20/3, -2/3: sample variance 888/9/2, error sqrt(888/18/3).
    expect(d.positions).toBe(3);
    expect(d.differing).toBe(2);
    expect(d.mean).toBeCloseTo(2 / 3, 10);
    expect(d.standardError).toBeCloseTo(Math.sqrt(888 / 54), 10);
    expect(pairedLoss(a, a)).toEqual({ positions: 3, differing: 0, mean: 0, standardError: 0 });
    expect(pairedLoss(a, [])).toEqual({ positions: 0, differing: 0, mean: 0, standardError: 0 });
  });

  it('saves and reads runs as JSON lines, naming the line it cannot read', () => {
    expect(parseSearched(formatSearched(a), 'x')).toEqual(a);
    expect(formatSearched([])).toBe('');
    expect(() => parseSearched('{"file":"g","ply":1,"move":"D4","loss":1}\n{oops', 'run.jsonl')).toThrow('run.jsonl:2: not JSON');
    expect(() => parseSearched('\n{"file":"g","ply":1.5,"move":"D4","loss":1}', 'r')).toThrow('r:2: not a searched position');
    expect(() => parseSearched('{"file":"g","ply":1,"move":"D4","loss":"1"}', 'r')).toThrow('r:1: not a searched position');
    expect(() => parseSearched('null', 'r')).toThrow('r:1: not a searched position');
  });
});

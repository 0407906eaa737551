import { describe, expect, it } from 'vitest';
import { nearestInDirection } from './cursor.js';
import type { BoardCell } from './types.js';

const grid = (n: number): BoardCell[] => {
  const out: BoardCell[] = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out.push({ id: y * n + x, x, y, name: `${x},${y}` });
  return out;
};

describe('keyboard cursor', () => {
  it('steps one point on a square grid and stops at the edge', () => {
    const cells = grid(3);
    expect(nearestInDirection(cells, 4, 1, 0)).toBe(5);
    expect(nearestInDirection(cells, 4, 0, -1)).toBe(1);
    expect(nearestInDirection(cells, 5, 1, 0)).toBeNull();
    expect(nearestInDirection(cells, 0, 0, -1)).toBeNull();
  });

  it('steps down a row of holes offset by half a step', () => {
    const h = Math.sqrt(3) / 2;
    const cells: BoardCell[] = [
      { id: 0, x: 1, y: 0, name: 'a1' },
      { id: 1, x: 0.5, y: h, name: 'b1' },
      { id: 2, x: 1.5, y: h, name: 'b2' },
    ];
    expect([1, 2]).toContain(nearestInDirection(cells, 0, 0, 1));
    expect(nearestInDirection(cells, 1, 1, 0)).toBe(2);
  });
});

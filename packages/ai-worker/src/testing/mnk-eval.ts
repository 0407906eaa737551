import type { Position } from '@qi/engine';
import type { Evaluator } from '../alphabeta/types.js';
import type { MnkGame } from './mnk.js';

/**
 * A classic k-in-a-row evaluation for the test game: every window of k cells holding stones of one player only
 * scores 4^(stones) for that player. Gives the searches realistic, deterministic work for the bench signature.
 */
export function mnkEvaluator(): Evaluator {
  return {
    evaluate(pos: Position, player: number): number {
      const g = pos as MnkGame;
      const w = g.width;
      const h = g.height;
      const k = g.k;
      let score = 0;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          score += windowScore(g, x, y, 1, 0, k) + windowScore(g, x, y, 0, 1, k) + windowScore(g, x, y, 1, 1, k) + windowScore(g, x, y, 1, -1, k);
        }
      }
      return player === 0 ? score : -score;
    },
    orderMoves(pos: Position, moves: Int32Array, n: number, scores: Float64Array): void {
      // Central columns/cells first: they take part in the most windows.
      const g = pos as MnkGame;
      for (let i = 0; i < n; i++) {
        const x = g.gravity ? moves[i] : moves[i] % g.width;
        scores[i] = -Math.abs(2 * x - (g.width - 1));
      }
    },
  };
}

function windowScore(g: MnkGame, x: number, y: number, dx: number, dy: number, k: number): number {
  const ex = x + (k - 1) * dx;
  const ey = y + (k - 1) * dy;
  if (ex < 0 || ex >= g.width || ey < 0 || ey >= g.height) return 0;
  let first = 0;
  let second = 0;
  for (let s = 0; s < k; s++) {
    const c = g.cell((y + s * dy) * g.width + x + s * dx);
    if (c === 1) first++;
    else if (c === 2) second++;
  }
  if (first > 0 && second > 0) return 0;
  return first > 0 ? 4 ** first : second > 0 ? -(4 ** second) : 0;
}

import { BORDER, EMPTY, MAX_MOVES, PASS, type GoPosition, type Position, type Rng } from '@qi/engine';
import type { ClassicBot } from './types.js';

/**
 * The classic Go baselines: uniformly random legal moves that do not fill an own eye (an empty point whose four
 * neighbours are own stones or the edge), passing when none is left; `nearStones` prefers points next to a stone
 * (within one line, diagonals included) when there are any.
 */
export function goRandom(nearStones = false): ClassicBot {
  const moves = new Int32Array(MAX_MOVES);
  const near = new Int32Array(MAX_MOVES);
  return {
    name: nearStones ? 'go-random-near' : 'go-random',
    choose(pos: Position, rng: Rng): number | null {
      const g = pos as GoPosition;
      if (g.isTerminal()) return null;
      const n = g.legalMoves(moves);
      const me = g.currentPlayer() + 1; // board colours: 1 black, 2 white
      const color = g.board.color;
      const w = g.size + 2;
      let k = 0;
      let m = 0;
      for (let i = 0; i < n; i++) {
        const p = moves[i];
        if (p === PASS || ownEye(color, p, w, me)) continue;
        moves[k++] = p;
        if (nearStones && touchesStone(color, p, w)) near[m++] = p;
      }
      if (m > 0) return near[rng.int(m)];
      return k > 0 ? moves[rng.int(k)] : PASS;
    },
  };
}

function ownEye(color: Uint8Array, p: number, w: number, me: number): boolean {
  // The edge (border colour) counts as a wall of the eye.
  return wall(color[p - 1], me) && wall(color[p + 1], me) && wall(color[p - w], me) && wall(color[p + w], me);
}

function wall(c: number, me: number): boolean {
  return c === me || c === BORDER;
}

function touchesStone(color: Uint8Array, p: number, w: number): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const c = color[p + dy * w + dx];
      if (c !== EMPTY && c !== BORDER && (dx !== 0 || dy !== 0)) return true;
    }
  }
  return false;
}

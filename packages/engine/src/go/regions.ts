import { BLACK, BORDER, EMPTY, WHITE, type ChainBoard } from './board.js';

/**
 * Tromp-Taylor counting of a board as it stands (no dead stones): writes into `out` [black stones, white stones,
 * black-only empty points, white-only empty points]. An empty region counts for a colour when only that colour
 * borders it. With `owner` (indexed by point) it also writes 1 black, 2 white, 0 nobody for every on-board point.
 * Uses the board's stamp array and `removed` buffer as scratch, so it never allocates.
 */
export function countArea(b: ChainBoard, out: Int32Array, owner?: Uint8Array): void {
  const color = b.color, dirs = b.dirs, stack = b.removed, N2 = b.N2;
  const stamp = b.stamps();
  const id = b.newStamp();
  let bs = 0, ws = 0, bt = 0, wt = 0;
  for (let p = 0; p < N2; p++) {
    const c = color[p];
    if (c === BLACK) {
      bs++;
      if (owner) owner[p] = BLACK;
    } else if (c === WHITE) {
      ws++;
      if (owner) owner[p] = WHITE;
    } else if (c === EMPTY && stamp[p] !== id) {
      // Flood fill the empty region; the stack is replayed afterwards to mark its owner.
      let top = 0, len = 0;
      stack[top++] = p;
      stamp[p] = id;
      let borders = 0;
      while (top > len) {
        const s = stack[len++];
        for (let k = 0; k < 4; k++) {
          const q = s + dirs[k];
          const cq = color[q];
          if (cq === EMPTY) {
            if (stamp[q] !== id) {
              stamp[q] = id;
              stack[top++] = q;
            }
          } else if (cq !== BORDER) borders |= cq;
        }
      }
      if (borders === BLACK) bt += len;
      else if (borders === WHITE) wt += len;
      if (owner) {
        const who = borders === BLACK || borders === WHITE ? borders : EMPTY;
        for (let i = 0; i < len; i++) owner[stack[i]] = who;
      }
    }
  }
  out[0] = bs;
  out[1] = ws;
  out[2] = bt;
  out[3] = wt;
}

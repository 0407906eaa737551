import type { ChainBoard } from '@qi/engine';
import * as engine from '@qi/engine';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { EMPTY } = engine;

/**
 * Liberties the chain of a c stone played at empty p would have, counted up to `cap`; a capture (an enemy neighbour
 * in atari) counts as `cap`, since it frees at least one point. The tree's knowledge and the heavy playout read the
 * same exact liberties of a ChainBoard through this one function; the light playout cannot, because it keeps
 * pseudo-liberties (a count per adjacent empty point, which is what makes it fast) and asks only about suicide.
 */
export function libertiesAfter(b: ChainBoard, p: number, c: number, cap: number): number {
  const color = b.color, head = b.head, libs = b.libs, dirs = b.dirs, next = b.next;
  const o = 3 - c;
  const stamp = b.stamps();
  const id = b.newStamp();
  stamp[p] = id;
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const q = p + dirs[k];
    const cq = color[q];
    if (cq === EMPTY) {
      stamp[q] = id;
      if (++n >= cap) return n;
    } else if (cq === o && libs[head[q]] === 1) return cap;
  }
  for (let k = 0; k < 4; k++) {
    const q = p + dirs[k];
    if (color[q] !== c) continue;
    const h = head[q];
    let s = h;
    do {
      for (let d = 0; d < 4; d++) {
        const r = s + dirs[d];
        if (color[r] === EMPTY && stamp[r] !== id) {
          stamp[r] = id;
          if (++n >= cap) return n;
        }
      }
      s = next[s];
    } while (s !== h);
  }
  return n;
}

/** The only liberty of chain h of a ChainBoard (a chain in atari), or -1 when it has none. */
export function libertyOf(b: ChainBoard, h: number): number {
  const color = b.color, next = b.next, W = b.W;
  let s = h;
  do {
    if (color[s - 1] === EMPTY) return s - 1;
    if (color[s + 1] === EMPTY) return s + 1;
    if (color[s - W] === EMPTY) return s - W;
    if (color[s + W] === EMPTY) return s + W;
    s = next[s];
  } while (s !== h);
  return -1;
}

/** Whether chain h of a ChainBoard touches a chain of colour c in atari (which h could capture to gain a liberty). */
export function touchesAtari(b: ChainBoard, h: number, c: number): boolean {
  const color = b.color, head = b.head, libs = b.libs, dirs = b.dirs, next = b.next;
  let s = h;
  do {
    for (let d = 0; d < 4; d++) {
      const r = s + dirs[d];
      if (color[r] === c && libs[head[r]] === 1) return true;
    }
    s = next[s];
  } while (s !== h);
  return false;
}

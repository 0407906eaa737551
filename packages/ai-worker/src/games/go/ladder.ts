import * as engine from '@qi/engine';
import type { ChainBoard } from '@qi/engine';
import * as liberties from './liberties.js';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { ChainBoard: Board, EMPTY } = engine;
const { libertyOf, touchesAtari } = liberties;

/**
 * Ladder reading (shicho) for the tree's knowledge. Random playouts never follow a ladder to its end, so without
 * reading one the search both runs from atari into ladders that fail (the stones die a few moves later, for a
 * player like GNU Go that reads them) and misses the ataris that capture by ladder. The reader plays the ladder out
 * on a journaled scratch board: the attacker ataris on either liberty, the defender first captures any attacking
 * chain in atari next to it (then it counts as escaped), else extends; three liberties or more is an escape, one is
 * a capture. Ko is not considered; ladders longer than MAX_LADDER plies count as escapes. The scratch board's stone
 * key is left as rollback leaves it: nothing here reads it, and each query starts from copyFrom.
 */

/** Plies a ladder is read at most (a ladder crossing a 19x19 board diagonally takes about 70). */
const MAX_LADDER = 100;

/** A ladder reader for one board size (its scratch board is reused; not reentrant). */
export class LadderReader {
  private readonly s: ChainBoard;
  private readonly libs2 = new Int32Array(2);

  constructor(readonly size: number) {
    this.s = new Board(size, true);
  }

  /**
   * Whether colour c, extending its chain in atari (the chain of stone `stone`) at its only liberty `lib`, is
   * still caught: after the extension the chain has at most two liberties and the opponent, to move, captures it
   * by ladder (or at once). False when the extension captures or gains three liberties.
   */
  escapeFails(b: ChainBoard, stone: number, lib: number, c: number): boolean {
    const s = this.s;
    s.copyFrom(b);
    const mark = s.trailLen;
    s.place(lib, c);
    let caught: boolean;
    if (s.color[lib] !== c || s.removedLen > 0) caught = s.color[lib] !== c; // suicide dies; a capture escapes
    else {
      const h = s.head[stone];
      const l = s.libs[h];
      caught = l <= 1 ? true : l === 2 ? this.attackerWins(h, 3 - c, 0) : false;
    }
    s.rollback(mark);
    return caught;
  }

  /**
   * Whether colour c playing at `m` puts the enemy chain of stone `target` (two liberties now) in atari and then
   * captures it by ladder whatever it does.
   */
  atariCaptures(b: ChainBoard, m: number, target: number, c: number): boolean {
    const s = this.s;
    s.copyFrom(b);
    const mark = s.trailLen;
    s.place(m, c);
    let caught = false;
    // Legal, not captured back at once, and the target in atari.
    if (s.color[m] === c && s.color[target] === 3 - c && s.libs[s.head[target]] === 1) caught = this.defenderLoses(s.head[target], c, 0);
    s.rollback(mark);
    return caught;
  }

  /** Chain h (two liberties), the attacker a to move: whether an atari on either liberty captures it by ladder. */
  private attackerWins(h: number, a: number, depth: number): boolean {
    if (depth >= MAX_LADDER) return false;
    const s = this.s;
    if (!this.twoLiberties(h)) return false;
    const l0 = this.libs2[0];
    const l1 = this.libs2[1];
    for (let i = 0; i < 2; i++) {
      const lib = i === 0 ? l0 : l1;
      const mark = s.trailLen;
      s.place(lib, a);
      // The atari stone must stand (not suicide) and the chain must now be in atari.
      const ok = s.color[lib] === a && s.libs[s.head[h]] === 1;
      const wins = ok && this.defenderLoses(s.head[h], a, depth + 1);
      s.rollback(mark);
      if (wins) return true;
    }
    return false;
  }

  /** Chain h in atari, its owner to move against attacker a: whether it dies (cannot capture out nor extend to safety). */
  private defenderLoses(h: number, a: number, depth: number): boolean {
    const s = this.s;
    const color = s.color, head = s.head, libs = s.libs;
    // An attacking chain in atari next to the defender: capturing it breaks the ladder.
    if (touchesAtari(s, h, a)) return false;
    const lib = libertyOf(s, h);
    if (lib < 0) return true;
    const d = 3 - a;
    const mark = s.trailLen;
    s.place(lib, d);
    let dies: boolean;
    if (color[lib] !== d) dies = true; // suicide
    else {
      const nh = head[lib];
      const l = libs[nh];
      dies = l <= 1 ? true : l === 2 ? this.attackerWins(nh, a, depth + 1) : false;
    }
    s.rollback(mark);
    return dies;
  }

  /** Puts chain h's two liberties in libs2; false when it has another number. */
  private twoLiberties(h: number): boolean {
    const s = this.s;
    const color = s.color, next = s.next, dirs = s.dirs;
    let n = 0;
    let st = h;
    do {
      for (let k = 0; k < 4; k++) {
        const q = st + dirs[k];
        if (color[q] !== EMPTY) continue;
        if (n > 0 && this.libs2[0] === q) continue;
        if (n > 1 && this.libs2[1] === q) continue;
        if (n === 2) return false;
        this.libs2[n++] = q;
      }
      st = next[st];
    } while (st !== h);
    return n === 2;
  }
}

const readers: LadderReader[] = [];

/** The cached ladder reader of a board size. */
export function ladderReaderFor(size: number): LadderReader {
  let r = readers[size];
  if (!r) readers[size] = r = new LadderReader(size);
  return r;
}

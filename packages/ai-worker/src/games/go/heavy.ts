import * as engine from '@qi/engine';
import type { GoPosition, Rng } from '@qi/engine';
import type { PlayoutTrace } from '../../mcts/trace.js';
import * as patterns from './patterns.js';
import * as eye from './eye.js';
import * as liberties from './liberties.js';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { BLACK, ChainBoard, EMPTY, WHITE, countArea, handicapPoints } = engine;
const { PATTERN_MOVE, patternIndex } = patterns;
const { diagonalsKeepEye } = eye;
const { libertiesAfter, libertyOf, touchesAtari } = liberties;

/** Chance that a playout move tries the 3x3 pattern replies around the last move before a random move. */
const PATTERN_PROBABILITY = 0.9;

/**
 * The smallest board whose playouts atari a two-liberty chain with no escape by default. On 13x13 it won self-play
 * by Elo +109 ± 62 (SPRT H1); on 9x9, at 1 s a move against GNU Go on the same 80 openings, it scored 60-0-20 where
 * the playout without it scored 65-0-15, so 9x9 keeps the playout that holds issue #17's 80% there.
 */
const TWO_LIBERTY_ATARI_MIN_SIZE = 13;

/**
 * The smallest board whose playouts may fill the inside of an enemy eye space by a self-atari of a small chain (a
 * nakade). Without it a playout never kills a group whose one eye space holds three points or more: the killing
 * stone in the middle of a straight three stands in seki with the defender forever (both fills of an end are
 * self-ataris of two stones or more), so every playout counted a dead group alive.
 */
const NAKADE_MIN_SIZE = 15;

/**
 * The largest chain a nakade self-atari may make. Captured, it leaves an eye space of three points at most, one eye
 * the playout can kill again with a stone on its vital point; a bigger chain short of liberties inside an enemy
 * wall is as likely to be half of a seki, which its capture would hand to the enemy.
 */
const NAKADE_MAX_STONES = 3;

/**
 * Mogo-style heavy playouts on a scratch board with exact liberties: each move first answers the last move's
 * tactics (capture the stone just played when it is in atari; save an own chain it put in atari by capturing
 * an attacker or by extending to two or more liberties; the first move does this for the whole board; from 13x13
 * up, atari its chain when it has two liberties and no escape), then with high probability plays a 3x3 pattern
 * reply next to the last move, else a random move. No move fills an own eye, commits suicide, or puts an own chain of
 * two or more stones into atari without capturing (so playouts do not break seki or kill own big groups), except,
 * from 15x15 up, a chain of up to three stones filling an enemy eye space (a nakade, which kills a one-eyed group).
 * Nothing allocates per playout.
 */
export class HeavyPlayout {
  /** Board size this playout runs on. */
  readonly size: number;
  private readonly b: engine.ChainBoard;
  private readonly empty: Int32Array;
  private readonly where: Int32Array;
  private nEmpty = 0;
  private readonly counts = new Int32Array(4);
  private readonly owner: Uint8Array;
  private readonly cand = new Int32Array(16);
  private readonly two = new Int32Array(2);
  /** Offsets of the 8 points around a point (NW, N, NE, W, E, SW, S, SE) on the padded board. */
  private readonly around: Int32Array;
  /** Whether, when no atari needs answering, a move ataris the last move's two-liberty chain that cannot escape. */
  readonly twoLibertyAtari: boolean;
  /** Whether a self-atari of a small chain inside an enemy eye space is playable (a nakade: see isNakadeFill). */
  readonly nakade: boolean;
  /** Plies played by the last run. */
  plies = 0;

  constructor(size: number, twoLibertyAtari = size >= TWO_LIBERTY_ATARI_MIN_SIZE, nakade = size >= NAKADE_MIN_SIZE) {
    this.size = size;
    this.twoLibertyAtari = twoLibertyAtari;
    this.nakade = nakade;
    this.b = new ChainBoard(size, false);
    this.empty = new Int32Array(size * size);
    this.where = new Int32Array(this.b.N2);
    this.owner = new Uint8Array(this.b.N2);
    const W = this.b.W;
    this.around = Int32Array.of(-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1);
  }

  /**
   * Plays one playout from `pos` (left unchanged); returns Black's area minus White's minus komi and handicap
   * bonus (> 0: Black wins). Adds each move to `trace` when it is enabled, and +1/-1 per Black/White-owned final
   * point to `ownership` (indexed by `pos.points()` order) when given. With `resume`, a game that ended by
   * passes is played on as if nobody had passed (to settle the dead stones of a finished game).
   */
  run(pos: GoPosition, rng: Rng, trace: PlayoutTrace | null, ownership?: Float64Array, resume = false, maxPlies = 3 * this.size * this.size): number {
    if (pos.size !== this.size) throw new RangeError(`this playout is for ${this.size}x${this.size}, the position is ${pos.size}x${pos.size}`);
    const b = this.b;
    b.copyFrom(pos.board);
    const color = b.color;
    const empty = this.empty, where = this.where;
    const pts = pos.points();
    let nEmpty = 0;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      if (color[p] === EMPTY) {
        where[p] = nEmpty;
        empty[nEmpty++] = p;
      }
    }
    this.nEmpty = nEmpty;
    const record = trace !== null && trace.enabled;
    let c = pos.currentPlayer() + 1;
    let ko = pos.koPoint();
    let passes = resume ? 0 : pos.isTerminal() ? 2 : pos.passes();
    const lm = pos.lastMove();
    let last = lm === null || lm < 0 ? -1 : lm;
    let ply = 0;
    while (passes < 2 && ply < maxPlies) {
      const o = 3 - c;
      let move = ply === 0 ? this.globalAtariReply(pts, c, o, ko) : -1;
      if (move < 0 && last >= 0 && color[last] === o) {
        move = this.atariReply(last, c, o, ko);
        if (move < 0 && this.twoLibertyAtari) move = this.twoLibertyReply(last, c, o, ko);
        if (move < 0 && rng.float() < PATTERN_PROBABILITY) move = this.patternReply(last, c, o, ko, rng);
      }
      if (move < 0) move = this.randomMove(c, o, ko, rng);
      if (move < 0) {
        passes++;
        ko = -1;
        last = -1;
      } else {
        passes = 0;
        ko = this.place(move, c);
        last = move;
        if (record) (trace as PlayoutTrace).add(c - 1, move);
      }
      c = o;
      ply++;
    }
    this.plies = ply;
    const counts = this.counts;
    if (ownership) {
      const owner = this.owner;
      countArea(b, counts, owner);
      for (let i = 0; i < pts.length; i++) {
        const w = owner[pts[i]];
        if (w === BLACK) ownership[i] += 1;
        else if (w === WHITE) ownership[i] -= 1;
      }
    } else countArea(b, counts);
    return counts[0] + counts[2] - counts[1] - counts[3] - pos.rules.komi - handicapPoints(pos.rules, pos.handicap);
  }

  /** Plays colour c at p, keeps the empty list, returns the new simple-ko point or -1. */
  private place(p: number, c: number): number {
    const b = this.b, empty = this.empty, where = this.where;
    let nEmpty = this.nEmpty;
    const at = where[p];
    const lastP = empty[--nEmpty];
    empty[at] = lastP;
    where[lastP] = at;
    const captured = b.place(p, c);
    const removed = b.removed;
    for (let i = 0; i < b.removedLen; i++) {
      const q = removed[i];
      where[q] = nEmpty;
      empty[nEmpty++] = q;
    }
    this.nEmpty = nEmpty;
    const h = b.head[p];
    return captured === 1 && b.count[h] === 1 && b.libs[h] === 1 ? removed[0] : -1;
  }

  /**
   * The first move of a playout looks at the whole board (the tree's move may have left an atari anywhere, and
   * a set-up position has no last move): it captures the biggest enemy chain in atari or saves the biggest own
   * chain in atari (by capturing an attacker or extending to two liberties or more), whichever is bigger; -1 if none.
   */
  private globalAtariReply(pts: Int32Array, c: number, o: number, ko: number): number {
    const b = this.b, color = b.color, head = b.head, libs = b.libs, count = b.count;
    let best = -1, bestSize = 0;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      const cp = color[p];
      if ((cp !== c && cp !== o) || head[p] !== p || libs[p] !== 1 || count[p] <= bestSize) continue;
      const move = cp === o ? libertyOf(this.b, p) : this.saveMove(p, c, o, ko);
      if (move >= 0 && move !== ko && (cp === c || this.legalFor(move, c, o))) {
        best = move;
        bestSize = count[p];
      }
    }
    return best;
  }

  /** A move saving own chain h (in atari): capture an attacker in atari, or extend to two liberties or more; -1 if none. */
  private saveMove(h: number, c: number, o: number, ko: number): number {
    const b = this.b, color = b.color, head = b.head, libs = b.libs;
    let s = h;
    do {
      for (let d = 0; d < 4; d++) {
        const r = s + b.dirs[d];
        if (color[r] === o && libs[head[r]] === 1) {
          const lib = libertyOf(this.b, head[r]);
          if (lib !== ko && this.legalFor(lib, c, o)) return lib;
        }
      }
      s = b.next[s];
    } while (s !== h);
    const lib = libertyOf(this.b, h);
    return lib !== ko && libertiesAfter(this.b, lib, c, 2) >= 2 ? lib : -1;
  }

  /** The answer to the last move's tactics: capture it if in atari, or save an own chain it put in atari; -1 if none. */
  private atariReply(last: number, c: number, o: number, ko: number): number {
    const b = this.b, color = b.color, head = b.head, libs = b.libs, dirs = b.dirs;
    const hl = head[last];
    if (libs[hl] === 1) {
      const lib = libertyOf(this.b, hl);
      if (lib !== ko && this.legalFor(lib, c, o)) return lib;
    }
    for (let k = 0; k < 4; k++) {
      const q = last + dirs[k];
      if (color[q] !== c) continue;
      const h = head[q];
      if (libs[h] !== 1) continue;
      const save = this.saveMove(h, c, o, ko);
      if (save >= 0) return save;
    }
    return -1;
  }

  /**
   * The atari that catches the last move's chain when it has two liberties and cannot escape (extending at the
   * other liberty leaves it one at most, and it touches no chain of ours in atari to take); -1 if none. Without it
   * a playout settles most capturing races by chance. (Also lengthening own two-liberty chains that such an atari
   * would catch cost 15% of the playout speed and gained nothing: the bench README has the row.)
   */
  private twoLibertyReply(last: number, c: number, o: number, ko: number): number {
    const b = this.b;
    const hl = b.head[last];
    if (b.libs[hl] !== 2) return -1;
    const two = this.two;
    this.twoLiberties(hl);
    for (let i = 0; i < 2; i++) {
      const at = two[i], escape = two[1 - i];
      // The extension's liberties count `at`, which the atari fills. An atari with two liberties of its own is legal
      // and no self-atari, and `at` touches the chain, so it is no own eye: `playable` would always agree.
      if (at !== ko && this.extensionLiberties(hl, escape, at, o) <= 2 && libertiesAfter(b, at, c, 2) >= 2) {
        // A chain of ours in atari beside it lets the chain capture its way out, whichever liberty is filled.
        return touchesAtari(b, hl, c) ? -1 : at;
      }
    }
    return -1;
  }

  /**
   * Liberties (up to 3; a capture counts 3) of chain h of colour c, which has exactly the two liberties `lib` and
   * `other`, after c extends at `lib`: `other` and lib's empty neighbours, unless lib joins another chain of c (then
   * libertiesAfter counts them all). Most two-liberty chains extend alone, so this rarely walks a chain.
   */
  private extensionLiberties(h: number, lib: number, other: number, c: number): number {
    const b = this.b, color = b.color, head = b.head, libs = b.libs, dirs = b.dirs;
    let n = 1; // `other`
    for (let k = 0; k < 4; k++) {
      const q = lib + dirs[k];
      const cq = color[q];
      if (cq === EMPTY) {
        if (q !== other) n++;
      } else if (cq === c) {
        if (head[q] !== h) return libertiesAfter(b, lib, c, 3);
      } else if (cq === 3 - c && libs[head[q]] === 1) return 3;
    }
    return n < 3 ? n : 3;
  }

  /** Writes the two liberties of chain h (which has exactly two) to `two`. */
  private twoLiberties(h: number): void {
    const b = this.b, color = b.color, dirs = b.dirs, next = b.next, two = this.two;
    let n = 0;
    let s = h;
    do {
      for (let d = 0; d < 4; d++) {
        const r = s + dirs[d];
        if (color[r] === EMPTY && (n === 0 || two[0] !== r)) {
          two[n++] = r;
          if (n === 2) return;
        }
      }
      s = next[s];
    } while (s !== h);
  }

  /** A 3x3 pattern reply among the 8 neighbours of the last move, picked uniformly among matches; -1 if none. */
  private patternReply(last: number, c: number, o: number, ko: number, rng: Rng): number {
    const b = this.b, color = b.color, W = b.W;
    const cand = this.cand, around = this.around;
    let n = 0;
    for (let k = 0; k < 8; k++) {
      const p = last + around[k];
      if (color[p] !== EMPTY || p === ko) continue;
      if (PATTERN_MOVE[patternIndex(color, W, p, c)] === 0) continue;
      if (!this.playable(p, c, o)) continue;
      cand[n++] = p;
    }
    return n === 0 ? -1 : cand[rng.int(n)];
  }

  /** A uniformly random playable point (rejection sampling over the empty list), or -1 to pass. */
  private randomMove(c: number, o: number, ko: number, rng: Rng): number {
    const empty = this.empty, where = this.where;
    let n = this.nEmpty;
    while (n > 0) {
      const i = ((rng.next() >>> 16) * n) >>> 16;
      const p = empty[i];
      if (p !== ko && this.playable(p, c, o)) return p;
      n--;
      const lastP = empty[n];
      empty[n] = p;
      where[p] = n;
      empty[i] = lastP;
      where[lastP] = i;
    }
    return -1;
  }

  /** Whether c may play empty point p by the rules (ko aside): it has a liberty, joins one, or captures. */
  private legalFor(p: number, c: number, o: number): boolean {
    const b = this.b, color = b.color, head = b.head, libs = b.libs, dirs = b.dirs;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      const cq = color[q];
      if (cq === EMPTY) return true;
      if (cq === c && libs[head[q]] > 1) return true;
      if (cq === o && libs[head[q]] === 1) return true;
    }
    return false;
  }

  /**
   * Whether a playout may play c at empty p: legal, not an own one-point eye, and not a self-atari of two or
   * more stones that captures nothing (unless, with `nakade`, it fills an enemy eye space: see isNakadeFill).
   */
  private playable(p: number, c: number, o: number): boolean {
    const b = this.b, color = b.color, head = b.head, libs = b.libs, W = b.W;
    const c0 = color[p - 1], c1 = color[p + 1], c2 = color[p - W], c3 = color[p + W];
    let empties = 0, own = 0, enemy = 0;
    if (c0 === EMPTY) empties++; else if (c0 === c) own++; else if (c0 === o) enemy++;
    if (c1 === EMPTY) empties++; else if (c1 === c) own++; else if (c1 === o) enemy++;
    if (c2 === EMPTY) empties++; else if (c2 === c) own++; else if (c2 === o) enemy++;
    if (c3 === EMPTY) empties++; else if (c3 === c) own++; else if (c3 === o) enemy++;
    if (empties === 0 && enemy === 0) {
      // Own stones and edge all round: an eye unless its diagonals make it false.
      if (diagonalsKeepEye(color, W, p, o)) return false;
    }
    if (empties >= 2) return true;
    if (enemy > 0) {
      // Capturing makes any move safe enough.
      if (c0 === o && libs[head[p - 1]] === 1) return true;
      if (c1 === o && libs[head[p + 1]] === 1) return true;
      if (c2 === o && libs[head[p - W]] === 1) return true;
      if (c3 === o && libs[head[p + W]] === 1) return true;
    }
    if (own === 0) return empties > 0; // a lone stone: legal with a liberty (a throw-in may be in atari)
    const l = libertiesAfter(this.b, p, c, 2);
    return l >= 2 || (l === 1 && this.nakade && this.isNakadeFill(p, c, o));
  }

  /**
   * Whether c's self-atari at empty p (it joins own chains, keeps one liberty and captures nothing) fills an enemy
   * eye space: the chain it makes has at most NAKADE_MAX_STONES stones and, with its last liberty, is bounded by
   * enemy stones and the edge alone. Such stones were dead anyway, so the fill costs nothing and leaves the eye
   * space smaller once captured, which is how a group with one eye space is killed.
   */
  private isNakadeFill(p: number, c: number, o: number): boolean {
    const b = this.b, color = b.color, head = b.head, count = b.count, next = b.next, dirs = b.dirs;
    let stones = 1;
    let h0 = -1, h1 = -1, h2 = -1;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      if (color[q] !== c) continue;
      const h = head[q];
      if (h === h0 || h === h1 || h === h2) continue;
      if (h0 < 0) h0 = h; else if (h1 < 0) h1 = h; else h2 = h;
      stones += count[h];
    }
    if (stones > NAKADE_MAX_STONES) return false;
    // The one liberty left, and no neighbour of the chain but enemy stones, the edge and that liberty.
    let lib = -1;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      if (color[q] === EMPTY) lib = q;
    }
    for (let i = 0; i < 3; i++) {
      const h = i === 0 ? h0 : i === 1 ? h1 : h2;
      if (h < 0) break;
      let s = h;
      do {
        for (let d = 0; d < 4; d++) {
          const r = s + dirs[d];
          if (color[r] === EMPTY && r !== p) lib = r;
        }
        s = next[s];
      } while (s !== h);
    }
    // That liberty is enclosed too: every neighbour is an enemy stone, the edge, p, or a stone of the chain.
    for (let d = 0; d < 4; d++) {
      const r = lib + dirs[d];
      const cr = color[r];
      if (cr === EMPTY) {
        if (r !== p) return false;
      } else if (cr === c) {
        const h = head[r];
        if (h !== h0 && h !== h1 && h !== h2) return false;
      }
    }
    return true;
  }
}

const cache: HeavyPlayout[] = [];

/** The cached heavy playout of a board size, with or without nakade fills (one of each per size; not reentrant). */
export function heavyPlayoutFor(size: number, nakade = size >= NAKADE_MIN_SIZE): HeavyPlayout {
  const key = 2 * size + (nakade ? 1 : 0);
  let p = cache[key];
  if (!p) cache[key] = p = new HeavyPlayout(size, undefined, nakade);
  return p;
}

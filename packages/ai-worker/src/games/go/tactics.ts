import * as engine from '@qi/engine';
import type { ChainBoard, GoPosition } from '@qi/engine';
import * as liberties from './liberties.js';
import { NEAR_POINTS, pointsNear } from './near.js';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { ChainBoard: Board, EMPTY } = engine;
const { libertyOf } = liberties;

/**
 * Tactical reading of chains with one to three liberties (GNU Go's attack/find_defense, much reduced) for the tree's
 * priors. The ladder reader (ladder.ts) reads one way of capturing; fights are lost as often to nets (geta), to
 * counter-ataris and to a capture that saves the other side, which random playouts resolve at random. The reader
 * plays on a journaled scratch board: the attacker tries the chain's liberties, then the empty points next to
 * them (nets); the defender tries capturing an attacking chain in atari (next to the chain or to a liberty),
 * extending, and counter-atari of an attacking chain with two liberties. Three liberties are attacked only in the
 * first THREE_DEPTH plies, then count as safe. A single-stone ko is not retaken at once. A
 * question that runs out of plies or nodes answers "safe": the reader never claims a capture it has not read.
 */

/** Plies a question is read at most (a ladder crossing a 19x19 board takes about 70; nets and races are short). */
const MAX_DEPTH = 80;
/** Depth from which the attacker tries only the chain's liberties (ladders), not net moves. */
const NET_DEPTH = 6;
/** Depth below which a chain of three liberties is still attacked (on its liberties only); deeper it counts as safe. */
const THREE_DEPTH = 4;
/** Stones placed per question at most. */
const NODE_BUDGET = 500;
/** Candidate slots per ply. */
const ROW = 32;

/** A tactical reader for one board size (its scratch board is reused; not reentrant). */
export class TacticReader {
  private readonly s: ChainBoard;
  private readonly cand = new Int32Array((MAX_DEPTH + 2) * ROW);
  private ko = -1;
  private nodes = 0;

  constructor(readonly size: number) {
    this.s = new Board(size, true);
  }

  /**
   * Loads a position to read on; the questions below leave it as loaded. Its ko point is not needed: each question's
   * first move is either the side to move's, from the legal tree moves, or the opponent's, whom that ko does not bind.
   */
  load(pos: GoPosition): void {
    this.s.copyFrom(pos.board);
  }

  /** Whether the chain of stone `str` (one to three liberties), its opponent to move, is captured whatever it does. */
  capturable(str: number): boolean {
    this.start();
    return this.attack(str, 0);
  }

  /** Whether the chain of stone `str`, its owner to move, can be kept from capture (it has a move that saves it). */
  savable(str: number): boolean {
    this.start();
    return this.defend(str, 0);
  }

  /** Whether the opponent of the chain of stone `str` playing at `m` captures the chain whatever its owner does. */
  capturesBy(m: number, str: number): boolean {
    this.start();
    const s = this.s;
    const mark = s.trailLen;
    let wins = false;
    if (this.play(m, 3 - s.color[str])) wins = s.color[str] === EMPTY || !this.defend(str, 1);
    this.undo(mark, -1);
    return wins;
  }

  /** Whether the owner of the chain of stone `str` playing at `m` keeps it from capture. */
  savesBy(m: number, str: number): boolean {
    this.start();
    const s = this.s;
    const mark = s.trailLen;
    let saved = false;
    if (this.play(m, s.color[str]) && s.color[str] !== EMPTY) saved = !this.attack(str, 1);
    this.undo(mark, -1);
    return saved;
  }

  /** Writes the moves the attacker of chain h would try (liberties, then nets) into `into` at `at`; returns how many. */
  attackMoves(h: number, into: Int32Array, at: number, nets: boolean): number {
    const s = this.s;
    const color = s.color, dirs = s.dirs;
    let n = this.libertiesInto(h, into, at, 0);
    if (!nets) return n;
    const libCount = n;
    for (let i = 0; i < libCount; i++) {
      const l = into[at + i];
      for (let k = 0; k < 4; k++) {
        const q = l + dirs[k];
        if (color[q] === EMPTY) n = add(into, at, n, q);
      }
    }
    return n;
  }

  /**
   * Writes the moves the owner of chain h would try to save it into `into` at `at` (captures of attacking chains in
   * atari next to it, its liberties, captures of attacking chains in atari next to those, then counter-ataris of
   * attacking chains with two liberties); returns how many.
   */
  defenceMoves(h: number, into: Int32Array, at: number): number {
    const s = this.s;
    const color = s.color, head = s.head, libs = s.libs, next = s.next, dirs = s.dirs;
    const a = 3 - color[h];
    let n = 0;
    let st = h;
    do {
      for (let k = 0; k < 4; k++) {
        const q = st + dirs[k];
        if (color[q] === a && libs[head[q]] === 1) {
          const l = libertyOf(s, head[q]);
          if (l >= 0) n = add(into, at, n, l);
        }
      }
      st = next[st];
    } while (st !== h);
    const libsFrom = n;
    n = this.libertiesInto(h, into, at, n);
    // An attacking chain in atari next to a liberty (into[libsFrom..libsTo); a liberty that is also a capture point
    // was listed with the captures): taking it makes room where the attacker has to play.
    const libsTo = n;
    for (let i = libsFrom; i < libsTo; i++) {
      const l = into[at + i];
      for (let k = 0; k < 4; k++) {
        const q = l + dirs[k];
        if (color[q] === a && libs[head[q]] === 1) {
          const x = libertyOf(s, head[q]);
          if (x >= 0) n = add(into, at, n, x);
        }
      }
    }
    if (libs[h] !== 2) return n;
    st = h;
    do {
      for (let k = 0; k < 4; k++) {
        const q = st + dirs[k];
        if (color[q] === a && libs[head[q]] === 2) n = this.libertiesInto(head[q], into, at, n);
      }
      st = next[st];
    } while (st !== h);
    return n;
  }

  private start(): void {
    this.nodes = 0;
    this.ko = -1;
  }

  /** The attacker (the opponent of the chain of `str`) to move: whether it captures the chain. */
  private attack(str: number, depth: number): boolean {
    const s = this.s;
    const h = s.head[str];
    const l = s.libs[h];
    if (l === 1) return libertyOf(s, h) !== this.ko;
    if (l > 3 || (l === 3 && depth >= THREE_DEPTH) || depth >= MAX_DEPTH || this.nodes >= NODE_BUDGET) return false;
    const a = 3 - s.color[str];
    const row = depth * ROW;
    const n = this.attackMoves(h, this.cand, row, l === 2 && depth < NET_DEPTH);
    for (let i = 0; i < n; i++) {
      const mark = s.trailLen, ko = this.ko;
      let wins = false;
      if (this.play(this.cand[row + i], a)) wins = s.color[str] === EMPTY || !this.defend(str, depth + 1);
      this.undo(mark, ko);
      if (wins) return true;
    }
    return false;
  }

  /** The owner of the chain of `str` to move: whether it keeps the chain from capture. */
  private defend(str: number, depth: number): boolean {
    const s = this.s;
    const h = s.head[str];
    const l = s.libs[h];
    if (l > 3 || (l === 3 && depth >= THREE_DEPTH) || depth >= MAX_DEPTH || this.nodes >= NODE_BUDGET) return true;
    const d = s.color[str];
    const row = depth * ROW;
    const n = this.defenceMoves(h, this.cand, row);
    for (let i = 0; i < n; i++) {
      const mark = s.trailLen, ko = this.ko;
      let saved = false;
      if (this.play(this.cand[row + i], d)) saved = !this.attack(str, depth + 1);
      this.undo(mark, ko);
      if (saved) return true;
    }
    return false;
  }

  /** Plays c at m unless m is the ko point or a suicide; false (the board possibly changed: undo) when illegal. */
  private play(m: number, c: number): boolean {
    if (m === this.ko) return false;
    const s = this.s;
    this.nodes++;
    const captured = s.place(m, c);
    if (s.color[m] !== c) return false;
    const h = s.head[m];
    this.ko = captured === 1 && s.count[h] === 1 && s.libs[h] === 1 ? s.removed[0] : -1;
    return true;
  }

  private undo(mark: number, ko: number): void {
    this.s.rollback(mark);
    this.ko = ko;
  }

  /** Adds chain h's liberties to into[at..at+n) (no duplicates); returns the new n. */
  private libertiesInto(h: number, into: Int32Array, at: number, n: number): number {
    const s = this.s;
    const color = s.color, next = s.next, dirs = s.dirs;
    let st = h;
    do {
      for (let k = 0; k < 4; k++) {
        const q = st + dirs[k];
        if (color[q] === EMPTY) n = add(into, at, n, q);
      }
      st = next[st];
    } while (st !== h);
    return n;
  }
}

/** Appends q to into[at..at+n) unless it is there already or the row is full; returns the new n. */
function add(into: Int32Array, at: number, n: number, q: number): number {
  for (let i = 0; i < n; i++) if (into[at + i] === q) return n;
  if (n >= ROW) return n;
  into[at + n] = q;
  return n + 1;
}

const readers: TacticReader[] = [];

/** The cached tactical reader of a board size. */
export function tacticReaderFor(size: number): TacticReader {
  let r = readers[size];
  if (!r) readers[size] = r = new TacticReader(size);
  return r;
}

/**
 * The prior of a move that captures, or saves, a chain of `stones` stones in a fight the other side could win: the
 * bigger the chain the nearer the ceiling, so that saving seven stones outranks the model's favourite atari of one
 * (a 7-stone chain left at two liberties for such an atari was lost against GNU Go).
 */
function urgentPrior(stones: number): number {
  return stones === 1 ? 0.55 : stones <= 3 ? 0.7 : stones <= 6 ? 0.85 : 0.95;
}
/** Chains of this many stones or more are read wherever they are. */
const BIG_CHAIN = 3;
/** The prior ceiling of a move that adds stones to a chain the reading says is lost. */
const LOST_EXTENSION_PRIOR = 0.05;

const chainsRead = new Int32Array(32);
const nearLast = new Int32Array(NEAR_POINTS);
const tried = new Int32Array(ROW);
const indexOfMove: Int32Array[] = [];

/**
 * Raises, in out[0..n) (priors of moves[0..n) of the side to move), the moves that read as capturing an enemy chain
 * of two or three liberties the enemy could still save, or as saving an own chain the enemy could capture, and
 * lowers extensions of own chains that cannot be saved. Read are the chains of one or two liberties with a stone
 * within Manhattan distance 2 of the last move (where a fight has just changed) and, anywhere on the board, those of
 * BIG_CHAIN stones or more with up to three liberties (a big group left short of liberties, as Qi left a 7-stone
 * chain of two liberties for an edge move against GNU Go, is lost wherever the last move was; at three liberties
 * its capturing race is still to be won).
 */
export function goTacticPriors(pos: GoPosition, moves: Int32Array, n: number, out: Float32Array): void {
  const b = pos.board;
  const W = b.W, size = pos.size;
  const color = b.color, head = b.head, libs = b.libs, count = b.count;
  let chains = 0;
  const last = pos.lastMove();
  if (last !== null && last >= 0) {
    const k = pointsNear(W, size, last, nearLast);
    for (let i = 0; i < k; i++) {
      const q = nearLast[i];
      if (color[q] !== EMPTY && libs[head[q]] <= 2) chains = noteChain(head[q], chains);
    }
  }
  const pts = pos.points();
  for (let i = 0; i < pts.length; i++) {
    const q = pts[i];
    if (color[q] === EMPTY || head[q] !== q || count[q] < BIG_CHAIN) continue;
    if (libs[q] <= 3) chains = noteChain(q, chains);
  }
  if (chains === 0) return;
  const index = (indexOfMove[size] ??= new Int32Array(b.N2).fill(-1));
  for (let i = 0; i < n; i++) if (moves[i] >= 0) index[moves[i]] = i;
  const reader = tacticReaderFor(size);
  reader.load(pos);
  const c = pos.currentPlayer() + 1;
  for (let k = 0; k < chains; k++) {
    const h = chainsRead[k];
    const stones = count[h];
    if (color[h] !== c) {
      // An enemy chain of two or three liberties (one in atari is the capture feature's): capture it if it could be saved.
      if (libs[h] === 1 || !reader.savable(h)) continue;
      const t = reader.attackMoves(h, tried, 0, libs[h] === 2);
      for (let i = 0; i < t; i++) {
        const j = index[tried[i]];
        if (j >= 0 && reader.capturesBy(tried[i], h)) out[j] = Math.max(out[j], urgentPrior(stones));
      }
    } else {
      // An own chain the enemy could capture: raise the moves that save it, lower extensions that do not.
      if (!reader.capturable(h)) continue;
      const t = reader.defenceMoves(h, tried, 0);
      for (let i = 0; i < t; i++) {
        const j = index[tried[i]];
        if (j < 0) continue;
        if (reader.savesBy(tried[i], h)) out[j] = Math.max(out[j], urgentPrior(stones));
        else if (touchesChain(b, tried[i], h)) out[j] = Math.min(out[j], LOST_EXTENSION_PRIOR);
      }
    }
  }
  for (let i = 0; i < n; i++) if (moves[i] >= 0) index[moves[i]] = -1;
}

/** Adds chain head h to chainsRead[0..chains) unless it is there or the list is full; returns the new count. */
function noteChain(h: number, chains: number): number {
  for (let i = 0; i < chains; i++) if (chainsRead[i] === h) return chains;
  if (chains < chainsRead.length) chainsRead[chains++] = h;
  return chains;
}

/** Whether empty point p touches chain h. */
function touchesChain(b: ChainBoard, p: number, h: number): boolean {
  const color = b.color, head = b.head, dirs = b.dirs;
  for (let k = 0; k < 4; k++) {
    const q = p + dirs[k];
    if (color[q] === color[h] && head[q] === h) return true;
  }
  return false;
}

import { MAX_MOVES, gomokuPatterns, type GomokuPosition, type Position } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';

const P = gomokuPatterns;

/** What one stone's pattern on one line is worth to its owner (index: pattern kind). */
const LINE_VALUE = new Int32Array(16);
LINE_VALUE[P.TWO] = 10;
LINE_VALUE[P.OPEN_TWO] = 60;
LINE_VALUE[P.THREE] = 80;
LINE_VALUE[P.OPEN_THREE] = 500;
LINE_VALUE[P.FOUR] = 600;
LINE_VALUE[P.OPEN_FOUR] = 20_000;
LINE_VALUE[P.FIVE] = 200_000;

// Local copies: pattern kinds are read millions of times, and a namespace lookup per read costs (see patterns.ts).
const FOUR = P.FOUR;
const OPEN_FOUR = P.OPEN_FOUR;
const OPEN_THREE = P.OPEN_THREE;
const OVERLINE = P.OVERLINE;
const KIND_MASK = 15; // patternKind(entry) is entry & 15
const FIVE_VALUE = LINE_VALUE[P.FIVE];

/** A point that makes two threats at once (four-four, four-three, three-three) is worth an open four. */
const DOUBLE_THREAT = 15_000;

/** How many forced blocks in a row a leaf evaluation plays out (a chain of fours answered by blocks). */
const FORCED_BLOCKS = 4;

/** An evaluation beyond the patterns: the side to move completes a five, or cannot stop one. */
const WON = 5_000_000;
/** The side to move has an unanswered open three (or four-three) with nothing sharper against it. */
const WINNING = 500_000;

/** Per board size: the on-board points up to two steps along the eight lines through each point (no wrap across the border column). */
const nearCache = new Map<number, { near: Int32Array; count: Uint8Array }>();

function nearTable(g: GomokuPosition): { near: Int32Array; count: Uint8Array } {
  const size = g.geo.size;
  let t = nearCache.get(size);
  if (t !== undefined) return t;
  const w = g.geo.width;
  const cells = g.geo.cellCount;
  const near = new Int32Array(cells * 24);
  const count = new Uint8Array(cells);
  for (const p of g.geo.points) {
    const x = (p % w) - 1;
    const y = Math.floor(p / w) - 1;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        // Points on the eight lines through the stone only: a knight's-move point shares no line with it.
        if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) continue;
        if ((dx === 0 && dy === 0) || x + dx < 0 || x + dx >= size || y + dy < 0 || y + dy >= size) continue;
        near[p * 24 + count[p]++] = (y + dy + 1) * w + x + dx + 1;
      }
    }
  }
  t = { near, count };
  nearCache.set(size, t);
  return t;
}

/** The strongest line pattern kind of the last pointValue call (kept outside to avoid allocating a pair). */
let lastKind = 0;

/** What a stone of `colour` on `p` would make: the summed line values, with a bonus for two threats at once. */
export function pointValue(g: GomokuPosition, p: number, colour: number): number {
  let v = 0;
  let fours = 0;
  let threes = 0;
  let top = 0;
  for (let d = 0; d < 4; d++) {
    const k = g.pattern(p, d, colour) & KIND_MASK;
    v += LINE_VALUE[k];
    if (k > top) top = k;
    if (k === FOUR || k === OPEN_FOUR) fours++;
    else if (k === OPEN_THREE) threes++;
  }
  if (colour === 0 && (fours + threes >= 2 || top === OVERLINE) && top !== P.FIVE && g.rule === 'renju' && g.forbiddenCode(p) !== 0) {
    // A renju black forbidden point: black cannot play it, so it is worth nothing to black and needs no block.
    lastKind = 0;
    return 0;
  }
  if (fours + threes >= 2) v += DOUBLE_THREAT * (fours > 0 ? 2 : 1);
  lastKind = top;
  return v;
}

/**
 * The per-position scan both hooks use: the empty points within two lines of a stone, with what each is worth
 * to the side to move (attack) and to the opponent (defence). Kept in module buffers: no allocation per node.
 */
class Scan {
  readonly points = new Int32Array(MAX_MOVES);
  readonly attack = new Int32Array(MAX_MOVES);
  readonly defence = new Int32Array(MAX_MOVES);
  /** The strongest pattern kind each point makes for the side to move and for the opponent. */
  readonly attackKind = new Uint8Array(MAX_MOVES);
  readonly defenceKind = new Uint8Array(MAX_MOVES);
  /** Whether the opponent has an open three (a point making a straight four) and the side to move a four to make. */
  opOpenThree = false;
  myFour = false;
  private stamp = new Int32Array(0);
  private gen = 0;
  count = 0;
  /** Points where the side to move / the opponent would complete a five. */
  myFives = 0;
  opFives = 0;
  opFivePoint = -1;
  /** Best attack and defence values. */
  bestAttack = 0;
  bestDefence = 0;
  sumAttack = 0;
  sumDefence = 0;

  run(g: GomokuPosition): void {
    const { near, count } = nearTable(g);
    const cells = g.cells;
    if (this.stamp.length < cells.length) this.stamp = new Int32Array(cells.length);
    const stamp = this.stamp;
    const gen = ++this.gen;
    const me = g.currentPlayer();
    let n = 0;
    this.myFives = 0;
    this.opFives = 0;
    this.opFivePoint = -1;
    this.bestAttack = 0;
    this.bestDefence = 0;
    this.sumAttack = 0;
    this.sumDefence = 0;
    this.opOpenThree = false;
    this.myFour = false;
    for (const s of g.geo.points) {
      const c = cells[s];
      if (c !== 1 && c !== 2) continue;
      const base = s * 24;
      for (let k = 0; k < count[s]; k++) {
        const p = near[base + k];
        if (cells[p] !== 0 || stamp[p] === gen) continue;
        stamp[p] = gen;
        const a = pointValue(g, p, me);
        const ak = lastKind;
        const d = pointValue(g, p, me ^ 1);
        const dk = lastKind;
        this.attackKind[n] = ak;
        this.defenceKind[n] = dk;
        if (dk === OPEN_FOUR) this.opOpenThree = true;
        if (ak >= FOUR) this.myFour = true;
        if (a >= FIVE_VALUE) this.myFives++;
        if (d >= FIVE_VALUE) {
          this.opFives++;
          this.opFivePoint = p;
        }
        if (a > this.bestAttack) this.bestAttack = a;
        if (d > this.bestDefence) this.bestDefence = d;
        this.sumAttack += a;
        this.sumDefence += d;
        this.points[n] = p;
        this.attack[n] = a;
        this.defence[n] = d;
        n++;
      }
    }
    this.count = n;
  }
}

const scan = new Scan();
const keys = new Float64Array(MAX_MOVES);

/** The root's moves as the threat presolver decided them (they may rank below the width), by position key. */
let rootLo = 0;
let rootHi = 0;
let rootCount = -1;
const rootList = new Int32Array(MAX_MOVES);

/** Makes `moves` the searched moves of `g`'s position (null: back to the ranking), e.g. the defences of a VCT. */
export function setRootMoves(g: GomokuPosition, moves: readonly number[] | null): void {
  rootCount = moves === null ? -1 : moves.length;
  rootLo = g.hashLo;
  rootHi = g.hashHi;
  if (moves !== null) rootList.set(moves);
}

/**
 * The side to move's view: a five to complete wins; two fives against it (and none of its own) lose; one is
 * blocked first and the position after the block is evaluated; an open four or double threat with no four
 * against it wins in a few moves; otherwise the sum of what every nearby point is worth to each side, the side
 * to move's best point counted again (it moves first).
 */
export function gomokuEvaluate(g: GomokuPosition): number {
  return evaluateBlocking(g, FORCED_BLOCKS);
}

/**
 * A four made just before the horizon has one answer, its block: the position is evaluated after that block (up
 * to `blocks` of them in a row). Evaluated as it stands, the five point counted 200,000 against the side to move
 * (and half of it again as its worst point), so the root score swung by about ±300,000 between odd and even depths.
 */
function evaluateBlocking(g: GomokuPosition, blocks: number): number {
  scan.run(g);
  if (scan.myFives > 0) return WON;
  if (scan.opFives >= 2) return -WON;
  if (scan.opFives === 1 && blocks > 0 && g.isLegal(scan.opFivePoint)) {
    g.play(scan.opFivePoint);
    const v = -evaluateBlocking(g, blocks - 1);
    g.undo();
    return v;
  }
  if (scan.opFives === 0 && scan.bestAttack >= LINE_VALUE[OPEN_FOUR]) return WINNING;
  return scan.sumAttack - scan.sumDefence + scan.bestAttack - (scan.bestDefence >> 1);
}

/**
 * The points worth searching, best first and at most `width`: a five when there is one; the block when the
 * opponent threatens a five (every other move loses); else the nearby points ranked by attack and defence
 * together. Renju black never gets a forbidden point (checked on the chosen few only). Centre on an empty board.
 */
export function gomokuSearchMoves(pos: Position, into: Int32Array, width: number): number {
  const g = pos as GomokuPosition;
  if (g.stoneCount() === 0) {
    const c = g.geo.point(g.geo.size >> 1, g.geo.size >> 1);
    if (!g.isLegal(c)) return 0;
    into[0] = c;
    return 1;
  }
  if (rootCount > 0 && g.hashLo === rootLo && g.hashHi === rootHi) {
    into.set(rootList.subarray(0, rootCount));
    return rootCount;
  }
  scan.run(g);
  const n = scan.count;
  const pts = scan.points;
  if (scan.myFives > 0) {
    for (let i = 0; i < n; i++) {
      if (scan.attack[i] >= FIVE_VALUE && g.isLegal(pts[i])) {
        into[0] = pts[i];
        return 1;
      }
    }
  }
  if (scan.opFives > 0) {
    // Block a five (or counter with nothing: a second five point means the game is lost anyway).
    let k = 0;
    for (let i = 0; i < n; i++) if (scan.defence[i] >= FIVE_VALUE && g.isLegal(pts[i])) into[k++] = pts[i];
    if (k > 0) return k;
  }
  // Against an open three (and without a straight four of our own) only three kinds of moves can matter: a
  // block (a point where the opponent would make a four), a four of our own (forcing), or a double threat.
  const mustDefend = scan.opOpenThree && scan.bestAttack < LINE_VALUE[OPEN_FOUR];
  for (let i = 0; i < n; i++) {
    const a = scan.attack[i];
    const d = scan.defence[i];
    keys[i] = Math.max(a, d) * 2 + Math.min(a, d);
    if (mustDefend && scan.defenceKind[i] < FOUR && scan.attackKind[i] < FOUR) keys[i] = -1;
  }
  let k = 0;
  for (let i = 0; i < n && k < width; i++) {
    let b = i;
    for (let j = i + 1; j < n; j++) if (keys[j] > keys[b]) b = j;
    const tk = keys[i];
    keys[i] = keys[b];
    keys[b] = tk;
    const tp = pts[i];
    pts[i] = pts[b];
    pts[b] = tp;
    if (keys[i] < 0) break;
    if (g.isLegal(pts[i])) into[k++] = pts[i];
  }
  if (k > 0) return k;
  // Every nearby point is forbidden (renju black): any legal point.
  return 0;
}

/** Gomoku/Renju knowledge for alpha-beta: threat-aware pattern evaluation, the `width` best points near stones. */
export function gomokuKnowledge(width = 14): Evaluator {
  return {
    evaluate(pos: Position, player: number): number {
      const g = pos as GomokuPosition;
      const v = gomokuEvaluate(g);
      return player === g.currentPlayer() ? v : -v;
    },
    searchMoves: (pos: Position, into: Int32Array) => gomokuSearchMoves(pos, into, width),
    // The moves come out of searchMoves best first: keep that order ahead of killers and history.
    orderMoves(_pos: Position, _moves: Int32Array, n: number, scores: Float64Array): void {
      for (let i = 0; i < n; i++) scores[i] = n - i;
    },
  };
}

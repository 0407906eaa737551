import * as engine from '@qi/engine';
import type { ChainBoard, GoPosition } from '@qi/engine';
import * as patterns from './patterns.js';
import * as eye from './eye.js';
import * as liberties from './liberties.js';
import { ladderReaderFor } from './ladder.js';
import { NEAR_POINTS, pointsNear } from './near.js';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { EMPTY, PASS, countArea } = engine;
const { PATTERN_MOVE, patternIndex } = patterns;
const { diagonalsKeepEye } = eye;
const { libertiesAfter } = liberties;

/**
 * Cheap Go knowledge for the tree: which moves to create (no filling of own one-point eyes) and a prior per
 * move in [0, 1] from captures, escapes from atari (unless a ladder catches the stones anyway), ataris (more when
 * a ladder captures), self-ataris, 3x3 shapes, closeness to the last move and the edge lines early in the game. Reads the position's board without changing its stones.
 */

/** Whether p is a one-point eye of colour c (own stones or edge all round, not false by its diagonals). */
export function isOwnEye(b: ChainBoard, p: number, c: number): boolean {
  const color = b.color, W = b.W;
  const o = 3 - c;
  const c0 = color[p - 1], c1 = color[p + 1], c2 = color[p - W], c3 = color[p + W];
  if (c0 === EMPTY || c1 === EMPTY || c2 === EMPTY || c3 === EMPTY) return false;
  if (c0 === o || c1 === o || c2 === o || c3 === o) return false;
  return diagonalsKeepEye(color, W, p, o);
}

const ownerBySize: Uint8Array[] = [];
const areaCounts = new Int32Array(4);

/**
 * Whether the board is settled for counting as it stands: a third of the points or more hold stones and every
 * empty region is bordered by one colour only (no dame, no region touching an enemy stone, so no dead stone
 * sits inside an area).
 */
export function settled(pos: GoPosition): boolean {
  const b = pos.board;
  const owner = (ownerBySize[pos.size] ??= new Uint8Array(b.N2));
  countArea(b, areaCounts, owner);
  const pts = pos.points(), color = b.color;
  // A board with few stones has big regions nobody has settled yet, though a lone colour borders them.
  if ((areaCounts[0] + areaCounts[1]) * 3 < pts.length) return false;
  for (let i = 0; i < pts.length; i++) if (color[pts[i]] === EMPTY && owner[pts[i]] === 0) return false;
  return true;
}

/**
 * Tree moves of a Go position: the legal moves minus fills of the mover's own eyes and, with `prune`, minus
 * first- and second-line moves with no stone within two points (moves without a local purpose, never good
 * on boards up to 19x19 but tempting to noisy playouts in the opening), then PASS — but PASS only after the
 * opponent's pass, on a settled board, or when no move is left that is not a self-atari (a seki's shared
 * liberties), so the search never wastes playouts on passing mid-game and low levels never pass at random.
 * Falls back to every legal non-eye move when the pruning would leave none.
 */
export function goTreeMoves(pos: GoPosition, into: Int32Array, prune = true): number {
  const n = pos.legalMoves(into);
  if (n === 0) return 0;
  const b = pos.board;
  const color = b.color, head = b.head, libs = b.libs, dirs = b.dirs, W = b.W;
  const size = pos.size;
  const c = pos.currentPlayer() + 1;
  const o = 3 - c;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const m = into[i];
    if (m !== PASS && !isOwnEye(b, m, c) && !(prune && size >= 7 && isLonelyEdgeMove(color, W, size, m))) into[k++] = m;
  }
  if (k === 0) {
    for (let i = 0; i < n; i++) if (into[i] !== PASS && !isOwnEye(b, into[i], c)) into[k++] = into[i];
  }
  let passOk = pos.lastMove() === PASS || settled(pos);
  if (!passOk) {
    passOk = true;
    for (let i = 0; i < k && passOk; i++) {
      const m = into[i];
      let captures = false;
      for (let d = 0; d < 4; d++) if (color[m + dirs[d]] === o && libs[head[m + dirs[d]]] === 1) captures = true;
      if (captures || libertiesAfter(b, m, c, 2) >= 2) passOk = false;
    }
  }
  if (passOk) into[k++] = PASS;
  return k;
}

/** Scratch for the points near a move (isLonelyEdgeMove, goPriors). */
const near = new Int32Array(NEAR_POINTS);

/** Whether p is on the first or second line with no stone within Manhattan distance 2. */
function isLonelyEdgeMove(color: Uint8Array, W: number, size: number, p: number): boolean {
  const row = Math.floor(p / W), col = p % W;
  const line = Math.min(row, col, size + 1 - row, size + 1 - col) - 1;
  if (line > 1) return false;
  const k = pointsNear(W, size, p, near);
  for (let i = 0; i < k; i++) if (color[near[i]] !== EMPTY) return false;
  return true;
}

/**
 * The prior of a pass: one that ends the game with a win (the board counted as it stands) is the move to make;
 * passing on a settled board loses nothing; otherwise a pass is a last resort the search finds when all else loses.
 */
export function passPrior(pos: GoPosition): number {
  const ahead = (pos.currentPlayer() === 0 ? 1 : -1) * pos.scoreMargin() > 0;
  return pos.lastMove() === PASS ? (ahead ? 1 : 0) : settled(pos) ? (ahead ? 0.5 : 0.1) : 0;
}

/** Writes a prior in [0, 1] for each of moves[0..n) of the side to move (see the module comment). */
export function goPriors(pos: GoPosition, moves: Int32Array, n: number, out: Float32Array): void {
  const b = pos.board;
  const color = b.color, head = b.head, libs = b.libs, count = b.count, dirs = b.dirs, W = b.W;
  const size = pos.size;
  const c = pos.currentPlayer() + 1;
  const o = 3 - c;
  const lm = pos.lastMove();
  const last = lm === null || lm < 0 ? -1 : lm;
  const early = size * size - pos.emptyPoints() < (size * size) / 5;
  const lastRow = last >= 0 ? Math.floor(last / W) : 0, lastCol = last >= 0 ? last % W : 0;
  for (let i = 0; i < n; i++) {
    const p = moves[i];
    if (p === PASS) {
      out[i] = passPrior(pos);
      continue;
    }
    const row = Math.floor(p / W), col = p % W;
    const line = Math.min(row, col, size + 1 - row, size + 1 - col) - 1;
    let v = 0.3;
    let nearStones = 0;
    const nNear = pointsNear(W, size, p, near);
    for (let j = 0; j < nNear; j++) if (color[near[j]] !== EMPTY) nearStones++;
    if (line === 0 && (early || nearStones === 0)) v -= 0.22;
    else if (line === 1 && early && nearStones === 0) v -= 0.1;
    let captures = 0, saves = false, ataris = 0;
    let ownAtari = -1, atari = -1, deadEscape = false;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      const cq = color[q];
      if (cq === o) {
        const l = libs[head[q]];
        if (l === 1) captures += count[head[q]];
        else if (l === 2) {
          ataris++;
          atari = q;
        }
      } else if (cq === c && libs[head[q]] === 1) ownAtari = q;
    }
    const after = captures > 0 ? 3 : libertiesAfter(b, p, c, 3);
    if (captures > 0) v += captures >= 3 ? 0.55 : 0.4;
    if (ownAtari >= 0 && after >= 2) {
      // An extension to two liberties only runs into a ladder when the opponent can chase it to the end.
      if (after === 2 && captures === 0 && ladderReaderFor(size).escapeFails(b, ownAtari, p, c)) deadEscape = true;
      else {
        saves = true;
        v += 0.4;
      }
    }
    if (ataris > 0 && after >= 2) {
      // An atari that captures by ladder whatever the opponent does wins the stones.
      v += ladderReaderFor(size).atariCaptures(b, p, atari, c) ? 0.3 : 0.12;
    }
    if (after === 1 && !saves) {
      // Self-atari: a lone stone may be a sacrifice or throw-in, a bigger chain usually just dies.
      let ownNeighbour = false;
      for (let k = 0; k < 4; k++) if (color[p + dirs[k]] === c) ownNeighbour = true;
      v = ownNeighbour ? 0.01 : Math.min(v, 0.1);
    } else if (PATTERN_MOVE[patternIndex(color, W, p, c)] !== 0) v += 0.1;
    if (last >= 0) {
      const d = Math.abs(row - lastRow) + Math.abs(col - lastCol);
      if (d <= 2) v += 0.12;
      else if (d <= 4) v += 0.04;
    }
    // Stones that run into a working ladder only add to the loss: no better than a self-atari.
    if (deadEscape) v = 0.02;
    out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
  }
}

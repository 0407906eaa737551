import * as engine from '@qi/engine';
import type { GoPosition } from '@qi/engine';
import * as patterns from './patterns.js';
import * as liberties from './liberties.js';
import { ladderReaderFor } from './ladder.js';

// Imported bindings copied once: under a module runner (vitest) every use of an import is a property lookup.
const { EMPTY, PASS } = engine;
const { NEIGHBOUR_DC: DC, NEIGHBOUR_DR: DR, patternIndex, transform } = patterns;
const { libertiesAfter } = liberties;

/**
 * The features of a Go move that the move-prediction model weighs (Coulom 2007, "Computing Elo ratings of move
 * patterns"): each move has exactly one value in every group, and the model's score of a move is the sum of the
 * weights of its values. The groups are what the hand priors look at, made countable so that a fit to a strong
 * player's moves (bench train-go) can weigh them: the 3x3 shape around the point up to symmetry, captures (and
 * whether the stones could have run), escapes from atari with the ladder read, ataris, self-ataris, the liberties the
 * stone gets, the distance to the last move and to the move before it, the line from the edge by stage of the game,
 * the distance to the nearest stone, the stones of each side around the point, and extensions of own chains with two
 * liberties.
 */

/** One feature group: its name and how many values it has. */
export interface GoFeatureGroup {
  readonly name: string;
  readonly values: number;
}

/** 3x3 neighbourhoods (patternIndex, from the mover's side) up to rotation and reflection: index → class. */
export const SHAPE_CLASS: Uint16Array = new Uint16Array(1 << 16);
/** How many shape classes there are. */
export const SHAPE_CLASSES: number = buildShapeClasses();

/** The groups in order; a move's value in group g is an index into the weights at GO_FEATURE_OFFSETS[g]. */
export const GO_FEATURE_GROUPS: readonly GoFeatureGroup[] = [
  { name: 'shape', values: SHAPE_CLASSES },
  // none; then for 1 stone, 2-3, 4+ captured: a chain that could not have escaped anyway (its extension fails),
  // one that could have, one that touches the last move
  { name: 'capture', values: 10 },
  // none; escapes atari into a ladder that fails; to 2 liberties; to 3+; by capturing (counted as capture too)
  { name: 'escape', values: 4 },
  // none; atari that captures by ladder; another atari; an atari of a chain of 3+ stones (no ladder)
  { name: 'atari', values: 4 },
  // none; self-atari of a lone stone; of a chain of 2-4; of 5+
  { name: 'self-atari', values: 4 },
  // liberties after the move: 1, 2, 3, 4+
  { name: 'liberties', values: 4 },
  // Coulom's distance to the last move d = dx + dy + max(dx, dy): 2..16, 17+, no last move (or a pass)
  { name: 'last-distance', values: 17 },
  // line 1..5, 6+ by stage (stones on the board < 10%, < 25%, < 50%, more)
  { name: 'line-stage', values: 24 },
  // Manhattan distance to the nearest stone: 1, 2, 3, 4, 5+ (none)
  { name: 'nearest-stone', values: 5 },
  // Coulom's distance to the move before the last: 2..16, 17+, no such move (or a pass)
  { name: 'previous-distance', values: 17 },
  // own stones × enemy stones within Manhattan distance 3 (each 0, 1-2, 3-5, 6+): empty area, approach, crowd
  { name: 'stones-around', values: 16 },
  // none; extends an own chain of two liberties to three or more; touches one and leaves it at two or fewer
  { name: 'two-liberty-extension', values: 3 },
];

/** Features a move has (one value per group). */
export const GO_FEATURES_PER_MOVE: number = GO_FEATURE_GROUPS.length;

/** Where each group's weights start in the weight vector. */
export const GO_FEATURE_OFFSETS: readonly number[] = GO_FEATURE_GROUPS.map((_, g) => GO_FEATURE_GROUPS.slice(0, g).reduce((s, x) => s + x.values, 0));

/** Length of the weight vector. */
export const GO_FEATURE_COUNT: number = GO_FEATURE_GROUPS.reduce((s, x) => s + x.values, 0);

const OFF = GO_FEATURE_OFFSETS;
const F = GO_FEATURES_PER_MOVE;

/**
 * Writes the feature indices (into the weight vector) of moves[0..n) of the side to move into out[i·F .. i·F+F),
 * F = GO_FEATURES_PER_MOVE; a PASS gets -1 in every slot (the model does not score passes). Reads the board only.
 */
export function goMoveFeatures(pos: GoPosition, moves: Int32Array, n: number, out: Int32Array): void {
  const b = pos.board;
  const color = b.color, head = b.head, libs = b.libs, count = b.count, dirs = b.dirs, W = b.W;
  const size = pos.size;
  const c = pos.currentPlayer() + 1;
  const o = 3 - c;
  const lm = pos.lastMove();
  const last = lm === null || lm < 0 ? -1 : lm;
  const lastRow = last >= 0 ? Math.floor(last / W) : 0, lastCol = last >= 0 ? last % W : 0;
  const lastHead = last >= 0 && color[last] !== EMPTY ? head[last] : -1;
  const pm = pos.previousMove();
  const prev = pm === null || pm < 0 ? -1 : pm;
  const prevRow = prev >= 0 ? Math.floor(prev / W) : 0, prevCol = prev >= 0 ? prev % W : 0;
  const fill = (size * size - pos.emptyPoints()) / (size * size);
  const stage = fill < 0.1 ? 0 : fill < 0.25 ? 1 : fill < 0.5 ? 2 : 3;
  const ladders = ladderReaderFor(size);
  for (let i = 0; i < n; i++) {
    const p = moves[i];
    const at = i * F;
    if (p === PASS) {
      for (let g = 0; g < F; g++) out[at + g] = -1;
      continue;
    }
    const row = Math.floor(p / W), col = p % W;
    out[at] = OFF[0] + SHAPE_CLASS[patternIndex(color, W, p, c)];
    // Captures, own chains in atari or with two liberties next to p, enemy chains with two liberties next to p.
    let captured = 0, capturesLast = false, couldEscape = false, ownAtari = -1, twoLibs = 0, ownTwo = false;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      const cq = color[q];
      if (cq === o) {
        const h = head[q];
        if (libs[h] === 1) {
          // A chain touching p on two sides is counted once per side: small overcount, same category mostly.
          captured += count[h];
          if (h === lastHead) capturesLast = true;
          // Taking stones that are dead anyway is seldom urgent; taking ones that would run out is (read only when
          // it can decide the value).
          else if (!capturesLast && !couldEscape && !ladders.escapeFails(b, q, p, o)) couldEscape = true;
        } else if (libs[h] === 2) twoLibs |= 1 << k;
      } else if (cq === c) {
        if (libs[head[q]] === 1) ownAtari = q;
        else if (libs[head[q]] === 2) ownTwo = true;
      }
    }
    const capSize = captured <= 1 ? 0 : captured <= 3 ? 1 : 2;
    out[at + 1] = OFF[1] + (captured === 0 ? 0 : 1 + capSize * 3 + (capturesLast ? 2 : couldEscape ? 1 : 0));
    const after = captured > 0 ? 4 : libertiesAfter(b, p, c, 4);
    let escape = 0;
    if (ownAtari >= 0) {
      if (captured > 0) escape = 3;
      else if (after === 2) escape = ladders.escapeFails(b, ownAtari, p, c) ? 1 : 2;
      else if (after >= 3) escape = 3;
    }
    out[at + 2] = OFF[2] + escape;
    // Every enemy chain with two liberties next to p is read (the best case counts), so no direction is preferred.
    let atari = 0;
    if (twoLibs !== 0 && after >= 2) {
      atari = 2;
      for (let k = 0; k < 4 && atari !== 1; k++) {
        if ((twoLibs & (1 << k)) === 0) continue;
        const q = p + dirs[k];
        if (ladders.atariCaptures(b, p, q, c)) atari = 1;
        else if (count[head[q]] >= 3) atari = 3;
      }
    }
    out[at + 3] = OFF[3] + atari;
    let selfAtari = 0;
    if (after === 1) {
      let chain = 1;
      const stamp = b.stamps();
      const id = b.newStamp();
      for (let k = 0; k < 4; k++) {
        const q = p + dirs[k];
        if (color[q] === c && stamp[head[q]] !== id) {
          stamp[head[q]] = id;
          chain += count[head[q]];
        }
      }
      selfAtari = chain === 1 ? 1 : chain <= 4 ? 2 : 3;
    }
    out[at + 4] = OFF[4] + selfAtari;
    out[at + 5] = OFF[5] + (after >= 4 ? 3 : Math.max(0, after - 1));
    out[at + 6] = OFF[6] + (last >= 0 ? coulomDistance(row, col, lastRow, lastCol) : 16);
    const line = Math.min(row, col, size + 1 - row, size + 1 - col) - 1;
    out[at + 7] = OFF[7] + (line >= 5 ? 5 : line) * 4 + stage;
    out[at + 8] = OFF[8] + nearestStone(color, W, size, row, col);
    out[at + 9] = OFF[9] + (prev >= 0 ? coulomDistance(row, col, prevRow, prevCol) : 16);
    out[at + 10] = OFF[10] + stonesAround(color, W, size, row, col, c);
    out[at + 11] = OFF[11] + (!ownTwo ? 0 : after >= 3 ? 1 : 2);
  }
}

/**
 * Coulom's distance d = dx + dy + max(dx, dy) between two points as a value: d = 2..16 → 0..14, 17+ → 15. A distance
 * under 2 (p on the point itself: the move before the last was captured and p retakes its point) counts as 2.
 */
function coulomDistance(row: number, col: number, r: number, c: number): number {
  const dx = Math.abs(col - c), dy = Math.abs(row - r);
  const d = dx + dy + Math.max(dx, dy);
  return d >= 17 ? 15 : d <= 2 ? 0 : d - 2;
}

const AROUND_BUCKET = [0, 1, 1, 2, 2, 2];

/** Own and enemy stones (of colour c and the other) within Manhattan distance 3 of (row, col), bucketed: a value 0..15. */
function stonesAround(color: Uint8Array, W: number, size: number, row: number, col: number, c: number): number {
  let own = 0, enemy = 0;
  for (let dr = -3; dr <= 3; dr++) {
    const r = row + dr;
    if (r < 1 || r > size) continue;
    const span = 3 - Math.abs(dr);
    const c1 = Math.max(1, col - span), c2 = Math.min(size, col + span);
    for (let x = c1; x <= c2; x++) {
      const v = color[r * W + x];
      if (v === c) own++;
      else if (v !== EMPTY) enemy++;
    }
  }
  return (own >= 6 ? 3 : AROUND_BUCKET[own]) * 4 + (enemy >= 6 ? 3 : AROUND_BUCKET[enemy]);
}

/** Manhattan distance to the nearest stone, 1..4, or 5 for none within four points: as a value 0..4. */
function nearestStone(color: Uint8Array, W: number, size: number, row: number, col: number): number {
  for (let d = 1; d <= 4; d++) {
    for (let dr = -d; dr <= d; dr++) {
      const r = row + dr;
      if (r < 1 || r > size) continue;
      const span = d - Math.abs(dr);
      const c1 = col - span, c2 = col + span;
      if (c1 >= 1 && color[r * W + c1] !== EMPTY) return d - 1;
      if (span > 0 && c2 <= size && color[r * W + c2] !== EMPTY) return d - 1;
    }
  }
  return 4;
}

/** Fills SHAPE_CLASS: each index gets the class of the smallest index among its eight symmetric images. */
function buildShapeClasses(): number {
  // perm[t][k]: the neighbour that transform t carries neighbour k onto.
  const perm: number[][] = [];
  for (let t = 0; t < 8; t++) {
    const row: number[] = [];
    for (let k = 0; k < 8; k++) {
      const [r, c] = transform(DR[k], DC[k], t);
      row.push(DR.findIndex((dr, j) => dr === r && DC[j] === c));
    }
    perm.push(row);
  }
  const classOfCanonical = new Int32Array(1 << 16).fill(-1);
  let classes = 0;
  for (let idx = 0; idx < 1 << 16; idx++) {
    let min = idx;
    for (let t = 1; t < 8; t++) {
      let img = 0;
      for (let k = 0; k < 8; k++) img |= ((idx >> (2 * k)) & 3) << (2 * perm[t][k]);
      if (img < min) min = img;
    }
    if (classOfCanonical[min] < 0) classOfCanonical[min] = classes++;
    SHAPE_CLASS[idx] = classOfCanonical[min];
  }
  return classes;
}

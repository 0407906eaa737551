import { BORDER, EMPTY, type ChainBoard } from '@qi/engine';

/**
 * Mogo's 3x3 playout patterns (Gelly, Wang, Munos, Teytaud 2006, as listed in Pachi's moggy.c): shapes whose
 * centre is a good reply near the last move (hane, cuts, side blocks). A shape is written top row first with
 * the centre as the candidate point; X and O are stones of either side (every pattern holds for both colours),
 * '.' empty, '?' anything, 'x' not X, 'o' not O (empty or the other colour), '#' off the board. All eight
 * rotations and reflections apply.
 */
const SHAPES: readonly string[] = [
  'XOX...???', // hane: enclosing hane
  'XO....?.?', // hane: non-cutting hane
  'XO?X..x.?', // hane: magari
  'XOO....?.', // hane: thin hane (centre below the O stones)
  '.O.X.....', // katatsuke or diagonal attachment
  'XO?O.o?o?', // cut: unprotected cut
  'XO?O.X???', // cut: peeped cut
  '?X?O.Oooo', // cut: de
  'OX?o.O???', // cut: keima cut
  'X.?O.?##?', // side: chase
  'OX?X.O###', // side: block side cut
  '?X?x.O###', // side: block side connection
  '?XOx.x###', // side: sagari
  '?OXX.O###', // side: cut
];

// Neighbour k of the index (bits 2k, 2k+1) is at (row, column) offset NW, N, NE, W, E, SW, S, SE.
const DR = [-1, -1, -1, 0, 0, 1, 1, 1];
const DC = [-1, 0, 1, -1, 1, -1, 0, 1];

/** Neighbourhood value: empty, own (side to move), enemy, off board. */
const V_EMPTY = 0, V_OWN = 1, V_ENEMY = 2, V_EDGE = 3;

/** 1 at every 3x3 index (see patternIndex) whose centre matches a pattern, for the side to move. */
export const PATTERN_MOVE: Uint8Array = buildTable();

/** The 16-bit neighbourhood index of empty point p for colour c (own = c): 2 bits per neighbour, NW to SE. */
export function patternIndex(b: ChainBoard, p: number, c: number): number {
  const color = b.color, W = b.W;
  return (
    cell(color[p - W - 1], c) |
    (cell(color[p - W], c) << 2) |
    (cell(color[p - W + 1], c) << 4) |
    (cell(color[p - 1], c) << 6) |
    (cell(color[p + 1], c) << 8) |
    (cell(color[p + W - 1], c) << 10) |
    (cell(color[p + W], c) << 12) |
    (cell(color[p + W + 1], c) << 14)
  );
}

function cell(v: number, c: number): number {
  return v === EMPTY ? V_EMPTY : v === BORDER ? V_EDGE : v === c ? V_OWN : V_ENEMY;
}

function buildTable(): Uint8Array {
  const table = new Uint8Array(1 << 16);
  const allowed: number[][] = Array.from({ length: 8 }, () => []);
  for (const shape of SHAPES) {
    for (let swap = 0; swap < 2; swap++) {
      const x = swap === 0 ? V_OWN : V_ENEMY;
      const o = swap === 0 ? V_ENEMY : V_OWN;
      for (let t = 0; t < 8; t++) {
        for (let k = 0; k < 8; k++) {
          // The shape cell that transform t carries onto neighbour k.
          const [r, cIdx] = transform(DR[k], DC[k], t);
          const ch = shape[(r + 1) * 3 + (cIdx + 1)];
          allowed[k] = valuesOf(ch, x, o);
        }
        mark(table, allowed, 0, 0);
      }
    }
  }
  return table;
}

function transform(dr: number, dc: number, t: number): [number, number] {
  switch (t) {
    case 0: return [dr, dc];
    case 1: return [dc, -dr];
    case 2: return [-dr, -dc];
    case 3: return [-dc, dr];
    case 4: return [dr, -dc];
    case 5: return [-dr, dc];
    case 6: return [dc, dr];
    default: return [-dc, -dr];
  }
}

function valuesOf(ch: string, x: number, o: number): number[] {
  switch (ch) {
    case 'X': return [x];
    case 'O': return [o];
    case '.': return [V_EMPTY];
    case 'x': return [V_EMPTY, o];
    case 'o': return [V_EMPTY, x];
    case '#': return [V_EDGE];
    case '?': return [V_EMPTY, V_OWN, V_ENEMY, V_EDGE];
    default: throw new Error(`bad pattern symbol "${ch}"`);
  }
}

function mark(table: Uint8Array, allowed: number[][], k: number, code: number): void {
  if (k === 8) {
    table[code] = 1;
    return;
  }
  for (const v of allowed[k]) mark(table, allowed, k + 1, code | (v << (2 * k)));
}

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

/** Row offset of neighbour k of a pattern index (bits 2k, 2k+1): NW, N, NE, W, E, SW, S, SE. */
export const NEIGHBOUR_DR: readonly number[] = [-1, -1, -1, 0, 0, 1, 1, 1];
/** Column offset of neighbour k of a pattern index. */
export const NEIGHBOUR_DC: readonly number[] = [-1, 0, 1, -1, 1, -1, 0, 1];
const DR = NEIGHBOUR_DR;
const DC = NEIGHBOUR_DC;

/** Neighbourhood value: empty, own (side to move), enemy, off board. */
const V_EMPTY = 0, V_OWN = 1, V_ENEMY = 2, V_EDGE = 3;

/** 1 at every 3x3 index (see patternIndex) whose centre matches a pattern, for the side to move. */
export const PATTERN_MOVE: Uint8Array = buildTable();

/** Neighbourhood value by (colour to move << 2 | stone): EMPTY, BLACK, WHITE, BORDER seen by Black, then by White. */
const CELL = Uint8Array.of(0, 0, 0, 0, V_EMPTY, V_OWN, V_ENEMY, V_EDGE, V_EMPTY, V_ENEMY, V_OWN, V_EDGE);

/** The 16-bit neighbourhood index of point p of a padded board (`color`, row stride W) for colour c: 2 bits per neighbour, NW to SE. */
export function patternIndex(color: Uint8Array, W: number, p: number, c: number): number {
  const k = c << 2;
  return (
    CELL[k | color[p - W - 1]] |
    (CELL[k | color[p - W]] << 2) |
    (CELL[k | color[p - W + 1]] << 4) |
    (CELL[k | color[p - 1]] << 6) |
    (CELL[k | color[p + 1]] << 8) |
    (CELL[k | color[p + W - 1]] << 10) |
    (CELL[k | color[p + W]] << 12) |
    (CELL[k | color[p + W + 1]] << 14)
  );
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

/** Offset (dr, dc) under symmetry t of the square, 0..7 (identity, three rotations, four reflections). */
export function transform(dr: number, dc: number, t: number): [number, number] {
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

import { BLACK, EMPTY, WHITE } from './board.js';
import type { GoPosition } from './position.js';
import { goRules, type HandicapBonus, type Scoring } from './rules.js';

/**
 * Counting a finished Go game, given the stones both players agree are dead.
 *
 * Area (Chinese, Tromp-Taylor): dead stones are removed; each colour gets its stones plus every empty region
 * that only its stones border. White adds komi and the handicap bonus.
 *
 * Territory (Japanese, Korean): dead stones are removed and become prisoners; each colour gets the empty
 * regions only its stones border (dead stones' points included) plus its prisoners (captures during play and
 * the opponent's dead stones). Points in seki count for nobody: a region bordered by both colours is dame,
 * and so is a one-colour region (an eye) bordered by a chain in seki. A chain is in seki when it touches a
 * "seki liberty": an empty point of a dame region next to stones of both colours where a stone of either
 * colour would put its own chain in atari without capturing (neither side can fill it). Unfilled dame between
 * healthy groups are not seki liberties (filling them costs no liberties that matter), so an unfinished
 * boundary does not wipe out territory.
 */

/** The count of a game under one rule. */
export interface Score {
  /** Black's points. */
  black: number;
  /** White's points, komi and handicap bonus included. */
  white: number;
  /** Komi added to White. */
  komi: number;
  /** Points added to White for handicap stones. */
  handicapBonus: number;
  /** The counting rule applied. */
  rule: Scoring;
  /** Black's points minus White's. */
  margin: number;
  /** The result as SGF RE writes it: 'B+3.5', 'W+12', '0' for a draw. */
  result: string;
  /** Owner of every point in `pos.points()` order (row by row from the top): 1 black, 2 white, 0 nobody. */
  owners: Uint8Array;
  /** Points of stones the count treated as alive in seki (territory counting only; empty for area). */
  seki: number[];
}

/** What may override the position's rules when counting. */
export interface ScoreOptions {
  /** Komi (default: the position's rules). */
  komi?: number;
  /** Handicap compensation (default: the position's rule when it counts the same way, else that rule's default). */
  handicapBonus?: HandicapBonus;
  /** Number of handicap stones (default: `pos.handicap`). */
  handicap?: number;
}

/** Counts by area (stones + surrounded empty points). `dead` lists dead stones; each marks its whole chain. */
export function scoreArea(pos: GoPosition, dead: Iterable<number>, options: ScoreOptions = {}): Score {
  return count(pos, dead, 'area', options);
}

/** Counts by territory (surrounded points + prisoners + dead stones; seki points count for nobody). */
export function scoreTerritory(pos: GoPosition, dead: Iterable<number>, options: ScoreOptions = {}): Score {
  return count(pos, dead, 'territory', options);
}

/** Counts by the position's own scoring rule. */
export function scoreGame(pos: GoPosition, dead: Iterable<number>, options: ScoreOptions = {}): Score {
  return count(pos, dead, pos.rules.scoring, options);
}

/** SGF RE text for a margin (Black minus White): 'B+3.5', 'W+12', '0'. */
export function resultText(margin: number): string {
  if (margin === 0) return '0';
  return (margin > 0 ? 'B+' : 'W+') + String(Math.abs(margin));
}

/**
 * The board as a plain size×size grid (index row * size + col), with neighbour lists: the scoring, Benson and
 * dead-stone code work on it so that they do not depend on the engine's padded layout.
 */
export class StoneGrid {
  readonly size: number;
  /** EMPTY / BLACK / WHITE per index. */
  readonly stones: Uint8Array;
  /** Engine point of each index. */
  readonly toPoint: Int32Array;
  /** Neighbour indices, 4 slots per index, -1 where the board ends. */
  readonly adj: Int32Array;

  constructor(pos: GoPosition) {
    const n = pos.size;
    this.size = n;
    this.stones = new Uint8Array(n * n);
    this.toPoint = new Int32Array(n * n);
    this.adj = new Int32Array(4 * n * n).fill(-1);
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const i = row * n + col;
        const p = pos.point(col, row);
        this.toPoint[i] = p;
        this.stones[i] = pos.stoneAt(p);
        if (col > 0) this.adj[4 * i] = i - 1;
        if (col < n - 1) this.adj[4 * i + 1] = i + 1;
        if (row > 0) this.adj[4 * i + 2] = i - n;
        if (row < n - 1) this.adj[4 * i + 3] = i + n;
      }
    }
  }

  /** Index of an engine point. */
  indexOf(pos: GoPosition, p: number): number {
    return pos.row(p) * this.size + pos.col(p);
  }
}

/**
 * Connected components of equal value in `cells` (same stone colour, or empty): `id[i]` is the component of i,
 * `members[c]` its indices. Iterative flood fill.
 */
export function components(grid: StoneGrid, cells: Uint8Array): { id: Int32Array; members: number[][] } {
  const total = cells.length;
  const id = new Int32Array(total).fill(-1);
  const members: number[][] = [];
  const adj = grid.adj;
  for (let s = 0; s < total; s++) {
    if (id[s] >= 0) continue;
    const c = members.length;
    const list = [s];
    id[s] = c;
    for (let k = 0; k < list.length; k++) {
      const i = list[k];
      for (let d = 0; d < 4; d++) {
        const j = adj[4 * i + d];
        if (j >= 0 && id[j] < 0 && cells[j] === cells[s]) {
          id[j] = c;
          list.push(j);
        }
      }
    }
    members.push(list);
  }
  return { id, members };
}

/** Expands dead-stone points to whole chains and checks each holds a stone (RangeError naming the point). */
export function deadIndices(pos: GoPosition, grid: StoneGrid, dead: Iterable<number>): Uint8Array {
  const marked = new Uint8Array(grid.stones.length);
  const { id, members } = components(grid, grid.stones);
  for (const p of dead) {
    if (!pos.onBoard(p)) throw new RangeError(`dead stone ${p} is not a point of the board`);
    const i = grid.indexOf(pos, p);
    if (grid.stones[i] === EMPTY) throw new RangeError(`no stone at ${pos.moveToText(p)} to mark dead`);
    for (const j of members[id[i]]) marked[j] = 1;
  }
  return marked;
}

function count(pos: GoPosition, dead: Iterable<number>, rule: Scoring, options: ScoreOptions): Score {
  const grid = new StoneGrid(pos);
  const total = grid.stones.length;
  const isDead = deadIndices(pos, grid, dead);
  const live = new Uint8Array(total);
  let deadBlack = 0;
  let deadWhite = 0;
  for (let i = 0; i < total; i++) {
    if (isDead[i]) {
      if (grid.stones[i] === BLACK) deadBlack++;
      else deadWhite++;
    } else live[i] = grid.stones[i];
  }
  const owners = new Uint8Array(total);
  const regions = components(grid, live);
  const borders: number[] = regions.members.map((m) => {
    if (live[m[0]] !== EMPTY) return live[m[0]];
    let b = 0;
    for (const i of m) for (let d = 0; d < 4; d++) {
      const j = grid.adj[4 * i + d];
      if (j >= 0) b |= live[j];
    }
    return b;
  });
  const seki: number[] = [];
  const voided = new Uint8Array(regions.members.length);
  if (rule === 'territory') {
    for (const i of sekiStones(grid, live, regions, borders)) {
      seki.push(grid.toPoint[i]);
      for (let d = 0; d < 4; d++) {
        const j = grid.adj[4 * i + d];
        if (j >= 0 && live[j] === EMPTY) voided[regions.id[j]] = 1;
      }
    }
    seki.sort((a, b) => a - b);
  }
  let black = 0;
  let white = 0;
  regions.members.forEach((m, r) => {
    const who = voided[r] ? EMPTY : borders[r];
    if (live[m[0]] !== EMPTY) {
      for (const i of m) owners[i] = live[i];
      if (rule === 'area') {
        if (who === BLACK) black += m.length;
        else white += m.length;
      }
    } else if (who === BLACK || who === WHITE) {
      for (const i of m) owners[i] = who;
      if (who === BLACK) black += m.length;
      else white += m.length;
    }
  });
  if (rule === 'territory') {
    black += pos.captures(0) + deadWhite;
    white += pos.captures(1) + deadBlack;
  }
  const komi = options.komi ?? pos.rules.komi;
  if (!Number.isFinite(komi)) throw new RangeError(`komi must be a number, got ${komi}`);
  const bonusRule = options.handicapBonus ?? (rule === pos.rules.scoring ? pos.rules.handicapBonus : goRules({ scoring: rule }).handicapBonus);
  const stones = options.handicap ?? pos.handicap;
  const handicapBonus = stones < 2 ? 0 : bonusRule === 'n' ? stones : bonusRule === 'n-1' ? stones - 1 : 0;
  white += komi + handicapBonus;
  const margin = black - white;
  return { black, white, komi, handicapBonus, rule, margin, result: resultText(margin), owners, seki };
}

/**
 * Stones in seki (indices): chains touching a seki liberty — an empty point of a dame region, next to stones
 * of both colours, where a stone of either colour would leave its chain with at most one liberty and capture
 * nothing.
 */
function sekiStones(
  grid: StoneGrid,
  live: Uint8Array,
  regions: { id: Int32Array; members: number[][] },
  borders: number[],
): number[] {
  const adj = grid.adj;
  // liberties of every chain, by component id
  const libs = new Map<number, Set<number>>();
  const libsOf = (chain: number): Set<number> => {
    let set = libs.get(chain);
    if (!set) {
      set = new Set();
      for (const i of regions.members[chain]) for (let d = 0; d < 4; d++) {
        const j = adj[4 * i + d];
        if (j >= 0 && live[j] === EMPTY) set.add(j);
      }
      libs.set(chain, set);
    }
    return set;
  };
  const inSeki = new Set<number>();
  for (let r = 0; r < regions.members.length; r++) {
    if (borders[r] !== (BLACK | WHITE) || live[regions.members[r][0]] !== EMPTY) continue;
    for (const p of regions.members[r]) {
      const near: [number[], number[]] = [[], []];
      for (let d = 0; d < 4; d++) {
        const j = adj[4 * p + d];
        if (j < 0 || live[j] === EMPTY) continue;
        const chain = regions.id[j];
        const side = near[live[j] - 1];
        if (!side.includes(chain)) side.push(chain);
      }
      if (near[0].length === 0 || near[1].length === 0) continue;
      if (selfAtari(p, near[0], near[1], libsOf, adj, live) && selfAtari(p, near[1], near[0], libsOf, adj, live)) {
        for (const c of near[0]) inSeki.add(c);
        for (const c of near[1]) inSeki.add(c);
      }
    }
  }
  const out: number[] = [];
  for (const c of inSeki) out.push(...regions.members[c]);
  return out;
}

/** Whether a stone at p joining chains `own` would have at most one liberty, capturing none of `other`. */
function selfAtari(
  p: number,
  own: number[],
  other: number[],
  libsOf: (chain: number) => Set<number>,
  adj: Int32Array,
  live: Uint8Array,
): boolean {
  for (const c of other) if (libsOf(c).size === 1) return false; // the stone would capture
  const after = new Set<number>();
  for (let d = 0; d < 4; d++) {
    const j = adj[4 * p + d];
    if (j >= 0 && live[j] === EMPTY) after.add(j);
  }
  for (const c of own) for (const l of libsOf(c)) if (l !== p) after.add(l);
  return after.size <= 1;
}

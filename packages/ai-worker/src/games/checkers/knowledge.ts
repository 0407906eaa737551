import { MAX_MOVES, PASS, moveFrom, moveTo, type CheckersPosition, type Geometry, type Position, type Rng } from '@qi/engine';
import type { Evaluator } from '../../alphabeta/types.js';
import type { MctsPolicy } from '../../mcts/types.js';

/**
 * Distance tables per board and goal, by breadth-first search over the holes: `steps` counts single steps to the
 * goal's tip (the engine's lone-piece distance), `hops` lets a move also jump two holes in a line (as a hop over
 * a piece would), so it measures how far a piece is in moves when the board helps it.
 */
export interface DistanceTables {
  steps: Int16Array;
  hops: Int16Array;
}

const tableCache = new Map<string, DistanceTables[]>();

function bfs(geo: Geometry, tip: number, jumps: boolean): Int16Array {
  const d = new Int16Array(geo.cells).fill(-1);
  const queue = new Int32Array(geo.cells);
  let head = 0;
  let tail = 0;
  d[tip] = 0;
  queue[tail++] = tip;
  while (head < tail) {
    const c = queue[head++];
    for (let k = 0; k < geo.dirs; k++) {
      for (const q of jumps ? [geo.neighbour[c * geo.dirs + k], geo.landing[c * geo.dirs + k]] : [geo.neighbour[c * geo.dirs + k]]) {
        if (q >= 0 && d[q] < 0) {
          d[q] = d[c] + 1;
          queue[tail++] = q;
        }
      }
    }
  }
  return d;
}

/** The distance tables of every goal region of a board (computed once per board kind). */
export function distanceTables(geo: Geometry): DistanceTables[] {
  let t = tableCache.get(geo.kind);
  if (t !== undefined) return t;
  t = [];
  for (let r = 0; r < geo.regionCells.length; r++) {
    // The tip: the goal hole farthest from the board's middle, i.e. where the engine's distance is 0.
    let tip = geo.regionCells[r][0];
    for (let c = 0; c < geo.cells; c++) if (geo.distance[r * geo.cells + c] === 0) tip = c;
    t.push({ steps: bfs(geo, tip, false), hops: bfs(geo, tip, true) });
  }
  tableCache.set(geo.kind, t);
  return t;
}

/** Weight of a step of distance, per piece (the unit of the evaluation: 10 per step). */
const STEP = 10;
/** Weight of the hop-aware distance, added to the step distance. */
const HOP = 6;
/** Bonus per piece inside its goal. */
const IN_GOAL = 8;
/** Penalty per squared step a piece lags behind the player's mean distance by more than SLACK steps. */
const STRAGGLER = 3;
const SLACK = 3;

/** Per player: the goal region (by seat) and the player's weighted distance, filled by `playerCosts`. */
const costs = new Float64Array(6);
const dist = new Int16Array(128);

/**
 * Each player's cost (lower is better) in `out[0..players)`: its pieces' step and hop-aware distances to the
 * goal, minus a bonus for pieces already in the goal, plus a straggler penalty that grows with the square of how
 * far a piece lags behind the others (a lone piece left at home loses races).
 */
export function playerCosts(c: CheckersPosition, out: Float64Array): void {
  const geo = c.geometry;
  const tables = distanceTables(geo);
  const seats = geo.seats[c.playerCount] as readonly number[];
  const n = c.playerCount;
  for (let p = 0; p < n; p++) {
    const goal = geo.opposite[seats[p]];
    const t = tables[goal];
    let k = 0;
    let sum = 0;
    let steps = 0;
    let inGoal = 0;
    for (let h = 0; h < geo.cells; h++) {
      if (c.pieceAt(h) !== p) continue;
      const d = t.steps[h];
      dist[k++] = d;
      steps += d;
      sum += STEP * d + HOP * t.hops[h];
      if (geo.region[h] === goal) inGoal++;
    }
    const mean = k > 0 ? steps / k : 0;
    let lag = 0;
    for (let i = 0; i < k; i++) {
      const behind = dist[i] - mean - SLACK;
      if (behind > 0) lag += behind * behind;
    }
    out[p] = sum - IN_GOAL * inGoal + STRAGGLER * lag;
  }
}

/**
 * A player's standing: the mean cost of the others minus its own (positive is ahead). Players who have left the
 * game are no rivals (their pieces are only obstacles, already on the board): they are left out of the mean.
 */
export function checkersStanding(c: CheckersPosition, player: number): number {
  playerCosts(c, costs);
  const n = c.playerCount;
  if (n === 1) return -costs[player];
  let others = 0;
  let rivals = 0;
  for (let p = 0; p < n; p++) {
    if (p === player || c.hasLeft(p)) continue;
    others += costs[p];
    rivals++;
  }
  return rivals > 0 ? others / rivals - costs[player] : -costs[player];
}

/** Moves that bring a piece nearer its goal first (steps gained, hop-aware), backward moves last. */
function orderCheckers(pos: Position, moves: Int32Array, n: number, scores: Float64Array): void {
  const c = pos as CheckersPosition;
  const geo = c.geometry;
  const seats = geo.seats[c.playerCount] as readonly number[];
  const t = distanceTables(geo)[geo.opposite[seats[c.currentPlayer()]]];
  for (let i = 0; i < n; i++) {
    const m = moves[i];
    if (m === PASS) {
      scores[i] = -1000;
      continue;
    }
    const from = moveFrom(m);
    const to = moveTo(m);
    scores[i] = STEP * (t.steps[from] - t.steps[to]) + HOP * (t.hops[from] - t.hops[to]);
  }
}

/** Steps from the tip within which a piece outside its goal may move sideways: the two rows in front of the goal. */
const NEAR_GOAL = 5;

/**
 * The moves alpha-beta searches: those that bring a piece at least one step nearer its goal, and sideways moves
 * of a piece just in front of its goal (finding the free holes of a goal may take them); every legal move when
 * there is none of these. Any other sideways or backward move only pays as a wait (a hole kept blocked, a ladder
 * kept from the opponent), and within the horizon a wait looks free, since the progress it postpones still fits
 * before the leaf; beyond the horizon it is a lost tempo in a race. Lost bench games were lost so (home shuffles
 * like p2-o2 chosen over a five-step hop that stayed available). The narrower tree also searches deeper.
 */
export function forwardMoves(pos: Position, into: Int32Array): number {
  const c = pos as CheckersPosition;
  const geo = c.geometry;
  const seats = geo.seats[c.playerCount] as readonly number[];
  const goal = geo.opposite[seats[c.currentPlayer()]];
  const steps = distanceTables(geo)[goal].steps;
  const n = c.legalMoves(into);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const m = into[i];
    if (m === PASS) continue;
    const from = moveFrom(m);
    const gain = steps[from] - steps[moveTo(m)];
    if (gain > 0 || (gain === 0 && steps[from] <= NEAR_GOAL && geo.region[from] !== goal)) into[k++] = m;
  }
  return k;
}

/**
 * Chinese Checkers knowledge for alpha-beta (two players: negamax; more: paranoid, which follows the position's
 * own turn order, so players who finished or left are skipped; Best-Reply would need legalMovesFor/playAs).
 */
export const checkersKnowledge: Evaluator = {
  evaluate(pos: Position, player: number): number {
    return Math.round(checkersStanding(pos as CheckersPosition, player));
  },
  orderMoves: orderCheckers,
  searchMoves: forwardMoves,
};

const orderBuf = new Float64Array(MAX_MOVES);
/** Standing (in evaluation units) worth a near-certain win at a playout's cut-off. */
const LEAD_FOR_WIN = 400;

/**
 * MCTS knowledge for 3+ players (maxⁿ backup): playouts that move forward — a random choice among the three
 * moves gaining the most distance, so races finish within the ply cap — and a cut-off value from the standings.
 */
export const checkersPlayouts: MctsPolicy = {
  playoutMove(pos: Position, rng: Rng, scratch: Int32Array): number {
    const n = pos.legalMoves(scratch);
    if (n <= 1) return scratch[0];
    orderCheckers(pos, scratch, n, orderBuf);
    // The best of three random picks: strongly forward, still varied.
    let best = rng.int(n);
    for (let k = 0; k < 2; k++) {
      const j = rng.int(n);
      if (orderBuf[j] > orderBuf[best]) best = j;
    }
    return scratch[best];
  },
  evaluate(pos: Position, out: Float64Array): void {
    const c = pos as CheckersPosition;
    // A player who has left is sure to be placed last.
    for (let p = 0; p < c.playerCount; p++) out[p] = c.hasLeft(p) ? -1 : Math.max(-1, Math.min(1, checkersStanding(c, p) / LEAD_FOR_WIN));
  },
};

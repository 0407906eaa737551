import { GoPosition, Rng, StoneGrid, benson, components, gameDefinition, playMoves, type GameSetup } from '@qi/engine';
import { heavyPlayoutFor } from './heavy.js';

/**
 * Qi's one dead-stone policy for Go, used by GTP (final_status_list, final_score, clean-up) and by the web app
 * (the Estimate button and Qi's marks after two passes, in its worker): `deadStones`, the static estimate
 * (`estimateDead`: Benson, eyes, enclosed weak stones) overruled both ways by heavy-playout ownership. The
 * marking phase itself (toggling chains, the count) is a rule of the game and stays in the engine
 * (`DeadStoneMarking`).
 */

/** Options of estimateDead. */
export interface EstimateOptions {
  /**
   * An ownership estimate per point in `pos.points()` order (row by row from the top), from -1 (surely White's)
   * to +1 (surely Black's), e.g. the average final owner over playouts. When given, it decides every chain
   * that Benson's test does not settle: a chain is dead when its mean ownership favours the opponent by more
   * than `threshold`.
   */
  ownership?: ArrayLike<number>;
  /** Margin for the ownership test (default 0.2). */
  threshold?: number;
}

/**
 * Estimates the dead stones of a finished position; returns their points (whole chains), sorted.
 *
 * Static method without `ownership`: (1) Benson's unconditionally alive chains live, and opponent stones inside
 * their secure regions die; (2) groups with two eyes live; (3) of the weak stones that only opponent stones
 * enclose, the clearest case dies, and (2)–(3) repeat on the board without it (see removeWeakestEnclosed).
 * Measured against GNU Go 3.8 on the shared data: the same dead stones in 115 of 119 finished games; the eye
 * size (5) was chosen on that data. (Moved here from the engine with the policy that uses it: `deadStones`.)
 */
export function estimateDead(pos: GoPosition, options: EstimateOptions = {}): number[] {
  const grid = new StoneGrid(pos);
  const total = grid.stones.length;
  const dead = new Uint8Array(total);
  const settled = new Uint8Array(total);
  for (const color of [1, 2] as const) {
    const b = benson(grid, color);
    for (let i = 0; i < total; i++) {
      if (b.alive[i]) settled[i] = 1;
      if (b.secure[i] && grid.stones[i] === 3 - color) {
        dead[i] = 1;
        settled[i] = 1;
      }
    }
  }
  if (options.ownership) {
    const own = options.ownership;
    if (own.length !== total) throw new RangeError(`ownership needs ${total} values, got ${own.length}`);
    const threshold = options.threshold ?? 0.2;
    const chains = components(grid, grid.stones);
    for (const m of chains.members) {
      const color = grid.stones[m[0]];
      if (color === 0 || settled[m[0]]) continue;
      let sum = 0;
      for (const i of m) sum += own[i];
      const mean = (sum / m.length) * (color === 1 ? 1 : -1);
      if (mean < -threshold) for (const i of m) dead[i] = 1;
    }
  } else {
    // One area at a time, the clearest first (fewest weak stones against the most enclosing ones): lifting it
    // can give the surrounding group its eyes before closer contests are judged.
    while (removeWeakestEnclosed(grid, dead, settled));
  }
  const out: number[] = [];
  for (let i = 0; i < total; i++) if (dead[i]) out.push(grid.toPoint[i]);
  return out.sort((a, b) => a - b);
}

/**
 * One step of the static test for what Benson leaves open. Chains join into groups when they share a liberty
 * or border the same one-colour empty region; a group lives with two eyes (such regions; one of five or more
 * points counts as two, a false one-point eye as none). Flooding from each weak group through empty points and
 * weak stones of its colour gives the area it could still claim; when no living stone of its colour borders
 * that area, and its weak stones are fewer than the stones of the opponent chains around it, the area is
 * enclosed. The enclosed area with the fewest weak stones per enclosing stone is marked dead. Returns whether
 * one was.
 */
function removeWeakestEnclosed(grid: StoneGrid, dead: Uint8Array, settled: Uint8Array): boolean {
  let best: number[] | null = null;
  let bestRatio = Infinity;
  const total = grid.stones.length;
  const adj = grid.adj;
  const live = new Uint8Array(total);
  for (let i = 0; i < total; i++) live[i] = dead[i] ? 0 : grid.stones[i];
  const parts = components(grid, live);
  const count = parts.members.length;
  const parent = new Int32Array(count);
  for (let c = 0; c < count; c++) parent[c] = c;
  const find = (c: number): number => {
    while (parent[c] !== c) c = parent[c] = parent[parent[c]];
    return c;
  };
  const union = (a: number, b: number) => {
    const x = find(a);
    const y = find(b);
    if (x !== y) parent[y] = x;
  };
  // chains sharing a liberty join
  const first = [-1, -1];
  for (let i = 0; i < total; i++) {
    if (live[i] !== 0) continue;
    first[0] = first[1] = -1;
    for (let d = 0; d < 4; d++) {
      const j = adj[4 * i + d];
      if (j < 0 || live[j] === 0) continue;
      const k = live[j] - 1;
      if (first[k] < 0) first[k] = parts.id[j];
      else union(first[k], parts.id[j]);
    }
  }
  // a one-colour region joins the chains around it and is an eye of their group
  const eyeRegions: [number, number][] = [];
  parts.members.forEach((m, r) => {
    if (live[m[0]] !== 0) return;
    let borderColor = 0;
    let firstChain = -1;
    for (const i of m) for (let d = 0; d < 4; d++) {
      const j = adj[4 * i + d];
      if (j < 0 || live[j] === 0) continue;
      borderColor |= live[j];
      if (firstChain < 0) firstChain = parts.id[j];
      else if (live[j] === live[parts.members[firstChain][0]]) union(firstChain, parts.id[j]);
    }
    if ((borderColor === 1 || borderColor === 2) && firstChain >= 0) eyeRegions.push([r, firstChain]);
  });
  const eyes = new Float64Array(count);
  for (const [r, chain] of eyeRegions) {
    const m = parts.members[r];
    if (m.length === 1 && falseEye(grid, live, m[0], live[parts.members[chain][0]])) continue;
    eyes[find(chain)] += m.length >= 5 ? 2 : 1;
  }
  const alive = new Uint8Array(total);
  for (let i = 0; i < total; i++) {
    if (live[i] !== 0 && (settled[i] || eyes[find(parts.id[i])] >= 2)) alive[i] = 1;
  }
  const visited = new Uint8Array(total);
  const seen = new Int32Array(total).fill(-1);
  for (let s = 0; s < total; s++) {
    if (live[s] === 0 || alive[s] || visited[s]) continue;
    const color = live[s];
    const area = [s];
    seen[s] = s;
    let friend = false;
    const enclosing = new Set<number>();
    for (let k = 0; k < area.length; k++) {
      for (let d = 0; d < 4; d++) {
        const j = adj[4 * area[k] + d];
        if (j < 0 || seen[j] === s) continue;
        if (live[j] === 0 || (live[j] === color && !alive[j])) {
          seen[j] = s;
          area.push(j);
        } else if (live[j] === color) friend = true;
        else enclosing.add(parts.id[j]);
      }
    }
    let mine = 0;
    for (const i of area) if (live[i] === color) mine++;
    let theirs = 0;
    for (const c of enclosing) theirs += parts.members[c].length;
    for (const i of area) if (live[i] === color) visited[i] = 1;
    if (!friend && mine < theirs && mine / theirs < bestRatio) {
      bestRatio = mine / theirs;
      best = area.filter((i) => live[i] === color);
    }
  }
  if (best === null) return false;
  for (const i of best) dead[i] = 1;
  return true;
}

/**
 * Whether the one-point eye at i is false: the opponent holds two of its diagonal points (one on the edge or in
 * the corner), so the stones around it can be cut apart and it will not stay an eye.
 */
function falseEye(grid: StoneGrid, live: Uint8Array, i: number, color: number): boolean {
  const n = grid.size;
  const row = Math.floor(i / n);
  const col = i % n;
  let enemy = 0;
  let offBoard = 0;
  for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
    const r = row + dr;
    const c = col + dc;
    if (r < 0 || c < 0 || r >= n || c >= n) offBoard++;
    else if (live[r * n + c] === 3 - color) enemy++;
  }
  return offBoard > 0 ? enemy >= 1 : enemy >= 2;
}

/** Heavy playouts behind one dead-stone verdict (a fraction of a second on 19x19) and their seed: GTP and the web app use these. */
export const DEAD_STONE_PLAYOUTS = 400;
export const DEAD_STONE_SEED = 1;

/**
 * The final ownership map of `pos` from `playouts` heavy playouts: per point of `pos.points()` order, from -1
 * (White owns it at the end of every playout) to +1 (Black always does). A finished game is played on from
 * its last position as if nobody had passed.
 */
export function ownershipEstimate(pos: GoPosition, playouts = DEAD_STONE_PLAYOUTS, seed = DEAD_STONE_SEED): Float64Array {
  if (!Number.isInteger(playouts) || playouts < 1) throw new RangeError(`playouts must be a positive whole number, got ${playouts}`);
  const own = new Float64Array(pos.size * pos.size);
  const rng = new Rng(seed);
  // Without nakade fills: a finished game's sekis often sit next to a point that looks like a false eye, and once
  // a playout fills it, a nakade fill breaks the seki (GNU Go's scoring/ games: 47 of 56 exact with them, 49 without).
  const playout = heavyPlayoutFor(pos.size, false);
  for (let i = 0; i < playouts; i++) playout.run(pos, rng, null, own, true);
  for (let i = 0; i < own.length; i++) own[i] /= playouts;
  return own;
}

/** Mean ownership (from the chain's own side) at which the playouts overrule the static dead-stone estimate. */
const OVERRULE = 0.8;

/**
 * Qi's dead stones of a finished (or nearly finished) game: the static estimate (`estimateDead`), overruled for
 * every chain whose mean playout ownership is at least 0.8 for one side (dead when it is the opponent's, alive
 * when its own). Sorted points, whole chains. Against GNU Go 3.8 on the shared data, at 400 playouts, seed 1:
 * the same dead stones as its Chinese-rules list in 118 of the 119 finished games (static estimate alone 115;
 * the same 118 at 100 and 200 playouts and other seeds), the same area score in 114 (static 113); on the 56
 * scoring/ games (19x19, territory) the exact expected score in 49 and the winner in 53 (static 46 and 52).
 * The CLI's former policy (the playouts only vetoing "dead" at 0.7) also had 118 and 49, but 52 winners.
 */
export function deadStones(pos: GoPosition, playouts = DEAD_STONE_PLAYOUTS, seed = DEAD_STONE_SEED): number[] {
  const own = ownershipEstimate(pos, playouts, seed);
  const dead = new Set(estimateDead(pos));
  const pts = pos.points();
  const index = new Int32Array(pos.board.N2);
  for (let i = 0; i < pts.length; i++) index[pts[i]] = i;
  const chain = new Int32Array(pts.length);
  const seen = new Uint8Array(pos.board.N2);
  for (const p of pts) {
    const color = pos.stoneAt(p);
    if (color === 0 || seen[p]) continue;
    const n = pos.chainStones(p, chain);
    let sum = 0;
    for (let k = 0; k < n; k++) {
      seen[chain[k]] = 1;
      sum += own[index[chain[k]]];
    }
    const mean = (sum / n) * (color === 1 ? 1 : -1);
    if (mean <= -OVERRULE) for (let k = 0; k < n; k++) dead.add(chain[k]);
    else if (mean >= OVERRULE) for (let k = 0; k < n; k++) dead.delete(chain[k]);
  }
  return [...dead].sort((a, b) => a - b);
}

/**
 * `deadStones` of the Go position a setup describes ({game: 'go', rules, start, moves}, as the web app sends it to
 * its worker), as GTP vertices; an illegal move throws naming it.
 */
export function deadStoneVertices(setup: GameSetup): string[] {
  if (setup.game !== 'go') throw new Error('dead stones are a Go question');
  const pos = gameDefinition('go').create(setup.rules, setup.start);
  if (!(pos instanceof GoPosition)) throw new Error('dead stones are a Go question');
  playMoves(pos, setup.moves ?? []);
  return deadStones(pos).map((p) => pos.moveToText(p));
}

import { components, type StoneGrid } from './score.js';

/**
 * Benson's unconditional life (1976): the chains of one colour that no sequence of opponent moves can capture,
 * even if their owner always passes. Start from every chain of the colour and every region (maximal connected
 * set of points without that colour's stones); a region is vital to a chain when every empty point of it is a
 * liberty of that chain. Repeatedly drop chains with fewer than two vital regions among the remaining regions,
 * then regions bordered by a dropped chain, until nothing changes. What remains is alive; the remaining regions
 * that are vital to an alive chain hold no room for the opponent to live (every empty point in them is a
 * liberty of an unconditionally alive chain), so opponent stones in them are dead.
 */
export interface BensonResult {
  /** 1 for every stone (grid index) of an unconditionally alive chain of the colour. */
  alive: Uint8Array;
  /** 1 for every point (grid index) of a region vital to an alive chain: the colour's secure area. */
  secure: Uint8Array;
}

/** Benson's algorithm for `color` (1 black, 2 white) on `stones` (grid values; default the grid's stones). */
export function benson(grid: StoneGrid, color: 1 | 2, stones: Uint8Array = grid.stones): BensonResult {
  const total = stones.length;
  const adj = grid.adj;
  const own = new Uint8Array(total);
  for (let i = 0; i < total; i++) own[i] = stones[i] === color ? 1 : 0;
  const parts = components(grid, own);
  const chains: number[] = [];
  const regions: number[] = [];
  parts.members.forEach((m, c) => (own[m[0]] ? chains : regions).push(c));
  // For every region: its bordering chains, and the chains it is vital to.
  const borderOf = new Map<number, number[]>();
  const vitalTo = new Map<number, number[]>();
  for (const r of regions) {
    const border = new Set<number>();
    for (const i of parts.members[r]) for (let d = 0; d < 4; d++) {
      const j = adj[4 * i + d];
      if (j >= 0 && own[j]) border.add(parts.id[j]);
    }
    const vital: number[] = [];
    for (const c of border) {
      let all = true;
      for (const i of parts.members[r]) {
        if (stones[i] !== 0) continue;
        let touches = false;
        for (let d = 0; d < 4; d++) {
          const j = adj[4 * i + d];
          if (j >= 0 && parts.id[j] === c) touches = true;
        }
        if (!touches) {
          all = false;
          break;
        }
      }
      if (all) vital.push(c);
    }
    borderOf.set(r, [...border]);
    vitalTo.set(r, vital);
  }
  const liveChains = new Set(chains);
  const liveRegions = new Set(regions);
  let changed = true;
  while (changed) {
    changed = false;
    const vitalCount = new Map<number, number>();
    for (const r of liveRegions) for (const c of vitalTo.get(r)!) vitalCount.set(c, (vitalCount.get(c) ?? 0) + 1);
    for (const c of [...liveChains]) {
      if ((vitalCount.get(c) ?? 0) < 2) {
        liveChains.delete(c);
        changed = true;
      }
    }
    for (const r of [...liveRegions]) {
      if (borderOf.get(r)!.some((c) => !liveChains.has(c))) {
        liveRegions.delete(r);
        changed = true;
      }
    }
  }
  const alive = new Uint8Array(total);
  const secure = new Uint8Array(total);
  for (const c of liveChains) for (const i of parts.members[c]) alive[i] = 1;
  for (const r of liveRegions) {
    if (vitalTo.get(r)!.some((c) => liveChains.has(c))) for (const i of parts.members[r]) secure[i] = 1;
  }
  return { alive, secure };
}

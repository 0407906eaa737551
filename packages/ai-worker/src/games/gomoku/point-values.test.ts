import { GomokuPosition, gomokuPatterns as P, type GomokuRule } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { LINE_VALUE, PointValues } from './point-values.js';

/** The value as computed from scratch (the formula the cache keeps): line values, double-threat bonus, renju ban. */
function valueFromScratch(g: GomokuPosition, p: number, colour: number): { v: number; kind: number } {
  let v = 0;
  let fours = 0;
  let threes = 0;
  let top = 0;
  for (let d = 0; d < 4; d++) {
    const k = g.pattern(p, d, colour) & 15;
    v += LINE_VALUE[k];
    top = Math.max(top, k);
    if (k === P.FOUR || k === P.OPEN_FOUR) fours++;
    else if (k === P.OPEN_THREE) threes++;
  }
  if (colour === 0 && g.rule === 'renju' && (fours + threes >= 2 || top === P.OVERLINE) && top !== P.FIVE && g.forbiddenCode(p) !== 0) return { v: 0, kind: 0 };
  if (fours + threes >= 2) v += 15_000 * (fours > 0 ? 2 : 1);
  return { v, kind: top };
}

/** Stones within two points of `p` on its eight lines, counted on the board. */
function nearFromScratch(g: GomokuPosition, p: number): number {
  const w = g.geo.width;
  const x = (p % w) - 1;
  const y = Math.floor(p / w) - 1;
  let n = 0;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      if ((dx === 0 && dy === 0) || (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy))) continue;
      const qx = x + dx;
      const qy = y + dy;
      if (qx < 0 || qy < 0 || qx >= g.geo.size || qy >= g.geo.size) continue;
      if (g.stoneAt(g.geo.point(qx, qy)) !== 0) n++;
    }
  }
  return n;
}

describe('PointValues', () => {
  it('equals the values computed from scratch on every empty point, through plays, undos and switches between boards', () => {
    let seed = 99;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed >>> 8) % n; // the low bits of this generator repeat with a short period
    };
    const cache = new PointValues();
    const boards: [number, GomokuRule][] = [[15, 'freestyle'], [15, 'renju'], [9, 'standard'], [15, 'renju']];
    const games = boards.map(([size, rule]) => new GomokuPosition({ size, rule }));
    const legal = new Int32Array(400);
    let checked = 0;
    let banned = 0;
    for (let step = 0; step < 600; step++) {
      const g = games[rnd(games.length)]; // a search's position, then a solver's copy, then another game
      for (let k = 1 + rnd(3); k > 0; k--) {
        if (g.isTerminal() || (g.ply > 0 && rnd(4) === 0)) {
          g.undo();
          continue;
        }
        // Mostly near the stones (where threats grow), sometimes anywhere.
        const n = g.legalMoves(legal);
        let m = legal[rnd(n)];
        for (let t = 0; t < 8 && g.stoneCount() > 0 && nearFromScratch(g, m) === 0; t++) m = legal[rnd(n)];
        // Often the best of a few for the side to move, so that threes and fours (and renju bans) arise.
        for (let t = 0; t < 6 && rnd(3) !== 0; t++) {
          const q = legal[rnd(n)];
          if (valueFromScratch(g, q, g.currentPlayer()).v > valueFromScratch(g, m, g.currentPlayer()).v) m = q;
        }
        g.play(m);
      }
      cache.sync(g);
      for (const p of g.geo.points) {
        expect(cache.nearStones[p]).toBe(nearFromScratch(g, p));
        if (g.stoneAt(p) !== 0) continue;
        for (let c = 0; c < 2; c++) {
          const want = valueFromScratch(g, p, c);
          expect(cache.value(p, c)).toBe(want.v);
          expect(cache.kind).toBe(want.kind);
          checked++;
          if (g.rule === 'renju' && c === 0 && g.forbiddenCode(p) !== 0) banned++;
        }
      }
    }
    // The walk must reach real positions: many values, and renju bans among them.
    expect(checked).toBeGreaterThan(100_000);
    expect(banned).toBeGreaterThan(20);
  });
});

import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { GoPosition } from './position.js';
import { ReferenceGo } from './reference.js';
import type { KoRule } from './rules.js';

/** Grid index of the reference board for a GoPosition point. */
function gridOf(pos: GoPosition, p: number): number {
  return pos.row(p) * pos.size + pos.col(p);
}

interface Tally {
  moves: number;
  captures: number;
  suicides: number;
  kos: number;
  superkos: number;
}

/**
 * Random games where the fast board and the flood-fill reference must agree at every ply: the board, every
 * stone's liberty count, the legal move set with the reason for every illegal point, and both capture counts.
 */
function differential(size: number, ko: KoRule, suicide: boolean, games: number, maxPlies: number, seed: number): Tally {
  const tally: Tally = { moves: 0, captures: 0, suicides: 0, kos: 0, superkos: 0 };
  const buf = new Int32Array(1024);
  for (let g = 0; g < games; g++) {
    const rng = new Rng(seed + g);
    const pos = new GoPosition({ size, ko, suicide });
    const ref = new ReferenceGo(size, ko, suicide);
    for (let ply = 0; ply < maxPlies && !pos.isTerminal(); ply++) {
      const where = `size ${size} ${ko}${suicide ? ' suicide' : ''} game ${g} ply ${ply}`;
      expect(pos.toString().replace(/\n/g, ''), where).toBe(
        Array.from(ref.grid, (v) => (v === 1 ? 'X' : v === 2 ? 'O' : '.')).join(''),
      );
      for (const p of pos.points()) {
        const i = gridOf(pos, p);
        if (pos.liberties(p) !== ref.liberties(i)) expect(pos.liberties(p), `${where} liberties at ${pos.moveToText(p)}`).toBe(ref.liberties(i));
        if (ref.grid[i] === 0) {
          const want = ref.tryMove(i).reason;
          const got = pos.analyze(p).reason;
          if (got !== want) expect(got, `${where} verdict at ${pos.moveToText(p)}`).toBe(want);
          if (want === 'suicide') tally.suicides++;
          if (want === 'ko') tally.kos++;
          if (want === 'superko') tally.superkos++;
        }
      }
      const n = pos.legalMoves(buf);
      const fast = Array.from(buf.subarray(0, n)).filter((m) => m !== PASS).map((m) => gridOf(pos, m)).sort((a, b) => a - b);
      expect(fast, where).toEqual(ref.legal());
      // Mostly stones, sometimes a pass, so games reach ko fights and repetitions.
      const move = n === 1 || rng.int(20) === 0 ? PASS : buf[rng.int(n - 1)];
      pos.play(move);
      ref.play(move === PASS ? -1 : gridOf(pos, move));
      tally.moves++;
      expect([pos.captures(0), pos.captures(1)], where).toEqual(ref.captures);
    }
    tally.captures += pos.captures(0) + pos.captures(1);
  }
  return tally;
}

describe('GoPosition agrees with the flood-fill reference board', () => {
  it('on 9x9 (simple ko, no suicide)', () => {
    const t = differential(9, 'simple', false, 12, 250, 100);
    expect(t.moves).toBeGreaterThan(2000);
    expect(t.captures).toBeGreaterThan(200);
    expect(t.kos).toBeGreaterThan(0);
    expect(t.suicides).toBeGreaterThan(0);
  });

  it('on 13x13 and 19x19 (long games, edges and big chains)', () => {
    const t = differential(13, 'simple', false, 2, 220, 600);
    const u = differential(19, 'situational', true, 1, 120, 700);
    expect(t.moves + u.moves).toBeGreaterThan(250);
  });

  it('on 5x5 and 7x7 with multi-stone suicide allowed', () => {
    const t = differential(5, 'simple', true, 40, 150, 200);
    const u = differential(7, 'positional', true, 10, 200, 300);
    expect(t.moves + u.moves).toBeGreaterThan(3000);
    expect(t.suicides).toBeGreaterThan(0);
  });

  it('on tiny boards under positional and situational superko', () => {
    let superkos = 0;
    for (const ko of ['positional', 'situational'] as const) {
      for (const size of [2, 3, 4]) {
        const t = differential(size, ko, false, 60, 120, 400 + size);
        const s = differential(size, ko, true, 30, 120, 500 + size);
        superkos += t.superkos + s.superkos;
      }
    }
    expect(superkos).toBeGreaterThan(50);
  });
});

import { describe, expect, it } from 'vitest';
import { PASS, type Position } from '../core/game.js';
import type { Rng } from '../core/prng.js';
import { checkGameProperties } from '../testing/properties.js';
import { GoPosition } from './position.js';

/** Avoids passing while any stone move exists, so games get long and full of captures. */
function noPass(_pos: Position, moves: Int32Array, n: number, rng: Rng): number {
  return n > 1 ? moves[rng.int(n - 1)] : moves[0];
}

/** Passes now and then, so tiny-board games end and repeat positions. */
function somePasses(_pos: Position, moves: Int32Array, n: number, rng: Rng): number {
  return rng.int(8) === 0 ? PASS : moves[rng.int(n)];
}

describe('Go passes the generic property suite', () => {
  it('9x9: hundreds of games, the first ones exhaustively', () => {
    const r = checkGameProperties({ create: () => new GoPosition({ size: 9 }), games: 300, maxPlies: 400, seed: 1, exhaustiveGames: 20 });
    expect(r.games).toBe(300);
    expect(r.terminalGames).toBeGreaterThan(250);
    expect(r.movesChecked).toBeGreaterThan(20 * 50);
  });

  it('9x9 without passes, positional superko and multi-stone suicide', () => {
    const r = checkGameProperties({
      create: () => new GoPosition({ size: 9, ko: 'positional', suicide: true }),
      games: 30, maxPlies: 300, seed: 77, exhaustiveGames: 3, pick: noPass,
    });
    expect(r.plies).toBeGreaterThan(30 * 150);
  });

  it('19x19: a few long games that avoid passing', () => {
    const r = checkGameProperties({ create: () => new GoPosition({ size: 19 }), games: 4, maxPlies: 400, seed: 9, exhaustiveGames: 1, pick: noPass });
    expect(r.plies).toBe(4 * 400);
  });

  it('tiny boards end and repeat positions under every ko rule', () => {
    for (const ko of ['simple', 'positional', 'situational'] as const) {
      for (const size of [2, 3]) {
        const r = checkGameProperties({
          create: () => new GoPosition({ size, ko, suicide: size === 3 }),
          games: 60, maxPlies: 200, seed: 5 + size, pick: somePasses,
        });
        expect(r.terminalGames).toBeGreaterThan(50);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Position } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { checkGameProperties } from '../testing/properties.js';
import { CheckersPosition } from './position.js';
import { selfPlayRules, type CheckersRules } from './rules.js';

/** Mostly the move that brings a piece closest to its goal, so games reach finishes, rankings and passes. */
function forward(pos: Position, moves: Int32Array, n: number, rng: Rng): number {
  if (rng.int(4) === 0) return moves[rng.int(n)];
  const p = pos as CheckersPosition;
  const me = p.currentPlayer();
  let best = moves[0];
  let bestGain = -Infinity;
  for (let i = 0; i < n; i++) {
    if (moves[i] < 0) return moves[i];
    p.play(moves[i]);
    const gain = -p.distanceToGoal(me) + rng.int(2) / 2;
    p.undo();
    if (gain > bestGain) {
      bestGain = gain;
      best = moves[i];
    }
  }
  return best;
}

const configs: [string, Partial<CheckersRules>][] = [
  ['star, solo crossing', { players: 1 }],
  ['star, 2 players', { players: 2 }],
  ['star, 3 players, no stopping in other points', { players: 3, noStopInOtherPoints: true }],
  ['star, 4 players', { players: 4 }],
  ['star, 6 players', { players: 6 }],
  ['8x8 classic', { board: 'square8' }],
  ['8x8 jump any piece', { board: 'square8', jumpOver: 'any' }],
];

describe('checkers property suite', () => {
  for (const [name, rules] of configs) {
    it(`passes with random play: ${name}`, () => {
      const report = checkGameProperties({ create: () => new CheckersPosition(rules), games: 3, maxPlies: 120, seed: 11, exhaustiveGames: 1 });
      expect(report.plies).toBeGreaterThan(100);
    });

    it(`passes with goal-seeking play to the end, under a self-play turn cap: ${name}`, () => {
      const capped = selfPlayRules({ ...rules, turnCap: 100 * (rules.players ?? 2) });
      const report = checkGameProperties({ create: () => new CheckersPosition(capped), games: 3, maxPlies: 100_000, seed: 5, exhaustiveGames: 1, pick: forward });
      expect(report.terminalGames).toBe(3);
    });
  }

  it('finishes goal-seeking games with a full ranking for six players', () => {
    const pos = new CheckersPosition(selfPlayRules({ players: 6 }));
    const moves = new Int32Array(1024);
    const rng = new Rng(7);
    while (!pos.isTerminal()) pos.play(forward(pos, moves, pos.legalMoves(moves), rng));
    const out = new Float64Array(6);
    pos.returns(out);
    const places = Array.from({ length: 6 }, (_, p) => pos.placeOf(p));
    console.log(`six goal-seekers: ${pos.ply} turns, places ${places.join(' ')}, returns ${Array.from(out, (x) => x.toFixed(1)).join(' ')}`);
    expect(places.filter((x) => x >= 0).length).toBeGreaterThanOrEqual(1);
    expect([...out].sort((a, b) => b - a)[0]).toBe(1);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
  });
});

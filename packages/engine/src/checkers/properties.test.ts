import { describe, expect, it } from 'vitest';
import type { Position } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { checkGameProperties } from '../testing/properties.js';
import { CHECKERS_LEAVE, CheckersPosition } from './position.js';
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

/** Mostly `forward`, but now and then the player to move leaves (about one turn in `every`). */
const leaving =
  (every: number) =>
  (pos: Position, moves: Int32Array, n: number, rng: Rng): number =>
    rng.int(every) === 0 ? CHECKERS_LEAVE : forward(pos, moves, n, rng);

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
      const report = checkGameProperties({ create: () => new CheckersPosition(rules), games: 3, maxPlies: 120, seed: 11, exhaustiveGames: 1, unlisted: [CHECKERS_LEAVE] });
      expect(report.plies).toBeGreaterThan(100);
    });

    it(`passes with random play and random leaves: ${name}`, () => {
      const players = rules.players ?? 2;
      // Two players: a leave ends the game, so leave rarely to get games of some length.
      const every = players <= 2 ? 60 : 25;
      const pick = (pos: Position, moves: Int32Array, n: number, rng: Rng): number => (rng.int(every) === 0 ? CHECKERS_LEAVE : moves[rng.int(n)]);
      const report = checkGameProperties({ create: () => new CheckersPosition(rules), games: 4, maxPlies: 150, seed: 21, exhaustiveGames: 2, unlisted: [CHECKERS_LEAVE], pick });
      expect(report.plies).toBeGreaterThan(40);
    });

    it(`passes with goal-seeking play to the end, under a self-play turn cap: ${name}`, () => {
      const capped = selfPlayRules({ ...rules, turnCap: 100 * (rules.players ?? 2) });
      const report = checkGameProperties({ create: () => new CheckersPosition(capped), games: 3, maxPlies: 100_000, seed: 5, exhaustiveGames: 1, pick: forward, unlisted: [CHECKERS_LEAVE] });
      expect(report.terminalGames).toBe(3);
    });
  }

  it('ends goal-seeking games with random leaves properly: leavers last, the earliest lowest, the rest by finishing', () => {
    let leaves = 0;
    for (const players of [2, 3, 4, 6]) {
      for (let seed = 1; seed <= 4; seed++) {
        const rules = selfPlayRules({ players });
        const report = checkGameProperties({ create: () => new CheckersPosition(rules), games: 1, maxPlies: 100_000, seed: 100 * players + seed, exhaustiveGames: 0, pick: leaving(40), unlisted: [CHECKERS_LEAVE] });
        expect(report.terminalGames).toBe(1);
        // Play the same game again to look at its end (the suite undoes its games).
        const pos = new CheckersPosition(rules);
        const rng = new Rng(100 * players + seed);
        const moves = new Int32Array(1024);
        while (!pos.isTerminal()) pos.play(leaving(40)(pos, moves, pos.legalMoves(moves), rng));
        const gone = pos.leftPlayers();
        leaves += gone.length;
        const out = new Float64Array(players);
        pos.returns(out);
        const value = (place: number): number => 1 - (2 * place) / (players - 1);
        gone.forEach((p, i) => {
          expect(pos.hasLeft(p)).toBe(true);
          expect(out[p]).toBeCloseTo(value(players - 1 - i), 9);
        });
        const stayed = Array.from({ length: players }, (_, p) => p).filter((p) => !pos.hasLeft(p));
        for (const p of stayed) for (const q of gone) expect(out[p]).toBeGreaterThan(out[q]);
        // The game ends once at most one player is still racing (or at the cap, or in a stalemate).
        const racing = stayed.filter((p) => pos.placeOf(p) < 0).length;
        expect(racing <= 1 || pos.ply >= rules.turnCap || pos.lastMove() === -1).toBe(true);
        expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
      }
    }
    expect(leaves).toBeGreaterThan(10);
  });

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

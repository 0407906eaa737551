import { describe, expect, it } from 'vitest';
import { CheckersPosition, MAX_MOVES, Rng, geometry } from '@qi/engine';
import { AlphaBeta } from '../../alphabeta/search.js';
import { isWinScore } from '../../core/score.js';
import { Mcts } from '../../mcts/search.js';
import { playMatch } from '../../testing/match.js';
import { Bot } from '../../worker/bot.js';
import { checkersKnowledge, checkersPlayouts, checkersStanding, distanceTables } from './knowledge.js';

const star = geometry('star');

/** Player 0 has filled its goal but for the tip and has one piece `outside` steps from it; player 1 is far from home. */
function almostHome(outside: number): CheckersPosition {
  const goal = star.opposite[star.seats[2]?.[0] as number];
  const t = distanceTables(star)[goal];
  const tip = Array.from(star.regionCells[goal]).find((c) => t.steps[c] === 0) as number;
  const inGoal = Array.from(star.regionCells[goal]).filter((c) => c !== tip);
  const last = Array.from({ length: star.cells }, (_, c) => c).find((c) => star.region[c] === -1 && t.steps[c] === outside) as number;
  const side = Array.from(star.regionCells[4]);
  return new CheckersPosition({ players: 2 }, { pieces: [[...inGoal, last], side], toMove: 0 });
}

describe('Chinese Checkers knowledge', () => {
  it('has distance tables with the tip at 0, hop-aware distances never longer, and the engine distance where the board is convex', () => {
    for (const kind of ['star', 'square8'] as const) {
      const geo = geometry(kind);
      distanceTables(geo).forEach((t, r) => {
        if (geo.kind === 'square8' && r > 1) return;
        for (let c = 0; c < geo.cells; c++) {
          expect(t.steps[c]).toBeGreaterThanOrEqual(0);
          expect(t.hops[c]).toBeLessThanOrEqual(t.steps[c]);
          expect(t.hops[c]).toBeGreaterThanOrEqual(Math.ceil(t.steps[c] / 2));
        }
      });
    }
    // At the start both players stand equal.
    expect(checkersStanding(new CheckersPosition({ players: 2 }), 0)).toBe(0);
    expect(checkersStanding(new CheckersPosition({ players: 3 }), 1)).toBeCloseTo(0, 6);
  });

  it('prefers a position with pieces nearer home and no straggler left behind', () => {
    const pos = new CheckersPosition({ players: 2 });
    const before = checkersStanding(pos, 0);
    const moves = new Int32Array(MAX_MOVES);
    const n = pos.legalMoves(moves);
    const ab = new AlphaBeta({ evaluator: checkersKnowledge, ttMegabytes: 1 });
    const best = ab.search(pos, { depth: 1 }).move as number;
    pos.play(best);
    expect(checkersStanding(pos, 0)).toBeGreaterThan(before);
    expect(n).toBeGreaterThan(10);
  });

  it('finds the forced finish of an endgame (the last piece home through a full goal) and plays it out', () => {
    const pos = almostHome(4);
    const r = new AlphaBeta({ evaluator: checkersKnowledge, ttMegabytes: 8 }).search(pos, { timeMs: 8000 });
    expect(isWinScore(r.score) && r.score > 0).toBe(true);
    for (const m of r.pv) pos.play(m);
    expect(pos.isTerminal()).toBe(true);
    expect(pos.placeOf(0)).toBe(0);
  });

  it('never answers an illegal move: 2, 3 and 6 players on the star and 2 on the 8x8 board, alpha-beta and MCTS', async () => {
    const rng = new Rng(4);
    const bot = new Bot({ seed: 5 });
    const list = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (const rules of [{ players: 2 }, { players: 3 }, { players: 6 }, { players: 2, board: 'square8' }]) {
      for (let i = 0; i < 25; i++) {
        const pos = new CheckersPosition(rules as { players: number });
        const moves: number[] = [];
        const plies = rng.int(120);
        for (let k = 0; k < plies && !pos.isTerminal(); k++) {
          const m = list[rng.int(pos.legalMoves(list))];
          pos.play(m);
          moves.push(m);
        }
        bot.setPosition({ game: 'checkers', rules, moves });
        const algorithm = i % 3 === 0 ? 'mcts' : 'alphabeta';
        const answer = await bot.think({ level: 1 + (i % 10), nodes: algorithm === 'mcts' ? 60 : 400, timeMs: 300, algorithm });
        if (pos.isTerminal()) expect(answer.move).toBeNull();
        else {
          expect(pos.isLegal(answer.move as number), `${JSON.stringify(rules)} ${algorithm}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
    // The forward playout policy alone also plays legal moves.
    const mcts = new Mcts({ policy: checkersPlayouts, playoutPlyCap: 60, seed: 2 });
    const three = new CheckersPosition({ players: 3 });
    expect(three.isLegal(mcts.search(three, { nodes: 200 }).move as number)).toBe(true);
  });

  it('level 10 (cut to 30,000 nodes a move) beats the depth-3 classic bot in 4 games of 4, two players', async () => {
    const r = await playMatch({ game: 'checkers', rules: { players: 2 }, a: { level: 10, nodes: 30_000 }, b: { algorithm: 'classic' }, games: 4, openingPlies: 2, seed: 3, maxPlies: 600 });
    expect(r.wins).toBe(4);
  });

  it('level 1 plays varied moves that still head home (a tenth of the generic temperature)', async () => {
    const bot = new Bot({ seed: 7 });
    const pos = new CheckersPosition({ players: 2 });
    const seen = new Set<number>();
    let forward = 0;
    const before = checkersStanding(pos, 0);
    for (let i = 0; i < 20; i++) {
      bot.setPosition({ game: 'checkers', rules: { players: 2 } });
      const m = (await bot.think({ level: 1 })).move as number;
      seen.add(m);
      pos.play(m);
      if (checkersStanding(pos, 0) > before) forward++;
      pos.undo();
    }
    expect(seen.size).toBeGreaterThan(2);
    expect(forward).toBeGreaterThan(14);
  });
});

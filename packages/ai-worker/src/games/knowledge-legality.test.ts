import { describe, expect, it } from 'vitest';
import { CheckersPosition, GomokuPosition, MAX_MOVES, ReversiPosition, Rng, keyHex, type Position } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import type { Evaluator } from '../alphabeta/types.js';
import { unslicedRunner, type Presolver } from '../core/presolve.js';
import { checkersKnowledge } from './checkers/knowledge.js';
import { gomokuKnowledge } from './gomoku/knowledge.js';
import { GOMOKU_WIDTH, gomokuThreats } from './gomoku/threats.js';
import { reversiEndgame } from './reversi/endgame.js';
import { reversiKnowledge } from './reversi/eval.js';

/**
 * Thousands of random positions per game: alpha-beta with each game's knowledge (small random node budgets) and
 * the game's solver in front must answer a legal move (null only on a finished game) and leave the position as it was.
 */
async function sweep(create: () => Position, evaluator: Evaluator, front: Presolver | null, count: number, maxPlies: number, maxNodes: number, seed: number): Promise<number> {
  const rng = new Rng(seed);
  const moves = new Int32Array(MAX_MOVES);
  const ab = new AlphaBeta({ evaluator, ttMegabytes: 2 });
  let checked = 0;
  for (let i = 0; i < count; i++) {
    const pos = create();
    const plies = rng.int(maxPlies);
    for (let k = 0; k < plies && !pos.isTerminal(); k++) pos.play(moves[rng.int(pos.legalMoves(moves))]);
    const key = keyHex(pos.hashLo, pos.hashHi);
    const r = ab.search(pos, { nodes: 1 + rng.int(maxNodes) });
    const solved = (await front?.presolve(pos, 50, 1 + (i % 10), unslicedRunner)) ?? null;
    expect(keyHex(pos.hashLo, pos.hashHi)).toBe(key);
    if (pos.isTerminal()) {
      expect(r.move).toBeNull();
      continue;
    }
    expect(pos.isLegal(r.move as number), `${pos.game} position ${i}: ${pos.moveToText(r.move as number)}`).toBe(true);
    if (solved?.move !== undefined) expect(pos.isLegal(solved.move)).toBe(true);
    for (const m of solved?.rootMoves ?? []) expect(pos.isLegal(m)).toBe(true);
    checked++;
  }
  return checked;
}

describe('per-game knowledge never leads to an illegal move', () => {
  it('Reversi: 2000 random positions (passes and finished games included)', async () => {
    expect(await sweep(() => new ReversiPosition(), reversiKnowledge, reversiEndgame(), 2000, 64, 200, 1)).toBeGreaterThan(1500);
  });

  it('Gomoku and renju: 1000 random positions each (renju black never on a forbidden point)', async () => {
    for (const rule of ['freestyle', 'renju'] as const) {
      expect(await sweep(() => new GomokuPosition({ rule }), gomokuKnowledge(GOMOKU_WIDTH), gomokuThreats(), 1000, 120, 40, 2)).toBeGreaterThan(700);
    }
  });

  it('Chinese Checkers: 1000 random positions each for 2, 3 and 6 players on the star and 2 on the 8x8 board', async () => {
    for (const rules of [{ players: 2 }, { players: 3 }, { players: 6 }, { players: 2, board: 'square8' as const }]) {
      expect(await sweep(() => new CheckersPosition(rules), checkersKnowledge, null, 1000, 200, 100, 3)).toBeGreaterThan(800);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CheckersPosition, GoPosition, GomokuPosition, MAX_MOVES, PASS, ReversiPosition, Rng, type Position } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import { checkersDistance } from '../games/checkers/distance.js';
import { checkersDepth3, goRandom, gomokuClassic, reversiGreedy } from './index.js';

function* randomGames(create: () => Position, count: number, maxPlies: number, seed: number): Generator<Position> {
  const rng = new Rng(seed);
  const moves = new Int32Array(MAX_MOVES);
  for (let g = 0; g < count; g++) {
    const pos = create();
    const plies = rng.int(maxPlies);
    for (let i = 0; i < plies && !pos.isTerminal(); i++) pos.play(moves[rng.int(pos.legalMoves(moves))]);
    yield pos;
  }
}

describe('classic baselines', () => {
  it('Reversi greedy takes a move flipping the most discs, and nothing when the game is over', () => {
    const bot = reversiGreedy();
    const rng = new Rng(1);
    const moves = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (const pos of randomGames(() => new ReversiPosition(), 200, 64, 2)) {
      const r = pos as ReversiPosition;
      const m = bot.choose(pos, rng);
      if (pos.isTerminal()) {
        expect(m).toBeNull();
        continue;
      }
      const me = r.currentPlayer();
      const before = r.discs(me);
      let most = -1;
      const n = r.legalMoves(moves);
      for (let i = 0; i < n; i++) {
        r.play(moves[i]);
        most = Math.max(most, r.discs(me) - before);
        r.undo();
      }
      r.play(m as number);
      expect(r.discs(me) - before).toBe(most);
      r.undo();
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('Gomoku classic opens in the centre, makes five, blocks a four, and plays legal renju moves', () => {
    const bot = gomokuClassic();
    const rng = new Rng(1);
    const empty = new GomokuPosition();
    expect(empty.moveToText(bot.choose(empty, rng) as number)).toBe('H8');
    const five = new GomokuPosition({ black: ['D4', 'E4', 'F4', 'G4', 'A15'], white: ['H4', 'A1', 'B1', 'C1', 'O15'], toMove: 'black' });
    expect(five.moveToText(bot.choose(five, rng) as number)).toBe('C4');
    // White's four D4-G4 is closed at H4: C4 is the only block.
    const block = new GomokuPosition({ black: ['H8', 'J10', 'H4'], white: ['D4', 'E4', 'F4', 'G4'], toMove: 'black' });
    expect(block.moveToText(bot.choose(block, rng) as number)).toBe('C4');
    for (const pos of randomGames(() => new GomokuPosition({ rule: 'renju' }), 6, 40, 3)) {
      const m = bot.choose(pos, rng);
      if (pos.isTerminal()) expect(m).toBeNull();
      else expect(pos.isLegal(m as number)).toBe(true);
    }
  });

  it('Chinese Checkers depth 3 is a depth-3 distance search, legal for 2 and 3 players', () => {
    const bot = checkersDepth3();
    const rng = new Rng(1);
    for (const players of [2, 3]) {
      for (const pos of randomGames(() => new CheckersPosition({ players }), 8, 60, 4 + players)) {
        const m = bot.choose(pos, rng);
        if (pos.isTerminal()) {
          expect(m).toBeNull();
          continue;
        }
        expect(pos.isLegal(m as number)).toBe(true);
        const ref = new AlphaBeta({ evaluator: checkersDistance, ttMegabytes: 1, aspiration: 0 }).search(pos, { depth: 3 });
        expect(m).toBe(ref.move);
      }
    }
  });

  it('Go random never fills its own eye, prefers points near stones when asked, and passes at the end', () => {
    const pos = new GoPosition({ size: 5 });
    const put = (list: string[], stone: 1 | 2) => { for (const v of list) pos.setup(pos.parseMove(v), stone); };
    // A black wall with eyes at A1 and C1 (edge points surrounded by black).
    put(['B1', 'D1', 'A2', 'B2', 'C2', 'D2', 'E2', 'E1'], 1);
    const rng = new Rng(2);
    const plain = goRandom();
    const near = goRandom(true);
    const eyes = new Set([pos.parseMove('A1'), pos.parseMove('C1')]);
    for (let i = 0; i < 300; i++) {
      const m = plain.choose(pos, rng) as number;
      expect(eyes.has(m)).toBe(false);
      expect(m).not.toBe(PASS);
      const q = near.choose(pos, rng) as number;
      expect(['A3', 'B3', 'C3', 'D3', 'E3']).toContain(pos.moveToText(q));
    }
    // Fill everything else with black: only the eyes are left, so black passes.
    put(['A3', 'B3', 'C3', 'D3', 'E3', 'A4', 'B4', 'C4', 'D4', 'E4', 'A5', 'B5', 'C5', 'D5', 'E5'], 1);
    expect(plain.choose(pos, rng)).toBe(PASS);
    pos.play(PASS);
    pos.play(PASS);
    expect(plain.choose(pos, rng)).toBeNull();
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startGnuGo } from '../gtp/gnugo.js';
import { swingsGoCommand } from '../commands/swings-go.js';
import type { GoTrainingGame } from './go.js';
import { agreeGoCommand } from '../commands/agree-go.js';
import { gameSwings, parseEstimate, parseSwings, peakPly, summarizeSwings, unseenFallPlies, winRateBefore, wonBy, type GameSwings } from './go-swings.js';

/** A 9x9 game in which White (an "other" player) passes while Black (player "qi-test") takes the board. */
const LOPSIDED = ['E5', 'pass', 'C3', 'pass', 'G3', 'pass', 'C7', 'pass', 'G7', 'pass', 'E3', 'pass', 'E7', 'pass', 'C5', 'pass', 'G5', 'pass'];

function game(moves: string[], winRates: (number | null)[], result = 'B+R'): GoTrainingGame {
  return { size: 9, komi: 7.5, moves, expert: [true, false], winRates, result, file: 'test' };
}

function swings(won: boolean, result: string, samples: [number, number, number | null][], peakAt?: number): GameSwings {
  const s = samples.map(([ply, estimate, winRate]) => ({ ply, estimate, winRate }));
  let fall: GameSwings['fall'] = null;
  for (let i = 1; i < s.length; i++) if (fall === null || s[i].estimate - s[i - 1].estimate < fall.to.estimate - fall.from.estimate) fall = { from: s[i - 1], to: s[i] };
  return { file: 'x', result, colour: 0, won, samples: s, peak: peakAt === undefined ? null : (s.find((x) => x.ply === peakAt) ?? null), fall };
}

describe('where a Go game turned (swings-go)', () => {
  it('reads estimate_score, the player\'s win rates and its peak', () => {
    expect(parseEstimate('B+3.5 (upper bound: 4.0, lower: 3.0)')).toBe(3.5);
    expect(parseEstimate('W+12.0 (upper bound: 12.0, lower: 12.0)')).toBe(-12);
    expect(parseEstimate(' 0 ')).toBe(0);
    expect(() => parseEstimate('? unknown command')).toThrow(/cannot read "\? unknown command"/);
    // Black's reported win rates at plies 0, 2, …; White's (null: an outside engine) never count.
    const rates: (number | null)[] = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 0.5 + i / 100 : 0.99));
    rates[36] = null;
    const g = game(Array.from({ length: 40 }, () => 'pass'), rates);
    expect(winRateBefore(g, 0, 0)).toBeNull();
    expect(winRateBefore(g, 0, 3)).toBeCloseTo(0.52);
    expect(winRateBefore(g, 0, 38)).toBeCloseTo(0.84); // ply 36 reported nothing
    expect(winRateBefore(g, 1, 5)).toBe(0.99);
    // The highest from Black's 15th move (ply 28) on: ply 38's 0.88, judged after that move.
    expect(peakPly(g, 0)).toBe(39);
    expect(peakPly(game(['E5'], [0.9]), 0)).toBe(-1);
    expect(wonBy('B+R', 0)).toBe(true);
    expect(wonBy('b+3.5', 1)).toBe(false);
    expect(wonBy('W+0.5', 1)).toBe(true);
  });

  it('sums up: losses from a peak, falls the player did not see, resignations and passes believed won', () => {
    const games = [
      // Led by 30 at its 0.8 peak, then lost 40 points in ten plies at a win rate still 0.7, and resigned.
      swings(false, 'W+R', [[40, 10, 0.6], [50, 30, 0.8], [60, -10, 0.7], [70, -60, 0.1]], 50),
      // Never ahead; passed at 0.55 and lost on the count (a fall of 3 is no swing).
      swings(false, 'W+3.5', [[40, -5, 0.55], [50, -8, 0.55]], 40),
      // Won without a fall worth the name.
      swings(true, 'B+1.5', [[40, 2, 0.6], [50, 5, 0.7]], 50),
    ];
    const s = summarizeSwings(games);
    expect(s).toEqual({
      games: 3,
      won: 1,
      resigned: 1,
      counted: 1,
      lostFromPeak: 1,
      peakAhead: 1,
      peakAheadBy10: 1,
      unseenFalls: 1,
      unseenFallsLost: 1,
      resignedMedian: -60,
      countedBelieved: 1,
    });
    expect(Number.isNaN(summarizeSwings([games[2]]).resignedMedian)).toBe(true);
    // The player's moves inside the unseen fall (plies 50 to 60, Black to move at even plies) are the ones to study.
    expect([...(unseenFallPlies(games).get('x') ?? [])]).toEqual([50, 52, 54, 56, 58]);
    expect([...(unseenFallPlies([{ ...games[0], colour: 1 }]).get('x') ?? [])]).toEqual([51, 53, 55, 57, 59]);
    expect(unseenFallPlies([games[1], games[2]]).size).toBe(0);
  });

  it('reads saved judgements back and names a line that is not one', () => {
    const g = swings(false, 'W+R', [[40, 10, 0.6], [50, -20, 0.7]], 40);
    expect(parseSwings(`${JSON.stringify(g)}\n\n${JSON.stringify(g)}\n`, 'f')).toEqual([g, g]);
    expect(() => parseSwings(`${JSON.stringify(g)}\n{"file": "x"}`, 'saved.jsonl')).toThrow(/saved\.jsonl:2: not a game judged by swings-go/);
    expect(() => parseSwings('nope', 'saved.jsonl')).toThrow(/saved\.jsonl:1: not JSON/);
  });

  it('judges a lopsided 9x9 game with GNU Go: Black, who took the board, far ahead at every sample', async () => {
    const gtp = startGnuGo(['--level', '1', '--chinese-rules'], { commandTimeoutMs: 30_000 });
    try {
      const rates = LOPSIDED.map((_, i) => (i % 2 === 0 ? 0.6 + i / 100 : null));
      const g = game(LOPSIDED, rates);
      const black = await gameSwings(gtp, g, 0, 4);
      console.log(`GNU Go's estimates for Black: ${black.samples.map((x) => `${x.ply}:${x.estimate}`).join(' ')}`);
      expect(black.samples.map((x) => x.ply)).toEqual([4, 8, 12, 16, 18]);
      expect(black.samples[black.samples.length - 1].estimate).toBeGreaterThan(30);
      expect(black.samples[2].winRate).toBeCloseTo(0.7);
      // The same game judged for White: the same estimates, the other way round; White reported no win rate.
      const white = await gameSwings(gtp, g, 1, 4);
      expect(white.samples.map((x) => x.estimate)).toEqual(black.samples.map((x) => -x.estimate));
      expect(white.samples.every((x) => x.winRate === null)).toBe(true);
      expect(white.won).toBe(false);
    } finally {
      await gtp.close();
    }
  });

  it('the command reads match folders, judges the named player\'s games and refuses folders without them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qi-swings-'));
    try {
      mkdirSync(join(dir, 'm', 'games'), { recursive: true });
      writeFileSync(join(dir, 'm', 'match.json'), JSON.stringify({ game: 'go', gameOptions: { size: 9, komi: 7.5 }, a: { name: 'qi-test' }, b: { name: 'other' } }));
      const stats = LOPSIDED.map((_, i) => (i % 2 === 0 ? { player: 'qi-test', winRate: 0.9 } : null));
      writeFileSync(join(dir, 'm', 'games', '0001.result.json'), JSON.stringify({ aFirst: true, result: 'B+R', moves: LOPSIDED, stats }));
      const lines: string[] = [];
      const io = { out: (l: string) => lines.push(l), err: { write: () => true } } as never;
      const save = join(dir, 'swings.jsonl');
      expect(await swingsGoCommand(['--from', dir, '--player', 'qi', '--every', '6', '--level', '1', '--games', '--save', save], io)).toBe(0);
      expect(lines[0]).toMatch(/0001\.result\.json B B\+R won: no peak/);
      expect(lines[1]).toMatch(/^1 games of "qi" judged by GNU Go level 1's estimate_score every 6 plies: 1 won, 0 lost by resignation, 0 on the count/);
      const saved = JSON.parse(readFileSync(save, 'utf8').trim()) as GameSwings;
      expect(saved.samples.map((x) => x.ply)).toEqual([6, 12, 18]);
      // A game with a move GNU Go refuses (E5 twice) is named and skipped; the others are judged.
      writeFileSync(join(dir, 'm', 'games', '0002.result.json'), JSON.stringify({ aFirst: true, result: 'B+R', moves: ['E5', 'E5', 'C3'], stats: [] }));
      const errors: string[] = [];
      const io2 = { out: (l: string) => lines.push(l), err: { write: (t: string) => errors.push(t) } } as never;
      lines.length = 0;
      expect(await swingsGoCommand(['--from', dir, '--player', 'qi', '--every', '6', '--level', '1'], io2)).toBe(0);
      expect(lines[0]).toMatch(/^1 games of "qi" .*; 1 not judged \(.*0002\.result\.json\)$/);
      expect(errors.join('')).toMatch(/0002\.result\.json not judged: .*illegal move/);
      await expect(swingsGoCommand(['--from', dir, '--player', 'nobody', '--level', '1'], io)).rejects.toThrow(/no finished Go game of a player named with "nobody"/);
      // agree-go on the plies of a saved unseen fall (Black to move at plies 2 and 4 of game 0001): two positions.
      const fall: GameSwings = { ...saved, samples: [{ ply: 2, estimate: 30, winRate: 0.9 }, { ply: 6, estimate: 5, winRate: 0.8 }] };
      const falls = join(dir, 'falls.jsonl');
      writeFileSync(falls, JSON.stringify(fall) + '\n');
      lines.length = 0;
      expect(await agreeGoCommand(['--from', dir, '--expert', 'qi', '--positions-from', falls, '--playouts', '50'], io)).toBe(0);
      expect(lines[0]).toBe(`the expert's move on 2 positions of ${falls}'s unseen falls:`);
      writeFileSync(falls, JSON.stringify(saved) + '\n');
      await expect(agreeGoCommand(['--from', dir, '--expert', 'qi', '--positions-from', falls], io)).rejects.toThrow(/has no fall the player did not see/);
      await expect(swingsGoCommand(['--player', 'qi'], io)).rejects.toThrow(/--from needs/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import calibration from '@qi/ai-worker/levels-elo.json';
import { translate } from '../../i18n.js';
import { levelLabel, levelRatings, ratingsFor } from './levels-elo.js';

const table = {
  version: 1,
  note: 'test',
  games: {
    go: {
      game: 'go',
      label: 'go 9x9 komi 7.5 area scoring',
      games: 400,
      levels: [
        { level: 1, elo: 0, error: 0, games: 40 },
        { level: 2, elo: 123.4, error: 41.25, games: 80 },
        { level: 10, elo: 1500, error: -1, games: 40 },
        { level: 11, elo: 9999, error: 1, games: 1 },
        { level: 3, elo: 'high', error: 1, games: 1 },
      ],
      anchors: [],
    },
  },
};

describe('level ratings from the bench table', () => {
  it('reads a calibrated game: rounded Elo, its error, unbounded errors as null, bad rows skipped', () => {
    const go = levelRatings(table, 'go');
    expect(go).not.toBeNull();
    expect(go!.label).toBe('go 9x9 komi 7.5 area scoring');
    expect(go!.games).toBe(400);
    expect([...go!.levels.keys()].sort((a, b) => a - b)).toEqual([1, 2, 10]);
    expect(go!.levels.get(2)).toEqual({ level: 2, elo: 123, error: 41.25 });
    expect(go!.levels.get(10)).toEqual({ level: 10, elo: 1500, error: null });
  });

  it('knows nothing about a game the table lacks, nor from a malformed or empty table', () => {
    expect(levelRatings(table, 'reversi')).toBeNull();
    expect(levelRatings({ version: 1, note: '', games: {} }, 'go')).toBeNull();
    expect(levelRatings(null, 'go')).toBeNull();
    expect(levelRatings({ games: { go: { levels: 'x' } } }, 'go')).toBeNull();
    expect(levelRatings({ games: { go: { levels: [] } } }, 'go')).toBeNull();
  });

  it("shows a game's ratings only for the settings the committed table was calibrated on", () => {
    const games = (calibration as { games: Record<string, { label: string }> }).games;
    for (const game of ['go', 'gomoku', 'reversi', 'checkers']) {
      const entry = games[game];
      if (entry === undefined) {
        expect(ratingsFor(game, 'anything')).toEqual({ ratings: null, calibratedOn: null });
        continue;
      }
      expect(ratingsFor(game, entry.label).ratings?.levels.size, game).toBeGreaterThan(0);
      expect(ratingsFor(game, `${entry.label} but different`)).toEqual({ ratings: null, calibratedOn: entry.label });
    }
  });

  it('words a level with its Elo and error when known, and without any number when not', () => {
    const go = levelRatings(table, 'go');
    const en = (key: Parameters<typeof translate>[1], params: Record<string, string | number>) => translate('en', key, params);
    const zh = (key: Parameters<typeof translate>[1], params: Record<string, string | number>) => translate('zh', key, params);
    expect(levelLabel(2, go, en)).toBe('Level 2 · 123 ± 41 Elo');
    expect(levelLabel(1, go, en)).toBe('Level 1 · 0 Elo (reference)');
    expect(levelLabel(10, go, en)).toBe('Level 10 · 1500 Elo (± unknown)');
    expect(levelLabel(5, go, en)).toBe('Level 5');
    expect(levelLabel(7, null, en)).toBe('Level 7');
    expect(levelLabel(2, go, zh)).toBe('2 级 · 123 ± 41 Elo');
    expect(levelLabel(7, null, zh)).toBe('7 级');
  });
});

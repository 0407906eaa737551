import calibration from '@qi/ai-worker/levels-elo.json';

/**
 * The Elo of Qi's levels as the bench measured them (`pnpm bench calibrate`, packages/ai-worker/data/levels-elo.json,
 * level 1 = 0). The app shows a level's rating only when the table holds that game: no calibration, no number.
 */

/** One level's rating: Elo above level 1 and its standard error (null when the fit left it unbounded). */
export interface LevelRating {
  level: number;
  elo: number;
  error: number | null;
}

/** What the app knows about one game's levels: ratings by level, and what the calibration was played on. */
export interface LevelRatings {
  /** Ratings by level (1–10); a level missing from the table is absent. */
  levels: Map<number, LevelRating>;
  /** The calibration's own description of the game (e.g. "go 9x9 komi 7.5 area scoring"). */
  label: string;
  /** Games the fit used. */
  games: number;
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Reads one game's ratings out of a levels-elo table; null when the table lacks the game or is malformed. */
export function levelRatings(table: unknown, game: string): LevelRatings | null {
  if (typeof table !== 'object' || table === null) return null;
  const games = (table as { games?: unknown }).games;
  if (typeof games !== 'object' || games === null) return null;
  const entry = (games as Record<string, unknown>)[game];
  if (typeof entry !== 'object' || entry === null) return null;
  const { levels, label, games: played } = entry as { levels?: unknown; label?: unknown; games?: unknown };
  if (!Array.isArray(levels)) return null;
  const out = new Map<number, LevelRating>();
  for (const row of levels as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const { level, elo, error } = row as { level?: unknown; elo?: unknown; error?: unknown };
    if (!isNumber(level) || !Number.isInteger(level) || level < 1 || level > 10 || !isNumber(elo)) continue;
    out.set(level, { level, elo: Math.round(elo), error: isNumber(error) && error >= 0 ? error : null });
  }
  if (out.size === 0) return null;
  return { levels: out, label: typeof label === 'string' ? label : game, games: isNumber(played) ? played : 0 };
}

/**
 * The ratings of a game's levels from the committed bench table when it was calibrated on exactly these settings
 * (the table's label names them: `go 9x9 komi 7.5 area scoring`, `gomoku 15x15 freestyle`…); otherwise null, and
 * `calibratedOn` says what the table has (null when the game was never calibrated).
 */
export function ratingsFor(game: string, variant: string): { ratings: LevelRatings | null; calibratedOn: string | null } {
  const r = levelRatings(calibration, game);
  if (r === null) return { ratings: null, calibratedOn: null };
  return r.label === variant ? { ratings: r, calibratedOn: r.label } : { ratings: null, calibratedOn: r.label };
}

/** The words of a level for the level pickers: with its Elo and ± when the table has them, plain otherwise. */
export function levelLabel(
  level: number,
  ratings: LevelRatings | null,
  t: (key: 'levelPlain' | 'levelElo' | 'levelEloAnchor' | 'levelEloUnbounded', params: Record<string, string | number>) => string,
): string {
  const r = ratings?.levels.get(level);
  if (r === undefined) return t('levelPlain', { level });
  if (r.error === null) return t('levelEloUnbounded', { level, elo: r.elo });
  // The anchor of the scale has no error of its own.
  if (r.error === 0) return t('levelEloAnchor', { level, elo: r.elo });
  return t('levelElo', { level, elo: r.elo, error: Math.round(r.error) });
}

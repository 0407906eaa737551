/** Which repetitions are forbidden: the immediate ko recapture only, or any earlier whole-board position. */
export type KoRule = 'simple' | 'positional' | 'situational';

/** How a finished game is counted: area (Chinese, Tromp-Taylor) or territory (Japanese). */
export type Scoring = 'area' | 'territory';

/** Points given to White for N handicap stones: none, N-1 or N. */
export type HandicapBonus = 'none' | 'n-1' | 'n';

/** The rules of one Go game: a plain value, validated by `goRules`. */
export interface GoRules {
  /** Board size, 2..25. */
  size: number;
  /** Komi, any multiple of 0.5 (negative komi gives Black the points). */
  komi: number;
  /** Which repetitions are illegal. */
  ko: KoRule;
  /** Whether multi-stone suicide is allowed (Tromp-Taylor, New Zealand); single-stone suicide never is. */
  suicide: boolean;
  /** Area or territory counting. */
  scoring: Scoring;
  /** Compensation to White for handicap stones. */
  handicapBonus: HandicapBonus;
}

const KO_RULES: readonly string[] = ['simple', 'positional', 'situational'];
const SCORINGS: readonly string[] = ['area', 'territory'];
const BONUSES: readonly string[] = ['none', 'n-1', 'n'];

/** Fills the defaults (19x19, komi 7.5 area / 6.5 territory, simple ko, no suicide) and validates (RangeError). */
export function goRules(partial: Partial<GoRules> = {}): GoRules {
  const size = partial.size ?? 19;
  if (!Number.isInteger(size) || size < 2 || size > 25) throw new RangeError(`board size must be a whole number from 2 to 25, got ${size}`);
  const scoring = partial.scoring ?? 'area';
  if (!SCORINGS.includes(scoring)) throw new RangeError(`scoring must be area or territory, got ${String(scoring)}`);
  const komi = partial.komi ?? (scoring === 'area' ? 7.5 : 6.5);
  if (typeof komi !== 'number' || !Number.isFinite(komi) || !Number.isInteger(komi * 2) || Math.abs(komi) > 1000) {
    throw new RangeError(`komi must be a multiple of 0.5, got ${String(komi)}`);
  }
  const ko = partial.ko ?? 'simple';
  if (!KO_RULES.includes(ko)) throw new RangeError(`ko rule must be simple, positional or situational, got ${String(ko)}`);
  const suicide = partial.suicide ?? false;
  if (typeof suicide !== 'boolean') throw new RangeError(`suicide must be true or false, got ${String(suicide)}`);
  const handicapBonus = partial.handicapBonus ?? (scoring === 'area' ? 'n' : 'none');
  if (!BONUSES.includes(handicapBonus)) throw new RangeError(`handicapBonus must be none, n-1 or n, got ${String(handicapBonus)}`);
  return { size, komi, ko, suicide, scoring, handicapBonus };
}

/** The points White receives for `handicap` stones under `rules`. */
export function handicapPoints(rules: GoRules, handicap: number): number {
  if (handicap <= 0) return 0;
  if (rules.handicapBonus === 'n') return handicap;
  if (rules.handicapBonus === 'n-1') return handicap - 1;
  return 0;
}

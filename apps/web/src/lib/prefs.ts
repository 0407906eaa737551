/**
 * The player's display and sound preferences, remembered in the store: the page's theme (light, dark, or the
 * system's), the board's look, piece sounds and their volume, move animation, move numbers on the stones.
 */

/** The preferences. */
export interface Prefs {
  theme: 'system' | 'light' | 'dark';
  board: 'wood' | 'plain' | 'contrast';
  sound: boolean;
  /** 0–1. */
  volume: number;
  animation: boolean;
  moveNumbers: boolean;
  /** The parts of the analysis shown: candidates on the board, Go's ownership, the win-rate graph. */
  showCandidates: boolean;
  showOwnership: boolean;
  showGraph: boolean;
}

/** What a first visit gets. */
export const DEFAULT_PREFS: Prefs = { theme: 'system', board: 'wood', sound: true, volume: 0.5, animation: true, moveNumbers: false, showCandidates: true, showOwnership: true, showGraph: true };

/** Preferences from a stored value: each field checked, a bad or missing one falls back to its default. */
export function readPrefs(value: unknown): Prefs {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof Prefs, unknown>>;
  const pick = <T>(x: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(x as T) ? (x as T) : fallback);
  return {
    theme: pick(v.theme, ['system', 'light', 'dark'] as const, DEFAULT_PREFS.theme),
    board: pick(v.board, ['wood', 'plain', 'contrast'] as const, DEFAULT_PREFS.board),
    sound: typeof v.sound === 'boolean' ? v.sound : DEFAULT_PREFS.sound,
    volume: typeof v.volume === 'number' && v.volume >= 0 && v.volume <= 1 ? v.volume : DEFAULT_PREFS.volume,
    animation: typeof v.animation === 'boolean' ? v.animation : DEFAULT_PREFS.animation,
    moveNumbers: typeof v.moveNumbers === 'boolean' ? v.moveNumbers : DEFAULT_PREFS.moveNumbers,
    showCandidates: typeof v.showCandidates === 'boolean' ? v.showCandidates : DEFAULT_PREFS.showCandidates,
    showOwnership: typeof v.showOwnership === 'boolean' ? v.showOwnership : DEFAULT_PREFS.showOwnership,
    showGraph: typeof v.showGraph === 'boolean' ? v.showGraph : DEFAULT_PREFS.showGraph,
  };
}

/** Applies the theme to the page: `data-theme` on the root element, none when the system decides. */
export function applyTheme(theme: Prefs['theme']): void {
  if (typeof document === 'undefined') return;
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

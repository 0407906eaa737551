/** The lobby's short description of a room's rules (`9x9 komi 7.5`, `renju 15x15`, `3 players`). */
import type { RoomGame } from '@qi/protocol';

/** A few words on `rules` (full rules, as the game's definition filled them in). */
export function rulesSummary(game: RoomGame, rules: unknown, start?: unknown): string {
  const r = (rules ?? {}) as Record<string, unknown>;
  switch (game) {
    case 'go': {
      const handicap = Array.isArray((start as { handicap?: unknown } | undefined)?.handicap) ? ` handicap ${(start as { handicap: unknown[] }).handicap.length}` : '';
      return `${String(r.size)}x${String(r.size)} komi ${String(r.komi)} ${String(r.scoring)}${handicap}`;
    }
    case 'gomoku':
      return `${String(r.rule)} ${String(r.size)}x${String(r.size)}`;
    case 'reversi':
      return start === undefined ? '8x8' : '8x8 from a set position';
    case 'checkers':
      return `${String(r.players)} players${r.board === 'square8' ? ' on the 8x8 board' : ''}`;
    default:
      return String(game);
  }
}

import { PASS } from '@qi/engine';
import { translate, type Lang } from '../i18n.js';
import type { GameUi } from '../games/types.js';

/**
 * A move of a move list in the reader's language: a pass and a game's resign-like move (a Chinese Checkers leave)
 * are words, every other move the engine's own notation (coordinates read the same in both languages).
 */
export function moveWords(lang: Lang, ui: Pick<GameUi, 'resignMove'>, move: number, text: string): string {
  if (move === PASS) return translate(lang, 'pass');
  if (ui.resignMove !== undefined && move === ui.resignMove) return translate(lang, 'leaveMove');
  return text;
}

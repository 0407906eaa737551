import type { GameId } from '@qi/engine';
import { checkersUi } from './checkers/ui.js';
import { goUi } from './go/ui.js';
import { gomokuUi } from './gomoku/ui.js';
import { reversiUi } from './reversi/ui.js';
import type { GameUi } from './types.js';

/** The app's four games, in the order the home screen lists them. */
export const GAME_UIS: readonly GameUi<object>[] = [goUi, gomokuUi, reversiUi, checkersUi] as unknown as GameUi<object>[];

/** The user interface of a game by id; throws naming an unknown id. */
export function gameUi(id: string): GameUi<object> {
  const ui = GAME_UIS.find((g) => g.id === id);
  if (!ui) throw new RangeError(`unknown game "${id}" (known: ${GAME_UIS.map((g) => g.id).join(', ')})`);
  return ui;
}

/** Whether a string names one of the app's games. */
export const isGameId = (id: unknown): id is GameId => typeof id === 'string' && GAME_UIS.some((g) => g.id === id);

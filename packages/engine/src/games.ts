import { GameRegistry, type GameDefinition } from './core/definition.js';
import { checkersDefinition } from './checkers/definition.js';
import { goDefinition } from './go/definition.js';
import { gomokuDefinition } from './gomoku/definition.js';
import { reversiDefinition } from './reversi/definition.js';

/** The four games of Qi (fixed: other games go in registries of their own). */
export const games: GameRegistry = new GameRegistry([goDefinition, gomokuDefinition, reversiDefinition, checkersDefinition]).fix();

/** The definition of one of the four games; throws an Error listing the known ids. */
export function gameDefinition(id: string): GameDefinition {
  return games.get(id);
}

export { PASS, MAX_MOVES, playChecked, type GameId, type Position } from './core/game.js';
export { Rng } from './core/prng.js';
export { zobristTable, keyHex } from './core/zobrist.js';
export { perft } from './core/perft.js';
export {
  GameRegistry,
  playMoves,
  checkFields,
  parseColor,
  colorOf,
  type Color,
  type GameDefinition,
  type GameRecord,
  type GameSetup,
  type RecordFormat,
  type RecordedGame,
} from './core/definition.js';
export { games, gameDefinition } from './games.js';
export * from './sgf/index.js';
export * from './go/index.js';
export * from './gomoku/index.js';
export * from './reversi/index.js';
export * from './checkers/index.js';

export type { ClassicBot } from './types.js';
export { reversiGreedy } from './reversi.js';
export { gomokuClassic } from './gomoku.js';
export { checkersDepth3 } from './checkers.js';
export { goRandom } from './go.js';

import { aiSuite } from './ai.js';
import { checkersSuite } from './checkers.js';
import { goSuite } from './go.js';
import { gomokuSuite } from './gomoku.js';
import { reversiSuite } from './reversi.js';
import type { Suite } from './types.js';

/** Every game's bench suite; each game adds its own. */
export const suites: readonly Suite[] = [checkersSuite, goSuite, gomokuSuite, reversiSuite, aiSuite];

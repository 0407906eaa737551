import { expose } from 'comlink';
import { registerGoStart } from './go-setup.js';
import { PageBot } from './page-bot.js';

// The page's Web Worker: one ai-worker Bot behind comlink, with Go games that may start from handicap or setup
// stones, and the dead stones of a finished game.
registerGoStart();
expose(new PageBot());

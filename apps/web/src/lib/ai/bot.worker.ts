import { expose } from 'comlink';
import { PageBot } from './page-bot.js';

// The page's Web Worker: one ai-worker Bot behind comlink (Go games start from handicap or setup stones through
// PositionSetup.start), and the dead stones of a finished game.
expose(new PageBot());

import { Bot } from '@qi/ai-worker';
import { expose } from 'comlink';
import { registerGoStart } from './go-setup.js';

// The page's Web Worker: one ai-worker Bot behind comlink, with Go games that may start from handicap or setup stones.
registerGoStart();
expose(new Bot());

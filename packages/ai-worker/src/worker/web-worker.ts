import { expose } from 'comlink';
import { Bot } from './bot.js';

// Entry of a browser Web Worker: exposes one Bot over comlink on the worker's global scope.
expose(new Bot());

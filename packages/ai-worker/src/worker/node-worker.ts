import { parentPort, workerData } from 'node:worker_threads';
import { expose } from 'comlink';
import { Bot, type BotOptions } from './bot.js';
import { nodeEndpoint } from './node-endpoint.js';

// Entry of a Node worker thread: exposes one Bot over comlink (options from workerData.bot).
if (parentPort === null) throw new Error('node-worker must run inside a worker thread');
const options = ((workerData as { bot?: BotOptions } | null)?.bot ?? {}) as BotOptions;
expose(new Bot(options), nodeEndpoint(parentPort));

import { Worker, type WorkerOptions } from 'node:worker_threads';
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { Bot, BotOptions } from './bot.js';
import { nodeEndpoint } from './node-endpoint.js';

/** A Bot running in a Node worker thread. */
export interface NodeBot {
  /** The bot, called through comlink (every method returns a promise). */
  readonly bot: Remote<Bot>;
  /** The worker thread. */
  readonly worker: Worker;
  /** Releases the proxy and terminates the thread, so the process can exit. */
  close(): Promise<void>;
}

/** Starts a Bot in a worker thread; `entry` defaults to the built node-worker.js next to this module. */
export function startNodeBot(options: { bot?: BotOptions; entry?: URL; worker?: WorkerOptions } = {}): NodeBot {
  const entry = options.entry ?? new URL('./node-worker.js', import.meta.url);
  const worker = new Worker(entry, { ...options.worker, workerData: { ...(options.worker?.workerData ?? {}), bot: options.bot ?? {} } });
  const bot = wrap<Bot>(nodeEndpoint(worker));
  return {
    bot,
    worker,
    async close() {
      bot[releaseProxy]();
      await worker.terminate();
    },
  };
}

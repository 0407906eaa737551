import { Worker, type WorkerOptions } from 'node:worker_threads';
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { Bot, BotOptions } from './bot.js';
import { nodeEndpoint } from './node-endpoint.js';
import { createStopFlag, setStopFlag } from '../core/limits.js';

/** A Bot running in a Node worker thread. */
export interface NodeBot {
  /** The bot, called through comlink (every method returns a promise). */
  readonly bot: Remote<Bot>;
  /** The worker thread. */
  readonly worker: Worker;
  /**
   * Stops the running search at once: raises the stop flag the thread shares with this one (read by the search
   * between nodes, so a thread busy in a long solver slice stops too), then sends bot.stop() (which also ends a
   * review, and is the only way when the bot was started with `sharedStop: false`).
   */
  stop(): Promise<void>;
  /** Releases the proxy and terminates the thread, so the process can exit. */
  close(): Promise<void>;
}

// Run from TypeScript source (vitest), a thread cannot load .ts by itself on Node 20: it starts through small
// module hooks (testing/ts-entry.mjs) that then import workerData.entry.
const fromSource = import.meta.url.endsWith('.ts');

/**
 * Starts a Bot in a worker thread: the built node-worker.js next to this module, or, when running from source,
 * node-worker.ts through the TypeScript hooks. `entry` (with `worker.workerData.entry`) overrides the module.
 */
export function startNodeBot(options: { bot?: BotOptions; entry?: URL; worker?: WorkerOptions } = {}): NodeBot {
  const entry = options.entry ?? new URL(fromSource ? './testing/ts-entry.mjs' : './node-worker.js', import.meta.url);
  const data = (options.worker?.workerData ?? {}) as Record<string, unknown>;
  const module = data.entry ?? (fromSource ? new URL('./node-worker.ts', import.meta.url).href : undefined);
  const botOptions = options.bot ?? {};
  // The client keeps the flag's memory, so raising it needs no message (a stopFlag in the options is used as given).
  const flag = botOptions.stopFlag ?? (botOptions.sharedStop === false ? null : createStopFlag(true));
  const worker = new Worker(entry, { ...options.worker, workerData: { ...data, entry: module, bot: flag === null ? botOptions : { ...botOptions, stopFlag: flag } } });
  const bot = wrap<Bot>(nodeEndpoint(worker));
  return {
    bot,
    worker,
    async stop() {
      if (flag !== null) setStopFlag(flag, true);
      await bot.stop();
    },
    async close() {
      bot[releaseProxy]();
      await worker.terminate();
    },
  };
}

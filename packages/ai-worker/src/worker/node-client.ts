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
  const worker = new Worker(entry, { ...options.worker, workerData: { ...data, entry: module, bot: options.bot ?? {} } });
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

import type { PageBot } from './page-bot.js';
import { proxy, releaseProxy, wrap } from 'comlink';
import { botEngine, type AiEngine } from './engine.js';

/** Qi's AI in a Web Worker (ai-worker's Bot behind comlink): the page's thread never searches. */
export function workerEngine(): AiEngine {
  const worker = new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module', name: 'qi-ai' });
  const bot = wrap<PageBot>(worker);
  return botEngine(bot, (fn) => proxy(fn), () => {
    bot[releaseProxy]();
    worker.terminate();
  });
}

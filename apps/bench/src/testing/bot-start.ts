import type { BotStart } from '../match/players.js';

/**
 * How tests start bot threads: the ai-worker's node-worker.ts source through a TypeScript-aware entry (the
 * built CLI uses the ai-worker's dist instead).
 */
export function sourceBotStart(): BotStart {
  const entry = new URL('./ts-entry.mjs', import.meta.url);
  const worker = new URL('../../../../packages/ai-worker/src/worker/node-worker.ts', import.meta.url).href;
  return { entry, worker: { workerData: { entry: worker } } };
}

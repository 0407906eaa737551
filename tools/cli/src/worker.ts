import { startNodeBot, type NodeBot } from '@qi/ai-worker/node';

/** The AI as the CLI sees it: the ai-worker's Bot in a Node worker thread, called through comlink. */
export type RemoteBot = NodeBot['bot'];

// Run from TypeScript source (vitest, `node --import src/testing/register.mjs`), the built worker entry does not
// exist: the worker then runs the ai-worker's source through the same module hooks.
const fromSource = import.meta.url.endsWith('.ts');

function start(): NodeBot {
  if (!fromSource) return startNodeBot();
  const entry = new URL('./testing/ts-entry.mjs', import.meta.url);
  const workerEntry = new URL('../../../packages/ai-worker/src/worker/node-worker.ts', import.meta.url).href;
  return startNodeBot({ entry, worker: { workerData: { entry: workerEntry } } });
}

/**
 * A worker started on first use (so protocol engines answer their first commands at once) and terminated by
 * close(), after which the process can exit.
 */
export class LazyBot {
  private node: NodeBot | null = null;
  private closed = false;

  /** Whether the worker thread has been started. */
  get started(): boolean {
    return this.node !== null;
  }

  /** The bot, starting its worker thread the first time. */
  get(): RemoteBot {
    if (this.closed) throw new Error('the AI worker has been closed');
    this.node ??= start();
    return this.node.bot;
  }

  /** Stops the running search at once (the shared stop flag, then the message); nothing before the first get(). */
  async stop(): Promise<void> {
    if (this.node !== null) await this.node.stop();
  }

  /** Terminates the worker thread if it was started. */
  async close(): Promise<void> {
    this.closed = true;
    const node = this.node;
    this.node = null;
    if (node !== null) await node.close();
  }
}

import { availableParallelism } from 'node:os';
import type { Remote } from 'comlink';
import type { Bot } from './bot.js';
import { startNodeBot, type NodeBot } from './node-client.js';

/** Options of a pool: how many threads and how each is started (see startNodeBot). */
export interface BotPoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  size?: number;
  /** Passed to every startNodeBot call. */
  start?: Parameters<typeof startNodeBot>[0];
}

/**
 * A fixed set of bots in worker threads for the bench: `use` lends one bot to a task (waiting for a free one),
 * `close` terminates every thread so the process can exit.
 */
export class BotPool {
  private readonly bots: NodeBot[] = [];
  private readonly free: NodeBot[] = [];
  private readonly waiting: ((b: NodeBot) => void)[] = [];
  private closed = false;

  /** Starts the threads at once. */
  constructor(options: BotPoolOptions = {}) {
    const size = options.size ?? availableParallelism();
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a pool needs at least one thread, got ${size}`);
    for (let i = 0; i < size; i++) {
      const b = startNodeBot(options.start);
      this.bots.push(b);
      this.free.push(b);
    }
  }

  /** Number of threads. */
  get size(): number {
    return this.bots.length;
  }

  /** Runs `task` with a bot of its own; the bot returns to the pool when the task settles. */
  async use<T>(task: (bot: Remote<Bot>) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the bot pool is closed');
    const b = this.free.pop() ?? (await new Promise<NodeBot>((resolve) => this.waiting.push(resolve)));
    try {
      return await task(b.bot);
    } finally {
      const next = this.waiting.shift();
      if (next) next(b);
      else this.free.push(b);
    }
  }

  /** Terminates every thread (tasks still running fail). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.bots.map((b) => b.close()));
  }
}

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { LazyBot } from '../worker.js';
import { PiskvorkEngine, type PiskvorkOptions } from './engine.js';

/**
 * Runs a piskvork brain on a line stream until END or end of input, one command at a time in order; every
 * answer is written as one line at once (Node does not buffer stdout, so each line is flushed). The AI worker
 * is terminated before this resolves.
 */
export async function servePiskvork(input: Readable, write: (text: string) => void, options: PiskvorkOptions = {}): Promise<void> {
  const bot = new LazyBot();
  const engine = new PiskvorkEngine(bot, (line) => write(line + '\n'), options);
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of rl) {
      if ((await engine.handle(line)) === 'end') break;
    }
  } finally {
    rl.close();
    await bot.close();
  }
}

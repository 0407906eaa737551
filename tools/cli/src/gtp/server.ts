import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { LazyBot } from '../worker.js';
import { GtpEngine, type GtpOptions } from './engine.js';

/**
 * Runs a GTP engine on a line stream until `quit` or end of input: commands are handled one at a time in order,
 * a line arriving during analysis interrupts it, and the AI worker is terminated before this resolves (so the
 * process can exit).
 */
export async function serveGtp(input: Readable, write: (text: string) => void, options: GtpOptions = {}): Promise<void> {
  const bot = new LazyBot();
  const engine = new GtpEngine(bot, write, options);
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  rl.on('line', (line) => {
    queue.push(line);
    if (engine.busy) engine.interrupt();
    wake?.();
  });
  rl.on('close', () => {
    ended = true;
    if (engine.busy) engine.interrupt();
    wake?.();
  });
  try {
    for (;;) {
      const line = queue.shift();
      if (line === undefined) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      const handled = engine.handle(line);
      // Input already waiting ends an analysis as soon as it starts.
      if (queue.length > 0 || ended) engine.interrupt();
      if ((await handled) === 'quit') break;
    }
  } finally {
    rl.close();
    await bot.close();
  }
}

/** What a bench command writes to and how it starts bot threads (tests pass their own). */
import type { BotStart, BotThreads } from '../match/players.js';
import type { ProgressStream } from '../cli/progress.js';

/** Streams and hooks of a command run. */
export interface CommandIo {
  /** Results (tables, summaries). */
  out: (text: string) => void;
  /** Progress and diagnostics. */
  err: ProgressStream;
  /** Bot thread start options (default: the ai-worker's built node-worker). */
  botStart?: BotStart;
  /** Bot threads to reuse (tests share one set across commands); default: each match starts its own. */
  threads?: BotThreads;
}

/** The IO of the real process. */
export function processIo(): CommandIo {
  return { out: (t) => process.stdout.write(`${t}\n`), err: process.stderr };
}

/** `bench worker`: plays the games of queued matches (BullMQ on Redis) until stopped with Ctrl-C or SIGTERM. */
import { availableParallelism } from 'node:os';
import { Flags, UsageError } from '../cli/args.js';
import { startQueueWorker } from '../match/queue.js';
import type { CommandIo } from './io.js';

/** The worker flags as `--help` prints them. */
export const workerUsage = `worker options:
  --queue redis://HOST:PORT    the Redis of the coordinating \`bench match --queue\` (required)
  --concurrency N              games at once (default: cores)
  --lock-ms MS --stall-ms MS   BullMQ job lock and stall check (default 30 s each; a dead worker's game is
                               played again elsewhere once its lock lapses)`;

/** Runs a queue worker until the process is told to stop; returns the exit status. */
export async function workerCommand(argv: readonly string[], io: CommandIo, stop: Promise<unknown> = signalled()): Promise<number> {
  const flags = new Flags(argv);
  const queueUrl = flags.string('queue');
  if (queueUrl === undefined) throw new UsageError('worker needs --queue redis://HOST:PORT');
  const concurrency = flags.int('concurrency', availableParallelism(), 1, 256);
  const lockMs = flags.int('lock-ms', 30_000, 100);
  const stalledMs = flags.int('stall-ms', 30_000, 100);
  flags.checkUsed();
  const worker = startQueueWorker({
    queueUrl,
    concurrency,
    lockMs,
    stalledMs,
    botStart: io.botStart,
    onGame: (job, r) => io.out(`game ${r.index + 1} of match ${job.match}: ${r.result} (${r.reason}), ${r.plies} plies, ${(r.timeMs / 1000).toFixed(1)} s`),
  });
  io.err.write(`worker: taking games from ${queueUrl}, ${concurrency} at a time (Ctrl-C stops after the games in hand)\n`);
  await stop;
  await worker.close();
  return 0;
}

function signalled(): Promise<string> {
  return new Promise((resolve) => {
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.once(s, () => resolve(s));
  });
}

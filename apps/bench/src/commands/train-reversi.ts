/**
 * `bench train-reversi`: fits Reversi's pattern evaluation (apps/bench/src/train/reversi.ts) and writes its
 * weights file; `--install` puts it where the ai-worker ships it (packages/ai-worker/data/reversi-weights.bin).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Flags } from '../cli/args.js';
import { trainReversi } from '../train/reversi.js';
import type { CommandIo } from './io.js';

/** The train-reversi flags as `--help` prints them. */
export const trainReversiUsage = `train-reversi options:
  --positions N     self-play positions to label and fit (default 200000, about 58 a game)
  --out DIR         output folder: positions, labels and weights per stage, report.json, reversi-weights.bin
  --resume          reuse what an earlier run left in --out (finished self-play chunks, labels, stage fits)
  --seed N          self-play seed (default 1)
  --depth N         plies of the labelling search above 14 empties (default 3)
  --lambda X        L2 weight towards the next stage's weights (default 3)
  --iterations N    conjugate-gradient steps per stage (default 60)
  --install         copy the weights to packages/ai-worker/data/reversi-weights.bin`;

const DATA = new URL('../../../../packages/ai-worker/data/', import.meta.url);

/** Runs the training; 0 when the weights were written. */
export async function trainReversiCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const f = new Flags(argv, ['resume', 'install']);
  const out = f.string('out', `out/train-reversi-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const o = {
    positions: f.int('positions', 200_000),
    out,
    resume: f.bool('resume'),
    seed: f.int('seed', 1, 0),
    depth: f.int('depth', 3, 0, 8),
    lambda: f.number('lambda', 3) as number,
    iterations: f.int('iterations', 60),
    log: (line: string) => io.err.write(`${line}\n`),
  };
  const install = f.bool('install');
  f.checkUsed();
  const r = trainReversi(o);
  io.out(`stage  empties  train  held-out  MAE pattern  MAE prior  MAE hand  CPU s`);
  for (const s of r.reports) {
    io.out(
      `${String(s.stage).padStart(5)}  ${s.empties.padStart(7)}  ${String(s.train).padStart(5)}  ${String(s.heldOut).padStart(8)}  ${s.maePattern.toFixed(2).padStart(11)}  ${s.maePrior.toFixed(2).padStart(9)}  ${s.maeHand.toFixed(2).padStart(8)}  ${s.cpuSeconds.toFixed(0).padStart(5)}`,
    );
  }
  io.out(`${r.positions} positions, ${r.cpuSeconds.toFixed(0)} s CPU; weights ${r.weights.length} bytes in ${join(out, 'reversi-weights.bin')}`);
  if (install) {
    const dest = fileURLToPath(new URL('reversi-weights.bin', DATA));
    copyFileSync(join(out, 'reversi-weights.bin'), dest);
    io.out(`installed as ${dest}`);
  }
  return 0;
}

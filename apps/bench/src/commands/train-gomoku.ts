/**
 * `bench train-gomoku`: fits Gomoku's evaluation weights to the games of bench match folders
 * (apps/bench/src/train/gomoku.ts); `--install` writes them into the ai-worker's eval-weights.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Flags, UsageError } from '../cli/args.js';
import { trainGomoku, weightsModule } from '../train/gomoku.js';
import type { CommandIo } from './io.js';

/** The train-gomoku flags as `--help` prints them. */
export const trainGomokuUsage = `train-gomoku options:
  --from DIR[,DIR…]  folders searched for bench match folders of Gomoku games (selfplay, match, calibrate --out)
  --out DIR          where gomoku-weights.json goes (default out/train-gomoku-<time>)
  --lambda X         L2 pull towards the hand-set weights, standardised features (default 0.01)
  --hold-out N       one game in N measures the fit instead of joining it (default 5)
  --install          write the weights into packages/ai-worker/src/games/gomoku/eval-weights.ts`;

const WEIGHTS_MODULE = new URL('../../../../packages/ai-worker/src/games/gomoku/eval-weights.ts', import.meta.url);

/** Runs the fit; 0 when the weights were written. */
export async function trainGomokuCommand(argv: readonly string[], io: CommandIo, moduleFile = fileURLToPath(WEIGHTS_MODULE)): Promise<number> {
  const f = new Flags(argv, ['install']);
  const from = f.list('from', 'the folders of the games to fit');
  const out = f.string('out', `out/train-gomoku-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const lambda = f.number('lambda', 0.01) as number;
  if (lambda < 0) throw new UsageError(`--lambda must not be negative, got ${lambda}`);
  const holdOutEvery = f.int('hold-out', 5, 2, 1000);
  const install = f.bool('install');
  f.checkUsed();
  const r = trainGomoku({ from, lambda, holdOutEvery, log: (line) => io.err.write(`${line}\n`) });
  io.out(`weights      log-loss fitted  held-out (${r.heldOutPositions} positions)`);
  for (const [name, l] of [['fitted', r.loss.fitted], ['shipped', r.loss.shipped], ['hand', r.loss.hand]] as const) {
    io.out(`${name.padEnd(12)} ${l.train.toFixed(4).padStart(15)}  ${l.heldOut.toFixed(4).padStart(8)}`);
  }
  io.out('feature                          shipped      fitted');
  r.names.forEach((n, k) => io.out(`${n.padEnd(30)} ${fmt(r.shipped[k])} ${fmt(r.weights[k])}`));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'gomoku-weights.json'), `${JSON.stringify({ ...r, from }, null, 1)}\n`);
  io.out(`${r.positions} positions of ${r.games} games; weights in ${join(out, 'gomoku-weights.json')}`);
  if (install) {
    const command = `pnpm bench train-gomoku --from ${from.join(',')} --lambda ${lambda} --hold-out ${holdOutEvery}`;
    writeFileSync(moduleFile, weightsModule(r, command));
    io.out(`installed in ${moduleFile}`);
  }
  return 0;
}

function fmt(x: number): string {
  return (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(3)).padStart(11);
}

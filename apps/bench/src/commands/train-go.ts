/**
 * `bench train-go`: fits Go's move-prediction weights to an expert's moves in bench match folders
 * (apps/bench/src/train/go.ts); `--install` writes them into the ai-worker's move-weights.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GO_FEATURE_GROUPS, GO_FEATURE_OFFSETS } from '@qi/ai-worker';
import { Flags, UsageError } from '../cli/args.js';
import { goWeightsModule, trainGo } from '../train/go.js';
import type { CommandIo } from './io.js';

/** The train-go flags as `--help` prints them. */
export const trainGoUsage = `train-go options:
  --from DIR[,DIR…]  folders searched for bench match folders of Go games (match --out)
  --expert TEXT      the player whose moves are learnt: its name contains TEXT (default gnugo)
  --out DIR          where go-weights.json goes (default out/train-go-<time>)
  --lambda X         L2 pull of every weight to zero (default 0.0001)
  --steps N          gradient steps (default 300)
  --hold-out N       one game in N measures the fit instead of joining it (default 5)
  --install          write the weights into packages/ai-worker/src/games/go/move-weights.ts`;

const WEIGHTS_MODULE = new URL('../../../../packages/ai-worker/src/games/go/move-weights.ts', import.meta.url);

/** Runs the fit; 0 when the weights were written. */
export async function trainGoCommand(argv: readonly string[], io: CommandIo, moduleFile = fileURLToPath(WEIGHTS_MODULE)): Promise<number> {
  const f = new Flags(argv, ['install']);
  const from = f.list('from', 'the folders of the games to fit');
  const expert = f.string('expert', 'gnugo') as string;
  const out = f.string('out', `out/train-go-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const lambda = f.number('lambda', 0.0001) as number;
  if (lambda < 0) throw new UsageError(`--lambda must not be negative, got ${lambda}`);
  const steps = f.int('steps', 300, 1, 100_000);
  const holdOutEvery = f.int('hold-out', 5, 2, 1000);
  const install = f.bool('install');
  f.checkUsed();
  const r = trainGo({ from, expert, lambda, steps, holdOutEvery, log: (line) => io.err.write(`${line}\n`) });
  io.out(`                 log-likelihood   top-1`);
  io.out(`fitted           ${r.fitted.train.logLikelihood.toFixed(3).padStart(14)}  ${pct(r.fitted.train.top1)}`);
  io.out(`held out         ${r.fitted.heldOut.logLikelihood.toFixed(3).padStart(14)}  ${pct(r.fitted.heldOut.top1)}  (${r.heldOutPositions} positions)`);
  io.out(`hand priors      ${''.padStart(14)}  ${pct(r.hand.heldOut)}  (held out)`);
  io.out(`uniform          ${r.uniform.toFixed(3).padStart(14)}`);
  const width = Math.max(...GO_FEATURE_GROUPS.map((g) => g.name.length));
  GO_FEATURE_GROUPS.forEach((g, k) => {
    if (g.name === 'shape') return;
    const ws = Array.from(r.weights.subarray(GO_FEATURE_OFFSETS[k], GO_FEATURE_OFFSETS[k] + g.values), (x) => x.toFixed(2));
    io.out(`${g.name.padEnd(width)} ${ws.join(' ')}`);
  });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'go-weights.json'), `${JSON.stringify({ ...r, weights: Array.from(r.weights), from }, null, 1)}\n`);
  io.out(`${r.positions} positions of ${r.games} games; weights in ${join(out, 'go-weights.json')}`);
  if (install) {
    const command = `pnpm bench train-go --from ${from.join(',')} --expert ${expert} --lambda ${lambda} --steps ${steps} --hold-out ${holdOutEvery}`;
    writeFileSync(moduleFile, goWeightsModule(r, command));
    io.out(`installed in ${moduleFile}`);
  }
  return 0;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`.padStart(6);
}

/** `bench regression`: the regression suites with pass rate and time, failing on a regression against the baseline. */
import { Flags, UsageError } from '../cli/args.js';
import { compareBaseline, readBaseline, runRegression, saveBaseline } from '../regression/run.js';
import { regressionSuites } from '../regression/suites.js';
import type { CommandIo } from './io.js';

/** The regression flags as `--help` prints them. */
export const regressionUsage = `regression options:
  --suite NAME      run one suite (${regressionSuites.map((s) => s.name).join(', ')})
  --quick           a subset of every suite (seconds)
  --baseline FILE   default apps/bench/baselines/regression.json
  --save-baseline   record the current failures as known (after checking they are not regressions)`;

/** Default baseline path: apps/bench/baselines/regression.json from src/commands or dist/commands. */
export function defaultRegressionBaseline(): string {
  return new URL('../../baselines/regression.json', import.meta.url).pathname;
}

/** Runs the suites; exit status 1 on a regression. */
export async function regressionCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const flags = new Flags(argv, ['quick', 'save-baseline']);
  const name = flags.string('suite');
  const quick = flags.bool('quick');
  const path = flags.string('baseline') ?? defaultRegressionBaseline();
  const save = flags.bool('save-baseline');
  flags.checkUsed();
  const suites = regressionSuites.filter((s) => name === undefined || s.name === name);
  if (suites.length === 0) throw new UsageError(`no regression suite "${name}" (known: ${regressionSuites.map((s) => s.name).join(', ')})`);
  io.out(`${'suite'.padEnd(18)} ${'passed'.padStart(9)}  ${'rate'.padStart(6)}  ${'time'.padStart(8)}`);
  const outcomes = await runRegression(suites, quick, (o) => {
    const rate = o.cases === 0 ? 100 : (100 * o.passed) / o.cases;
    io.out(`${o.name.padEnd(18)} ${`${o.passed}/${o.cases}`.padStart(9)}  ${rate.toFixed(1).padStart(5)}%  ${(o.timeMs / 1000).toFixed(2).padStart(7)}s`);
    for (const f of o.failures.slice(0, 5)) io.out(`    fail ${f.id}: ${f.why}`);
    if (o.failures.length > 5) io.out(`    … and ${o.failures.length - 5} more`);
  });
  const passed = outcomes.reduce((s, o) => s + o.passed, 0);
  const total = outcomes.reduce((s, o) => s + o.cases, 0);
  const time = outcomes.reduce((s, o) => s + o.timeMs, 0);
  io.out(`total ${passed}/${total} (${((100 * passed) / Math.max(1, total)).toFixed(1)}%) in ${(time / 1000).toFixed(1)} s${quick ? ' (quick subset)' : ''}`);
  const { regressions, improvements } = compareBaseline(outcomes, readBaseline(path));
  if (save) {
    saveBaseline(path, outcomes);
    io.out(`baseline saved to ${path}`);
    return 0;
  }
  for (const i of improvements) io.out(`improved: ${i} now passes (save the baseline with --save-baseline)`);
  if (regressions.length > 0) {
    io.out(`REGRESSIONS against ${path}:`);
    for (const r of regressions) io.out(`  ${r}`);
    return 1;
  }
  io.out(`no regressions against the baseline`);
  return 0;
}

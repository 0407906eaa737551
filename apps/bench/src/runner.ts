import Benchmark from 'benchmark';

/** One micro-benchmark: `fn` runs one operation (or `opsPerCall` of them) and must not allocate per call. */
export interface BenchCase {
  /** Shown in the table, e.g. "go 9x9 light playout". */
  name: string;
  /** Runs once before timing (build boards, load data). */
  setup?: () => void;
  /** The measured operation. */
  fn: () => void;
  /** How many operations one call of `fn` does (a whole replay of N moves → N), so ops/s is per operation. */
  opsPerCall?: number;
  /** Unit of the operation for the table ("playouts", "moves", "nodes"). */
  unit?: string;
}

/** What one micro-benchmark measured. */
export interface BenchResult {
  name: string;
  unit: string;
  /** Operations per second. */
  hz: number;
  /** Relative margin of error at 95% confidence, in percent. */
  rme: number;
  samples: number;
}

/**
 * Runs cases through the `benchmark` package, wrapped so the runner can be swapped without touching suites.
 * `maxTime` is the seconds spent per case (benchmark.js's own default is 5).
 */
export function runCases(cases: readonly BenchCase[], maxTime = 2, onResult?: (r: BenchResult) => void): BenchResult[] {
  const results: BenchResult[] = [];
  for (const c of cases) {
    c.setup?.();
    const bench = new Benchmark(c.name, c.fn, { maxTime, minSamples: 5 });
    bench.run({ async: false });
    if (bench.error) throw bench.error;
    const per = c.opsPerCall ?? 1;
    const r: BenchResult = {
      name: c.name,
      unit: c.unit ?? 'ops',
      hz: bench.hz * per,
      rme: bench.stats.rme,
      samples: bench.stats.sample.length,
    };
    results.push(r);
    onResult?.(r);
  }
  return results;
}

/** Formats results as an aligned text table. */
export function formatTable(results: readonly BenchResult[]): string {
  const w = Math.max(10, ...results.map((r) => r.name.length));
  const lines = [`${'benchmark'.padEnd(w)}  ${'ops/s'.padStart(14)}  ${'±%'.padStart(6)}  unit`];
  for (const r of results) {
    lines.push(`${r.name.padEnd(w)}  ${Math.round(r.hz).toLocaleString('en-US').padStart(14)}  ${r.rme.toFixed(1).padStart(6)}  ${r.unit}`);
  }
  return lines.join('\n');
}

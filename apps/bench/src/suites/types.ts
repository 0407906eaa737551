import type { BenchCase } from '../runner.js';

/** A check of one of the speed targets: runs, prints what it measured, says whether it met the target. */
export interface TargetRun {
  /** e.g. "go 9x9 light playouts ≥ 50,000/s". */
  name: string;
  /** Runs the measurement; `quick` shrinks it to a smoke test of seconds. */
  run(quick: boolean): Promise<TargetResult> | TargetResult;
}

/** The outcome of a TargetRun. */
export interface TargetResult {
  /** The measured figure as text, e.g. "61,234 playouts/s". */
  measured: string;
  /** Whether the target was met (smoke runs may report null: too short to judge). */
  met: boolean | null;
  /** Optional detail lines (per-position tables). */
  details?: string[];
}

/** What one game contributes to the bench. */
export interface Suite {
  game: string;
  /** Micro-benchmarks for `bench profile`. */
  profile: () => BenchCase[];
  /** Speed-target checks for `bench targets`. */
  targets: () => TargetRun[];
}

/**
 * Runs regression suites and compares with the committed baseline (baselines/regression.json): a case that
 * fails now but is not among the baseline's known failures is a regression; a known failure that passes now
 * is an improvement (the baseline should then be saved again).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { RegressionSuite } from './suites.js';

/** The outcome of one suite. */
export interface SuiteOutcome {
  name: string;
  source: string;
  cases: number;
  passed: number;
  timeMs: number;
  failures: { id: string; why: string }[];
  /** Ids of every case run. */
  ids: string[];
}

/** What the baseline records per suite: the case ids known to fail. */
export interface RegressionBaseline {
  note: string;
  suites: Record<string, { knownFailures: string[] }>;
}

/** Runs `suites` (quick subsets when `quick`), reporting each suite as it finishes. */
export async function runRegression(suites: readonly RegressionSuite[], quick: boolean, onSuite?: (o: SuiteOutcome) => void): Promise<SuiteOutcome[]> {
  const out: SuiteOutcome[] = [];
  for (const s of suites) {
    const t0 = performance.now();
    const failures: { id: string; why: string }[] = [];
    const cases = s.cases(quick);
    for (const c of cases) {
      let why: string | null;
      try {
        why = await c.run();
      } catch (e) {
        why = `threw: ${(e as Error).message}`;
      }
      if (why !== null) failures.push({ id: c.id, why });
    }
    const o = { name: s.name, source: s.source, cases: cases.length, passed: cases.length - failures.length, timeMs: performance.now() - t0, failures, ids: cases.map((c) => c.id) };
    out.push(o);
    onSuite?.(o);
  }
  return out;
}

/** Reads a baseline file (an empty baseline when it does not exist). */
export function readBaseline(path: string): RegressionBaseline {
  if (!existsSync(path)) return { note: '', suites: {} };
  return JSON.parse(readFileSync(path, 'utf8')) as RegressionBaseline;
}

/** Writes the known failures of `outcomes` as the new baseline (merging suites not run). */
export function saveBaseline(path: string, outcomes: readonly SuiteOutcome[]): void {
  const b = readBaseline(path);
  b.note = 'Known failures per regression suite (case ids); `pnpm bench regression` fails on any other failure. Update with --save-baseline.';
  for (const o of outcomes) b.suites[o.name] = { knownFailures: o.failures.map((f) => f.id).sort() };
  writeFileSync(path, `${JSON.stringify(b, null, 1)}\n`);
}

/** Regressions (new failures) and improvements (known failures now passing) against a baseline. */
export function compareBaseline(outcomes: readonly SuiteOutcome[], baseline: RegressionBaseline): { regressions: string[]; improvements: string[] } {
  const regressions: string[] = [];
  const improvements: string[] = [];
  for (const o of outcomes) {
    const known = new Set(baseline.suites[o.name]?.knownFailures ?? []);
    const failing = new Set(o.failures.map((f) => f.id));
    for (const f of o.failures) if (!known.has(f.id)) regressions.push(`${o.name}/${f.id}: ${f.why}`);
    // Only cases that ran can improve (quick runs cover a subset).
    const ran = new Set(o.ids);
    for (const id of known) if (ran.has(id) && !failing.has(id)) improvements.push(`${o.name}/${id}`);
  }
  return { regressions, improvements };
}

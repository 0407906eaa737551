/**
 * `bench profile`: the micro-benchmarks of every suite (ops/s ± error), compared with the committed baseline
 * (baselines/profile.json). A change is flagged only beyond the noise: more than twice the combined relative
 * margins of error and at least 10%. `--save-baseline` records the run.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Flags, UsageError } from '../cli/args.js';
import { runCases, type BenchResult } from '../runner.js';
import { suites } from '../suites/index.js';
import type { CommandIo } from './io.js';

/** The profile flags as `--help` prints them. */
export const profileUsage = `profile options:
  --game G  --filter TEXT   choose cases
  --time S                  seconds per case (default 2; --quick: 0.05 and a few samples)
  --quick                   a smoke run of every case (seconds)
  --baseline FILE           default apps/bench/baselines/profile.json
  --save-baseline           write this run as the baseline`;

/** A saved profile run. */
export interface ProfileBaseline {
  note: string;
  machine: string;
  date: string;
  results: Record<string, { hz: number; rme: number; unit: string }>;
}

/** How one case compares with its baseline. */
export interface Comparison {
  name: string;
  hz: number;
  rme: number;
  unit: string;
  base: number | null;
  /** Relative change (0.1 = 10% faster), null without a baseline. */
  change: number | null;
  /** 'faster', 'slower', 'same' (within the noise) or 'new'. */
  verdict: 'faster' | 'slower' | 'same' | 'new';
}

/** Compares results with a baseline, flagging changes beyond the noise. */
export function compareProfile(results: readonly BenchResult[], baseline: ProfileBaseline | null): Comparison[] {
  return results.map((r) => {
    const b = baseline?.results[r.name];
    if (b === undefined) return { name: r.name, hz: r.hz, rme: r.rme, unit: r.unit, base: null, change: null, verdict: 'new' as const };
    const change = r.hz / b.hz - 1;
    const noise = Math.max(0.1, (2 * Math.hypot(r.rme, b.rme)) / 100);
    const verdict = change > noise ? 'faster' : change < -noise ? 'slower' : 'same';
    return { name: r.name, hz: r.hz, rme: r.rme, unit: r.unit, base: b.hz, change, verdict };
  });
}

/** The comparison as a table. */
export function formatComparison(rows: readonly Comparison[]): string {
  const w = Math.max(10, ...rows.map((r) => r.name.length));
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = [`${'benchmark'.padEnd(w)}  ${'ops/s'.padStart(14)}  ${'±%'.padStart(5)}  ${'baseline'.padStart(14)}  ${'change'.padStart(8)}  unit`];
  for (const r of rows) {
    const change = r.change === null ? '' : `${r.change >= 0 ? '+' : ''}${(r.change * 100).toFixed(1)}%`;
    const flag = r.verdict === 'faster' ? '  FASTER' : r.verdict === 'slower' ? '  SLOWER' : '';
    lines.push(`${r.name.padEnd(w)}  ${n(r.hz).padStart(14)}  ${r.rme.toFixed(1).padStart(5)}  ${(r.base === null ? '—' : n(r.base)).padStart(14)}  ${change.padStart(8)}  ${r.unit}${flag}`);
  }
  return lines.join('\n');
}

/** Default baseline path. */
export function defaultProfileBaseline(): string {
  return new URL('../../baselines/profile.json', import.meta.url).pathname;
}

/** Runs the profile; exit status 0 (slower cases are flagged, not failed: the machine may be busy). */
export async function profileCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const flags = new Flags(argv, ['quick', 'save-baseline']);
  const game = flags.string('game');
  const filter = flags.string('filter');
  const quick = flags.bool('quick');
  const time = flags.number('time', quick ? 0.05 : 2) as number;
  const path = flags.string('baseline') ?? defaultProfileBaseline();
  const save = flags.bool('save-baseline');
  flags.checkUsed();
  const chosen = suites.filter((s) => game === undefined || s.game === game);
  if (chosen.length === 0) throw new UsageError(`no bench suite for game "${game}" (known: ${suites.map((s) => s.game).join(', ')})`);
  const cases = chosen.flatMap((s) => s.profile()).filter((c) => filter === undefined || c.name.includes(filter));
  const results = runCases(cases, time, (r) => io.err.write(`  ${r.name}: ${Math.round(r.hz).toLocaleString('en-US')} ${r.unit}/s ±${r.rme.toFixed(1)}%\n`));
  const baseline = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ProfileBaseline) : null;
  const rows = compareProfile(results, baseline);
  io.out(formatComparison(rows));
  const slower = rows.filter((r) => r.verdict === 'slower').length;
  const faster = rows.filter((r) => r.verdict === 'faster').length;
  io.out(`${rows.length} cases: ${faster} faster, ${slower} slower beyond the noise${baseline ? ` than the baseline of ${baseline.date} (${baseline.machine})` : ' (no baseline yet)'}${quick ? '; quick run: too short to judge' : ''}`);
  if (save) {
    const merged: ProfileBaseline = baseline ?? { note: '', machine: '', date: '', results: {} };
    merged.note = 'ops/s of `pnpm bench profile` (2 s per case); compare on the same machine. Update with --save-baseline.';
    merged.machine = `${cpus()[0]?.model ?? 'unknown cpu'} × ${cpus().length}, node ${process.version}`;
    merged.date = new Date().toISOString();
    for (const r of results) merged.results[r.name] = { hz: Math.round(r.hz * 10) / 10, rme: Math.round(r.rme * 10) / 10, unit: r.unit };
    writeFileSync(path, `${JSON.stringify(merged, null, 1)}\n`);
    io.out(`baseline saved to ${path}`);
  }
  return 0;
}

/**
 * Two agree-go --loss runs compared position by position: the same positions searched by two builds (or settings)
 * differ only where the searches chose differently, so the paired difference of their losses has a far smaller
 * error than the difference of two means. Runs are saved as JSON lines (one GoSearchedPosition a line).
 */
import type { GoSearchedPosition } from './go-agreement.js';
import { parseJsonLines } from './json-lines.js';

/** The paired difference of two runs over the positions both valued. */
export interface PairedLoss {
  /** Positions in both runs with a loss in each. */
  positions: number;
  /** Of those, where the two searches chose different moves. */
  differing: number;
  /** Mean of (this run's loss − the other's): negative when this run loses fewer points. */
  mean: number;
  /** Standard error of that mean (0 with fewer than two positions). */
  standardError: number;
}

/** The JSON lines of a run, one position a line. */
export function formatSearched(runs: readonly GoSearchedPosition[]): string {
  return runs.map((p) => JSON.stringify(p)).join('\n') + (runs.length > 0 ? '\n' : '');
}

/** Reads a run's JSON lines; throws naming the first line that is not a searched position. */
export function parseSearched(text: string, source: string): GoSearchedPosition[] {
  return parseJsonLines(text, source, isSearched, 'a searched position (file, ply, move, loss)');
}

function isSearched(p: unknown): p is GoSearchedPosition {
  const q = p as Partial<GoSearchedPosition> | null;
  return (
    q !== null &&
    typeof q === 'object' &&
    typeof q.file === 'string' &&
    Number.isInteger(q.ply) &&
    typeof q.move === 'string' &&
    (q.loss === null || (typeof q.loss === 'number' && Number.isFinite(q.loss)))
  );
}

/** This run against another, paired by game file and ply (see PairedLoss). */
export function pairedLoss(current: readonly GoSearchedPosition[], other: readonly GoSearchedPosition[]): PairedLoss {
  const byKey = new Map<string, GoSearchedPosition>();
  for (const p of other) byKey.set(`${p.file}\u0000${p.ply}`, p);
  const diffs: number[] = [];
  let differing = 0;
  for (const p of current) {
    const q = byKey.get(`${p.file}\u0000${p.ply}`);
    if (q === undefined || p.loss === null || q.loss === null) continue;
    diffs.push(p.loss - q.loss);
    if (p.move !== q.move) differing++;
  }
  const n = diffs.length;
  const mean = n > 0 ? diffs.reduce((s, d) => s + d, 0) / n : 0;
  const variance = n > 1 ? diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1) : 0;
  return { positions: n, differing, mean, standardError: n > 1 ? Math.sqrt(variance / n) : 0 };
}

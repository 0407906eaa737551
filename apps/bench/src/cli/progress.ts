/** Live progress of long runs: one updating line on a terminal, plain periodic lines in logs (CI). */
import { formatStats } from '../stats/elo.js';
import type { MatchProgress } from '../match/run.js';

/** Where progress goes: a stream that may be a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Formats a duration as "1h02m", "3m05s" or "12s". */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  const s = Math.round(ms / 1000);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** The progress line of a match. */
export function progressLine(label: string, p: MatchProgress): string {
  const sprt = p.sprt ? `  LLR ${p.sprt.llr.toFixed(2)} [${p.sprt.lower.toFixed(2)}, ${p.sprt.upper.toFixed(2)}]` : '';
  return `${label} ${p.done}/${p.total}  ${formatStats(p.stats)}${sprt}  ${duration(p.elapsedMs)} elapsed, ETA ${duration(p.etaMs)}`;
}

/** A progress printer: `update` rewrites the line on a TTY, prints at most every `intervalMs` otherwise. */
export class Progress {
  private last = -Infinity;
  private open = false;

  constructor(
    private readonly out: ProgressStream,
    private readonly intervalMs = 10_000,
  ) {}

  /** Shows `line`; `final` forces a plain line to be printed. */
  update(line: string, final = false): void {
    if (this.out.isTTY) {
      const width = (this.out as { columns?: number }).columns ?? 160;
      this.out.write(`\r\x1b[K${line.slice(0, width - 1)}`);
      this.open = true;
      if (final) this.done();
      return;
    }
    const now = Date.now();
    if (final || now - this.last >= this.intervalMs) {
      this.last = now;
      this.out.write(`${line}\n`);
    }
  }

  /** Ends the updating line (a newline on a TTY). */
  done(): void {
    if (this.open) this.out.write('\n');
    this.open = false;
  }
}

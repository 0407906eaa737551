/**
 * Time as the server sees it: the wall clock and one-shot timers, behind an interface so that tests can run the
 * clocks, flag falls and presence grace periods on a manual clock instead of sleeping.
 */

/** A handle of a scheduled timer. */
export type TimerHandle = { cancel(): void };

/** Where the server reads the time and schedules its timers (flag falls, presence grace). */
export interface TimeSource {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms` (never synchronously). */
  after(ms: number, fn: () => void): TimerHandle;
}

/** The real clock: Date.now and setTimeout (unref'd: a pending flag timer never keeps a process alive). */
export const realTime: TimeSource = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, Math.max(0, Math.min(ms, 2_147_000_000)));
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};

/** A clock that moves only when told (tests): `advance` runs every timer that falls due, in time order. */
export class ManualTime implements TimeSource {
  private t: number;
  private timers: { at: number; seq: number; fn: () => void; live: boolean }[] = [];
  private seq = 0;

  /** A manual clock starting at `start` ms. */
  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  /** The current manual time. */
  now(): number {
    return this.t;
  }

  /** Schedules `fn` at now + ms. */
  after(ms: number, fn: () => void): TimerHandle {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn, live: true };
    this.timers.push(timer);
    return { cancel: () => void (timer.live = false) };
  }

  /** Moves the clock forward by `ms`, running the timers due on the way (each at its own time). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.live && x.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      due.live = false;
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.timers = this.timers.filter((x) => x.live);
    this.t = end;
  }
}

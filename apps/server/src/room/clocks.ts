/**
 * Fischer clocks run by the server: pure functions over a plain state, so the room (and its tests) decide when
 * time is read. Lag compensation: a mover's elapsed time is reduced by min(its lag estimate, 1000 ms, its quota);
 * the quota starts at 3000 ms and refills 500 ms a move, up to 3000.
 */
import type { ClockSpec, ClocksView } from '@qi/protocol';

/** Most compensation a single move gets. */
export const MAX_COMPENSATION_MS = 1000;
/** The lag quota a seat starts with, and its cap. */
export const QUOTA_MS = 3000;
/** What each move gives back to the quota. */
export const QUOTA_REFILL_MS = 500;

/** The clocks of a room: each seat's time as of `since`, whose clock runs, and each seat's lag quota. */
export interface ClockState {
  spec: ClockSpec;
  remaining: number[];
  running: number | null;
  /** Server time from which the running seat's clock counts down. */
  since: number;
  quota: number[];
}

/** Fresh clocks for `seats` seats, `running` starting at `now`. */
export function startClocks(spec: ClockSpec, seats: number, running: number | null, now: number): ClockState {
  return { spec, remaining: new Array<number>(seats).fill(spec.initialMs), running, since: now, quota: new Array<number>(seats).fill(QUOTA_MS) };
}

/** The clocks as watchers see them at `now` (the running seat's elapsed time taken off, never below 0). */
export function clocksView(c: ClockState, now: number): ClocksView {
  const remainingMs = c.remaining.map((r, i) => (i === c.running ? Math.max(0, r - Math.max(0, now - c.since)) : r));
  return { remainingMs, running: c.running, at: now };
}

/** When the running seat's flag falls (server time), or null when no clock runs. */
export function flagAt(c: ClockState): number | null {
  return c.running === null ? null : c.since + c.remaining[c.running];
}

/**
 * Charges `mover` for the time since its clock started, less the lag compensation (`lagMs`: half its connection's
 * round trip; 0 for Qi), adds the increment and starts `next`. Returns null when the mover's time ran out even
 * with the compensation (the move comes too late: its flag has fallen).
 */
export function chargeMove(c: ClockState, mover: number, next: number | null, now: number, lagMs: number): ClockState | null {
  const remaining = [...c.remaining];
  const quota = [...c.quota];
  if (c.running === mover) {
    const compensation = Math.max(0, Math.min(lagMs, MAX_COMPENSATION_MS, quota[mover]));
    const charged = Math.max(0, now - c.since - compensation);
    if (remaining[mover] - charged <= 0) return null;
    quota[mover] = Math.min(QUOTA_MS, quota[mover] - compensation + QUOTA_REFILL_MS);
    remaining[mover] = remaining[mover] - charged + c.spec.incrementMs;
  }
  return { spec: c.spec, remaining, running: next, since: now, quota };
}

/** Stops the running clock at `now` (charged up to then), then runs `next` (after a takeback, an end, a leave). */
export function switchClock(c: ClockState, next: number | null, now: number): ClockState {
  const remaining = clocksView(c, now).remainingMs;
  return { ...c, remaining, running: next, since: now, quota: [...c.quota] };
}

/** The clocks resumed after a restart from their stored view: the downtime is not charged. */
export function resumeClocks(spec: ClockSpec, view: ClocksView, quota: number[] | undefined, now: number): ClockState {
  return { spec, remaining: [...view.remainingMs], running: view.running, since: now, quota: quota ? [...quota] : view.remainingMs.map(() => QUOTA_MS) };
}

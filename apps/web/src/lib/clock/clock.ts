/**
 * Game clocks for 2–6 seats, as plain TypeScript (no Svelte, no DOM, no timers).
 *
 * Time controls: none (time is only counted), Fischer (a base time plus an increment after every move) and
 * byo-yomi (Go: a base time, then `periods` periods of `periodMs`; a move made within a period resets it, running
 * past a period uses it up and starts the next, and the flag falls when the last one runs out).
 *
 * The class owns no timer: time is read from `now()` whenever it is asked for (snapshot, check, a move), so the
 * page decides how often to redraw (requestAnimationFrame / setInterval calling `snapshot()` and `check()`) and the
 * tests drive a fake clock. At most one seat runs at a time, so a flag is found exactly when the running seat's
 * time is computed; `check()` reports each flag once, so the page ends the game (or, in Chinese Checkers with 3+
 * players, puts the player out and calls `remove`) exactly once.
 *
 * Wiring, in the order a game uses it:
 * - `new GameClock(control, seats)`, then `start(firstSeat)` when the first player is to move;
 * - after every move `switchTo(nextSeat)` (the increment / the period reset goes to the player who moved);
 * - undo and redo: `pause()`, change the position, then `resume(seatToMove)`; moves replayed while paused are not
 *   timed, so they earn no increment;
 * - poll `check()`: a seat number ≥ 0 is a flag that just fell;
 * - Qi's turn: `thinkBudgetMs(clock.snapshot(), seat)` gives its time for this move (null: the level's own);
 * - saving: `JSON.stringify(clock)` (toJSON); loading: `GameClock.from(saved)`, paused until `resume()`.
 */

/** How long each seat may think: no limit, Fischer (base + increment), or byo-yomi (base, then periods). */
export type TimeControl =
  | { kind: 'none' }
  | { kind: 'fischer'; baseMs: number; incrementMs: number }
  | { kind: 'byoyomi'; baseMs: number; periods: number; periodMs: number };

/** One seat's clock as the page shows it, computed at the moment of the snapshot. */
export interface SeatClockView {
  /**
   * Time left before the flag falls or a period is used up: the base time, or in byo-yomi the rest of the current
   * period. Infinity under 'none', which never runs out.
   */
  remainingMs: number;
  /** Byo-yomi periods left, counting the one in use (0 under 'none' and Fischer, and once the flag has fallen). */
  periodsLeft: number;
  /** The base time is spent and the seat plays in its periods. */
  inByoyomi: boolean;
  /** This seat's clock is running now. */
  running: boolean;
  /** The seat's time ran out. */
  flagged: boolean;
  /** The seat is out of the game (`remove`); its clock never runs again. */
  removed: boolean;
  /** Total time this seat has spent thinking, under every control (the only figure 'none' has to show). */
  usedMs: number;
}

/** Every seat's clock at one moment. */
export interface ClockView {
  control: TimeControl;
  /** The seat whose turn it is (it runs unless paused, removed or flagged), or -1 before `start`. */
  toMove: number;
  /** Stopped by `pause()` (undo) or by restoring a saved game. */
  paused: boolean;
  /** The first seat whose flag fell, or -1. */
  flagged: number;
  seats: readonly SeatClockView[];
}

/** What `toJSON` writes and `GameClock.from` reads: durations only, never a `now()` reading of a past page. */
export interface SavedClock {
  version: 1;
  control: TimeControl;
  toMove: number;
  seats: SavedSeat[];
  /** Seats in the order their flags fell. */
  flagOrder: number[];
  /** Flags already reported by `check()`, so a restored game does not end twice. */
  reported: number[];
}

/** One seat in a saved clock. */
export interface SavedSeat {
  remainingMs: number;
  periodsLeft: number;
  inByoyomi: boolean;
  usedMs: number;
  removed: boolean;
  flagged: boolean;
}

/** The longest time any field of a time control may hold: anything above it is a typo, not a game. */
export const MAX_TIME_MS = 24 * 60 * 60 * 1000;

/** The most byo-yomi periods a control may have (30 is already far beyond tournament practice). */
export const MAX_PERIODS = 30;

/** The least think time `thinkBudgetMs` gives while time remains: below it the search cannot produce a move. */
export const MIN_THINK_MS = 50;

/**
 * Validates a time control from outside the program (the New-game dialog, a saved game, a URL) and returns a fresh
 * copy with only the known fields. Throws a RangeError naming the bad field: every time is an integer number of
 * ms up to 24 h; Fischer's base is at least 1 ms (0 would flag at once); byo-yomi's base may be 0 (periods only),
 * its periods are 1..30 and its period at least 1 ms.
 */
export function parseTimeControl(value: unknown): TimeControl {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError(`time control must be an object, got ${describe(value)}`);
  }
  const v = value as Record<string, unknown>;
  switch (v.kind) {
    case 'none':
      return { kind: 'none' };
    case 'fischer':
      return {
        kind: 'fischer',
        baseMs: integerField(v, 'fischer', 'baseMs', 1, MAX_TIME_MS),
        incrementMs: integerField(v, 'fischer', 'incrementMs', 0, MAX_TIME_MS),
      };
    case 'byoyomi':
      return {
        kind: 'byoyomi',
        baseMs: integerField(v, 'byoyomi', 'baseMs', 0, MAX_TIME_MS),
        periods: integerField(v, 'byoyomi', 'periods', 1, MAX_PERIODS),
        periodMs: integerField(v, 'byoyomi', 'periodMs', 1, MAX_TIME_MS),
      };
    default:
      throw new RangeError(`time control kind must be 'none', 'fischer' or 'byoyomi', got ${describe(v.kind)}`);
  }
}

/**
 * How long Qi should think for this move, in ms, from its clock in `view`; null under 'none', meaning "use the
 * level's own budget". The page should take the smaller of this and the level's budget, so a strong level does
 * not think longer than the clock allows and a weak one does not think longer than it would untimed.
 *
 * Let R be the time left (base time, or in byo-yomi the rest of the current period), P the period, I the increment.
 * The move may safely use `available` ms: R under Fischer; R + P in byo-yomi's base time (overrunning the base just
 * opens the first period, which the move then resets); R in byo-yomi (overrunning the period would use it up).
 * - Fischer: R/30 + 0.8·I — a thirtieth of the bank, as if 30 moves were left, plus most of what the move earns;
 * - byo-yomi, base time: R/30 + P/4 — the base spread the same way, plus a share of the first period;
 * - byo-yomi, in periods: 0.8·R — most of the period, since what is left of it is lost at the move anyway.
 * The result is then raised to MIN_THINK_MS and finally capped at available − margin, margin = min(1 s,
 * 10 % of available), which covers the worker's messaging and a late stop; the cap wins over the floor, so the
 * budget never exceeds available − margin. A flagged or removed seat, or one with no time left, gets 0.
 */
export function thinkBudgetMs(view: ClockView, seat: number): number | null {
  const control = view.control;
  if (control.kind === 'none') return null;
  const s = view.seats[seat];
  if (s === undefined) throw new RangeError(`seat must be 0..${view.seats.length - 1}, got ${seat}`);
  if (s.flagged || s.removed) return 0;
  const r = Math.max(0, s.remainingMs);
  let available: number;
  let budget: number;
  if (control.kind === 'fischer') {
    available = r;
    budget = r / 30 + 0.8 * control.incrementMs;
  } else if (!s.inByoyomi) {
    available = r + control.periodMs;
    budget = r / 30 + control.periodMs / 4;
  } else {
    available = r;
    budget = 0.8 * r;
  }
  if (available <= 0) return 0;
  const cap = available - Math.min(1000, available / 10);
  return Math.floor(Math.min(Math.max(budget, MIN_THINK_MS), cap));
}

/** The state of one seat, settled at the last time the class read `now()`. */
interface SeatState {
  remainingMs: number;
  periodsLeft: number;
  inByoyomi: boolean;
  usedMs: number;
  removed: boolean;
  flagged: boolean;
}

/** The clocks of one game: one per seat, at most one running. Reads time only from `now`, owns no timer. */
export class GameClock {
  readonly control: TimeControl;
  private seats: SeatState[];
  private turn = -1;
  private stopped = false;
  /** The `now()` reading up to which the running seat's time has been settled into `seats`. */
  private since: number;
  private flagOrder: number[] = [];
  private reported = new Set<number>();

  /** A clock for `seats` (2..6) seats with full time each, none running until `start`. */
  constructor(
    control: TimeControl,
    seats: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.control = parseTimeControl(control);
    if (!Number.isInteger(seats) || seats < 2 || seats > 6) {
      throw new RangeError(`seats must be an integer 2..6, got ${describe(seats)}`);
    }
    this.seats = Array.from({ length: seats }, () => freshSeat(this.control));
    this.since = now();
  }

  /** Restores a clock saved by `toJSON`, paused (the player may not be at the screen yet); throws on bad data. */
  static from(saved: unknown, now: () => number = () => performance.now()): GameClock {
    const data = readSaved(saved);
    const clock = new GameClock(data.control, data.seats.length, now);
    clock.seats = data.seats.map((s) => ({ ...s }));
    clock.turn = data.toMove;
    clock.stopped = true;
    clock.flagOrder = [...data.flagOrder];
    clock.reported = new Set(data.reported);
    return clock;
  }

  /** The seat to move starts running and every other seat stops; also ends a pause. No increment is given. */
  start(seat: number): void {
    this.settle();
    this.assertPlayable(seat);
    this.turn = seat;
    this.stopped = false;
  }

  /**
   * The seat to move has moved; `seat` is to move next and runs (unless paused). The mover gets its Fischer
   * increment, or its byo-yomi period back if it plays in byo-yomi — but only for a timed move: one made while
   * its clock ran and before its flag fell (a move after the flag does not undo the flag; call `check()`).
   */
  switchTo(seat: number): void {
    const timed = this.isRunning();
    this.settle();
    this.assertPlayable(seat);
    const mover = this.seats[this.turn];
    if (timed && !mover.flagged) {
      if (this.control.kind === 'fischer') mover.remainingMs += this.control.incrementMs;
      else if (this.control.kind === 'byoyomi' && mover.inByoyomi) mover.remainingMs = this.control.periodMs;
    }
    this.turn = seat;
  }

  /** Stops every clock, keeping the seat to move (undo, a dialog, a restored game): no time passes while paused. */
  pause(): void {
    this.settle();
    this.stopped = true;
  }

  /** Ends a pause: the seat to move runs again, or `seat` if the position changed meanwhile (undo changes turns). */
  resume(seat?: number): void {
    this.settle();
    if (seat !== undefined) {
      this.assertPlayable(seat);
      this.turn = seat;
    }
    this.stopped = false;
  }

  /** Takes a seat out of the game (a player out of a multi-player game): it never runs again; others are unchanged. */
  remove(seat: number): void {
    this.assertSeat(seat);
    this.settle();
    this.seats[seat].removed = true;
  }

  /** Every seat's clock now. */
  snapshot(): ClockView {
    const seats = this.seatsAt(this.now());
    const running = this.isRunning() && !seats[this.turn].flagged ? this.turn : -1;
    return {
      control: this.control,
      toMove: this.turn,
      paused: this.stopped,
      flagged: this.firstFlag(seats),
      seats: seats.map((s, i) => ({
        remainingMs: this.control.kind === 'none' ? Infinity : s.remainingMs,
        periodsLeft: s.periodsLeft,
        inByoyomi: s.inByoyomi,
        running: i === running,
        flagged: s.flagged,
        removed: s.removed,
        usedMs: s.usedMs,
      })),
    };
  }

  /** The first seat whose flag fell (at `now()`), or -1; it stays flagged, see `check()` for news. */
  flagged(): number {
    return this.firstFlag(this.seatsAt(this.now()));
  }

  /** A seat whose flag fell since the last call, reported once (oldest first), or -1: poll it to end the game. */
  check(): number {
    this.settle();
    for (const seat of this.flagOrder) {
      if (!this.reported.has(seat)) {
        this.reported.add(seat);
        return seat;
      }
    }
    return -1;
  }

  /** The clock as plain data at `now()` (used by JSON.stringify), for saving a game; restore with `from`. */
  toJSON(): SavedClock {
    const seats = this.seatsAt(this.now());
    const flagOrder = [...this.flagOrder];
    if (this.turn >= 0 && seats[this.turn].flagged && !flagOrder.includes(this.turn)) flagOrder.push(this.turn);
    return {
      version: 1,
      control: { ...this.control },
      toMove: this.turn,
      seats: seats.map((s) => ({ ...s })),
      flagOrder,
      reported: [...this.reported],
    };
  }

  /** Whether the seat to move is counting down (its stored state; a flag not yet settled still counts as running). */
  private isRunning(): boolean {
    if (this.turn < 0 || this.stopped) return false;
    const s = this.seats[this.turn];
    return !s.removed && !s.flagged;
  }

  /** The seats as they are at time `t`, without changing anything: only the running seat's time moves. */
  private seatsAt(t: number): SeatState[] {
    const seats = this.seats.map((s) => ({ ...s }));
    // A clock that steps back (a restored timestamp, a non-monotonic source) must not give time back.
    if (this.isRunning()) spend(this.control, seats[this.turn], Math.max(0, t - this.since));
    return seats;
  }

  /** Writes the running seat's time up to `now()` into the state, recording a flag that fell meanwhile. */
  private settle(): void {
    const t = this.now();
    const seats = this.seatsAt(t);
    if (this.turn >= 0 && seats[this.turn].flagged && !this.seats[this.turn].flagged) this.flagOrder.push(this.turn);
    this.seats = seats;
    this.since = Math.max(this.since, t);
  }

  /** The earliest flag: recorded ones first, then the running seat if its flag fell since the last settle. */
  private firstFlag(seats: SeatState[]): number {
    if (this.flagOrder.length > 0) return this.flagOrder[0];
    return this.turn >= 0 && seats[this.turn].flagged ? this.turn : -1;
  }

  private assertSeat(seat: number): void {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.seats.length) {
      throw new RangeError(`seat must be an integer 0..${this.seats.length - 1}, got ${describe(seat)}`);
    }
  }

  /** A seat may be given the turn only while it is still in the game with time left: asking otherwise is a bug. */
  private assertPlayable(seat: number): void {
    this.assertSeat(seat);
    const s = this.seats[seat];
    if (s.removed) throw new RangeError(`seat ${seat} is out of the game`);
    if (s.flagged) throw new RangeError(`seat ${seat} has lost on time`);
  }
}

/** A seat's state at the start of a game; with no byo-yomi base it plays in its first period from the start. */
function freshSeat(control: TimeControl): SeatState {
  const seat = { remainingMs: 0, periodsLeft: 0, inByoyomi: false, usedMs: 0, removed: false, flagged: false };
  if (control.kind === 'fischer') seat.remainingMs = control.baseMs;
  if (control.kind === 'byoyomi') {
    seat.periodsLeft = control.periods;
    seat.inByoyomi = control.baseMs === 0;
    seat.remainingMs = seat.inByoyomi ? control.periodMs : control.baseMs;
  }
  return seat;
}

/**
 * Runs a seat's clock for `elapsed` ms, in place. Reaching exactly 0 is out of time (a period used up, or the
 * flag), so spending in two steps gives the same state as in one.
 */
function spend(control: TimeControl, seat: SeatState, elapsed: number): void {
  if (seat.flagged || elapsed <= 0) return;
  if (control.kind === 'none') {
    seat.usedMs += elapsed;
    return;
  }
  let left = elapsed;
  if (control.kind === 'byoyomi') {
    if (!seat.inByoyomi) {
      if (left < seat.remainingMs) {
        seat.remainingMs -= left;
        seat.usedMs += left;
        return;
      }
      left -= seat.remainingMs;
      seat.usedMs += seat.remainingMs;
      seat.inByoyomi = true;
      seat.remainingMs = control.periodMs;
    }
    // Each overrun period is used up and the next one opens; periods ≤ 30, so the loop is short.
    while (seat.periodsLeft > 0 && left >= seat.remainingMs) {
      left -= seat.remainingMs;
      seat.usedMs += seat.remainingMs;
      seat.periodsLeft -= 1;
      seat.remainingMs = seat.periodsLeft > 0 ? control.periodMs : 0;
    }
    if (seat.periodsLeft === 0) {
      seat.remainingMs = 0;
      seat.flagged = true;
      return;
    }
    seat.remainingMs -= left;
    seat.usedMs += left;
    return;
  }
  if (left >= seat.remainingMs) {
    seat.usedMs += seat.remainingMs;
    seat.remainingMs = 0;
    seat.flagged = true;
    return;
  }
  seat.remainingMs -= left;
  seat.usedMs += left;
}

/** Checks data read back from storage, which may be from an older page or damaged; throws a RangeError. */
function readSaved(saved: unknown): SavedClock {
  const fail = (what: string): never => {
    throw new RangeError(`saved clock: ${what}`);
  };
  if (typeof saved !== 'object' || saved === null) return fail(`not an object (${describe(saved)})`);
  const d = saved as Record<string, unknown>;
  if (d.version !== 1) fail(`unknown version ${describe(d.version)}`);
  const control = parseTimeControl(d.control);
  if (!Array.isArray(d.seats) || d.seats.length < 2 || d.seats.length > 6) fail('seats must be a list of 2..6');
  const n = (d.seats as unknown[]).length;
  const maxPeriods = control.kind === 'byoyomi' ? control.periods : 0;
  const seats = (d.seats as unknown[]).map((raw, i): SavedSeat => {
    if (typeof raw !== 'object' || raw === null) return fail(`seat ${i} is not an object`);
    const s = raw as Record<string, unknown>;
    const time = (key: string): number => {
      const x = s[key];
      return typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : fail(`seat ${i} ${key} is ${describe(x)}`);
    };
    const flag = (key: string): boolean =>
      typeof s[key] === 'boolean' ? (s[key] as boolean) : fail(`seat ${i} ${key} is ${describe(s[key])}`);
    const periodsLeft = s.periodsLeft;
    if (!Number.isInteger(periodsLeft) || (periodsLeft as number) < 0 || (periodsLeft as number) > maxPeriods) {
      fail(`seat ${i} periodsLeft is ${describe(periodsLeft)}`);
    }
    return {
      remainingMs: time('remainingMs'),
      periodsLeft: periodsLeft as number,
      inByoyomi: flag('inByoyomi'),
      usedMs: time('usedMs'),
      removed: flag('removed'),
      flagged: flag('flagged'),
    };
  });
  const seatList = (key: string): number[] => {
    const list = d[key];
    const ok =
      Array.isArray(list) &&
      list.every((x) => Number.isInteger(x) && x >= 0 && x < n) &&
      new Set(list).size === list.length;
    return ok ? (list as number[]) : fail(`${key} must list distinct seats, got ${describe(list)}`);
  };
  const flagOrder = seatList('flagOrder');
  const reported = seatList('reported');
  const flaggedSeats = seats.flatMap((s, i) => (s.flagged ? [i] : []));
  if (
    flaggedSeats.length !== flagOrder.length ||
    !flagOrder.every((x) => seats[x].flagged) ||
    !reported.every((x) => flagOrder.includes(x))
  ) {
    fail('flags do not match the seats');
  }
  if (!Number.isInteger(d.toMove) || (d.toMove as number) < -1 || (d.toMove as number) >= n) {
    fail(`toMove is ${describe(d.toMove)}`);
  }
  return { version: 1, control, toMove: d.toMove as number, seats, flagOrder, reported };
}

/** Validates one integer field of a time control, naming it in the error. */
function integerField(v: Record<string, unknown>, kind: string, key: string, min: number, max: number): number {
  const x = v[key];
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
    throw new RangeError(`${kind} ${key} must be an integer from ${min} to ${max}, got ${describe(x)}`);
  }
  return x;
}

/** A short rendering of a bad value for an error message. */
function describe(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x);
  if (x === undefined || x === null || typeof x !== 'object') return String(x);
  return Array.isArray(x) ? 'a list' : 'an object';
}

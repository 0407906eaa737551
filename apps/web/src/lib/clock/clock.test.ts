import { beforeEach, describe, expect, it } from 'vitest';
import {
  GameClock,
  MIN_THINK_MS,
  parseTimeControl,
  thinkBudgetMs,
  type ClockView,
  type TimeControl,
} from './clock.js';

// A fake clock: the tests move time by hand, so nothing here depends on real time or timers.
let t = 0;
const now = (): number => t;
beforeEach(() => {
  t = 0;
});

const MIN = 60_000;
const fischer = (baseMs: number, incrementMs: number): TimeControl => ({ kind: 'fischer', baseMs, incrementMs });
const byoyomi = (baseMs: number, periods: number, periodMs: number): TimeControl => ({
  kind: 'byoyomi',
  baseMs,
  periods,
  periodMs,
});
const seat = (clock: GameClock, i: number) => clock.snapshot().seats[i];

describe('Fischer', () => {
  it('counts down the seat to move only and gives the mover its increment', () => {
    const clock = new GameClock(fischer(5 * MIN, 3000), 2, now);
    clock.start(0);
    t = 10_000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 5 * MIN - 10_000, running: true, flagged: false });
    expect(seat(clock, 1)).toMatchObject({ remainingMs: 5 * MIN, running: false });
    clock.switchTo(1);
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 5 * MIN - 10_000 + 3000, running: false, usedMs: 10_000 });
    t = 14_000;
    clock.switchTo(0);
    expect(seat(clock, 1).remainingMs).toBe(5 * MIN - 4000 + 3000);
    expect(seat(clock, 0).remainingMs).toBe(5 * MIN - 7000);
    expect(clock.snapshot().toMove).toBe(0);
  });

  it('flags at exactly zero, stops the flagged clock and gives no increment for a move after the flag', () => {
    const clock = new GameClock(fischer(1000, 5000), 2, now);
    clock.start(0);
    t = 999;
    expect(clock.flagged()).toBe(-1);
    t = 1000;
    expect(clock.flagged()).toBe(0);
    t = 5000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 0, flagged: true, running: false, usedMs: 1000 });
    clock.switchTo(1);
    expect(seat(clock, 0).remainingMs).toBe(0);
    expect(clock.check()).toBe(0);
  });
});

describe('byo-yomi', () => {
  it('enters the periods when the base runs out, and a move within a period resets it', () => {
    const clock = new GameClock(byoyomi(10_000, 3, 5000), 2, now);
    clock.start(0);
    t = 8000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 2000, inByoyomi: false, periodsLeft: 3 });
    t = 12_000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 3000, inByoyomi: true, periodsLeft: 3 });
    clock.switchTo(1);
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 5000, inByoyomi: true, periodsLeft: 3 });
    t = 13_000;
    clock.switchTo(0);
    // A move in the base time earns nothing: the base is not refilled.
    expect(seat(clock, 1)).toMatchObject({ remainingMs: 9000, inByoyomi: false });
    t = 17_000;
    clock.switchTo(1);
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 5000, periodsLeft: 3 });
  });

  it('uses up an overrun period, opens the next, and flags after the last one', () => {
    const clock = new GameClock(byoyomi(0, 3, 5000), 2, now);
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 5000, inByoyomi: true, periodsLeft: 3 });
    clock.start(0);
    t = 6000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 4000, periodsLeft: 2, flagged: false });
    clock.switchTo(1); // a move within the second period resets it, but the first stays used up
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 5000, periodsLeft: 2 });
    t = 7000;
    clock.switchTo(0);
    t = 7000 + 9999;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 1, periodsLeft: 1, flagged: false });
    expect(clock.check()).toBe(-1);
    t = 7000 + 10_000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: 0, periodsLeft: 0, flagged: true, running: false });
    expect(clock.check()).toBe(0);
    expect(clock.check()).toBe(-1);
  });

  it('spends time the same in many small steps as in one', () => {
    const control = byoyomi(7000, 4, 3000);
    const stepped = new GameClock(control, 2, now);
    const once = new GameClock(control, 2, now);
    stepped.start(0);
    once.start(0);
    for (let i = 0; i < 25; i++) {
      t += 700;
      stepped.check();
    }
    expect(stepped.snapshot()).toEqual(once.snapshot());
    expect(seat(once, 0)).toMatchObject({ remainingMs: 1500, periodsLeft: 1, usedMs: 17_500 });
  });
});

describe('pause and resume', () => {
  it('keeps every clock while paused (undo) and resumes the seat to move', () => {
    const clock = new GameClock(fischer(MIN, 0), 2, now);
    clock.start(0);
    t = 5000;
    clock.pause();
    t = 10 * MIN;
    const view = clock.snapshot();
    expect(view.paused).toBe(true);
    expect(view.seats.map((s) => [s.remainingMs, s.running])).toEqual([
      [MIN - 5000, false],
      [MIN, false],
    ]);
    clock.resume();
    t += 1000;
    expect(seat(clock, 0)).toMatchObject({ remainingMs: MIN - 6000, running: true });
  });

  it('resumes another seat when undo changed the turn, and gives no increment for moves replayed while paused', () => {
    const clock = new GameClock(fischer(MIN, 2000), 2, now);
    clock.start(0);
    t = 1000;
    clock.switchTo(1);
    t = 3000;
    clock.pause();
    clock.switchTo(0); // redo of a move while paused: not timed
    expect(seat(clock, 1).remainingMs).toBe(MIN - 2000);
    clock.resume(1);
    t = 4000;
    expect(clock.snapshot().toMove).toBe(1);
    expect(seat(clock, 1)).toMatchObject({ remainingMs: MIN - 3000, running: true });
    expect(seat(clock, 0)).toMatchObject({ remainingMs: MIN - 1000 + 2000, running: false });
  });

  it('does not run before start and does not give time back when the clock steps back', () => {
    const clock = new GameClock(fischer(MIN, 0), 2, now);
    t = 5000;
    expect(clock.snapshot().seats.every((s) => !s.running && s.remainingMs === MIN)).toBe(true);
    expect(clock.snapshot().toMove).toBe(-1);
    clock.start(0);
    t = 4000;
    expect(seat(clock, 0).remainingMs).toBe(MIN);
  });
});

describe('several players', () => {
  it('skips a removed seat: it never runs again and cannot be given the turn', () => {
    const clock = new GameClock(fischer(MIN, 0), 3, now);
    clock.start(0);
    t = 1000;
    clock.remove(1);
    clock.switchTo(2);
    expect(() => clock.switchTo(1)).toThrow(RangeError);
    t = 2000;
    clock.switchTo(0);
    const view = clock.snapshot();
    expect(view.seats.map((s) => s.remainingMs)).toEqual([MIN - 1000, MIN, MIN - 1000]);
    expect(view.seats[1]).toMatchObject({ removed: true, running: false, flagged: false });
  });

  it('stops a removed seat that was running', () => {
    const clock = new GameClock(fischer(MIN, 0), 4, now);
    clock.start(2);
    t = 1000;
    clock.remove(2);
    t = 9000;
    expect(seat(clock, 2)).toMatchObject({ remainingMs: MIN - 1000, running: false, removed: true });
    clock.start(3);
    t = 10_000;
    expect(seat(clock, 3).remainingMs).toBe(MIN - 1000);
  });

  it('puts a flagged player out while the others play on', () => {
    const clock = new GameClock(fischer(2000, 1000), 3, now);
    clock.start(0);
    t = 500;
    clock.switchTo(1);
    t = 3000; // seat 1's flag fell at 2500
    expect(clock.check()).toBe(1);
    clock.remove(1);
    clock.switchTo(2); // from the flagged seat: no increment for it
    expect(seat(clock, 1)).toMatchObject({ remainingMs: 0, flagged: true });
    t = 3500;
    clock.switchTo(0);
    t = 4000;
    const view = clock.snapshot();
    expect(view.seats.map((s) => s.remainingMs)).toEqual([2000 + 1000 - 500 - 500, 0, 2000 + 1000 - 500]);
    expect(view.seats[0].running).toBe(true);
    expect(clock.flagged()).toBe(1);
    expect(clock.check()).toBe(-1);
  });

  it('reports each flag once, oldest first', () => {
    const clock = new GameClock(fischer(1000, 0), 3, now);
    clock.start(0);
    t = 2000;
    clock.switchTo(1); // seat 0 flagged, not yet reported
    t = 4000; // seat 1 flagged too
    expect(clock.flagged()).toBe(0);
    expect(clock.check()).toBe(0);
    expect(clock.check()).toBe(1);
    expect(clock.check()).toBe(-1);
    expect(() => clock.start(1)).toThrow(/lost on time/);
  });

  it('accepts 2..6 seats only', () => {
    expect(() => new GameClock(fischer(MIN, 0), 1, now)).toThrow(RangeError);
    expect(() => new GameClock(fischer(MIN, 0), 7, now)).toThrow(RangeError);
    expect(() => new GameClock(fischer(MIN, 0), 2.5, now)).toThrow(RangeError);
    expect(new GameClock(fischer(MIN, 0), 6, now).snapshot().seats).toHaveLength(6);
    expect(() => new GameClock(fischer(MIN, 0), 2, now).start(2)).toThrow(RangeError);
  });
});

describe('no time control', () => {
  it('never flags and counts the time each seat used', () => {
    const clock = new GameClock({ kind: 'none' }, 2, now);
    clock.start(0);
    t = 10 * 24 * 60 * MIN;
    clock.switchTo(1);
    t += 1234;
    expect(clock.check()).toBe(-1);
    const view = clock.snapshot();
    expect(view.seats.map((s) => [s.remainingMs, s.usedMs, s.flagged])).toEqual([
      [Infinity, 10 * 24 * 60 * MIN, false],
      [Infinity, 1234, false],
    ]);
  });
});

describe('saving and restoring', () => {
  it('restores every clock from JSON, paused, and resumes the seat to move', () => {
    const clock = new GameClock(byoyomi(10_000, 3, 5000), 2, now);
    clock.start(0);
    t = 3000;
    clock.switchTo(1);
    t = 3000 + 10_000 + 5000 + 1000; // seat 1: base out at 13 000, first period used up at 18 000, 1000 into the second
    const saved = JSON.parse(JSON.stringify(clock));
    const before = clock.snapshot();

    t = 1_000_000; // a new page: performance.now() starts elsewhere
    const restored = GameClock.from(saved, now);
    t += 60_000;
    const view = restored.snapshot();
    expect(view.paused).toBe(true);
    expect(view.seats).toEqual(before.seats.map((s) => ({ ...s, running: false })));
    expect(view.seats[1]).toMatchObject({ remainingMs: 4000, periodsLeft: 2, inByoyomi: true });
    restored.resume();
    t += 500;
    expect(seat(restored, 1)).toMatchObject({ remainingMs: 3500, running: true });
  });

  it('reports a flag that fell before saving but was never reported, and not one already reported', () => {
    const clock = new GameClock(fischer(1000, 0), 3, now);
    clock.start(0);
    t = 1500;
    expect(clock.check()).toBe(0);
    clock.switchTo(1);
    t = 3000; // seat 1 flagged at 2500, unreported when saved
    const restored = GameClock.from(JSON.parse(JSON.stringify(clock)), now);
    expect(restored.flagged()).toBe(0);
    expect(restored.check()).toBe(1);
    expect(restored.check()).toBe(-1);
  });

  it('refuses damaged saved data', () => {
    const good = JSON.parse(JSON.stringify(new GameClock(fischer(MIN, 0), 2, now)));
    expect(GameClock.from(good, now).snapshot().seats).toHaveLength(2);
    const bad: unknown[] = [
      null,
      'clock',
      { ...good, version: 2 },
      { ...good, control: { kind: 'fischer', baseMs: -1, incrementMs: 0 } },
      { ...good, seats: [good.seats[0]] },
      { ...good, seats: [{ ...good.seats[0], remainingMs: -5 }, good.seats[1]] },
      { ...good, seats: [{ ...good.seats[0], periodsLeft: 2 }, good.seats[1]] },
      { ...good, seats: [{ ...good.seats[0], flagged: true }, good.seats[1]] },
      { ...good, toMove: 2 },
      { ...good, flagOrder: [0] },
      { ...good, reported: 'none' },
    ];
    for (const value of bad) expect(() => GameClock.from(value, now), JSON.stringify(value)).toThrow(RangeError);
  });
});

describe('parseTimeControl', () => {
  it('returns a clean copy of a valid control', () => {
    expect(parseTimeControl({ kind: 'none', extra: 1 })).toEqual({ kind: 'none' });
    expect(parseTimeControl({ kind: 'fischer', baseMs: 300_000, incrementMs: 0, note: 'x' })).toEqual(
      fischer(300_000, 0),
    );
    expect(parseTimeControl(byoyomi(0, 30, 30_000))).toEqual(byoyomi(0, 30, 30_000));
    expect(parseTimeControl(fischer(24 * 60 * MIN, 24 * 60 * MIN))).toEqual(fischer(24 * 60 * MIN, 24 * 60 * MIN));
  });

  it('names the bad field', () => {
    const cases: [unknown, RegExp][] = [
      [fischer(-1, 0), /baseMs/],
      [fischer(0, 0), /baseMs/],
      [fischer(1000.5, 0), /baseMs/],
      [fischer(24 * 60 * MIN + 1, 0), /baseMs/],
      [fischer(1000, -1), /incrementMs/],
      [{ kind: 'fischer', baseMs: 1000 }, /incrementMs.*undefined/],
      [{ kind: 'fischer', baseMs: '1000', incrementMs: 0 }, /baseMs.*"1000"/],
      [byoyomi(-1, 5, 30_000), /baseMs/],
      [byoyomi(0, 0, 30_000), /periods/],
      [byoyomi(0, 31, 30_000), /periods/],
      [byoyomi(0, 2.5, 30_000), /periods/],
      [byoyomi(0, 5, 0), /periodMs/],
      [byoyomi(0, 5, Number.NaN), /periodMs/],
      [byoyomi(0, 5, Infinity), /periodMs/],
      [{ kind: 'canadian' }, /kind/],
      [null, /object/],
      [[1, 2], /object/],
    ];
    for (const [value, message] of cases) {
      expect(() => parseTimeControl(value), String(message)).toThrow(RangeError);
      expect(() => parseTimeControl(value)).toThrow(message);
    }
  });
});

describe('thinkBudgetMs', () => {
  /** A view with one seat's clock set as given. */
  const viewOf = (control: TimeControl, remainingMs: number, inByoyomi = false): ClockView => ({
    control,
    toMove: 0,
    paused: false,
    flagged: -1,
    seats: [0, 1].map(() => ({
      remainingMs,
      periodsLeft: control.kind === 'byoyomi' ? 1 : 0,
      inByoyomi,
      running: false,
      flagged: false,
      removed: false,
      usedMs: 0,
    })),
  });
  const margin = (available: number) => Math.min(1000, available / 10);

  it("returns null without a time control (the level's own budget)", () => {
    const clock = new GameClock({ kind: 'none' }, 2, now);
    expect(thinkBudgetMs(clock.snapshot(), 1)).toBeNull();
  });

  it('follows the documented formulas', () => {
    expect(thinkBudgetMs(viewOf(fischer(MIN, 0), 5 * MIN), 0)).toBe(10_000);
    expect(thinkBudgetMs(viewOf(fischer(MIN, 2000), 3 * MIN), 0)).toBe(6000 + 1600);
    expect(thinkBudgetMs(viewOf(byoyomi(MIN, 5, 30_000), 3 * MIN), 0)).toBe(6000 + 7500);
    expect(thinkBudgetMs(viewOf(byoyomi(MIN, 5, 30_000), 30_000, true), 0)).toBe(24_000);
    // A large increment with little left: capped at what is left minus the margin.
    expect(thinkBudgetMs(viewOf(fischer(MIN, 10_000), 2000), 0)).toBe(1800);
  });

  it('never exceeds the time available minus the margin, and gives at least the floor when it can', () => {
    const remains = [0, 1, 10, 49, 50, 55, 56, 100, 999, 1000, 5000, 10_001, 59_999, MIN, 90 * MIN, 24 * 60 * MIN];
    const controls = [
      fischer(MIN, 0),
      fischer(MIN, 5000),
      fischer(MIN, MIN),
      byoyomi(MIN, 5, 1000),
      byoyomi(MIN, 1, 30_000),
    ];
    for (const control of controls) {
      for (const r of remains) {
        for (const inByoyomi of control.kind === 'byoyomi' ? [false, true] : [false]) {
          const budget = thinkBudgetMs(viewOf(control, r, inByoyomi), 0)!;
          const available = control.kind === 'byoyomi' && !inByoyomi ? r + control.periodMs : r;
          const cap = available - margin(available);
          const label = `${JSON.stringify(control)} r=${r} inByoyomi=${inByoyomi}: ${budget}`;
          expect(Number.isInteger(budget), label).toBe(true);
          expect(budget, label).toBeLessThanOrEqual(cap);
          expect(budget, label).toBeGreaterThanOrEqual(Math.min(MIN_THINK_MS, Math.floor(cap)));
          if (available >= 2 * MIN_THINK_MS) expect(budget, label).toBeGreaterThanOrEqual(MIN_THINK_MS);
        }
      }
    }
  });

  it('gives nothing to a flagged or removed seat', () => {
    const clock = new GameClock(fischer(1000, 0), 3, now);
    clock.start(0);
    t = 2000;
    clock.remove(2);
    const view = clock.snapshot();
    expect(thinkBudgetMs(view, 0)).toBe(0);
    expect(thinkBudgetMs(view, 2)).toBe(0);
    expect(thinkBudgetMs(view, 1)).toBe(MIN_THINK_MS);
    expect(() => thinkBudgetMs(view, 3)).toThrow(RangeError);
  });
});

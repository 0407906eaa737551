/** GTP time control: `time_settings` and `time_left`, turned into a thinking budget per move. */
import { clockMoveTime, goMovesToGo, type ClockMoveTime } from '@qi/ai-worker';

export class GtpClock {
  private mainSec = 0;
  private byoSec = 0;
  private byoStones = 0;
  private limited = false;
  private readonly left: [number, number] = [0, 0];
  private readonly stonesLeft: [number, number] = [0, 0];

  /** `time_settings main byo stones` (seconds): byo 0 means absolute time; stones 0 with byo > 0 means none at all. */
  settings(mainSec: number, byoSec: number, byoStones: number): void {
    this.mainSec = mainSec;
    this.byoSec = byoSec;
    this.byoStones = byoStones;
    // GTP: byo-yomi time > 0 with 0 stones means no time limits.
    this.limited = !(byoSec > 0 && byoStones === 0);
    if (!this.limited) return;
    for (const p of [0, 1]) {
      this.left[p] = mainSec;
      this.stonesLeft[p] = 0;
    }
    if (mainSec === 0 && byoSec === 0 && byoStones === 0) this.limited = false;
  }

  /** `time_left color seconds stones`: stones 0 while in main time, else stones left in this byo-yomi period. */
  update(player: 0 | 1, seconds: number, stones: number): void {
    this.left[player] = seconds;
    this.stonesLeft[player] = stones;
    if (!this.limited && (seconds > 0 || stones > 0)) this.limited = true;
  }

  /** Whether the game has a time limit (set by time_settings or time_left). */
  get active(): boolean {
    return this.limited;
  }

  /**
   * How long to think for `player` with `empties` of the board's `points` empty, or undefined without a time limit. Main time
   * is shared out over the moves a game still needs (`clockMoveTime`: an aim, and up to 2.5 times it while the
   * search is unsettled), byo-yomi over its stones (no more: a period overrun loses); a safety margin covers
   * transport and thread start-up.
   */
  budget(player: 0 | 1, empties: number, points: number): ClockMoveTime | undefined {
    if (!this.limited) return undefined;
    const left = this.left[player] * 1000;
    const stones = this.stonesLeft[player];
    if (stones > 0) {
      const ms = left / stones;
      const timeMs = Math.max(50, Math.floor(ms - margin(ms)));
      return { timeMs, timeMaxMs: timeMs };
    }
    // With byo-yomi waiting after main time, part of one period can be used too.
    const byo = this.byoSec > 0 && this.byoStones > 0 ? (this.byoSec * 1000) / this.byoStones / 2 : 0;
    const movesToGo = goMovesToGo(empties, points);
    const total = left + byo * movesToGo;
    const t = clockMoveTime(total, movesToGo, margin(total / movesToGo));
    return { timeMs: Math.max(50, t.timeMs), timeMaxMs: Math.max(50, t.timeMaxMs) };
  }
}

/** What a move keeps back for transport and thread start-up. */
function margin(ms: number): number {
  return Math.min(1000, 150 + ms * 0.1);
}

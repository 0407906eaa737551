/** GTP time control: `time_settings` and `time_left`, turned into a thinking budget per move. */
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
   * Milliseconds to think for `player` with `empties` empty points left, or undefined without a time limit. Main
   * time is spread over the moves a game still needs, byo-yomi over its stones; a safety margin covers
   * transport and thread start-up.
   */
  budgetMs(player: 0 | 1, empties: number): number | undefined {
    if (!this.limited) return undefined;
    const left = this.left[player] * 1000;
    const stones = this.stonesLeft[player];
    let ms: number;
    if (stones > 0) ms = left / stones;
    else {
      const movesToGo = Math.max(12, Math.ceil(empties / 3));
      ms = left / movesToGo;
      // With byo-yomi waiting after main time, part of one period can be used too.
      if (this.byoSec > 0 && this.byoStones > 0) ms += (this.byoSec * 1000) / this.byoStones / 2;
    }
    const margin = Math.min(1000, 150 + ms * 0.1);
    return Math.max(50, Math.floor(ms - margin));
  }
}

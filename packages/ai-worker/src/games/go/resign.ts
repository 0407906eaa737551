/**
 * Qi's one resignation policy for Go, used by GTP's genmove and by the web app's Qi seats: resign after
 * `after` (3) hopeless searches of one colour in a row, a search being hopeless when it is reliable, chose a
 * move on the board (a passing Qi lets the game be counted instead) and its best candidate's win rate is below
 * `below` (0.05), once `fromMove` moves have been played (a third of the board's points: 27 on 9x9, 120 on
 * 19x19, so an opening's noisy estimate never resigns). Searches too small to estimate the game (MCTS with
 * fewer than RELIABLE_PLAYOUTS at the root: levels 1–4, or a strong level short of time) never start a streak nor
 * break one, but a hopeless one carries on a streak that a reliable search started: a lost game on a clock that
 * runs out would otherwise be played to the end at a few playouts a move (a lost 13x13 game against GNU Go under a
 * clock, two hopeless searches in a row by move 186, went on to move 217 at 60–350 playouts a move while Qi's groups
 * died one by one). A game that got shorter (undo, a new game) starts the streak again.
 */

/** The part of a search result (the worker's Progress) the policy reads. */
export interface SearchOutcome {
  algorithm: string;
  move: number | null;
  winRate: number;
  visits: number;
  nodes: number;
  candidates: readonly { winRate: number }[];
}

/** Playouts below which an MCTS win rate is noise (levels 1–4 search 30–250 playouts and read 0% or 100%). */
export const RELIABLE_PLAYOUTS = 400;

/** The search's estimate of the game for the side it searched: its best candidate's (a low level may pick another move at random). */
export function searchWinRate(p: SearchOutcome): number {
  return p.candidates.length > 0 ? p.candidates[0].winRate : p.winRate;
}

/** Whether a search saw enough to estimate the game: an MCTS one with RELIABLE_PLAYOUTS at the root, any other with some nodes. */
export function reliable(p: SearchOutcome): boolean {
  return p.algorithm === 'mcts' ? p.visits >= RELIABLE_PLAYOUTS : p.nodes > 0;
}

/** Tuning of the resignation policy. */
export interface ResignOptions {
  /** Win rate below which a search is hopeless (default 0.05; 0 never resigns). */
  below?: number;
  /** Hopeless searches of one colour in a row before resigning (default 3). */
  after?: number;
  /** Moves played before Qi may resign (default: a third of the board's points, rounded up). */
  fromMove?: number;
}

/** The resignation policy's state for one game: the streak of hopeless searches per colour. */
export class Resignation {
  readonly below: number;
  readonly after: number;
  private readonly fromMove: number | undefined;
  private readonly streak = [0, 0];
  private readonly since = [0, 0];

  constructor(options: ResignOptions = {}) {
    this.below = options.below ?? 0.05;
    this.after = options.after ?? 3;
    this.fromMove = options.fromMove;
    if (!(this.below >= 0 && this.below <= 1)) throw new RangeError(`resignation win rate must be from 0 to 1, got ${this.below}`);
    if (!Number.isInteger(this.after) || this.after < 1) throw new RangeError(`resignation streak must be a positive whole number, got ${this.after}`);
  }

  /** The move number from which a game on a board of `size` may be resigned. */
  fromMoveFor(size: number): number {
    return this.fromMove ?? Math.ceil((size * size) / 3);
  }

  /**
   * Notes `player`'s search `r` made with `moveNumber` moves played on a board of `size`; returns whether
   * `player` resigns now.
   */
  note(r: SearchOutcome, player: 0 | 1, moveNumber: number, size: number): boolean {
    if (moveNumber < this.since[player]) this.streak[player] = 0; // a shorter game: a new streak
    const hopeless = this.below > 0 && r.move !== null && moveNumber >= this.fromMoveFor(size) && searchWinRate(r) < this.below;
    if (!reliable(r)) {
      if (!hopeless || this.streak[player] === 0) return false;
    } else if (!hopeless) {
      this.streak[player] = 0;
      return false;
    }
    this.since[player] = moveNumber;
    return ++this.streak[player] >= this.after;
  }

  /** Forgets both streaks (a new game). */
  reset(): void {
    this.streak[0] = this.streak[1] = 0;
    this.since[0] = this.since[1] = 0;
  }
}

import { benson } from './benson.js';
import type { GoPosition } from './position.js';
import { components, scoreGame, StoneGrid, type Score, type ScoreOptions } from './score.js';

/**
 * Dead stones at the end of a game: the marking phase in which players toggle whole chains before the count is
 * confirmed, a rule of the game. Which stones to propose as dead is the AI's judgement (ai-worker's
 * `deadStones`, with the static `estimateDead` that used to live here).
 */

/** Where the end of a game stands: still playing, players marking dead stones, or the count agreed. */
export type MarkingPhase = 'playing' | 'marking' | 'confirmed';

/**
 * The end-of-game marking phase for one position: start() (optionally with the automatic estimate), toggle()
 * whole chains, see warnings for marked chains that look alive, confirm() to freeze the count.
 */
export class DeadStoneMarking {
  private state: MarkingPhase = 'playing';
  private readonly marked = new Set<number>();
  /** The board as it was when marking started (it must not change while marking). */
  private grid: StoneGrid | null = null;

  constructor(
    private readonly pos: GoPosition,
    private readonly scoreOptions: ScoreOptions = {},
  ) {}

  /** The current phase. */
  get phase(): MarkingPhase {
    return this.state;
  }

  /** Enters the marking phase, marking `initial` chains (e.g. ai-worker's deadStones(pos)); the board must not change from here. */
  start(initial: Iterable<number> = []): void {
    if (this.state !== 'playing') throw new Error(`marking has already ${this.state === 'marking' ? 'started' : 'been confirmed'}`);
    this.state = 'marking';
    this.grid = new StoneGrid(this.pos);
    for (const p of initial) if (!this.isDead(p)) this.toggle(p);
  }

  /** Marks the chain at p dead, or alive again if it was marked; returns whether it is now marked dead. */
  toggle(p: number): boolean {
    if (this.state !== 'marking') throw new Error(`dead stones can only be marked in the marking phase (now ${this.state})`);
    if (!this.pos.onBoard(p)) throw new RangeError(`${p} is not a point of the board`);
    if (this.pos.stoneAt(p) === 0) throw new RangeError(`no stone at ${this.pos.moveToText(p)} to mark`);
    const chain = this.chainPoints(p);
    const dead = !this.marked.has(p);
    for (const q of chain) {
      if (dead) this.marked.add(q);
      else this.marked.delete(q);
    }
    return dead;
  }

  /** Whether the stone at p is marked dead. */
  isDead(p: number): boolean {
    return this.marked.has(p);
  }

  /** All stones marked dead, sorted. */
  dead(): number[] {
    return [...this.marked].sort((a, b) => a - b);
  }

  /**
   * Marked chains that look alive (one point per chain, its first stone): unconditionally alive by Benson's
   * test, or touching two or more eyes — empty regions only its colour borders once the other side's marked
   * stones are lifted.
   */
  warnings(): number[] {
    const grid = this.grid;
    if (grid === null) return [];
    const total = grid.stones.length;
    const out: number[] = [];
    const seen = new Set<number>();
    const bensonOf = [benson(grid, 1).alive, benson(grid, 2).alive];
    for (const p of this.dead()) {
      if (seen.has(p)) continue;
      const chain = this.chainPoints(p);
      for (const q of chain) seen.add(q);
      const i = grid.indexOf(this.pos, p);
      const color = grid.stones[i];
      if (bensonOf[color - 1][i]) {
        out.push(chain[0]);
        continue;
      }
      // the board with the opponent's marked stones lifted
      const live = new Uint8Array(total);
      for (let k = 0; k < total; k++) {
        const s = grid.stones[k];
        live[k] = s !== 0 && s !== color && this.marked.has(grid.toPoint[k]) ? 0 : s;
      }
      const parts = components(grid, live);
      const eyes = new Set<number>();
      for (const q of chain) {
        const k = grid.indexOf(this.pos, q);
        for (let d = 0; d < 4; d++) {
          const j = grid.adj[4 * k + d];
          if (j < 0 || live[j] !== 0) continue;
          const r = parts.id[j];
          if (eyes.has(r)) continue;
          let only = true;
          for (const m of parts.members[r]) for (let e = 0; e < 4; e++) {
            const n = grid.adj[4 * m + e];
            if (n >= 0 && live[n] !== 0 && live[n] !== color) only = false;
          }
          if (only) eyes.add(r);
        }
      }
      if (eyes.size >= 2) out.push(chain[0]);
    }
    return out.sort((a, b) => a - b);
  }

  /** The count with the current marks, by the position's scoring rule. */
  score(): Score {
    return scoreGame(this.pos, this.marked, this.scoreOptions);
  }

  /** Ends the marking phase and returns the agreed count. */
  confirm(): Score {
    if (this.state !== 'marking') throw new Error(`only a marking phase can be confirmed (now ${this.state})`);
    this.state = 'confirmed';
    return this.score();
  }

  /** Leaves the marking phase without a count (the players resume the game); clears the marks. */
  resume(): void {
    if (this.state !== 'marking') throw new Error(`only a marking phase can be left (now ${this.state})`);
    this.marked.clear();
    this.state = 'playing';
  }

  private chainPoints(p: number): number[] {
    const into = new Int32Array(this.pos.size * this.pos.size);
    const n = this.pos.chainStones(p, into);
    return Array.from(into.subarray(0, n)).sort((a, b) => a - b);
  }
}

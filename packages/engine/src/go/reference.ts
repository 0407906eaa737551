import type { KoRule } from './rules.js';

/**
 * A deliberately naive Go board, the independent oracle for tests: a plain size×size grid, groups and liberties
 * recomputed by flood fill on every question, ko and superko judged by comparing whole-board strings with the
 * history. Slow and obviously correct; shares no code with GoPosition. Players alternate (0 Black, 1 White).
 */
export class ReferenceGo {
  readonly size: number;
  grid: Uint8Array;
  toMove = 0;
  captures = [0, 0];
  passes = 0;
  /** Board strings (with the side to move) of every position so far, oldest first. */
  private history: { board: string; side: number }[] = [];

  constructor(size: number, readonly ko: KoRule = 'simple', readonly suicide = false) {
    this.size = size;
    this.grid = new Uint8Array(size * size);
    this.history.push({ board: this.key(this.grid), side: 0 });
  }

  key(g: Uint8Array): string {
    return Array.from(g).join('');
  }

  neighbours(i: number): number[] {
    const n = this.size, r = Math.floor(i / n), c = i % n;
    const out: number[] = [];
    if (c > 0) out.push(i - 1);
    if (c < n - 1) out.push(i + 1);
    if (r > 0) out.push(i - n);
    if (r < n - 1) out.push(i + n);
    return out;
  }

  /** The group through i and its distinct liberties, by flood fill. */
  group(g: Uint8Array, i: number): { stones: number[]; liberties: number[] } {
    const c = g[i];
    const seen = new Set<number>([i]);
    const libs = new Set<number>();
    const todo = [i];
    while (todo.length) {
      const s = todo.pop()!;
      for (const q of this.neighbours(s)) {
        if (g[q] === 0) libs.add(q);
        else if (g[q] === c && !seen.has(q)) {
          seen.add(q);
          todo.push(q);
        }
      }
    }
    return { stones: [...seen], liberties: [...libs] };
  }

  /** Liberties of the group at grid index i (0 when empty). */
  liberties(i: number): number {
    return this.grid[i] === 0 ? 0 : this.group(this.grid, i).liberties.length;
  }

  /** The board after `player` plays grid index i, with what happened; reason when illegal. */
  tryMove(i: number, player = this.toMove): { grid: Uint8Array; captured: number; suicided: number; reason: string | null } {
    const g = this.grid.slice();
    if (g[i] !== 0) return { grid: g, captured: 0, suicided: 0, reason: 'occupied' };
    const c = player + 1, o = 3 - c;
    g[i] = c;
    let captured = 0;
    for (const q of this.neighbours(i)) {
      if (g[q] !== o) continue;
      const grp = this.group(g, q);
      if (grp.liberties.length === 0) {
        for (const s of grp.stones) g[s] = 0;
        captured += grp.stones.length;
      }
    }
    let suicided = 0;
    const own = this.group(g, i);
    if (own.liberties.length === 0) {
      if (!this.suicide || own.stones.length === 1) return { grid: g, captured, suicided, reason: 'suicide' };
      for (const s of own.stones) g[s] = 0;
      suicided = own.stones.length;
    }
    const k = this.key(g);
    const h = this.history;
    // Simple ko: the move may not recreate the position before the opponent's last move.
    if (h.length >= 2 && h[h.length - 2].board === k) return { grid: g, captured, suicided, reason: 'ko' };
    if (this.ko === 'positional' && h.some((e) => e.board === k)) return { grid: g, captured, suicided, reason: 'superko' };
    if (this.ko === 'situational' && h.some((e) => e.board === k && e.side === 1 - player)) {
      return { grid: g, captured, suicided, reason: 'superko' };
    }
    return { grid: g, captured, suicided, reason: null };
  }

  /** Legal grid indices for the side to move (passes not included). */
  legal(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.grid.length; i++) if (this.grid[i] === 0 && this.tryMove(i).reason === null) out.push(i);
    return out;
  }

  /** Plays grid index i (or -1 to pass) for the side to move; throws when illegal. */
  play(i: number): void {
    if (i < 0) {
      this.passes++;
    } else {
      const r = this.tryMove(i);
      if (r.reason) throw new Error(`reference: illegal ${i}: ${r.reason}`);
      this.grid = r.grid;
      this.captures[this.toMove] += r.captured;
      this.captures[1 - this.toMove] += r.suicided;
      this.passes = 0;
    }
    this.toMove = 1 - this.toMove;
    this.history.push({ board: this.key(this.grid), side: this.toMove });
  }

  /** A copy to explore from. */
  clone(): ReferenceGo {
    const c = new ReferenceGo(this.size, this.ko, this.suicide);
    c.grid = this.grid.slice();
    c.toMove = this.toMove;
    c.captures = [...this.captures];
    c.passes = this.passes;
    c.history = this.history.slice();
    return c;
  }
}

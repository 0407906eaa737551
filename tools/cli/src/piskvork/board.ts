import { GomokuPosition, type GomokuRule } from '@qi/engine';
import type { PositionSetup } from '@qi/ai-worker';

/** A stone as the manager placed it: piskvork coordinates (y = 0 the top row) and colour (0 first player). */
export interface PiskvorkStone {
  x: number;
  y: number;
  colour: 0 | 1;
}

/**
 * The game a piskvork manager builds, in its coordinates: x from the left, y from the TOP (the engine's rows
 * count from the bottom, so y flips). Stones are kept in the order played, which is what BOARD sends.
 */
export class PiskvorkBoard {
  readonly stones: PiskvorkStone[] = [];

  constructor(
    readonly size: number,
    readonly rule: GomokuRule,
  ) {
    new GomokuPosition({ size, rule }); // validates size and rule now, not at the first move
  }

  /** The engine point of piskvork (x, y). */
  point(pos: GomokuPosition, x: number, y: number): number {
    return pos.geo.point(x, this.size - 1 - y);
  }

  /** Piskvork coordinates of an engine point. */
  coords(pos: GomokuPosition, p: number): { x: number; y: number } {
    return { x: pos.geo.x(p), y: this.size - 1 - pos.geo.y(p) };
  }

  /** Whether (x, y) is on the board. */
  onBoard(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.size && y < this.size;
  }

  /** The stone on (x, y), or undefined. */
  at(x: number, y: number): PiskvorkStone | undefined {
    return this.stones.find((s) => s.x === x && s.y === y);
  }

  /** The colour to move next: the one with fewer stones, the first player on equal counts. */
  toMove(): 0 | 1 {
    let black = 0;
    for (const s of this.stones) if (s.colour === 0) black++;
    return black <= this.stones.length - black ? 0 : 1;
  }

  /**
   * The position with the stones on it. Played in order when the colours alternate from the first player and
   * every move was legal (the AI then keeps its tree and tables between moves); otherwise composed from the
   * stones (a manager may send any arrangement).
   */
  setup(): { position: GomokuPosition; bot: PositionSetup } {
    const rules = { size: this.size, rule: this.rule };
    const inOrder = new GomokuPosition(rules);
    const moves: number[] = [];
    let ordered = true;
    for (const s of this.stones) {
      const p = this.point(inOrder, s.x, s.y);
      if (s.colour !== inOrder.currentPlayer() || !inOrder.isLegal(p)) {
        ordered = false;
        break;
      }
      inOrder.play(p);
      moves.push(p);
    }
    if (ordered) return { position: inOrder, bot: { game: 'gomoku', rules, moves } };
    const name = (s: PiskvorkStone): string => inOrder.moveToText(this.point(inOrder, s.x, s.y));
    const start = {
      black: this.stones.filter((s) => s.colour === 0).map(name),
      white: this.stones.filter((s) => s.colour === 1).map(name),
      toMove: this.toMove(),
    };
    return { position: new GomokuPosition({ ...rules, ...start }), bot: { game: 'gomoku', rules, start, moves: [] } };
  }
}

import { gameEntry, registerGame } from '@qi/ai-worker';
import type { Position } from '@qi/engine';
import { GoPosition } from '@qi/engine';

/**
 * The page's Go games may start from stones already on the board (handicap, an SGF record's setup nodes), which
 * the worker's plain `go` game cannot express as a move list. These extra rules fields describe that start; the
 * worker's `go` entry is wrapped (everything else kept: search, knowledge, levels) to place them.
 */
export interface GoStart {
  /** Black stones on the board before the first move (GTP vertices). */
  black?: string[];
  /** White stones on the board before the first move. */
  white?: string[];
  /** Handicap count: when the black stones are exactly that many and there is no white one, they are handicap stones. */
  handicap?: number;
  /** Side to move at the start (0 Black, 1 White); default Black, or White after handicap stones. */
  toMove?: number;
}

/** The start fields split off a rules value: what the engine's GoPosition takes, and the stones to place. */
export function splitStart(rules: Record<string, unknown> | undefined): { rules: Record<string, unknown>; start: GoStart } {
  const { black, white, handicap, toMove, ...rest } = rules ?? {};
  const list = (x: unknown, name: string): string[] | undefined => {
    if (x === undefined) return undefined;
    if (!Array.isArray(x) || !x.every((v) => typeof v === 'string')) throw new Error(`${name} must be a list of points, got ${JSON.stringify(x)}`);
    return x as string[];
  };
  if (handicap !== undefined && (typeof handicap !== 'number' || !Number.isInteger(handicap) || handicap < 0)) {
    throw new Error(`handicap must be a whole number, got ${JSON.stringify(handicap)}`);
  }
  if (toMove !== undefined && toMove !== 0 && toMove !== 1) throw new Error(`toMove must be 0 or 1, got ${JSON.stringify(toMove)}`);
  return { rules: rest, start: { black: list(black, 'black'), white: list(white, 'white'), handicap, toMove } };
}

/** Places a start on a fresh position: handicap stones as such (they count in area scoring), other stones as setup. */
export function placeStart(pos: GoPosition, start: GoStart): void {
  const black = (start.black ?? []).map((v) => pos.parseMove(v));
  const white = (start.white ?? []).map((v) => pos.parseMove(v));
  if (start.handicap !== undefined && start.handicap >= 2 && white.length === 0 && black.length === start.handicap) {
    pos.placeHandicap(black);
  } else {
    for (const p of black) pos.setup(p, 1);
    for (const p of white) pos.setup(p, 2);
  }
  if (start.toMove !== undefined && start.toMove !== pos.currentPlayer()) pos.setCurrentPlayer(start.toMove);
}

let registered = false;

/** Makes the worker's `go` game accept a start (GoStart fields in its rules); idempotent. */
export function registerGoStart(): void {
  if (registered) return;
  registered = true;
  const base = gameEntry('go');
  registerGame('go', {
    ...base,
    create: (value): Position => {
      const { rules, start } = splitStart(value);
      const pos = base.create(rules);
      if (!(pos instanceof GoPosition)) throw new Error('the go entry did not create a Go position');
      placeStart(pos, start);
      return pos;
    },
  });
}

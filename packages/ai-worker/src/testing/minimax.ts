import { MAX_MOVES, type Position } from '@qi/engine';
import type { Evaluator, TurnFreePosition } from '../alphabeta/types.js';
import { MAX_EVAL, WIN, clampEval } from '../core/score.js';

/**
 * Plain depth-limited minimax with no pruning, tables or ordering: the oracle alpha-beta is tested against.
 * Scores a finished game like the search (±(WIN − ply)) and, with more than two players, uses the same paranoid
 * reduction (the root player against everyone else). Returns the value from the root player's view.
 */
export function minimax(pos: Position, depth: number, ev?: Evaluator): number {
  return valueFor(pos, depth, ev, pos.currentPlayer(), 0);
}

/** The minimax value of each searched root move, from the root player's view. */
export function minimaxMoves(pos: Position, depth: number, ev?: Evaluator): Map<number, number> {
  const moves = new Int32Array(MAX_MOVES);
  const n = ev?.searchMoves?.(pos, moves) || pos.legalMoves(moves);
  const root = pos.currentPlayer();
  const values = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    pos.play(moves[i]);
    values.set(moves[i], valueFor(pos, depth - 1, ev, root, 1));
    pos.undo();
  }
  return values;
}

function valueFor(pos: Position, depth: number, ev: Evaluator | undefined, root: number, ply0: number): number {
  const multi = pos.playerCount > 2;
  const out = new Float64Array(pos.playerCount);
  const bufs: Int32Array[] = [];
  for (let i = 0; i <= depth; i++) bufs.push(new Int32Array(MAX_MOVES));
  const value = (d: number, ply: number): number => {
    const player = pos.currentPlayer();
    // Two players: the evaluation is from the mover's view; paranoid: always from the root player's.
    const view = multi ? root : player;
    const sign = multi || player === root ? 1 : -1;
    if (pos.isTerminal()) {
      if (ev?.terminal) return sign * clampEval(ev.terminal(pos, view));
      pos.returns(out);
      const r = out[root];
      return r >= 1 ? WIN - ply : r <= -1 ? -(WIN - ply) : Math.round(r * (MAX_EVAL / 2));
    }
    if (d === 0) return ev ? sign * clampEval(ev.evaluate(pos, view)) : 0;
    const moves = bufs[d];
    const n = ev?.searchMoves?.(pos, moves) || pos.legalMoves(moves);
    const maximize = player === root;
    let best = maximize ? -Infinity : Infinity;
    for (let i = 0; i < n; i++) {
      pos.play(moves[i]);
      const v = value(d - 1, ply + 1);
      pos.undo();
      best = maximize ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return value(depth, ply0);
}

/**
 * Plain Best-Reply Search with no pruning (the oracle of the best-reply mode): the root player's moves at even
 * plies, every opponent's moves together at odd plies (one opponent moves, the others skip), value from the root
 * player's view, no legal move for a layer scoring like the horizon.
 */
export function bestReplyMinimax(pos: TurnFreePosition, depth: number, ev?: Evaluator): number {
  const root = pos.currentPlayer();
  const out = new Float64Array(pos.playerCount);
  const value = (d: number, ply: number): number => {
    if (pos.isTerminal()) {
      if (ev?.terminal) return clampEval(ev.terminal(pos, root));
      pos.returns(out);
      const r = out[root];
      return r >= 1 ? WIN - ply : r <= -1 ? -(WIN - ply) : Math.round(r * (MAX_EVAL / 2));
    }
    const horizon = ev ? clampEval(ev.evaluate(pos, root)) : 0;
    if (d === 0) return horizon;
    const maximize = ply % 2 === 0;
    const moves: [number, number][] = [];
    const buf = new Int32Array(MAX_MOVES);
    for (let p = 0; p < pos.playerCount; p++) {
      if ((p === root) !== maximize) continue;
      const n = pos.legalMovesFor(p, buf);
      for (let i = 0; i < n; i++) moves.push([p, buf[i]]);
    }
    if (moves.length === 0) return horizon;
    let best = maximize ? -Infinity : Infinity;
    for (const [p, m] of moves) {
      pos.playAs(p, m);
      const v = value(d - 1, ply + 1);
      pos.undo();
      best = maximize ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return value(depth, 0);
}

import { PASS, type Position } from '@qi/engine';
import type { Progress } from '@qi/ai-worker';
import type { Mark, Piece } from '../board/types.js';

/**
 * What the analysis shows, computed from the worker's report (no rule is read here: the moves are the engine's,
 * their cells come from the game folder): the candidates on the board with a figure and a heat, the rows of the
 * candidate list, the variation as numbered ghost pieces, and the words of a score.
 */

/** How many candidates are drawn and listed. */
export const CANDIDATES_SHOWN = 6;

/** One candidate as the panel lists it. */
export interface CandidateRow {
  move: number;
  text: string;
  /** The player to move's win rate (MCTS) in [0, 1], and the search's share of it. */
  winRate: number;
  visits: number;
  /** Alpha-beta: the score in the game's units and the depth. */
  score: number;
  depth: number;
  /** The line after the move, when the worker gives one. */
  pv: number[];
}

/** The candidates of a report, best first, with their move text. */
export function candidateRows(pos: Position, p: Progress): CandidateRow[] {
  return p.candidates.slice(0, CANDIDATES_SHOWN).map((c) => {
    const extra = c as typeof c & { pv?: number[]; depth?: number };
    return {
      move: c.move,
      text: pos.moveToText(c.move),
      winRate: c.winRate,
      visits: c.visits,
      score: c.score,
      depth: extra.depth ?? p.depth,
      pv: extra.pv ?? (c.move === p.move ? p.pv : [c.move]),
    };
  });
}

/** A compact score: `+3.5`, `−120`, `+54k`. */
export function scoreText(score: number): string {
  const sign = score > 0 ? '+' : score < 0 ? '−' : '';
  const a = Math.abs(score);
  if (a >= 10_000) return `${sign}${Math.round(a / 1000)}k`;
  return `${sign}${Number.isInteger(a) ? a : a.toFixed(1)}`;
}

/** The candidates as board marks: the win rate (or score) on each, the heat by share of the search. */
export function candidateMarks(rows: readonly CandidateRow[], algorithm: string, cellOf: (move: number) => number | null): Mark[] {
  const total = rows.reduce((a, r) => a + r.visits, 0);
  const out: Mark[] = [];
  const seen = new Set<number>();
  rows.forEach((r, i) => {
    const cell = cellOf(r.move);
    if (cell === null || seen.has(cell)) return;
    seen.add(cell);
    const weight = algorithm === 'mcts' && total > 0 ? r.visits / total : 1 - i / rows.length;
    const label = algorithm === 'mcts' ? String(Math.round(r.winRate * 100)) : scoreText(r.score);
    out.push({ cell, kind: 'candidate', weight, label });
  });
  return out;
}

/**
 * The variation as ghost pieces numbered 1, 2, … for games whose moves place a piece on a cell (two players taking
 * turns from `mover`); passes are skipped but counted. The first piece on a cell wins (a later capture's replay is
 * not drawn over it).
 */
export function variationPieces(pv: readonly number[], mover: number, cellOf: (move: number) => number | null, limit = 12): Piece[] {
  const out: Piece[] = [];
  const used = new Set<number>();
  pv.slice(0, limit).forEach((move, i) => {
    const cell = move === PASS ? null : cellOf(move);
    if (cell === null || used.has(cell)) return;
    used.add(cell);
    out.push({ cell, player: (mover + i) % 2, ghost: true, label: String(i + 1) });
  });
  return out;
}

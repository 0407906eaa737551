import type { Progress } from '@qi/ai-worker';
import type { AiEngine } from '../ai/engine.js';
import { AiCancelled } from '../ai/engine.js';
import type { Session } from '../session/session.js';

/**
 * "Review this game": the worker analyses every position of the line on screen with a fixed budget (quick, normal,
 * deep: nodes or playouts, so a review repeats on any machine), then the moves that lost the most win rate for the
 * player who made them are listed, with the better move and its line. Two-player games only list mistakes (with
 * more players a win rate does not say what one move cost); every game gets the graph.
 */

/** What the review learned about one position. */
export interface ReviewPoint {
  node: number;
  /** The player to move there and the search's win rate for them. */
  player: number;
  winRate: number;
  /** The search's best move there, its text and its line. */
  best: number | null;
  bestText: string;
  pv: string[];
}

/** A move that lost win rate for its player. */
export interface Mistake {
  /** The node of the move played, and of the position it was played from. */
  node: number;
  parent: number;
  /** 1-based move number. */
  number: number;
  player: number;
  played: string;
  better: string;
  betterLine: string[];
  /** Win rate lost by the move, in [0, 1] (before − after, from the mover's side). */
  loss: number;
}

/** A finished (or interrupted) review. */
export interface Review {
  budget: 0 | 1 | 2;
  nodes: number;
  points: ReviewPoint[];
  /** Complete when every position of the line was analysed. */
  complete: boolean;
  timeMs: number;
}

/** Smallest loss listed as a mistake (10 points of win rate). */
export const MISTAKE_LOSS = 0.1;

/**
 * Analyses each position of the session's current line, from the start to the end, in turn. `onStep` hears the
 * progress; `cancelled` is polled between positions (and the engine's stop ends the one running).
 */
export async function reviewLine(
  engine: AiEngine,
  session: Session,
  nodes: number,
  onStep: (done: number, total: number) => void,
  cancelled: () => boolean,
): Promise<{ points: ReviewPoint[]; complete: boolean; timeMs: number }> {
  const t0 = performance.now();
  const v = session.view;
  const ids = [0, ...v.line.map((m) => m.id)];
  const points: ReviewPoint[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (cancelled()) return { points, complete: false, timeMs: performance.now() - t0 };
    onStep(i, ids.length);
    const node = ids[i];
    const pos = session.positionAt(node);
    if (pos.isTerminal()) continue;
    let answer: Progress;
    try {
      answer = await engine.analyze(session.setupAt(node), { nodes }, () => undefined);
    } catch (e) {
      if (e instanceof AiCancelled) return { points, complete: false, timeMs: performance.now() - t0 };
      throw e;
    }
    const text = (m: number) => pos.moveToText(m);
    const line: string[] = [];
    // The line's moves are shown as text, so they are read on a copy played along.
    const walk = pos.clone();
    for (const m of answer.pv.slice(0, 10)) {
      if (walk.isTerminal() || !walk.isLegal(m)) break;
      line.push(walk.moveToText(m));
      walk.play(m);
    }
    points.push({ node, player: pos.currentPlayer(), winRate: answer.winRate, best: answer.move, bestText: answer.move === null ? '' : text(answer.move), pv: line });
  }
  onStep(ids.length, ids.length);
  return { points, complete: true, timeMs: performance.now() - t0 };
}

/** The moves of a reviewed two-player line that lost at least MISTAKE_LOSS, biggest first. */
export function mistakesOf(session: Session, points: readonly ReviewPoint[]): Mistake[] {
  if (session.view.playerCount !== 2) return [];
  const at = new Map(points.map((p) => [p.node, p]));
  const out: Mistake[] = [];
  session.view.line.forEach((m, i) => {
    const parent = i === 0 ? 0 : session.view.line[i - 1].id;
    const before = at.get(parent);
    const after = at.get(m.id);
    if (!before || before.player !== m.player) return;
    // After the move the other player is to move; a finished game scores the result itself.
    let afterForMover: number;
    if (after) afterForMover = after.player === m.player ? after.winRate : 1 - after.winRate;
    else {
      const pos = session.positionAt(m.id);
      if (!pos.isTerminal()) return;
      const r = new Float64Array(2);
      pos.returns(r);
      afterForMover = (r[m.player] + 1) / 2;
    }
    const loss = before.winRate - afterForMover;
    if (loss < MISTAKE_LOSS || before.best === m.move) return;
    out.push({ node: m.id, parent, number: m.number, player: m.player, played: m.text, better: before.bestText, betterLine: before.pv, loss });
  });
  return out.sort((a, b) => b.loss - a.loss);
}

/**
 * The review as one comment per move of the line up to `ply` (for the saved record): Qi's win rate for the player
 * who moved, after the move, and for a mistake what it lost, the better move and its line. `words` gives the
 * phrasing in the player's language.
 */
export function reviewComments(
  session: Session,
  points: readonly ReviewPoint[],
  mistakes: readonly Mistake[],
  words: { winRate: (pct: string, player: number) => string; mistake: (m: Mistake) => string },
): (string | undefined)[] {
  const at = new Map(points.map((p) => [p.node, p]));
  const wrong = new Map(mistakes.map((m) => [m.node, m]));
  const v = session.view;
  return v.line.slice(0, v.ply).map((m) => {
    const p = at.get(m.id);
    const parts: string[] = [];
    if (p) {
      const forMover = p.player === m.player ? p.winRate : 1 - p.winRate;
      if (v.playerCount === 2) parts.push(words.winRate((forMover * 100).toFixed(1), m.player));
    }
    const w = wrong.get(m.id);
    if (w) parts.push(words.mistake(w));
    return parts.length > 0 ? parts.join(' ') : undefined;
  });
}

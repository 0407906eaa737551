import { DeadStoneMarking, GoPosition, PASS, type Score } from '@qi/engine';
import type { Session } from '../../lib/session/session.js';

/**
 * Go's end of game after two passes: the players mark dead chains (the engine's DeadStoneMarking: whole chains,
 * warnings for chains that look alive, the live score), then count. The marks belong to the position where both
 * passed: undo or a jump elsewhere in the move list discards them; coming back starts a fresh marking.
 */
export interface GoEnd {
  /** The session node both players passed at. */
  node: number;
  marking: DeadStoneMarking;
  /** The count once confirmed. */
  final: Score | null;
  /** Whether anyone changed a mark since the marking began (then Qi's marks no longer replace them). */
  touched: boolean;
}

const ends = new WeakMap<Session, GoEnd>();

/** Whether the Go game of the session stands after two passes (its marking phase or its count). */
export function passedOut(session: Session): boolean {
  const pos = session.position();
  return pos instanceof GoPosition && session.view.ending === null && pos.isTerminal() && pos.resigned() < 0 && pos.lastMove() === PASS;
}

/** The marking of the session's current position, started on first use; null while the game goes on. */
export function goEnd(session: Session): GoEnd | null {
  if (!passedOut(session)) return null;
  const node = session.view.node;
  let end = ends.get(session);
  if (!end || end.node !== node) {
    const marking = new DeadStoneMarking(session.position() as GoPosition);
    marking.start([]);
    end = { node, marking, final: null, touched: false };
    ends.set(session, end);
  }
  return end;
}

/** Marks or revives the chain at a point (marking phase only); false when there is no stone or no marking. */
export function toggleChain(session: Session, point: number): boolean {
  const end = goEnd(session);
  if (!end || end.final || (session.position() as GoPosition).stoneAt(point) === 0) return false;
  end.marking.toggle(point);
  end.touched = true;
  session.touch();
  return true;
}

/** Replaces the marks with these dead stones (Qi's policy, or Estimate); bad points are refused. */
export function markDead(session: Session, points: readonly number[], byPerson: boolean): boolean {
  const end = goEnd(session);
  if (!end || end.final) return false;
  const pos = session.position() as GoPosition;
  if (points.some((p) => p === PASS || !pos.onBoard(p) || pos.stoneAt(p) === 0)) return false;
  clearMarks(end);
  for (const p of points) if (!end.marking.isDead(p)) end.marking.toggle(p);
  if (byPerson) end.touched = true;
  session.touch();
  return true;
}

/** Removes every dead mark. */
export function clearDead(session: Session): void {
  const end = goEnd(session);
  if (!end || end.final) return;
  clearMarks(end);
  end.touched = true;
  session.touch();
}

/** Confirms the count with the marked stones; the game is then over. */
export function count(session: Session): Score | null {
  const end = goEnd(session);
  if (!end || end.final) return end?.final ?? null;
  end.final = end.marking.confirm();
  session.touch();
  return end.final;
}

/** Reopens a confirmed count (undo after Count), keeping its marks. */
export function reopen(session: Session): boolean {
  const end = goEnd(session);
  if (!end || !end.final) return false;
  const marks = end.marking.dead();
  end.marking = new DeadStoneMarking(session.position() as GoPosition);
  end.marking.start(marks);
  end.final = null;
  session.touch();
  return true;
}

function clearMarks(end: GoEnd): void {
  for (let dead = end.marking.dead(); dead.length > 0; dead = end.marking.dead()) end.marking.toggle(dead[0]);
}

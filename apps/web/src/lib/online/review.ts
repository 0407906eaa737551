import type { ResultView } from '@qi/protocol';
import type { OpenedRecord } from '../records.js';
import type { Session } from '../session/session.js';
import { gameUi } from '../../games/index.js';
import type { GameUi } from '../../games/types.js';
import { format } from '../../i18n.js';
import type { RoomView } from './room.js';

/**
 * Marks the server's count on a finished session: Go's dead stones as the server counted them (Qi's policy), through
 * the game folder's own marking, confirmed, so the board and the result line say the server's count rather than
 * asking for one. Returns whether anything was marked (a game without dead stones in its result has nothing).
 */
export function markServerCount(ui: GameUi<object>, session: Session, result: ResultView | null): boolean {
  const dead = result?.dead;
  if (!ui.restoreExtra || !dead || !session.view.over) return false;
  const pos = session.position();
  const points: number[] = [];
  for (const vertex of dead) {
    try {
      points.push(pos.parseMove(vertex));
    } catch {
      // A vertex this board cannot read is left unmarked (the result line still says the server's count).
    }
  }
  ui.restoreExtra(session, { dead: points, counted: true });
  return true;
}

/**
 * A finished (or any) online game as a local game for the app's review and study: the room's session, the
 * game's settings read back from its rules, the players' names. The session is the room's own; the room must not
 * be watched any more once this is handed over (nothing else changes it).
 */
export function reviewRecord(view: RoomView): OpenedRecord {
  if (!view.session || !view.game) throw new RangeError('the room has not been loaded yet');
  const ui = gameUi(view.game);
  const rules = view.session.rules as Record<string, unknown>;
  const start = (view.session.start ?? {}) as { handicap?: unknown[] };
  let settings: object;
  try {
    settings = ui.settings({ ...rules, handicap: Array.isArray(start.handicap) ? start.handicap.length : 0 });
  } catch {
    settings = ui.defaults();
  }
  // Opened from the lobby, the room was never shown: its count is marked here (the room screen marks its own).
  if (view.status === 'over') markServerCount(ui, view.session, view.result);
  const names = view.seats.map((s) => s.name ?? (s.kind === 'qi' ? format('en', { key: 'qiName', params: { level: s.level ?? 0 } }) : ''));
  return { ui, session: view.session, settings, names };
}

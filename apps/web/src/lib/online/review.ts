import type { OpenedRecord } from '../records.js';
import { gameUi } from '../../games/index.js';
import { format } from '../../i18n.js';
import type { RoomView } from './room.js';

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
  const names = view.seats.map((s) => s.name ?? (s.kind === 'qi' ? format('en', { key: 'qiName', params: { level: s.level ?? 0 } }) : ''));
  return { ui, session: view.session, settings, names };
}

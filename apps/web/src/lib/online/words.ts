import type { ResultView } from '@qi/protocol';
import type { GameUi } from '../../games/types.js';
import type { Message } from '../../i18n.js';
import type { Session } from '../session/session.js';
import type { Refusal } from './room.js';

/** How online results and refusals are worded (messages for `format`, so they follow the language switch). */

/** A player's colour as a `format` parameter (`@black`, `@colourRed`). */
export const colourOf = (ui: GameUi<object>, player: number, players: number): string => `@${ui.colour(player, players)}`;

/** The sentence for a finished online game: the server's result, worded by the game where the engine can. */
export function resultMessage(ui: GameUi<object>, result: ResultView, players: number, session: Session | null): Message {
  const seat = result.seat;
  if (players === 2 && seat !== undefined && result.reason !== 'rules') {
    const params = { winner: colourOf(ui, 1 - seat, 2), loser: colourOf(ui, seat, 2) };
    // Chinese Checkers has no resignation: a player leaves the game (its pieces stay as obstacles).
    if (result.reason === 'resign' && ui.resignMove !== undefined) return { key: 'resultLeftGame', params };
    return { key: result.reason === 'time' ? 'resultTime' : result.reason === 'resign' ? 'resultResign' : 'resultAbandon', params };
  }
  // Go's count is the server's (Qi's dead stones): its code says it.
  const count = ui.id === 'go' && result.code ? /^([BW])\+(\d+(?:\.\d+)?)$/.exec(result.code) : null;
  if (count) return { key: count[1] === 'B' ? 'resultBlackPoints' : 'resultWhitePoints', params: { n: count[2] } };
  if (ui.id === 'go' && result.code === '0') return { key: 'resultDraw' };
  if (session && ui.id !== 'go' && result.reason === 'rules') {
    const m = ui.result(session);
    if (m) return m;
  }
  const best = Math.max(...result.returns);
  const winners = result.returns.flatMap((r, p) => (r === best ? [p] : []));
  if (winners.length !== 1) return { key: 'resultDrawn' };
  return { key: 'resultWinner', params: { winner: colourOf(ui, winners[0], players) } };
}

/** A refused or dropped action in words: what was refused and the server's reason. */
export function refusalMessage(r: Refusal): Message {
  if (r.code === 'dropped') return { key: 'droppedAction' };
  return { key: 'refusedBecause', params: { what: `@refused_${r.kind}`, reason: r.reason } };
}

/** A clock's time as m:ss (h:mm:ss from an hour), rounded up so 0:00 means the time is gone. */
export function clockText(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

import type { Message } from '../i18n.js';

/** The i18n parameter of a two-player colour name, resolved by the view (`@black` → 黑 / Black). */
export const colourParam = (player: number): string => (player === 0 ? '@black' : '@white');

/** The result of a two-player game that ended by resignation or on time: the other player wins. */
export function endingMessage(kind: 'resign' | 'time', player: number): Message {
  return { key: kind === 'resign' ? 'resultResign' : 'resultTime', params: { winner: colourParam(1 - player), loser: colourParam(player) } };
}

/**
 * A room's fixed configuration, checked when the room is created: the game's rules and start validated by the
 * engine's definition, the seats matching the game's player count, the clock.
 */
import { gameDefinition } from '@qi/engine';
import type { ClockSpec, CreateMessage, RoomGame, SeatSpec } from '@qi/protocol';

/** Everything about a room that never changes after its creation. */
export interface RoomConfig {
  id: string;
  code: string;
  game: RoomGame;
  /** Full rules (the definition's defaults filled in). */
  rules: object;
  /** The canonical start, or undefined for the standard one. */
  start?: object;
  seats: SeatSpec[];
  clock: ClockSpec | null;
  listed: boolean;
  createdAt: number;
}

/** The config a create message asks for, or the reason it cannot be (a `bad-rules` sentence). */
export function roomConfig(m: CreateMessage, id: string, code: string, now: number): RoomConfig | string {
  const def = gameDefinition(m.game);
  let partial = m.rules ?? {};
  if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) return `${m.game} rules must be an object`;
  if (m.game === 'checkers' && (partial as { players?: unknown }).players === undefined) partial = { ...partial, players: m.seats.length };
  try {
    const rules = def.rules(partial);
    const start = m.start === undefined || m.start === null ? undefined : (def.start(m.start, rules) as object | undefined);
    const pos = def.create(rules, start);
    if (pos.playerCount !== m.seats.length) return `${def.title} with these rules has ${pos.playerCount} players, but ${m.seats.length} seats were given`;
    if (pos.isTerminal()) return 'that start is already the end of the game';
    const config: RoomConfig = { id, code, game: m.game, rules, seats: m.seats, clock: m.clock, listed: m.listed, createdAt: now };
    if (start !== undefined) config.start = start;
    return config;
  } catch (e) {
    return (e as Error).message;
  }
}

import { GameRegistry, checkFields, type GameDefinition } from '@qi/engine';
import { MnkGame } from './mnk.js';
import { NimGame } from './nim.js';

/** The rules of an m,n,k-game: board width and height, stones in a row to win, gravity (Connect-k). */
export interface MnkRules {
  width: number;
  height: number;
  k: number;
  gravity: boolean;
}

/** The rules of take-away Nim: counters on the heap, players, most counters a turn. */
export interface NimRules {
  counters: number;
  players: number;
  maxTake: number;
}

/** Test games have no starts: a position is its rules and moves. */
type NoStart = Record<string, never>;

/** Rules from a partial value: each field a number (or boolean where the default is one), else a RangeError naming it. */
function fill<R extends object>(id: string, defaults: R, partial: unknown): R {
  const p = checkFields(partial, `${id} rules`, Object.keys(defaults));
  const out = { ...defaults } as Record<string, unknown>;
  for (const [k, v] of Object.entries(p)) {
    if (typeof v !== typeof out[k]) throw new RangeError(`${id} rules.${k} must be a ${typeof out[k]}, got ${JSON.stringify(v)}`);
    out[k] = v;
  }
  return out as R;
}

function noStart(id: string): (value: unknown) => NoStart {
  return (value) => {
    if (value !== undefined) throw new RangeError(`${id} takes no start, got ${JSON.stringify(value)}`);
    return {};
  };
}

/** An m,n,k-game definition with its own id and default rules (tic-tac-toe, Connect Four). */
export function mnkDefinition(id: string, title: string, defaults: MnkRules): GameDefinition<MnkRules, NoStart, MnkGame> {
  const rules = (partial?: unknown) => fill(id, defaults, partial);
  const start = noStart(id);
  return {
    id,
    title,
    defaultRules: Object.freeze({ ...defaults }),
    rules,
    start,
    create(partial, s) {
      if (s !== undefined) start(s);
      const r = rules(partial);
      return new MnkGame(r.width, r.height, r.k, r.gravity);
    },
    rulesOf: (pos) => ({ width: pos.width, height: pos.height, k: pos.k, gravity: pos.gravity }),
    startOf: () => undefined,
    notation: defaults.gravity ? 'column letters (d)' : 'a column letter and a row number from 1 (b2)',
    moveToText: (pos, move) => pos.moveToText(move),
    parseMove: (pos, text) => pos.parseMove(text),
  };
}

/** Tic-tac-toe (3,3,3). */
export const tictactoeDefinition = mnkDefinition('tictactoe', 'Tic-tac-toe', { width: 3, height: 3, k: 3, gravity: false });

/** Connect Four (7,6,4 with gravity). */
export const connect4Definition = mnkDefinition('connect4', 'Connect Four', { width: 7, height: 6, k: 4, gravity: true });

const nimRules = (partial?: unknown) => fill('nim', { counters: 21, players: 2, maxTake: 3 }, partial);

/** Take-away Nim for 2 to 6 players. */
export const nimDefinition: GameDefinition<NimRules, NoStart, NimGame> = {
  id: 'nim',
  title: 'Nim',
  defaultRules: Object.freeze(nimRules()),
  rules: nimRules,
  start: noStart('nim'),
  create(partial, s) {
    if (s !== undefined) noStart('nim')(s);
    const r = nimRules(partial);
    return new NimGame(r.counters, r.players, r.maxTake);
  },
  rulesOf: (pos) => ({ counters: pos.counters, players: pos.playerCount, maxTake: pos.maxTake }),
  startOf: () => undefined,
  notation: 'the number of counters taken (2)',
  moveToText: (pos, move) => pos.moveToText(move),
  parseMove: (pos, text) => pos.parseMove(text),
};

/** The test games, in a registry of their own (never in the engine's `games`). */
export const testGames = new GameRegistry([tictactoeDefinition, connect4Definition, nimDefinition]);

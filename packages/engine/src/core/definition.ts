/**
 * Game definitions and their registry (OpenSpiel's `Game` and game registration; see ../shared/DESIGN.md).
 *
 * A `GameDefinition` is one value per game that says everything a program needs to set a game up without
 * knowing it: its id, its rules (defaults and validation), how to make a position from rules and an optional
 * start (setup stones, handicap, a board, side to move), how to read the start back from a position, its move
 * notation and its record format. Every consumer — worker, bench, CLI, GTP, web app — builds on it, and a
 * position crosses every boundary as a `GameSetup`: `{game, rules, start, moves}`.
 */
import { playChecked, type Position } from './game.js';

/** A side to move as text interfaces print it. */
export type Color = 'black' | 'white';

/** A position as it crosses every boundary (worker, network, records): game, rules, start and the moves since. */
export interface GameSetup {
  /** Game id: `go`, `gomoku`, `reversi`, `checkers` (or a game of another registry). */
  game: string;
  /** The rules, possibly partial: the game fills in its defaults and names a bad field. */
  rules?: object;
  /** Where the game starts (setup stones, handicap, a board, side to move); absent: the game's standard start. */
  start?: object;
  /** Moves from the start, as integers or in the game's notation. */
  moves?: readonly (number | string)[];
}

/** A game as its record carries it: rules, start (absent: the standard start) and the moves played from it. */
export interface GameRecord<R = object, S = object> {
  rules: R;
  start?: S;
  /** Moves in order, playable one after the other with `play` from `create(rules, start)`. */
  moves: number[];
  /** Player names in seat order (SGF PB and PW; the Chinese Checkers record's players). */
  players?: string[];
  /** The result as the format writes it (SGF RE: `B+3.5`, `W+R`, `0` …). */
  result?: string;
  /** Other game information as text, by SGF property (DT, EV, GN, PC, C, BR, WR, RU …); `C` is the root's comment (the start). */
  info?: Record<string, string>;
  /**
   * Comments on the moves: `comments[i]` is about the position after `moves[i]` (SGF: the C of that move's node;
   * the Chinese Checkers record: its `comments[i]`), undefined for none (null, as JSON gives it, is taken as none).
   * Writers take it shorter than `moves` (the rest have none), never longer. Readers give it only when some move
   * has a comment, and then with one entry per move. The comment on the start (before any move) is `info.C`.
   */
  comments?: (string | undefined)[];
}

/** A game's record file format: reads a record into rules, start and moves, and writes one. */
export interface RecordFormat<R = object, S = object> {
  /** What the format is, e.g. `SGF FF[4] GM[1]`. */
  readonly name: string;
  /** The file extension, without the dot. */
  readonly extension: string;
  /** Reads the first game of a file (bytes in the charset it declares, or text); throws naming what is wrong. */
  read(input: string | Uint8Array): GameRecord<R, S>;
  /** The record as file text. */
  write(record: GameRecord<R, S>): string;
}

/**
 * One game (OpenSpiel's `Game`): `R` its rules value, `S` its start value (both plain JSON), `P` its positions.
 * Rules and starts from outside (JSON, flags, another thread) are validated here: a bad value throws a
 * RangeError whose message names the game and the field.
 */
export interface GameDefinition<R extends object = object, S extends object = object, P extends Position = Position> {
  /** The game id (`go` …), as in `GameSetup.game`. */
  readonly id: string;
  /** The game's name for people, e.g. `Go`. */
  readonly title: string;
  /** The rules when nothing is chosen. */
  readonly defaultRules: Readonly<R>;
  /** Full rules from a partial value (defaults filled in); RangeError naming the bad or unknown field. */
  rules(partial?: unknown): R;
  /** A start checked against `rules`, in its canonical form; RangeError naming the bad field. */
  start(value: unknown, rules: R): S;
  /** A position under `rules` (partial, validated) at `start` (validated), or at the standard start. */
  create(rules?: Partial<R>, start?: S): P;
  /** The rules a position is played under. */
  rulesOf(pos: P): R;
  /**
   * The position as it stands, as a start: `create(rulesOf(pos), startOf(pos))` has the same board and side to
   * move (not the history that led there); undefined when that is the standard start, or when the game has no
   * starts (the test games: their positions are rules and moves only).
   */
  startOf(pos: P): S | undefined;
  /** How moves are written, for help texts (e.g. `GTP vertices: D4 …, pass`). */
  readonly notation: string;
  /** A move in the game's notation (the position's own `moveToText`). */
  moveToText(pos: P, move: number): string;
  /** Parses a move in the game's notation (the position's own `parseMove`); RangeError naming the text. */
  parseMove(pos: P, text: string): number;
  /** The game's record format (the test games have none). */
  readonly record?: RecordFormat<R, S>;
}

/** A game definition that has a record format (the four games of `games`). */
export type RecordedGame<R extends object = object, S extends object = object, P extends Position = Position> = GameDefinition<R, S, P> & {
  readonly record: RecordFormat<R, S>;
};

/**
 * Plays `moves` (integers or the game's notation) on `pos`, each checked; returns them as integers. An illegal or
 * unreadable move throws an Error naming its number and text.
 */
export function playMoves(pos: Position, moves: readonly (number | string)[]): number[] {
  const list: number[] = [];
  moves.forEach((m, i) => {
    let move: number;
    try {
      move = typeof m === 'number' ? m : pos.parseMove(m);
      playChecked(pos, move);
    } catch (e) {
      throw new Error(`move ${i + 1} (${String(m)}): ${(e as Error).message}`);
    }
    list.push(move);
  });
  return list;
}

/** A set of game definitions by id (the four games are `games`; tests keep registries of their own). */
export class GameRegistry implements Iterable<GameDefinition> {
  private readonly byId = new Map<string, GameDefinition>();
  private fixed = false;

  /** A registry of `definitions` (ids must differ). */
  constructor(definitions: Iterable<GameDefinition> = []) {
    for (const d of definitions) this.register(d);
  }

  /** Adds a game; throws when its id is taken or the registry is fixed. */
  register(definition: GameDefinition): this {
    if (this.fixed) throw new Error(`this game registry is fixed; make a new GameRegistry to add "${definition.id}"`);
    if (this.byId.has(definition.id)) throw new Error(`a game "${definition.id}" is already registered`);
    this.byId.set(definition.id, definition);
    return this;
  }

  /** Refuses further registrations (the shared registry `games`). */
  fix(): this {
    this.fixed = true;
    return this;
  }

  /** The definition of `id`; throws an Error listing the known ids. */
  get(id: string): GameDefinition {
    const d = this.byId.get(id);
    if (d === undefined) throw new Error(`unknown game "${id}" (known: ${this.ids().join(', ')})`);
    return d;
  }

  /** Whether `id` is registered. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The registered ids, in registration order. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** The definitions, in registration order. */
  [Symbol.iterator](): Iterator<GameDefinition> {
    return this.byId.values();
  }

  /** The position `setup` describes: rules and start checked by its game, then its moves played (see playMoves). */
  position(setup: GameSetup): Position {
    const pos = this.get(setup.game).create(setup.rules, setup.start);
    playMoves(pos, setup.moves ?? []);
    return pos;
  }
}

// ---- helpers for the definitions' validation ----

/** `value` as a plain object whose fields are all `known`; RangeError naming `what` and the first unknown field. */
export function checkFields(value: unknown, what: string, known: readonly string[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new RangeError(`${what} must be an object, got ${JSON.stringify(value)}`);
  for (const k of Object.keys(value)) {
    if (!known.includes(k)) {
      throw new RangeError(known.length === 0 ? `${what}: unknown field "${k}" (there are none)` : `${what}: unknown field "${k}" (known: ${known.join(', ')})`);
    }
  }
  return value as Record<string, unknown>;
}

/** A side to move from JSON or text: b/w/black/white in any case, or 0/1; RangeError naming `field`. */
export function parseColor(value: unknown, field: string): 0 | 1 {
  if (value === 0 || value === 1) return value;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'b' || t === 'black') return 0;
    if (t === 'w' || t === 'white') return 1;
  }
  throw new RangeError(`${field} must be black or white, got ${JSON.stringify(value)}`);
}

/** The colour name of player 0 or 1. */
export function colorOf(player: number): Color {
  return player === 0 ? 'black' : 'white';
}

/** A list of strings, or RangeError naming `field`; undefined stays undefined. */
export function stringList(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new RangeError(`${field} must be a list of points, got ${JSON.stringify(value)}`);
  return [...(value as string[])];
}

/** Runs `check`, prefixing a RangeError's message with `where` (e.g. `go rules.komi: …`). */
export function within<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof RangeError) throw new RangeError(`${where}: ${e.message}`);
    throw e;
  }
}

/**
 * A record's move comments checked for its writer: one entry per move (undefined for none, null taken as none), or
 * undefined when no move has one; RangeError naming `game` and the bad index, or too many comments.
 */
export function moveComments(record: GameRecord, game: string): (string | undefined)[] | undefined {
  const list = record.comments as unknown;
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw new RangeError(`${game} record.comments must be a list of texts, got ${JSON.stringify(list)}`);
  if (list.length > record.moves.length) {
    throw new RangeError(`${game} record.comments has ${list.length} entries for ${record.moves.length} moves (comments[i] is on moves[i])`);
  }
  const out: (string | undefined)[] = [];
  let any = false;
  for (let i = 0; i < record.moves.length; i++) {
    const c: unknown = list[i];
    if (c === undefined || c === null) out.push(undefined);
    else if (typeof c === 'string') {
      out.push(c);
      any = true;
    } else throw new RangeError(`${game} record.comments[${i}] (move ${i + 1}) must be text, got ${JSON.stringify(c)}`);
  }
  return any ? out : undefined;
}

/** Two comments on one position as one (the earlier first, a blank line between); either may be absent. */
export function joinComments(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return `${a}\n\n${b}`;
}

import { PASS } from '../core/game.js';
import { geometry, holeIndex } from './geometry.js';
import { CHECKERS_LEAVE, CheckersPosition, isLeaveText, type CheckersSetup } from './position.js';
import { checkersRules, type CheckersRules } from './rules.js';

/**
 * A Chinese Checkers game record in JSON (see README.md in this folder):
 *
 * ```json
 * { "format": "qi-checkers", "version": 1,
 *   "rules": { "board": "star", "players": 2, "fillGoalWins": true, … },
 *   "players": ["Ann", "Bo"],
 *   "moves": ["o2-m6", "c2-e6", "p1-n1-l1", "pass"],
 *   "result": { "places": [0, 1] } }
 * ```
 * Moves are full hop paths of hole names (a step is two holes), "pass", or "leave" (the player to move leaves the
 * game). `setup` (optional) starts from a composed position: `{ "pieces": [["q1", …], …], "toMove": 0 }`.
 * `result.places` (written when the game is over) gives each player's finishing place, 0 = first, -1 = not placed
 * by finishing (at a cap or stalemate, the last one left, or a player who left). `comments` (optional, written only
 * when some move has one) is aligned with `moves`: `comments[i]` is text about the position after `moves[i]`, or
 * null for none. It is still version 1: a record without comments is what it always was; a reader older than
 * comments refuses a record with them (`unknown field "comments"`) rather than losing them quietly.
 */
export interface CheckersRecord {
  format: 'qi-checkers';
  version: 1;
  rules: CheckersRules;
  players: string[];
  setup?: { pieces: string[][]; toMove: number };
  moves: string[];
  /** One entry per move (text, or null for none); absent when no move has a comment. */
  comments?: (string | null)[];
  result?: { places: number[] };
}

/** A record read back: the validated record, the position after its last move, and the moves as integers. */
export interface ReadRecord {
  record: CheckersRecord;
  position: CheckersPosition;
  moves: number[];
}

/** A record that cannot be read; the message names the field or the move number. */
export class CheckersRecordError extends Error {
  override name = 'CheckersRecordError';
}

/**
 * The record of a position's game so far (replays it from its initial setup to write full hop paths), with
 * `comments[i]` on move i (undefined or null for none; RangeError when not text or longer than the moves).
 */
export function checkersRecord(pos: CheckersPosition, players?: readonly string[], comments?: readonly (string | null | undefined)[]): CheckersRecord {
  const names = players ? [...players] : Array.from({ length: pos.playerCount }, (_, p) => `Player ${p + 1}`);
  if (names.length !== pos.playerCount) throw new RangeError(`${names.length} player names for ${pos.playerCount} players`);
  const setup = pos.initialSetup();
  const replay = new CheckersPosition(pos.rules, setup);
  const moves: string[] = [];
  for (const m of pos.history()) {
    moves.push(replay.moveToText(m));
    replay.play(m);
  }
  const record: CheckersRecord = { format: 'qi-checkers', version: 1, rules: { ...pos.rules }, players: names, moves };
  if (comments !== undefined) {
    if (comments.length > moves.length) throw new RangeError(`${comments.length} comments for ${moves.length} moves (comments[i] is on move i + 1)`);
    const list = moves.map((_, i) => {
      const c: unknown = comments[i];
      if (c === undefined || c === null) return null;
      if (typeof c !== 'string') throw new RangeError(`comments[${i}] (move ${i + 1}) must be text or null, got ${JSON.stringify(c)}`);
      return c;
    });
    if (list.some((c) => c !== null)) record.comments = list;
  }
  if (!isStandardStart(pos.rules, setup)) {
    record.setup = { pieces: setup.pieces.map((l) => l.map((c) => pos.geometry.names[c])), toMove: setup.toMove };
  }
  if (pos.isTerminal()) record.result = { places: Array.from({ length: pos.playerCount }, (_, p) => pos.placeOf(p)) };
  return record;
}

/** The record as JSON text (one move per line would be longer; this is compact but readable). */
export function writeCheckersRecord(pos: CheckersPosition, players?: readonly string[], comments?: readonly (string | null | undefined)[]): string {
  return JSON.stringify(checkersRecord(pos, players, comments), null, 1) + '\n';
}

function isStandardStart(rules: CheckersRules, setup: CheckersSetup): boolean {
  const standard = new CheckersPosition(rules).initialSetup();
  return setup.toMove === standard.toMove && JSON.stringify(setup.pieces) === JSON.stringify(standard.pieces);
}

const RECORD_KEYS = ['format', 'version', 'rules', 'players', 'setup', 'moves', 'comments', 'result'];

/** Reads and validates a record: bad JSON, unknown fields or holes, and illegal moves throw CheckersRecordError. */
export function readCheckersRecord(text: string): ReadRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CheckersRecordError(`not JSON: ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new CheckersRecordError('a record must be a JSON object');
  const obj = data as Record<string, unknown>;
  for (const k of Object.keys(obj)) if (!RECORD_KEYS.includes(k)) throw new CheckersRecordError(`unknown field "${k}"`);
  if (obj.format !== 'qi-checkers') throw new CheckersRecordError(`format must be "qi-checkers", got ${JSON.stringify(obj.format)}`);
  if (obj.version !== 1) throw new CheckersRecordError(`version ${JSON.stringify(obj.version)} is not supported (only 1)`);
  let rules: CheckersRules;
  try {
    rules = checkersRules((obj.rules ?? {}) as Partial<CheckersRules>);
  } catch (e) {
    throw new CheckersRecordError(`rules: ${(e as Error).message}`);
  }
  const players = obj.players;
  if (!Array.isArray(players) || players.some((p) => typeof p !== 'string')) throw new CheckersRecordError('players must be a list of names');
  if (players.length !== rules.players) throw new CheckersRecordError(`players lists ${players.length} names but the rules say ${rules.players} players`);
  let setup: CheckersSetup | undefined;
  let setupText: CheckersRecord['setup'];
  if (obj.setup !== undefined) ({ setup, setupText } = readSetup(obj.setup, rules));
  let position: CheckersPosition;
  try {
    position = new CheckersPosition(rules, setup);
  } catch (e) {
    throw new CheckersRecordError(`setup: ${(e as Error).message}`);
  }
  if (!Array.isArray(obj.moves)) throw new CheckersRecordError('moves must be a list of hop paths');
  const moves: number[] = [];
  obj.moves.forEach((m, i) => {
    const where = `move ${i + 1}`;
    if (typeof m !== 'string') throw new CheckersRecordError(`${where}: ${JSON.stringify(m)} is not text`);
    if (position.isTerminal()) throw new CheckersRecordError(`${where} (${m}): the game was already over`);
    const mover = position.currentPlayer();
    if (isLeaveText(m)) {
      if (!position.isLegal(CHECKERS_LEAVE)) throw new CheckersRecordError(`${where} (${m}): player ${mover + 1} cannot leave here`);
      position.play(CHECKERS_LEAVE);
      moves.push(CHECKERS_LEAVE);
      return;
    }
    let path: number[];
    try {
      path = position.parsePath(m);
    } catch (e) {
      throw new CheckersRecordError(`${where} (${m}): ${(e as Error).message}`);
    }
    const move = path.length === 0 ? PASS : path[0] * 128 + path[path.length - 1];
    if (path.length > 0 && position.pieceAt(path[0]) !== mover) {
      throw new CheckersRecordError(`${where} (${m}): ${position.geometry.names[path[0]]} holds no piece of player ${mover + 1}, who is to move`);
    }
    if (path.length > 0 && !position.pathIsPlayable(path)) throw new CheckersRecordError(`${where} (${m}): not a step or a chain of hops here`);
    if (!position.isLegal(move)) throw new CheckersRecordError(`${where} (${m}): illegal move for player ${mover + 1}`);
    position.play(move);
    moves.push(move);
  });
  const record: CheckersRecord = { format: 'qi-checkers', version: 1, rules, players: [...players], moves: [...(obj.moves as string[])] };
  if (obj.comments !== undefined) {
    const list = obj.comments;
    if (!Array.isArray(list)) throw new CheckersRecordError(`comments must be a list of texts or nulls, one per move, got ${JSON.stringify(list)}`);
    if (list.length > moves.length) throw new CheckersRecordError(`comments has ${list.length} entries for ${moves.length} moves`);
    list.forEach((c, i) => {
      if (c !== null && typeof c !== 'string') throw new CheckersRecordError(`comments[${i}] (move ${i + 1}): ${JSON.stringify(c)} is neither text nor null`);
    });
    // As the writer gives it: one entry per move, absent when every entry is null.
    if (list.some((c) => c !== null)) record.comments = moves.map((_, i) => (list[i] as string | null | undefined) ?? null);
  }
  if (setupText) record.setup = setupText;
  if (obj.result !== undefined) {
    const places = (obj.result as { places?: unknown })?.places;
    const actual = Array.from({ length: rules.players }, (_, p) => position.placeOf(p));
    if (!Array.isArray(places) || JSON.stringify(places) !== JSON.stringify(actual)) {
      throw new CheckersRecordError(`result.places ${JSON.stringify(places)} does not match the game's places ${JSON.stringify(actual)}`);
    }
    record.result = { places: actual };
  }
  return { record, position, moves };
}

function readSetup(raw: unknown, rules: CheckersRules): { setup: CheckersSetup; setupText: NonNullable<CheckersRecord['setup']> } {
  const s = raw as { pieces?: unknown; toMove?: unknown };
  if (typeof s !== 'object' || s === null || !Array.isArray(s.pieces)) throw new CheckersRecordError('setup.pieces must be a list of hole lists');
  const geo = geometry(rules.board);
  const pieces = s.pieces.map((list, p) => {
    if (!Array.isArray(list)) throw new CheckersRecordError(`setup.pieces[${p}] must be a list of hole names`);
    return list.map((name) => {
      const c = typeof name === 'string' ? holeIndex(geo, name) : -1;
      if (c < 0) throw new CheckersRecordError(`setup.pieces[${p}]: ${JSON.stringify(name)} is not a hole of the ${rules.board} board`);
      return c;
    });
  });
  const toMove = s.toMove ?? 0;
  if (typeof toMove !== 'number') throw new CheckersRecordError('setup.toMove must be a player number');
  return { setup: { pieces, toMove }, setupText: { pieces: pieces.map((l) => l.map((c) => geo.names[c])), toMove } };
}

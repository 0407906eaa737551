import { checkFields, moveComments, within, type GameRecord, type RecordedGame } from '../core/definition.js';
import { playChecked } from '../core/game.js';
import { geometry, holeIndex } from './geometry.js';
import { CheckersPosition, startSetup, type CheckersSetup } from './position.js';
import { readCheckersRecord, writeCheckersRecord } from './record.js';
import { checkersRules, type CheckersRules } from './rules.js';

/** Where a Chinese Checkers game starts (the record's `setup`): each player's pieces as hole names, who moves. */
export interface CheckersStart {
  /** pieces[p]: the holes of player p's pieces (`q1` …); counts may differ from a real game (puzzles). */
  pieces: string[][];
  /** The player to move, 0-based (default 0). */
  toMove?: number;
}

function rules(partial?: unknown): CheckersRules {
  const p = checkFields(partial, 'checkers rules', Object.keys(checkersRules()));
  try {
    return checkersRules(p as Partial<CheckersRules>);
  } catch (e) {
    // checkersRules names the field as `rules.players …`.
    if (e instanceof RangeError) throw new RangeError(`checkers ${e.message}`);
    throw e;
  }
}

/** The start as hole indices, checked by the position (counts per player, overlaps, the side to move). */
function setupOf(value: unknown, r: CheckersRules): CheckersSetup {
  const v = checkFields(value, 'checkers start', ['pieces', 'toMove']);
  if (!Array.isArray(v.pieces)) throw new RangeError(`checkers start.pieces must be a list of hole lists, one per player, got ${JSON.stringify(v.pieces)}`);
  const geo = geometry(r.board);
  const pieces = v.pieces.map((list: unknown, p) => {
    if (!Array.isArray(list)) throw new RangeError(`checkers start.pieces[${p}] must be a list of hole names, got ${JSON.stringify(list)}`);
    return list.map((name: unknown) => {
      const c = typeof name === 'string' ? holeIndex(geo, name) : -1;
      if (c < 0) throw new RangeError(`checkers start.pieces[${p}]: ${JSON.stringify(name)} is not a hole of the ${r.board} board`);
      return c;
    });
  });
  // Canonical: each player's holes in index order (a start does not depend on the order pieces are listed in).
  for (const list of pieces) list.sort((a, b) => a - b);
  const toMove = v.toMove ?? 0;
  if (typeof toMove !== 'number') throw new RangeError(`checkers start.toMove must be a player number, got ${JSON.stringify(toMove)}`);
  const setup = { pieces, toMove };
  within('checkers start', () => new CheckersPosition(r, setup));
  return setup;
}

/** Hole names sorted by hole index. */
function startText(r: CheckersRules, setup: CheckersSetup): CheckersStart {
  const names = geometry(r.board).names;
  return { pieces: setup.pieces.map((l) => [...l].sort((a, b) => a - b).map((c) => names[c])), toMove: setup.toMove };
}

function start(value: unknown, r: CheckersRules): CheckersStart {
  return startText(r, setupOf(value, r));
}

function create(partial?: Partial<CheckersRules>, s?: CheckersStart): CheckersPosition {
  const r = rules(partial);
  return s === undefined ? new CheckersPosition(r) : new CheckersPosition(r, setupOf(s, r));
}

/**
 * The pieces where they stand and the player to move (players who have finished are ranked again in seat order;
 * players who left are in again: a leave is a move, so it lives in the setup's `moves`, not in its start).
 */
function startOf(pos: CheckersPosition): CheckersStart | undefined {
  const now = startText(pos.rules, { pieces: Array.from({ length: pos.playerCount }, (_, p) => pos.piecesOf(p)), toMove: pos.currentPlayer() });
  const standard = startText(pos.rules, startSetup(pos.rules));
  return JSON.stringify(now) === JSON.stringify(standard) ? undefined : now;
}

function decode(input: string | Uint8Array): string {
  return typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: true }).decode(input);
}

/** Reads a `qi-checkers` JSON record (validated, every move checked; its `comments` as comments); the places follow from the moves. */
function readRecord(input: string | Uint8Array): GameRecord<CheckersRules, CheckersStart> {
  const { record, moves } = readCheckersRecord(decode(input));
  const out: GameRecord<CheckersRules, CheckersStart> = { rules: record.rules, moves, players: record.players };
  if (record.setup) out.start = start(record.setup, record.rules);
  if (record.comments) out.comments = record.comments.map((c) => c ?? undefined);
  return out;
}

/** Writes a `qi-checkers` JSON record (full hop paths; `comments` when a move has one; `result.places` when the game is over). */
function writeRecord(record: GameRecord<CheckersRules, CheckersStart>): string {
  const pos = create(record.rules, record.start);
  for (const m of record.moves) playChecked(pos, m);
  return writeCheckersRecord(pos, record.players, moveComments(record, 'checkers'));
}

/** Chinese Checkers: rules CheckersRules (star or 8x8, 1–6 players), starts CheckersStart, hop paths, `qi-checkers` JSON. */
export const checkersDefinition: RecordedGame<CheckersRules, CheckersStart, CheckersPosition> = {
  id: 'checkers',
  title: 'Chinese Checkers',
  defaultRules: Object.freeze(checkersRules()),
  rules,
  start,
  create,
  rulesOf: (pos) => ({ ...pos.rules }),
  startOf,
  notation: 'hop paths of hole names joined by - (a step o2-m6, hops q1-o1-o3; from-to is enough to parse), pass, or leave (the player to move leaves the game)',
  moveToText: (pos, move) => pos.moveToText(move),
  parseMove: (pos, text) => pos.parseMove(text),
  record: { name: 'qi-checkers JSON', extension: 'json', read: readRecord, write: writeRecord },
};

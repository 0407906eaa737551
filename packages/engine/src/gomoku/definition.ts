import { checkFields, colorOf, moveComments, parseColor, stringList, within, type GameRecord, type RecordedGame } from '../core/definition.js';
import { GomokuPosition, parseRule, type GomokuRule } from './position.js';
import { readGomokuSgf, writeGomokuSgf } from './sgf-gomoku.js';

/** The rules of a Gomoku game: board size and rule set. */
export interface GomokuRules {
  /** Board size, 5..20 (default 15). */
  size: number;
  /** Rule set (default freestyle). */
  rule: GomokuRule;
}

/** Where a Gomoku game starts: stones on the board (renju points, `H8`) and the side to move (canonically only when not the natural one). */
export interface GomokuStart {
  /** Black stones. */
  black?: string[];
  /** White stones. */
  white?: string[];
  /** The side to move (default Black when Black has no more stones than White, else White). */
  toMove?: 'black' | 'white';
}

const RULE_FIELDS: readonly (keyof GomokuRules)[] = ['size', 'rule'];
const START_FIELDS: readonly (keyof GomokuStart)[] = ['black', 'white', 'toMove'];

/** The side to move when a start does not say: Black unless Black has more stones (as GomokuPosition decides). */
function natural(black: number, white: number): 'black' | 'white' {
  return black > white ? 'white' : 'black';
}

function rules(partial?: unknown): GomokuRules {
  const p = checkFields(partial, 'gomoku rules', RULE_FIELDS);
  const size = p.size ?? 15;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 5 || size > 20) {
    throw new RangeError(`gomoku rules.size must be a whole number from 5 to 20, got ${JSON.stringify(size)}`);
  }
  const rule = p.rule ?? 'freestyle';
  if (typeof rule !== 'string') throw new RangeError(`gomoku rules.rule must be freestyle, standard or renju, got ${JSON.stringify(rule)}`);
  return { size, rule: within('gomoku rules.rule', () => parseRule(rule)) };
}

/** The start's fields checked for type; points and overlaps are checked by the position. */
function startFields(value: unknown): GomokuStart {
  const v = checkFields(value, 'gomoku start', START_FIELDS);
  const out: GomokuStart = {};
  const black = stringList(v.black, 'gomoku start.black');
  const white = stringList(v.white, 'gomoku start.white');
  if (black && black.length > 0) out.black = black;
  if (white && white.length > 0) out.white = white;
  if (v.toMove !== undefined) out.toMove = colorOf(parseColor(v.toMove, 'gomoku start.toMove'));
  return out;
}

function position(r: GomokuRules, s: GomokuStart): GomokuPosition {
  return within('gomoku start', () => new GomokuPosition({ size: r.size, rule: r.rule, black: s.black, white: s.white, toMove: s.toMove }));
}

function start(value: unknown, r: GomokuRules): GomokuStart {
  const s = startFields(value);
  const pos = position(r, s);
  // Canonical: point names in upper case, in board order.
  const canonical = (list: string[]) =>
    list
      .map((t) => pos.parseMove(t))
      .sort((a, b) => a - b)
      .map((p) => pos.moveToText(p));
  if (s.black) s.black = canonical(s.black);
  if (s.white) s.white = canonical(s.white);
  // Canonical: toMove only when it is not the natural side.
  if (s.toMove !== undefined && s.toMove === natural(s.black?.length ?? 0, s.white?.length ?? 0)) delete s.toMove;
  return s;
}

function create(partial?: Partial<GomokuRules>, s?: GomokuStart): GomokuPosition {
  const r = rules(partial);
  return s === undefined ? new GomokuPosition(r) : position(r, startFields(s));
}

function startOf(pos: GomokuPosition): GomokuStart | undefined {
  const black: string[] = [];
  const white: string[] = [];
  for (const p of pos.geo.points) {
    const c = pos.stoneAt(p);
    if (c === 1) black.push(pos.moveToText(p));
    else if (c === 2) white.push(pos.moveToText(p));
  }
  const toMove = colorOf(pos.currentPlayer());
  if (black.length + white.length === 0 && toMove === 'black') return undefined;
  const out: GomokuStart = {};
  if (black.length > 0) out.black = black;
  if (white.length > 0) out.white = white;
  if (toMove !== natural(black.length, white.length)) out.toMove = toMove;
  return out;
}

const INFO = ['DT', 'EV', 'GN', 'PC', 'C'];

/** Reads a Gomoku SGF (GM[4], rule set in RU): every move is checked, renju forbidden points included; C of the move nodes as `comments`. */
function readRecord(input: string | Uint8Array): GameRecord<GomokuRules, GomokuStart> {
  const rec = readGomokuSgf(input);
  const pos = new GomokuPosition({ size: rec.size, rule: rec.rule });
  const out: GameRecord<GomokuRules, GomokuStart> = { rules: { size: rec.size, rule: rec.rule }, moves: rec.moves, info: {} };
  if (rec.black.length + rec.white.length > 0 || rec.toMove !== natural(0, 0)) {
    const s: GomokuStart = {};
    if (rec.black.length > 0) s.black = rec.black.map((p) => pos.moveToText(p));
    if (rec.white.length > 0) s.white = rec.white.map((p) => pos.moveToText(p));
    if (rec.toMove !== natural(rec.black.length, rec.white.length)) s.toMove = rec.toMove;
    out.start = s;
  }
  if (rec.info.PB !== undefined || rec.info.PW !== undefined) out.players = [rec.info.PB ?? '', rec.info.PW ?? ''];
  if (rec.info.RE !== undefined) out.result = rec.info.RE;
  for (const id of INFO) if (rec.info[id] !== undefined) out.info![id] = rec.info[id];
  if (rec.comments !== undefined) out.comments = rec.comments.map((c) => c ?? undefined);
  return out;
}

/** Writes a Gomoku SGF (FF[4] GM[4] SZ RU, AB/AW and PL for a start, one node per move with `comments[i]` as C; every move checked). */
function writeRecord(record: GameRecord<GomokuRules, GomokuStart>): string {
  const r = rules(record.rules);
  const pos = create(r, record.start === undefined ? undefined : start(record.start, r));
  const black: number[] = [];
  const white: number[] = [];
  for (const p of pos.geo.points) {
    if (pos.stoneAt(p) === 1) black.push(p);
    else if (pos.stoneAt(p) === 2) white.push(p);
  }
  const info: Record<string, string> = {};
  for (const id of INFO) if (record.info?.[id] !== undefined) info[id] = record.info[id];
  const [pb, pw] = record.players ?? [];
  if (pb) info.PB = pb;
  if (pw) info.PW = pw;
  if (record.result !== undefined) info.RE = record.result;
  const comments = moveComments(record, 'gomoku');
  return writeGomokuSgf({ size: r.size, rule: r.rule, black, white, toMove: colorOf(pos.currentPlayer()), moves: [...record.moves], info, ...(comments ? { comments } : {}) });
}

/** Gomoku / Renju: rules GomokuRules, starts GomokuStart, renju notation, SGF GM[4] records. */
export const gomokuDefinition: RecordedGame<GomokuRules, GomokuStart, GomokuPosition> = {
  id: 'gomoku',
  title: 'Gomoku / Renju',
  defaultRules: Object.freeze(rules()),
  rules,
  start,
  create,
  rulesOf: (pos) => ({ size: pos.geo.size, rule: pos.rule }),
  startOf,
  notation: 'renju points: a column letter A-T keeping I and a row number from 1 at the bottom (H8)',
  moveToText: (pos, move) => pos.moveToText(move),
  parseMove: (pos, text) => pos.parseMove(text),
  record: { name: 'SGF FF[4] GM[4]', extension: 'sgf', read: readRecord, write: writeRecord },
};

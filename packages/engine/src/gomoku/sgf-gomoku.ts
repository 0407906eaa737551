import { joinComments } from '../core/definition.js';
import { playChecked } from '../core/game.js';
import { SgfError } from '../sgf/error.js';
import { SgfNode } from '../sgf/node.js';
import { parseSgfGame, type SgfParseOptions } from '../sgf/parse.js';
import { expandPointList, parsePoint, pointText } from '../sgf/point.js';
import { writeSgf } from '../sgf/write.js';
import { GomokuPosition, parseRule, type GomokuRule } from './position.js';

/**
 * Gomoku/Renju game records in SGF (FF[4], GM[4]). The rule set is kept in RU as `freestyle`, `standard` or
 * `renju`; composed positions use AB/AW setup stones and PL for the side to move. SGF rows count from the top
 * (`aa` = A15 on 15x15), renju rows from the bottom; this module converts.
 */

/** A Gomoku game as read from or written to SGF. */
export interface GomokuRecord {
  /** Board size (SZ, default 15). */
  size: number;
  /** Rule set (RU; freestyle when absent). */
  rule: GomokuRule;
  /** Setup stones (AB/AW in the root), as point indices of a position of this size. */
  black: number[];
  /** White setup stones. */
  white: number[];
  /** Side to move first (PL; otherwise black unless the setup has more black stones). */
  toMove: 'black' | 'white';
  /** Moves in order, as point indices. */
  moves: number[];
  /** Player names, result and the like, as plain text (PB, PW, RE, DT, EV, GN, C of the root). */
  info: Record<string, string>;
  /**
   * Comments on the moves: `comments[i]` (C of the node of `moves[i]`) is about the position after it; undefined
   * or null for none. Read: present only when some move has one, then one entry per move; the C of a node without
   * a move joins the comment of the move before it (a blank line between), or `info.C` before the first move.
   */
  comments?: (string | undefined | null)[];
}

const INFO = ['PB', 'PW', 'RE', 'DT', 'EV', 'GN', 'PC', 'C'] as const;

/** The start position of a record (setup stones, side to move, rule); throws on overlapping stones. */
export function recordStart(record: GomokuRecord): GomokuPosition {
  return new GomokuPosition({ size: record.size, rule: record.rule, black: record.black, white: record.white, toMove: record.toMove });
}

function where(node: SgfNode, message: string): SgfError {
  return new SgfError(message, node.line, node.column);
}

/**
 * Reads the first game of an SGF file as a Gomoku record and checks it against the rules: every move must be
 * legal in turn (renju forbidden points included). Throws SgfError naming the line, column, move number and
 * point of the first problem.
 */
export function readGomokuSgf(input: Uint8Array | string, options?: SgfParseOptions): GomokuRecord {
  const root = parseSgfGame(input, options);
  const gm = root.get('GM');
  if (gm !== undefined && gm.trim() !== '4') throw where(root, `GM[${gm}] is not Gomoku/Renju (GM[4])`);
  const sz = root.get('SZ')?.trim() ?? '15';
  if (!/^\d+$/.test(sz) || Number(sz) < 5 || Number(sz) > 20) throw where(root, `SZ[${sz}]: Gomoku boards are square, 5 to 20`);
  const size = Number(sz);
  let rule: GomokuRule = 'freestyle';
  const ru = root.simpleText('RU');
  if (ru !== undefined && ru.trim() !== '') {
    try {
      rule = parseRule(ru === 'gomoku' ? 'freestyle' : ru);
    } catch {
      throw where(root, `RU[${ru}] is not a Gomoku rule set (freestyle, standard or renju)`);
    }
  }
  const probe = new GomokuPosition({ size });
  const toIndex = (col: number, row: number): number => probe.geo.point(col, size - 1 - row);
  const black = expandPointList(root.getAll('AB'), size).map((p) => toIndex(p.col, p.row));
  const white = expandPointList(root.getAll('AW'), size).map((p) => toIndex(p.col, p.row));
  const pl = root.get('PL')?.trim().toUpperCase();
  if (pl !== undefined && pl !== 'B' && pl !== 'W') throw where(root, `PL[${pl}] must be B or W`);
  const toMove: 'black' | 'white' = pl === 'W' ? 'white' : pl === 'B' ? 'black' : black.length > white.length ? 'white' : 'black';
  const info: Record<string, string> = {};
  for (const id of INFO) {
    const v = id === 'C' ? root.text(id) : root.simpleText(id);
    if (v !== undefined) info[id] = v;
  }
  const record: GomokuRecord = { size, rule, black, white, toMove, moves: [], info };
  let pos: GomokuPosition;
  try {
    pos = recordStart(record);
  } catch (e) {
    throw where(root, (e as Error).message);
  }
  for (const node of root.mainLine()) {
    if (node !== root && (node.has('AB') || node.has('AW') || node.has('AE'))) {
      throw where(node, `setup stones after the start (move ${record.moves.length}) are not supported in Gomoku records`);
    }
    for (const [id, player] of [['B', 0], ['W', 1]] as const) {
      const raw = node.get(id);
      if (raw === undefined) continue;
      const n = record.moves.length + 1;
      if (raw.trim() === '' || (raw.trim() === 'tt' && size <= 19)) throw where(node, `move ${n}: ${id}[${raw}] is a pass; Gomoku has no pass`);
      if (pos.currentPlayer() !== player) throw where(node, `move ${n}: ${id === 'B' ? 'black' : 'white'} plays out of turn`);
      let p: number;
      try {
        const pt = parsePoint(raw, size);
        p = toIndex(pt.col, pt.row);
      } catch (e) {
        throw where(node, `move ${n}: ${(e as Error).message.replace(/^SGF: /, '')}`);
      }
      const banned = player === 0 ? pos.forbiddenKind(p) : null;
      if (banned && !pos.isTerminal()) throw where(node, `move ${n} ${id}[${raw}] (${pos.moveToText(p)}): forbidden for black under renju (${banned})`);
      try {
        playChecked(pos, p);
      } catch (e) {
        throw where(node, `move ${n} ${id}[${raw}] (${pos.moveToText(p)}): ${(e as Error).message}`);
      }
      record.moves.push(p);
    }
    const c = node === root ? undefined : node.text('C');
    if (c !== undefined) {
      // About the position after the node: its (last) move's, or the start's.
      const last = record.moves.length - 1;
      if (last < 0) info.C = joinComments(info.C, c)!;
      else {
        record.comments ??= [];
        record.comments[last] = joinComments(record.comments[last] ?? undefined, c);
      }
    }
  }
  if (record.comments !== undefined) record.comments = Array.from({ length: record.moves.length }, (_, i) => record.comments![i] ?? undefined);
  return record;
}

/** Writes a record as SGF text (FF[4] GM[4] SZ RU, setup, PL when needed, one node per move with its comment as C). */
export function writeGomokuSgf(record: GomokuRecord): string {
  const pos = recordStart(record);
  const g = pos.geo;
  const text = (p: number): string => pointText(g.x(p), record.size - 1 - g.y(p));
  const root = new SgfNode().set('FF', '4').set('GM', '4').set('SZ', String(record.size)).set('RU', record.rule);
  for (const id of INFO) if (record.info[id] !== undefined) root.setText(id, record.info[id]);
  if (record.black.length > 0) root.set('AB', record.black.map(text));
  if (record.white.length > 0) root.set('AW', record.white.map(text));
  const natural = record.black.length > record.white.length ? 'white' : 'black';
  if (record.toMove !== natural || record.black.length + record.white.length > 0) root.set('PL', record.toMove === 'black' ? 'B' : 'W');
  let node = root;
  record.moves.forEach((m, i) => {
    const colour = pos.currentPlayer();
    node = node.appendChild();
    node.set(colour === 0 ? 'B' : 'W', text(m));
    const c = record.comments?.[i];
    if (c !== undefined && c !== null) node.setText('C', c);
    playChecked(pos, m);
  });
  return writeSgf(root);
}

/** A record from a start position (its stones, rule and side to move) and the moves played from it. */
export function recordOf(start: GomokuPosition, moves: readonly number[], info: Record<string, string> = {}): GomokuRecord {
  const black: number[] = [];
  const white: number[] = [];
  for (const p of start.geo.points) {
    if (start.stoneAt(p) === 1) black.push(p);
    else if (start.stoneAt(p) === 2) white.push(p);
  }
  return { size: start.geo.size, rule: start.rule, black, white, toMove: start.currentPlayer() === 0 ? 'black' : 'white', moves: [...moves], info };
}

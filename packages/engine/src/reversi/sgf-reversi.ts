import { joinComments } from '../core/definition.js';
import { PASS } from '../core/game.js';
import { SgfError } from '../sgf/error.js';
import { SgfNode } from '../sgf/node.js';
import { parseSgf, type SgfParseOptions } from '../sgf/parse.js';
import { expandPointList, parsePoint, pointText } from '../sgf/point.js';
import { writeSgf } from '../sgf/write.js';
import { ReversiPosition, squareName } from './position.js';

/** The standard start as a board string: D4/E5 white, D5/E4 black. */
const STANDARD = '-'.repeat(27) + 'OX------XO' + '-'.repeat(27);

/** One move of a record: who played (0 black, 1 white) and where (a square 0..63, or PASS). */
export interface ReversiRecordMove {
  color: 0 | 1;
  move: number;
  /** C of the move's node, decoded. */
  comment?: string;
}

/** An Othello game as SGF (GM[2]) carries it: game information, the start position and the moves. */
export interface ReversiRecord {
  black: { name?: string };
  white: { name?: string };
  /** RE as written ('B+10', 'W+2', '0' …). */
  result?: string;
  date?: string;
  event?: string;
  place?: string;
  gameName?: string;
  /** C of the root node, decoded. */
  comment?: string;
  /** The start board (64 characters, A1..H1 first; X black, O white, - empty) and side to move. */
  board: string;
  toMove: 0 | 1;
  moves: ReversiRecordMove[];
}

function fail(node: SgfNode, message: string): never {
  throw new SgfError(message, node.line, node.column);
}

/** Parses SGF bytes or text and reads its first game tree as an Othello record (SgfError on anything unusable). */
export function readReversiSgf(input: Uint8Array | string, options?: SgfParseOptions): ReversiRecord {
  return reversiRecordFromTree(parseSgf(input, options).trees[0]);
}

/**
 * Reads a parsed game tree's main line as an Othello record. Coordinates are SGF points a–h (column, then row
 * from the top, so `aa` is A1 and `dc` is D3); a pass is `B[]`/`W[]` or `tt`. Root AB/AW give the whole start
 * board (empty otherwise); without them the record starts from the standard position, AE removing discs from it.
 * PL sets the side to move. Setup after the root is refused. C of a move's node is its comment, C of a node
 * without a move joins the comment of the move before it (a blank line between; the root's before the first move).
 */
export function reversiRecordFromTree(root: SgfNode): ReversiRecord {
  const gm = root.get('GM')?.trim();
  if (gm !== undefined && gm !== '' && gm !== '2') fail(root, `GM[${gm}] is not an Othello record (Othello is GM[2])`);
  const sz = root.simpleText('SZ')?.trim();
  if (sz !== undefined && sz !== '' && sz !== '8' && sz !== '8:8') fail(root, `SZ[${sz}]: Othello is played on 8x8`);
  const record: ReversiRecord = {
    black: { name: root.simpleText('PB') },
    white: { name: root.simpleText('PW') },
    result: root.simpleText('RE'),
    date: root.simpleText('DT'),
    event: root.simpleText('EV'),
    place: root.simpleText('PC'),
    gameName: root.simpleText('GN'),
    comment: root.text('C'),
    board: STANDARD,
    toMove: 0,
    moves: [],
  };
  const cells = (root.has('AB') || root.has('AW') ? '-'.repeat(64) : STANDARD).split('');
  for (const [id, c] of [['AE', '-'], ['AB', 'X'], ['AW', 'O']] as const) {
    if (!root.has(id)) continue;
    try {
      for (const p of expandPointList(root.getAll(id), 8)) cells[p.row * 8 + p.col] = c;
    } catch (e) {
      if (e instanceof SgfError) fail(root, `${id}: ${e.message.replace(/^SGF: /, '')}`);
      throw e;
    }
  }
  record.board = cells.join('');
  const line = root.mainLine();
  const pl = root.simpleText('PL')?.trim().toUpperCase();
  if (pl !== undefined) {
    if (pl === 'B' || pl === '1') record.toMove = 0;
    else if (pl === 'W' || pl === '2') record.toMove = 1;
    else fail(root, `PL[${pl}] is not a colour (B or W)`);
  } else {
    // Without PL the first move says who starts (black in a standard game).
    const first = line.find((n) => n.has('B') || n.has('W'));
    if (first !== undefined && !first.has('B')) record.toMove = 1;
  }
  for (const [k, node] of line.entries()) {
    if (k > 0) {
      for (const id of ['AB', 'AW', 'AE', 'PL']) if (node.has(id)) fail(node, `${id} after the root: setup inside an Othello game is not supported`);
    }
    if (node.has('B') && node.has('W')) fail(node, 'a node holds both a black and a white move');
    for (const [id, color] of [['B', 0], ['W', 1]] as const) {
      if (!node.has(id)) continue;
      const number = record.moves.length + 1;
      const values = node.getAll(id);
      if (values.length !== 1) fail(node, `move ${number}: ${id} has ${values.length} values`);
      const v = values[0].trim();
      let move: number;
      if (v === '' || v === 'tt') move = PASS;
      else {
        try {
          const p = parsePoint(v, 8);
          move = p.row * 8 + p.col;
        } catch (e) {
          if (e instanceof SgfError) fail(node, `move ${number}: ${id}[${v}]: ${e.message.replace(/^SGF: /, '')}`);
          throw e;
        }
      }
      const entry: ReversiRecordMove = { color, move };
      const c = node.text('C');
      if (c !== undefined && k > 0) entry.comment = c;
      record.moves.push(entry);
    }
    // The C of a node without a move is about the position before it: it joins the comment of the move before, or the root's.
    if (k > 0 && !node.has('B') && !node.has('W')) {
      const c = node.text('C');
      const last = record.moves[record.moves.length - 1];
      if (c === undefined) continue;
      if (last === undefined) record.comment = joinComments(record.comment, c);
      else last.comment = joinComments(last.comment, c);
    }
  }
  return record;
}

/** The outcome of replaying a record: the final position, or where and why it stopped. */
export interface ReversiReplay {
  position: ReversiPosition;
  /** Moves of the record played (passes the record leaves out are added and not counted). */
  moves: number;
  /** The first move that could not be played, if any (the replay stops there). */
  error?: { move: number; color: 'black' | 'white'; square: string; reason: string };
}

/**
 * Replays a record on a new position. A pass the record leaves out (the same colour moving twice while the
 * other side had no move) is played implicitly; anything else illegal stops the replay with a reason.
 */
export function replayReversi(record: ReversiRecord): ReversiReplay {
  const position = new ReversiPosition(record.board, record.toMove);
  const result: ReversiReplay = { position, moves: 0 };
  for (const [i, m] of record.moves.entries()) {
    const color = m.color === 0 ? 'black' : 'white';
    const square = m.move === PASS ? 'PS' : squareName(m.move);
    const stop = (reason: string) => {
      result.error = { move: i + 1, color, square, reason };
    };
    if (position.isTerminal()) {
      stop('the game is already over');
      break;
    }
    if (position.currentPlayer() !== m.color) {
      if (!position.isLegal(PASS)) {
        stop(`${position.currentPlayer() === 0 ? 'black' : 'white'} is to move and can play`);
        break;
      }
      position.play(PASS);
    }
    if (!position.isLegal(m.move)) {
      stop(m.move === PASS ? 'a pass while a move is possible' : position.colourAt(m.move) >= 0 ? 'the square is occupied' : 'the move flips nothing');
      break;
    }
    position.play(m.move);
    result.moves++;
  }
  return result;
}

/** The record of a position's game so far (its start board and the moves played), with RE when it is over. */
export function recordFromPosition(pos: ReversiPosition, info: Partial<Omit<ReversiRecord, 'board' | 'toMove' | 'moves'>> = {}): ReversiRecord {
  const start = pos.initial();
  const replay = new ReversiPosition(start.board, start.toMove);
  const moves: ReversiRecordMove[] = [];
  for (const m of pos.history()) {
    moves.push({ color: replay.currentPlayer() as 0 | 1, move: m });
    replay.play(m);
  }
  const record: ReversiRecord = { black: {}, white: {}, ...info, board: start.board, toMove: start.toMove as 0 | 1, moves };
  if (record.result === undefined && pos.isTerminal()) {
    const s = pos.score();
    record.result = s > 0 ? `B+${s}` : s < 0 ? `W+${-s}` : '0';
  }
  return record;
}

/** Builds the SGF tree of an Othello record (FF[4], GM[2], SZ[8], game information, setup when not standard). */
export function reversiRecordToTree(record: ReversiRecord): SgfNode {
  const root = new SgfNode().set('FF', '4').set('GM', '2').set('SZ', '8').set('AP', 'Qi');
  const text = (id: string, value: string | undefined) => {
    if (value !== undefined) root.setText(id, value);
  };
  text('PB', record.black.name);
  text('PW', record.white.name);
  text('RE', record.result);
  text('DT', record.date);
  text('EV', record.event);
  text('PC', record.place);
  text('GN', record.gameName);
  text('C', record.comment);
  const board = new ReversiPosition(record.board, record.toMove).boardString();
  if (board !== STANDARD) {
    const ab: string[] = [];
    const aw: string[] = [];
    for (let s = 0; s < 64; s++) {
      if (board[s] === 'X') ab.push(pointText(s & 7, s >> 3));
      else if (board[s] === 'O') aw.push(pointText(s & 7, s >> 3));
    }
    // An empty board still needs a marker that the standard start is not meant.
    if (ab.length === 0 && aw.length === 0) root.set('AE', ['dd', 'ed', 'de', 'ee']);
    if (ab.length > 0) root.set('AB', ab);
    if (aw.length > 0) root.set('AW', aw);
  }
  if (board !== STANDARD || record.toMove !== 0) root.set('PL', record.toMove === 0 ? 'B' : 'W');
  let node = root;
  for (const m of record.moves) {
    node = node.appendChild();
    node.set(m.color === 0 ? 'B' : 'W', m.move === PASS ? '' : pointText(m.move & 7, m.move >> 3));
    if (m.comment !== undefined) node.setText('C', m.comment);
  }
  return root;
}

/** Writes an Othello record as SGF text (UTF-8, CA[UTF-8]; passes as B[] / W[]). */
export function writeReversiSgf(record: ReversiRecord): string {
  return writeSgf(reversiRecordToTree(record));
}

import { checkFields, colorOf, moveComments, parseColor, within, type GameRecord, type RecordedGame } from '../core/definition.js';
import { PASS, playChecked } from '../core/game.js';
import { ReversiPosition, parseBoard, parseSide } from './position.js';
import { readReversiSgf, recordFromPosition, replayReversi, writeReversiSgf, type ReversiRecord } from './sgf-reversi.js';

/** Reversi has one rule set: no options. */
export type ReversiRules = Record<string, never>;

/** Where a Reversi game starts: a board and the side to move. */
export interface ReversiStart {
  /** 64 squares, A1..H1 first (the FFO board strings): X black, O white, - empty. */
  board: string;
  /** The side to move (default Black). */
  toMove?: 'black' | 'white';
}

/** The standard start as a board string: D4/E5 white, D5/E4 black. */
const STANDARD = '-'.repeat(27) + 'OX------XO' + '-'.repeat(27);

function rules(partial?: unknown): ReversiRules {
  const p = checkFields(partial, 'reversi rules', Object.keys(partial ?? {}));
  for (const k of Object.keys(p)) throw new RangeError(`reversi rules: unknown field "${k}" (Reversi has no rules options; a start board goes in the start)`);
  return {};
}

function start(value: unknown): ReversiStart {
  const v = checkFields(value, 'reversi start', ['board', 'toMove']);
  if (typeof v.board !== 'string') throw new RangeError(`reversi start.board must be a string of 64 squares (X, O, -), got ${JSON.stringify(v.board)}`);
  const board = v.board;
  within('reversi start.board', () => parseBoard(board));
  let side: 0 | 1 = 0;
  if (v.toMove !== undefined) side = typeof v.toMove === 'string' ? within('reversi start.toMove', () => parseSide(v.toMove as string)) : parseColor(v.toMove, 'reversi start.toMove');
  return { board: new ReversiPosition(board, side).boardString(), toMove: colorOf(side) };
}

function create(partial?: Partial<ReversiRules>, s?: ReversiStart): ReversiPosition {
  rules(partial);
  if (s === undefined) return new ReversiPosition();
  const st = start(s);
  return new ReversiPosition(st.board, st.toMove === 'white' ? 1 : 0);
}

function startOf(pos: ReversiPosition): ReversiStart | undefined {
  const board = pos.boardString();
  const toMove = colorOf(pos.currentPlayer());
  return board === STANDARD && toMove === 'black' ? undefined : { board, toMove };
}

/**
 * Reads an Othello SGF (GM[2]): the start from the root's AB/AW/AE and PL, the moves replayed (a pass the record
 * leaves out is put back, since `play` alternates; it has no comment), the move nodes' C as `comments`; a move
 * that cannot be played throws naming it.
 */
function readRecord(input: string | Uint8Array): GameRecord<ReversiRules, ReversiStart> {
  const rec = readReversiSgf(input);
  const replay = replayReversi(rec);
  if (replay.error) {
    const e = replay.error;
    throw new Error(`move ${e.move} (${e.color} ${e.square}): ${e.reason}`);
  }
  const out: GameRecord<ReversiRules, ReversiStart> = { rules: {}, moves: replay.position.history(), info: {} };
  if (rec.board !== STANDARD || rec.toMove !== 0) out.start = { board: rec.board, toMove: colorOf(rec.toMove) };
  if (rec.black.name !== undefined || rec.white.name !== undefined) out.players = [rec.black.name ?? '', rec.white.name ?? ''];
  if (rec.result !== undefined) out.result = rec.result;
  const info = out.info!;
  for (const [id, value] of [['DT', rec.date], ['EV', rec.event], ['PC', rec.place], ['GN', rec.gameName], ['C', rec.comment]] as const) {
    if (value !== undefined) info[id] = value;
  }
  if (rec.moves.some((m) => m.comment !== undefined)) {
    // Each comment on its move; the passes put back (replayReversi's) have none.
    const comments = new Array<string | undefined>(out.moves.length).fill(undefined);
    const pos = new ReversiPosition(rec.board, rec.toMove);
    let j = 0;
    for (const m of rec.moves) {
      if (pos.currentPlayer() !== m.color) {
        pos.play(PASS);
        j++;
      }
      comments[j++] = m.comment;
      pos.play(m.move);
    }
    out.comments = comments;
  }
  return out;
}

/** Writes an Othello SGF (FF[4] GM[2] SZ[8], the start when not the standard one, one node per move with `comments[i]` as C, RE when over). */
function writeRecord(record: GameRecord<ReversiRules, ReversiStart>): string {
  const pos = create(record.rules, record.start);
  for (const m of record.moves) playChecked(pos, m);
  const info = record.info ?? {};
  const [pb, pw] = record.players ?? [];
  const fields: Partial<ReversiRecord> = {
    black: { name: pb || undefined },
    white: { name: pw || undefined },
    result: record.result,
    date: info.DT,
    event: info.EV,
    place: info.PC,
    gameName: info.GN,
    comment: info.C,
  };
  const rec = recordFromPosition(pos, fields);
  const comments = moveComments(record, 'reversi');
  comments?.forEach((c, i) => {
    if (c !== undefined) rec.moves[i].comment = c;
  });
  return writeReversiSgf(rec);
}

/** Reversi / Othello: no rule options, starts ReversiStart, Othello notation, SGF GM[2] records. */
export const reversiDefinition: RecordedGame<ReversiRules, ReversiStart, ReversiPosition> = {
  id: 'reversi',
  title: 'Reversi',
  defaultRules: Object.freeze({}),
  rules,
  start,
  create,
  rulesOf: () => ({}),
  startOf,
  notation: 'Othello squares: a column letter A-H and a row number from 1 at the top (D3), or pass',
  moveToText: (pos, move) => pos.moveToText(move),
  parseMove: (pos, text) => pos.parseMove(text),
  record: { name: 'SGF FF[4] GM[2]', extension: 'sgf', read: readRecord, write: writeRecord },
};

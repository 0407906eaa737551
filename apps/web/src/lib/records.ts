import { parseSgfGame } from '@qi/engine';
import type { GameUi } from '../games/types.js';
import { gameUi } from '../games/index.js';
import { Session } from './session/session.js';

/**
 * Game records in and out, for every game through its engine definition's record format (SGF GM[1] Go, GM[2]
 * Othello, GM[4] Gomoku/Renju, the Chinese Checkers JSON record). The format reads and checks every move; this
 * module only finds which game a file holds and turns a record into a session and back.
 */

/** A record opened: its game, a session at its last move, the player names it gives, and its settings. */
export interface OpenedRecord {
  ui: GameUi<object>;
  session: Session;
  names: string[];
  settings: object;
}

/** Which game a record file holds: the JSON record is Chinese Checkers; SGF by its GM (1 when absent). */
export function recordGame(bytes: Uint8Array): string {
  let i = 0;
  while (i < bytes.length && (bytes[i] <= 0x20 || bytes[i] === 0xef || bytes[i] === 0xbb || bytes[i] === 0xbf)) i++;
  if (bytes[i] === 0x7b) return 'checkers';
  const gm = parseSgfGame(bytes).get('GM')?.trim() ?? '1';
  if (gm === '1') return 'go';
  if (gm === '2') return 'reversi';
  if (gm === '4') return 'gomoku';
  throw new RangeError(`SGF GM[${gm}] is not a game Qi plays (GM[1] Go, GM[2] Othello, GM[4] Gomoku)`);
}

/** Opens a record file; throws an Error naming the problem (the format's message: line, move, reason). */
export function openRecord(bytes: Uint8Array): OpenedRecord {
  const ui = gameUi(recordGame(bytes));
  const format = ui.definition.record;
  if (!format) throw new RangeError(`${ui.id} has no record format`);
  const record = format.read(bytes);
  const session = new Session({ definition: ui.definition, rules: record.rules, start: record.start });
  for (const move of record.moves) session.play(move);
  const rules = session.rules as Record<string, unknown>;
  const start = (session.start ?? {}) as { handicap?: unknown[] };
  let settings: object;
  try {
    settings = ui.settings({ ...rules, handicap: Array.isArray(start.handicap) ? start.handicap.length : 0 });
  } catch {
    settings = ui.settings({ ...rules, handicap: 0 });
  }
  return { ui, session, names: record.players ?? [], settings };
}

/**
 * The record text of a session's line from the start to the current position, with names, the result and, when
 * given, a comment per move (SGF C[] on the move's node; the Chinese Checkers record's comments).
 */
export function writeRecord(ui: GameUi<object>, session: Session, names: string[], result: string | undefined, comments?: (string | undefined)[]): string {
  const format = ui.definition.record;
  if (!format) throw new RangeError(`${ui.id} has no record format`);
  const record: Parameters<typeof format.write>[0] = { rules: session.rules as never, moves: session.moves(), players: names };
  if (comments && comments.some((c) => c !== undefined)) record.comments = comments.slice(0, record.moves.length);
  if (session.start !== undefined) record.start = session.start as never;
  if (result !== undefined) record.result = result;
  const info: Record<string, string> = { DT: new Date().toISOString().slice(0, 10) };
  record.info = info;
  return format.write(record);
}

/** SGF's RE for a finished two-player game (`B+R`, `W+T`, `B+` …), or Go's count; undefined while it goes on. */
export function resultText(ui: GameUi<object>, session: Session): string | undefined {
  const v = session.view;
  const side = (p: number) => (p === 0 ? 'B' : 'W');
  if (v.ending) return `${side(1 - v.ending.player)}+${v.ending.kind === 'resign' ? 'R' : 'T'}`;
  if (ui.resultCode) return ui.resultCode(session);
  if (!v.returns || v.playerCount !== 2) return undefined;
  if (v.returns[0] === v.returns[1]) return '0';
  return `${side(v.returns[0] > 0 ? 0 : 1)}+`;
}

/** Starts a download of `text` as a file (a Blob URL, revoked after the click). */
export function download(name: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

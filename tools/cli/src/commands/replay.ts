import { readFileSync } from 'node:fs';
import { games, parseSgfGame, readGoSgf, replayGo, SgfError, type GoPosition, type GoRecord, type GoReplay, type KoRule } from '@qi/engine';
import { checkFlags, colorName, flagBool, flagString, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';

const KO_RULES = ['simple', 'positional', 'situational'];

/** The bytes of a record file named on the command line; every failure becomes a one-line message. */
function readRecordFile(file: string | undefined): Uint8Array {
  if (file === undefined) throw new UsageError('an SGF file is required');
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file}`);
    if (code === 'EISDIR') throw new UsageError(`${file} is a directory, not an SGF file`);
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

/** The game of a record: the Chinese Checkers JSON record, or SGF by GM (Go when absent or unreadable: Go's reader names the problem). */
function recordGame(bytes: Uint8Array): string {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09 || bytes[i] === 0xef || bytes[i] === 0xbb || bytes[i] === 0xbf)) i++;
  if (bytes[i] === 0x7b) return 'checkers';
  try {
    const gm = parseSgfGame(bytes).get('GM')?.trim();
    return gm === '2' ? 'reversi' : gm === '4' ? 'gomoku' : 'go';
  } catch {
    return 'go';
  }
}

/** Reads and parses a Go SGF file named on the command line; every failure becomes a one-line message. */
export function loadGoRecord(file: string | undefined): GoRecord {
  return goRecordOf(file!, readRecordFile(file));
}

function goRecordOf(file: string, bytes: Uint8Array): GoRecord {
  try {
    return readGoSgf(bytes);
  } catch (e) {
    if (e instanceof SgfError) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
}

/** The --ko and --suicide options shared by the Go record commands. */
export function replayOptions(args: Args): { ko: KoRule; suicide: boolean } {
  const ko = flagString(args, 'ko', 'simple')!;
  if (!KO_RULES.includes(ko)) throw new UsageError(`--ko must be simple, positional or situational, got "${ko}"`);
  return { ko: ko as KoRule, suicide: flagBool(args, 'suicide') };
}

/** The board as rows of X (black), O (white) and . (empty), top row first. */
export function boardRows(pos: GoPosition): string[] {
  const rows: string[] = [];
  for (let row = 0; row < pos.size; row++) {
    let line = '';
    for (let col = 0; col < pos.size; col++) line += '.XO'[pos.stoneAt(pos.point(col, row))];
    rows.push(line);
  }
  return rows;
}

/** Throws when the main line stopped at an illegal move: commands that need the final position cannot go on. */
export function requireCleanReplay(replay: GoReplay): void {
  const e = replay.errors[0];
  if (e) throw new UsageError(`the record's main line has an illegal move: move ${e.move}, ${e.color} ${e.vertex} (${e.reason})`);
}

/** `qi replay FILE.sgf` → the position after the main line, or the first illegal move. */
export const replayCommand: Command = {
  name: 'replay',
  summary: 'replay a record\'s main line (Go, Gomoku or Othello SGF, Chinese Checkers JSON): qi replay FILE [--ko …] [--suicide]',
  help: [
    'qi replay FILE.sgf [--ko simple|positional|situational] [--suicide]',
    '  →  {"size", "setup", "moves", "captures": {"black", "white"}, "board", "toMove", "errors"}',
    '',
    'Replays the main line (first variation at every branch) of a Go SGF record. The charset comes from CA',
    '(ISO-8859-1 without it). HA stones are placed as a handicap; other AB/AW/AE as setup.',
    '  setup     number of setup stones placed (AB/AW, handicap included)',
    '  moves     moves played, passes included (B[] and, up to 19x19, B[tt] are passes)',
    '  captures  stones captured by black and by white',
    '  board     rows, top row first: X black, O white, . empty',
    '  toMove    black or white',
    '  errors    [] or the first illegal move [{"move": n, "color", "vertex", "reason"}]; the replay stops there',
    '            (reason: occupied, suicide, ko, superko) — an illegal record is an answer: exit status 0',
    'Options: --ko (default simple), --suicide allows multi-stone suicide (default forbidden).',
    'A file that cannot be read or parsed prints {"error": …} naming the line and column, exit status 1.',
    '',
    'Other games\' records (SGF GM[4] Gomoku, GM[2] Othello, the qi-checkers JSON record) are read by the game\'s',
    'definition, which checks every move (an illegal one is an error):',
    '  →  {"game", "moves", "board", "toMove", "over"}   (toMove: black/white with two players, else the player number)',
    '',
    'example: qi replay game.sgf --ko positional',
  ].join('\n'),
  booleans: ['suicide'],
  run(args) {
    if (args.positional.length > 1) throw new UsageError(`unexpected argument "${args.positional[1]}"`);
    const file = args.positional[0];
    const bytes = readRecordFile(file);
    const game = recordGame(bytes);
    if (game !== 'go') return replayOther(game, file!, bytes, args);
    checkFlags(args, ['ko', 'suicide']);
    const options = replayOptions(args);
    const record = goRecordOf(file!, bytes);
    const r = replayGo(record, options);
    const pos = r.position;
    return {
      size: record.size,
      setup: r.setup,
      moves: r.moves,
      captures: { black: pos.captures(0), white: pos.captures(1) },
      board: boardRows(pos),
      toMove: colorName(pos.currentPlayer()),
      errors: r.errors,
    };
  },
};

/** A Gomoku, Othello or Chinese Checkers record replayed through its game's definition. */
function replayOther(game: string, file: string, bytes: Uint8Array, args: Args): Record<string, unknown> {
  checkFlags(args, []);
  const definition = games.get(game);
  let pos;
  let moves: number;
  try {
    const record = definition.record!.read(bytes);
    pos = games.position({ game, rules: record.rules, start: record.start, moves: record.moves });
    moves = record.moves.length;
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  return {
    game,
    moves,
    board: pos.toString().split('\n'),
    toMove: pos.playerCount === 2 ? colorName(pos.currentPlayer()) : pos.currentPlayer(),
    over: pos.isTerminal(),
  };
}

import { PASS, parseVertex, replayGo } from '@qi/engine';
import { checkFlags, parseColor, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { loadGoRecord, replayOptions, requireCleanReplay } from './replay.js';

/** `qi legal FILE.sgf COLOR VERTEX` → whether that move is legal after the record's main line, and why not. */
export const legalCommand: Command = {
  name: 'legal',
  summary: 'is a Go move legal after an SGF record\'s main line: qi legal FILE.sgf COLOR VERTEX [--ko …] [--suicide]',
  help: [
    'qi legal FILE.sgf COLOR VERTEX [--ko simple|positional|situational] [--suicide]  →  {"legal", "reason"}',
    '',
    'Replays the record\'s main line, then judges COLOR (b, w, black, white) playing VERTEX (GTP: D4, pass).',
    'reason: occupied, suicide, ko, superko, or null when legal. Either colour may be asked about.',
    'A record whose main line is itself illegal under the chosen rules is an error.',
    '',
    'example: qi legal game.sgf w A6 --ko positional',
  ].join('\n'),
  booleans: ['suicide'],
  run(args) {
    checkFlags(args, ['ko', 'suicide']);
    const [file, colorText, vertexText, extra] = args.positional;
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    if (colorText === undefined || vertexText === undefined) throw new UsageError('usage: qi legal FILE.sgf COLOR VERTEX');
    const color = parseColor(colorText);
    const options = replayOptions(args);
    const record = loadGoRecord(file);
    let vertex: ReturnType<typeof parseVertex>;
    try {
      vertex = parseVertex(record.size, vertexText);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const r = replayGo(record, options);
    requireCleanReplay(r);
    const pos = r.position;
    const move = vertex === 'pass' ? PASS : pos.point(vertex.col, vertex.row);
    const verdict = pos.analyze(move, color);
    return { legal: verdict.legal, reason: verdict.reason };
  },
};

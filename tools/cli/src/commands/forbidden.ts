import { checkFlags, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { GOMOKU_POSITION_FLAGS, gomokuPosition } from './gomoku-args.js';

/** `qi forbidden --black H8,… --white … [--size N]` → `{forbidden: [{point, kind}]}`: renju points black may not play. */
export const forbiddenCommand: Command = {
  name: 'forbidden',
  summary: 'renju points black may not play: qi forbidden --black H8,I9 --white J10',
  help: [
    'qi forbidden --black POINTS --white POINTS [--size N]  →  {"forbidden": [{"point": "H8", "kind": "double-three"}]}',
    '',
    'Lists every empty point where black may not play under renju rules, in board order (row 1 first), with',
    'the reason: double-three, double-four (two fours on one line included) or overline. A move that makes',
    'an exact five is never forbidden, and a three counts only if it can become a straight four (fake threes',
    'do not). Points in renju notation: a column letter A.. (keeping I) and a row number from 1 at the bottom,',
    'any case, separated by commas. --size 5..20 (default 15).',
    '',
    'example: qi forbidden --black H8,I8,G7,G6 --white A1,B1,C1',
  ].join('\n'),
  run(args) {
    checkFlags(args, GOMOKU_POSITION_FLAGS);
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    const pos = gomokuPosition(args, 'renju');
    return { forbidden: pos.forbiddenPoints().map((f) => ({ point: pos.moveToText(f.point), kind: f.kind })) };
  },
};

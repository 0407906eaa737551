import { checkFlags, flagInt, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { servePiskvork } from '../piskvork/server.js';

/** `qi piskvork` (also the `pbrain-qi` binary): a Gomocup brain on stdin/stdout for the piskvork manager. */
export const piskvorkCommand: Command = {
  name: 'piskvork',
  summary: 'Gomoku/Renju brain speaking the Gomocup (piskvork) protocol on stdin/stdout: qi piskvork [--level N]',
  help: [
    'qi piskvork [--level N] [--max-time-ms T]        (the same as the pbrain-qi binary)',
    '',
    'A Gomocup brain on stdin/stdout (not JSON), for the piskvork manager and Gomocup tools.',
    '  --level N         strength 1-10 (default 10)',
    '  --max-time-ms T   never think longer than T ms a move, whatever the manager allows',
    'Commands: START size (5-20), RESTART, BEGIN, TURN x,y, BOARD … DONE (x,y,1 own / 2 opponent), INFO',
    '(timeout_turn, timeout_match, time_left in ms; max_memory; game_type; rule: 0 freestyle, 1 exact five,',
    '4 renju), TAKEBACK x,y, ABOUT, END. Coordinates x,y count from 0 at the top-left corner (y = 0 is the',
    'top row). Moves answer as x,y; bad input as ERROR …, unknown commands as UNKNOWN ….',
    'Time: min(timeout_turn, time_left / max(15, empty points / 8)) x 0.9 less 80 ms.',
    '',
    'example: printf "START 15\\nBEGIN\\nEND\\n" | qi piskvork --level 3     → OK, 7,7',
  ].join('\n'),
  async serve(args, io) {
    checkFlags(args, ['level', 'max-time-ms']);
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    const level = flagInt(args, 'level', 1, 10, 10);
    const maxTimeMs = flagInt(args, 'max-time-ms', 1, 3_600_000);
    await servePiskvork(io.input, io.write, { level, maxTimeMs });
    return 0;
  },
};

import { checkFlags, flagInt, flagNumber, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { serveGtp } from '../gtp/server.js';

/** `qi gtp`: a GTP v2 Go engine on stdin/stdout for GUIs (Sabaki, GoGui) and other engines (GNU Go, KGS). */
export const gtpCommand: Command = {
  name: 'gtp',
  summary: 'Go engine speaking GTP v2 on stdin/stdout: qi gtp [--level N] [--time-ms T] [--nodes N] [--resign R]',
  help: [
    'qi gtp [--level N] [--time-ms T] [--nodes N] [--resign R]',
    '',
    'A GTP v2 Go engine on stdin/stdout (not JSON): for Sabaki, GoGui, KGS clients and engine matches.',
    '  --level N     strength 1-10 (default 10: the full search, about 3 s a move); also `qi-level N`',
    '  --time-ms T   think T ms a move (time_settings/time_left from the controller take over when given)',
    '  --nodes N     at most N playouts a move (the first of it and the time ends the search): reproducible matches',
    '  --resign R    resign when the win rate stays below R for 3 moves in a row (default 0.05; 0 never)',
    'Commands: the GTP v2 required set, undo, showboard, loadsgf, fixed_handicap, place_free_handicap,',
    'set_free_handicap, final_score, final_status_list dead|alive|seki, time_settings, kgs-time_settings,',
    'time_left, kgs-genmove_cleanup, lz-analyze / kata-analyze (candidate moves while thinking, until the',
    'next command), lz-genmove_analyze / kata-genmove_analyze, qi-level [N],',
    'qi-rules [ko simple|positional|situational | scoring area|territory |',
    'suicide on|off | handicap_bonus none|n-1|n]. Starts with a 19x19 board, komi 7.5, area scoring.',
    '',
    'example: gogui-twogtp -black "qi gtp --level 5" -white "gnugo --mode gtp --level 1" -size 9 -games 2',
  ].join('\n'),
  async serve(args, io) {
    checkFlags(args, ['level', 'time-ms', 'nodes', 'resign']);
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    const level = flagInt(args, 'level', 1, 10, 10);
    const timeMs = flagInt(args, 'time-ms', 1, 3_600_000);
    const nodes = flagInt(args, 'nodes', 1, 1_000_000_000);
    const resignBelow = flagNumber(args, 'resign', 0.05) as number;
    if (resignBelow < 0 || resignBelow >= 1) throw new UsageError(`--resign must be from 0 to below 1, got ${resignBelow}`);
    await serveGtp(io.input, io.write, { level, timeMs, nodes, resignBelow });
    return 0;
  },
};

import { solveVcf, type ThreatResult } from '@qi/ai-worker';
import type { GomokuPosition } from '@qi/engine';
import { checkFlags, flagInt, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';
import { GOMOKU_POSITION_FLAGS, gomokuPosition, gomokuRule } from './gomoku-args.js';

const FLAGS = [...GOMOKU_POSITION_FLAGS, 'rule', 'max-depth', 'max-nodes'];

/** Runs a threat search from the flags and prints `{win, line, nodes, ms, aborted}` with points in renju notation. */
export function runThreatSearch(args: Args, extraFlags: readonly string[], solve: (pos: GomokuPosition, depth: number, nodes: number) => ThreatResult): unknown {
  checkFlags(args, [...FLAGS, ...extraFlags]);
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const pos = gomokuPosition(args, gomokuRule(args));
  if (pos.isTerminal()) throw new UsageError('the position is already over (a five is on the board or no move is left)');
  const depth = flagInt(args, 'max-depth', 1, 255, 40)!;
  const nodes = flagInt(args, 'max-nodes', 1, 100_000_000, 1_000_000)!;
  const t0 = performance.now();
  const r = solve(pos, depth, nodes);
  const ms = Math.round((performance.now() - t0) * 1000) / 1000;
  return { win: r.win, line: r.line.map((m) => pos.moveToText(m)), nodes: r.nodes, ms, aborted: r.aborted };
}

/** Help lines shared by `qi vcf` and `qi vct`. */
export const COMMON_HELP = [
  'Options: --rule renju|freestyle|standard (default renju), --black/--white POINTS (renju notation, commas),',
  '--to-move black|white (default: black unless black has more stones), --size 5..20 (default 15),',
  '--max-depth N attacker moves before the final five (default 40), --max-nodes N (default 1000000).',
  '`line` alternates attacker and defender moves, attacker first, and ends with the five; `aborted` says the',
  'node budget ran out (then win:false means "not found").',
];

/** `qi vcf --rule R --black … --white … --to-move C [--max-depth N]` → `{win, line, nodes, ms}`. */
export const vcfCommand: Command = {
  name: 'vcf',
  summary: 'victory by continuous fours for the side to move: qi vcf --rule renju --black … --white … --to-move black',
  help: [
    'qi vcf [options]  →  {"win": true, "line": ["D7", "F7", …], "nodes": N, "ms": T, "aborted": false}',
    '',
    'Searches a win by continuous fours: every attacker move makes a four, so every defender reply is forced.',
    'In renju black never plays a forbidden point, and a white four whose block is forbidden for black wins.',
    ...COMMON_HELP,
    '',
    'example: qi vcf --rule renju --black G10,F9,I9,H8,I8,E7,G7,H7,I6 --white H11,J10,H9,F8,G8,I7,D6,G6,H6 --to-move black',
  ].join('\n'),
  run(args) {
    return runThreatSearch(args, [], (pos, maxDepth, maxNodes) => solveVcf(pos, { maxDepth, maxNodes }));
  },
};

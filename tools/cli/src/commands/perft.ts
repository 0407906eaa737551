import { GoPosition, perft, type KoRule, type Position } from '@qi/engine';
import { checkFlags, flagBool, flagInt, flagString, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';

/** How one game builds its perft start position from the command's flags. */
interface PerftGame {
  flags: readonly string[];
  create(args: Args): Position;
}

/** Games perft knows, by the name given after `qi perft`. Each game adds its entry. */
const games: Record<string, PerftGame> = {
  go: {
    flags: ['size', 'ko', 'suicide'],
    create(args) {
      const size = flagInt(args, 'size', 2, 25, 19) ?? 19;
      const ko = flagString(args, 'ko', 'simple') ?? 'simple';
      if (ko !== 'simple' && ko !== 'positional' && ko !== 'situational') {
        throw new UsageError(`--ko must be simple, positional or situational, got "${ko}"`);
      }
      return new GoPosition({ size, ko: ko as KoRule, suicide: flagBool(args, 'suicide') });
    },
  },
};

/** `qi perft GAME --depth D …` → `{nodes}`: counts leaves of the game tree (the rules oracle). */
export const perftCommand: Command = {
  name: 'perft',
  booleans: ['suicide'],
  summary: 'count the leaves of the game tree to a depth: qi perft go|reversi|checkers --depth D',
  help: [
    'qi perft GAME --depth D [game options]  →  {"nodes": N, "ms": T}',
    '',
    'Counts the positions reached after exactly D plies (a finished game counts once at every greater depth).',
    'GAME and its options:',
    ...Object.keys(games).map((g) => `  ${g}: ${games[g].flags.map((f) => `--${f}`).join(' ')}`),
    '',
    'example: qi perft go --size 5 --depth 3',
  ].join('\n'),
  run(args) {
    const name = args.positional[0];
    if (name === undefined) throw new UsageError('qi perft needs a game: ' + Object.keys(games).join(', '));
    const game = games[name];
    if (!game) throw new UsageError(`perft knows no game "${name}" (known: ${Object.keys(games).join(', ')})`);
    if (args.positional.length > 1) throw new UsageError(`unexpected argument "${args.positional[1]}"`);
    checkFlags(args, ['depth', ...game.flags]);
    const depth = flagInt(args, 'depth', 0, 64);
    if (depth === undefined) throw new UsageError('--depth is required');
    const pos = game.create(args);
    const t0 = performance.now();
    const nodes = perft(pos, depth);
    return { nodes, ms: Math.round(performance.now() - t0) };
  },
};

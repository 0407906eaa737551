import { gameDefinition, games, perft, reversiPerft, type Position, type ReversiPosition } from '@qi/engine';
import { checkFlags, flagBool, flagInt, flagString, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';

/** How one game's flags become its rules and start (the game's definition checks and fills them in). */
interface PerftFlags {
  flags: readonly string[];
  setup(args: Args): { rules?: object; start?: object };
  /** A game's own faster perft, proven equal to the generic one in the engine's tests. */
  count?(pos: Position, depth: number): number;
}

/** The flags of the games perft knows (the games of the engine's registry), by the name given after `qi perft`. */
const FLAGS: Record<string, PerftFlags> = {
  go: {
    flags: ['size', 'ko', 'suicide'],
    setup(args) {
      const ko = flagString(args, 'ko', 'simple') ?? 'simple';
      if (ko !== 'simple' && ko !== 'positional' && ko !== 'situational') {
        throw new UsageError(`--ko must be simple, positional or situational, got "${ko}"`);
      }
      return { rules: { size: flagInt(args, 'size', 2, 25, 19), ko, suicide: flagBool(args, 'suicide') } };
    },
  },
  gomoku: {
    flags: ['size', 'rule'],
    setup: (args) => ({ rules: { size: flagInt(args, 'size', 5, 20, 15), rule: flagString(args, 'rule', 'freestyle') } }),
  },
  reversi: {
    flags: ['board', 'to-move'],
    setup(args) {
      const board = flagString(args, 'board');
      const toMove = flagString(args, 'to-move');
      if (board === undefined) {
        if (toMove !== undefined) throw new UsageError('--to-move needs --board (the start position has black to move)');
        return {};
      }
      if (toMove === undefined) throw new UsageError('--board needs --to-move X|O (or b/w/black/white)');
      return { start: { board, toMove } };
    },
    count: (pos, depth) => reversiPerft(pos as ReversiPosition, depth),
  },
  checkers: {
    flags: ['players', 'board', 'jump', 'anti-spoiling', 'stop-in-other-points', 'turn-cap'],
    setup(args) {
      const onOff = (name: string, fallback: boolean): boolean => {
        const v = flagString(args, name);
        if (v === undefined) return fallback;
        if (v !== 'on' && v !== 'off') throw new UsageError(`--${name} must be on or off, got "${v}"`);
        return v === 'on';
      };
      const board = flagString(args, 'board', 'star');
      if (board !== 'star' && board !== 'square8') throw new UsageError(`--board must be star or square8, got "${board}"`);
      const jump = flagString(args, 'jump');
      if (jump !== undefined && jump !== 'any' && jump !== 'opponent') throw new UsageError(`--jump must be any or opponent, got "${jump}"`);
      const antiSpoiling = onOff('anti-spoiling', true);
      const rules: Record<string, unknown> = {
        board,
        players: flagInt(args, 'players', 1, 6, 2),
        fillGoalWins: antiSpoiling,
        stayInGoal: antiSpoiling,
        noStopInOtherPoints: !onOff('stop-in-other-points', true),
        turnCap: flagInt(args, 'turn-cap', 0, 1_000_000, 0),
      };
      if (jump !== undefined) rules.jumpOver = jump;
      return { rules };
    },
  },
};

/** The flags of `game` (none for a registered game perft has no flags for). */
function flagsOf(game: string): PerftFlags {
  return FLAGS[game] ?? { flags: [], setup: () => ({}) };
}

/** `qi perft GAME --depth D …` → `{nodes}`: counts leaves of the game tree (the rules oracle). */
export const perftCommand: Command = {
  name: 'perft',
  booleans: ['suicide'],
  summary: 'count the leaves of the game tree to a depth: qi perft go|gomoku|reversi|checkers --depth D',
  help: [
    'qi perft GAME --depth D [game options]  →  {"nodes": N, "ms": T}',
    '',
    'Counts the positions reached after exactly D plies (a finished game counts once at every greater depth).',
    'GAME and its options:',
    ...games.ids().map((g) => `  ${g}: ${flagsOf(g).flags.map((f) => `--${f}`).join(' ')}`),
    '',
    'example: qi perft go --size 5 --depth 3',
  ].join('\n'),
  run(args) {
    const name = args.positional[0];
    if (name === undefined) throw new UsageError('qi perft needs a game: ' + games.ids().join(', '));
    if (!games.has(name)) throw new UsageError(`perft knows no game "${name}" (known: ${games.ids().join(', ')})`);
    const game = flagsOf(name);
    if (args.positional.length > 1) throw new UsageError(`unexpected argument "${args.positional[1]}"`);
    checkFlags(args, ['depth', ...game.flags]);
    const depth = flagInt(args, 'depth', 0, 64);
    if (depth === undefined) throw new UsageError('--depth is required');
    const { rules, start } = game.setup(args);
    let pos: Position;
    try {
      pos = gameDefinition(name).create(rules, start);
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
    const t0 = performance.now();
    const nodes = game.count ? game.count(pos, depth) : perft(pos, depth);
    return { nodes, ms: Math.round(performance.now() - t0) };
  },
};

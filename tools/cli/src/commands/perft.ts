import { CheckersPosition, checkersRules, GomokuPosition, GoPosition, parseGomokuRule, perft, ReversiPosition, reversiPerft, type KoRule, type Position } from '@qi/engine';
import { checkFlags, flagBool, flagInt, flagString, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';

/** How one game builds its perft start position from the command's flags. */
interface PerftGame {
  flags: readonly string[];
  create(args: Args): Position;
  /** A game's own faster perft, proven equal to the generic one in the engine's tests. */
  count?(pos: Position, depth: number): number;
}

/** Games perft knows, by the name given after `qi perft`. Each game adds its entry. */
const games: Record<string, PerftGame> = {
  reversi: {
    flags: ['board', 'to-move'],
    create(args) {
      const board = flagString(args, 'board');
      const toMove = flagString(args, 'to-move');
      if (board === undefined) {
        if (toMove !== undefined) throw new UsageError('--to-move needs --board (the start position has black to move)');
        return new ReversiPosition();
      }
      if (toMove === undefined) throw new UsageError('--board needs --to-move X|O (or b/w/black/white)');
      try {
        return new ReversiPosition(board, toMove);
      } catch (e) {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      }
    },
    count: (pos, depth) => reversiPerft(pos as ReversiPosition, depth),
  },
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
  checkers: {
    flags: ['players', 'board', 'jump', 'anti-spoiling', 'stop-in-other-points', 'turn-cap'],
    create(args) {
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
      try {
        return new CheckersPosition(
          checkersRules({
            board,
            players: flagInt(args, 'players', 1, 6, 2),
            jumpOver: jump,
            fillGoalWins: antiSpoiling,
            stayInGoal: antiSpoiling,
            noStopInOtherPoints: !onOff('stop-in-other-points', true),
            turnCap: flagInt(args, 'turn-cap', 0, 1_000_000, 0),
          }),
        );
      } catch (e) {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      }
    },
  },
  gomoku: {
    flags: ['size', 'rule'],
    create(args) {
      const size = flagInt(args, 'size', 5, 20, 15) ?? 15;
      try {
        return new GomokuPosition({ size, rule: parseGomokuRule(flagString(args, 'rule', 'freestyle') ?? 'freestyle') });
      } catch (e) {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      }
    },
  },
};

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
    const nodes = game.count ? game.count(pos, depth) : perft(pos, depth);
    return { nodes, ms: Math.round(performance.now() - t0) };
  },
};

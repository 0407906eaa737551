import { readFileSync } from 'node:fs';
import { gameDefinition, games, type GameRecord, type GoRules, type KoRule, type Position } from '@qi/engine';
import type { PositionSetup, Progress, ThinkLimits } from '@qi/ai-worker';
import { checkFlags, colorName, flagBool, flagInt, flagNumber, flagString, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';
import { GoGame } from '../gtp/go-game.js';
import { LazyBot } from '../worker.js';
import { gomokuRule } from './gomoku-args.js';
import { loadGoRecord } from './replay.js';

const KO_RULES = ['simple', 'positional', 'situational'];

/** Rule flags each game takes (beyond --sgf, --moves, --level, --time-ms, --nodes, --depth). */
const RULE_FLAGS: Record<string, readonly string[]> = {
  go: ['size', 'komi', 'ko', 'suicide', 'rules'],
  gomoku: ['size', 'rule'],
  reversi: [],
  checkers: ['players', 'board'],
};

/** The moves of a `--moves` list: commas and/or spaces, none when empty. */
function moveList(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((t) => t !== '');
}

function readFile(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') throw new UsageError(`file not found: ${file}`);
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

function goSetup(args: Args, sgf: string | undefined, moves: string[]): PositionSetup {
  const scoring = flagString(args, 'rules');
  if (scoring !== undefined && scoring !== 'area' && scoring !== 'territory') throw new UsageError(`--rules must be area or territory, got "${scoring}"`);
  const ko = flagString(args, 'ko');
  if (ko !== undefined && !KO_RULES.includes(ko)) throw new UsageError(`--ko must be simple, positional or situational, got "${ko}"`);
  const rules: Partial<GoRules> = {};
  if (ko !== undefined) rules.ko = ko as KoRule;
  if (flagBool(args, 'suicide')) rules.suicide = true;
  if (scoring !== undefined) rules.scoring = scoring as GoRules['scoring'];
  const size = flagInt(args, 'size', 2, 25);
  const komi = flagNumber(args, 'komi');
  let game: GoGame;
  try {
    if (sgf !== undefined) {
      if (size !== undefined) throw new UsageError('--size comes from the SGF record; leave it out with --sgf');
      const record = loadGoRecord(sgf);
      game = new GoGame({ ...rules, scoring: rules.scoring ?? record.ruleSet?.scoring ?? 'area', komi });
      try {
        game.loadRecord(record);
      } catch (e) {
        throw new UsageError(`${sgf}: ${(e as Error).message}`);
      }
      // --komi wins over the record's KM.
      if (komi !== undefined) game.setRules({ komi });
    } else {
      game = new GoGame({ ...rules, size: size ?? 19, komi });
      moves.forEach((text, i) => {
        let move: number;
        try {
          move = game.position.parseMove(text);
        } catch (e) {
          throw new UsageError(`--moves: move ${i + 1}: ${(e as Error).message}`);
        }
        const player = game.position.currentPlayer() as 0 | 1;
        const why = game.play(player, move);
        if (why !== null) throw new UsageError(`--moves: move ${i + 1} (${text}) is illegal: ${why}`);
      });
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError((e as Error).message);
  }
  return game.botSetup(game.position.currentPlayer() as 0 | 1);
}

/** A record file read by its game's definition (its record format): rules, start and moves, as the worker takes them. */
function recordSetup(game: string, file: string): PositionSetup {
  const format = gameDefinition(game).record;
  if (format === undefined) throw new UsageError(`${game} has no record format`);
  let record: GameRecord;
  try {
    record = format.read(readFile(file));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  const setup: PositionSetup = { game, rules: { ...record.rules }, moves: record.moves };
  if (record.start !== undefined) setup.start = { ...record.start };
  return setup;
}

function gomokuSetup(args: Args, sgf: string | undefined, moves: string[]): PositionSetup {
  if (sgf !== undefined) {
    if (args.flags.has('size') || args.flags.has('rule')) throw new UsageError('--size and --rule come from the SGF record; leave them out with --sgf');
    return recordSetup('gomoku', sgf);
  }
  const size = flagInt(args, 'size', 5, 20, 15);
  return { game: 'gomoku', rules: { size, rule: gomokuRule(args) }, moves };
}

/** Reversi from the start, or a record (from its start board, the passes it leaves out put back). */
function reversiSetup(sgf: string | undefined, moves: string[]): PositionSetup {
  return sgf === undefined ? { game: 'reversi', moves } : recordSetup('reversi', sgf);
}

function checkersSetup(args: Args, sgf: string | undefined, moves: string[]): PositionSetup {
  if (sgf !== undefined) throw new UsageError('Chinese Checkers has no SGF: give the moves with --moves');
  const rules: Record<string, unknown> = {};
  const players = flagInt(args, 'players', 2, 6);
  if (players !== undefined) rules.players = players;
  const board = flagString(args, 'board');
  if (board !== undefined) rules.board = board;
  return { game: 'checkers', rules, moves };
}

/** The position the flags describe, for the AI worker. */
export function thinkSetup(args: Args): PositionSetup {
  const game = flagString(args, 'game');
  if (game === undefined) throw new UsageError(`--game is required (${games.ids().join(', ')})`);
  if (!games.has(game)) throw new UsageError(`--game must be one of ${games.ids().join(', ')}, got "${game}"`);
  checkFlags(args, ['game', 'sgf', 'moves', 'level', 'time-ms', 'nodes', 'depth', ...RULE_FLAGS[game]]);
  const sgf = flagString(args, 'sgf');
  const movesText = flagString(args, 'moves');
  if (sgf !== undefined && movesText !== undefined) throw new UsageError('give either --sgf or --moves, not both');
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const moves = moveList(movesText);
  if (game === 'go') return goSetup(args, sgf, moves);
  if (game === 'gomoku') return gomokuSetup(args, sgf, moves);
  if (game === 'reversi') return reversiSetup(sgf, moves);
  return checkersSetup(args, sgf, moves);
}

/** Text of a move in the game's notation (the engine's own parser reads it back). */
function moveText(pos: Position, move: number | null): string | null {
  if (move === null) return null;
  try {
    return pos.moveToText(move);
  } catch {
    return String(move);
  }
}

/** The JSON answer: the move chosen with its value, the principal variation and the candidates, in notation. */
export function thinkAnswer(pos: Position, r: Progress): Record<string, unknown> {
  // The pv and candidates alternate colours from the side to move; notation is the same for both sides.
  return {
    toMove: pos.playerCount === 2 ? colorName(pos.currentPlayer()) : pos.currentPlayer(),
    move: moveText(pos, r.move),
    value: Number(r.winRate.toFixed(4)),
    score: r.score,
    algorithm: r.algorithm,
    depth: r.depth,
    nodes: r.nodes,
    timeMs: Math.round(r.timeMs),
    pv: r.pv.map((m) => moveText(pos, m)),
    candidates: r.candidates.map((c) => ({
      move: moveText(pos, c.move),
      winRate: Number(c.winRate.toFixed(4)),
      score: c.score,
      visits: c.visits,
      prior: Number(c.prior.toFixed(4)),
    })),
  };
}

/** `qi think`: the AI's move for a position given as an SGF record or a move list. */
export const thinkCommand: Command = {
  name: 'think',
  summary: 'the AI\'s move for a position: qi think --game go|gomoku|reversi|checkers (--sgf FILE | --moves m1,m2,…) [--level N]',
  help: [
    'qi think --game go|gomoku|reversi|checkers (--sgf FILE | --moves m1,m2,…) [rules] [--level N] [--time-ms T]',
    '         [--nodes N] [--depth D]',
    '  →  {"toMove", "move", "value", "score", "algorithm", "depth", "nodes", "timeMs", "pv", "candidates"}',
    '',
    'Sets up the position (the record\'s main line, or the moves from the start in the game\'s notation) and',
    'runs the AI worker on it. move is null when the side to move has none (game over).',
    '  --level N     strength 1-10 (default 10: full search, about 3 s); --time-ms, --nodes, --depth override its budget',
    'rules:  go: --size N (19) --komi K --ko simple|positional|situational --suicide --rules area|territory',
    '        gomoku: --size N (15) --rule freestyle|standard|renju (renju)',
    '        checkers: --players N --board star|square8',
    'Notation: Go GTP vertices (D4, pass); Gomoku renju points (H8); Reversi squares (d3, pass);',
    'Chinese Checkers the engine\'s move text. value: estimated win rate of the side to move (0-1);',
    'score: the alpha-beta score (0 for MCTS); candidates best first with win rate, score, visits, prior.',
    '',
    'example: qi think --game go --size 9 --moves E5,C3 --level 5',
  ].join('\n'),
  booleans: ['suicide'],
  async run(args) {
    const setup = thinkSetup(args);
    const limits: ThinkLimits = { level: flagInt(args, 'level', 1, 10, 10) };
    const timeMs = flagInt(args, 'time-ms', 1, 3_600_000);
    const nodes = flagInt(args, 'nodes', 1, 1_000_000_000);
    const depth = flagInt(args, 'depth', 1, 100);
    if (timeMs !== undefined) limits.timeMs = timeMs;
    if (nodes !== undefined) limits.nodes = nodes;
    if (depth !== undefined) limits.depth = depth;
    const lazy = new LazyBot();
    try {
      const bot = lazy.get();
      try {
        await bot.setPosition(setup);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      const r = await bot.think(limits);
      // The same position on this side, to print moves in the game's notation.
      return thinkAnswer(games.position(setup), r);
    } finally {
      await lazy.close();
    }
  },
};

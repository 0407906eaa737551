import { CheckersPosition, GoPosition, GomokuPosition, ReversiPosition, type CheckersRules, type GoRules, type GomokuOptions, type Position } from '@qi/engine';
import type { AlphaBetaOptions } from '../alphabeta/types.js';
import type { MctsOptions } from '../mcts/types.js';
import { checkersDistance, checkersPlayoutValue } from '../games/checkers/distance.js';
import { goMctsOptions } from '../games/go/policy.js';
import { gomokuCandidates } from '../games/gomoku/candidates.js';
import { reversiDiscCount } from '../games/reversi/discs.js';
import type { Algorithm } from './protocol.js';

/** How the worker creates and searches one game. */
export interface GameEntry {
  /** A fresh start position under `rules` (each game fills in its defaults; throws on bad rules). */
  create(rules: Record<string, unknown> | undefined): Position;
  /** The search used unless a request names another. */
  algorithm: Algorithm;
  /** MCTS settings (policy hooks, node budget …). */
  mcts?: () => MctsOptions;
  /** Alpha-beta settings (evaluator, table size …). */
  alphabeta?: () => AlphaBetaOptions;
  /** Alpha-beta score worth a 73% win rate (logistic scale), to report scores as win rates. */
  scoreScale?: number;
}

const registry = new Map<string, GameEntry>();

/** Adds or replaces a game the worker can play (per-game knowledge registers itself here). */
export function registerGame(id: string, entry: GameEntry): void {
  registry.set(id, entry);
}

/** The entry of a game id; throws an Error listing the known games. */
export function gameEntry(id: string): GameEntry {
  const e = registry.get(id);
  if (e === undefined) throw new Error(`unknown game "${id}"; known: ${[...registry.keys()].join(', ')}`);
  return e;
}

registerGame('go', {
  create: (rules) => new GoPosition(rules as Partial<GoRules> | undefined),
  algorithm: 'mcts',
  mcts: goMctsOptions,
});

// Baseline knowledge until each game's own evaluation lands: exact endgames, tactics within the horizon.
registerGame('reversi', {
  create: (rules) => {
    if (rules !== undefined && Object.keys(rules).length > 0) throw new Error(`reversi takes no rules, got ${JSON.stringify(rules)}`);
    return new ReversiPosition();
  },
  algorithm: 'alphabeta',
  alphabeta: () => ({ evaluator: reversiDiscCount, ttMegabytes: 32 }),
  scoreScale: 8,
});

registerGame('gomoku', {
  create: (rules) => new GomokuPosition(rules as GomokuOptions | undefined),
  algorithm: 'alphabeta',
  alphabeta: () => ({ evaluator: { evaluate: () => 0, searchMoves: gomokuCandidates }, ttMegabytes: 32 }),
  mcts: () => ({ policy: { treeMoves: gomokuCandidates }, playoutPlyCap: 120 }),
});

registerGame('checkers', {
  create: (rules) => new CheckersPosition(rules as Partial<CheckersRules> | undefined),
  algorithm: 'alphabeta',
  // Two players: negamax; more: the paranoid reduction (Best-Reply needs legalMovesFor/playAs on the position).
  alphabeta: () => ({ evaluator: checkersDistance, ttMegabytes: 32 }),
  mcts: () => ({ policy: checkersPlayoutValue, playoutPlyCap: 120 }),
  scoreScale: 10,
});

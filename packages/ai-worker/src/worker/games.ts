import { GoPosition, type GoRules, type Position } from '@qi/engine';
import type { AlphaBetaOptions } from '../alphabeta/types.js';
import type { MctsOptions } from '../mcts/types.js';
import { goLightPolicy } from '../games/go/light.js';
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
  mcts: () => ({ policy: goLightPolicy(), maxNodes: 400_000 }),
});

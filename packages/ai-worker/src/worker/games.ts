import { games, playMoves, type GameDefinition, type GoPosition, type Position } from '@qi/engine';
import type { AlphaBetaOptions } from '../alphabeta/types.js';
import type { MctsOptions } from '../mcts/types.js';
import { checkersKnowledge, checkersPlayouts } from '../games/checkers/knowledge.js';
import { goRefuses } from '../games/go/pass.js';
import { goMctsOptions } from '../games/go/policy.js';
import { gomokuCandidates } from '../games/gomoku/candidates.js';
import { gomokuKnowledge } from '../games/gomoku/knowledge.js';
import { GOMOKU_WIDTH, gomokuThreats } from '../games/gomoku/threats.js';
import { reversiEndgame } from '../games/reversi/endgame.js';
import { reversiKnowledge } from '../games/reversi/eval.js';
import { loadReversiWeights } from '../games/reversi/weights.js';
import { checkersDepth3, gomokuClassic, goRandom, reversiGreedy } from '../baselines/index.js';
import type { ClassicBot } from '../baselines/types.js';
import { alphaBetaLevels, type LevelBudget } from './levels.js';
import type { Algorithm, PositionSetup } from './protocol.js';
import type { Presolver } from '../core/presolve.js';

/** How the worker searches one game (the game itself — rules, starts, positions — is its engine definition). */
export interface GameEntry {
  /** The search used unless a request names another. */
  algorithm: Algorithm;
  /** MCTS settings (policy hooks, node budget …) for searches of positions like `pos` (Go's depend on the board size). */
  mcts?: (pos: Position) => MctsOptions;
  /** Alpha-beta settings (evaluator, table size …). */
  alphabeta?: () => AlphaBetaOptions;
  /** Alpha-beta score worth a 73% win rate (logistic scale), to report scores as win rates. */
  scoreScale?: number;
  /** The classic baseline opponent (`algorithm: 'classic'`). */
  classic?: () => ClassicBot;
  /** The game's own budget for a level (replaces the generic one of levels.ts for this game). */
  level?: (level: number, algorithm: Algorithm) => LevelBudget;
  /** A solver run before alpha-beta (one per bot; see Presolver). */
  presolver?: () => Presolver;
  /**
   * Alpha-beta nodes of one slice of a search without a time limit (default 2048; about 10–30 ms here): such
   * searches slice by node count, not by the clock, so that a fixed depth or node budget repeats its count.
   */
  sliceNodes?: number;
  /**
   * Whether the game's policy overrules the move a search chose to play in `pos` (Go: a pass that would end the game
   * lost by Qi's own count); the bot then plays its best other candidate. Asked only for a move to play, not in analysis.
   */
  refuses?: (pos: Position, move: number) => boolean;
}

/** A game the worker can play: its engine definition and how to search it. */
export interface WorkerGame {
  definition: GameDefinition;
  entry: GameEntry;
}

const registry = new Map<string, WorkerGame>();

/** Adds or replaces a game the worker can play: its definition (one of the engine's `games`, or a test game's) and its entry. */
export function registerGame(definition: GameDefinition, entry: GameEntry): void {
  registry.set(definition.id, { definition, entry });
}

/** The definition and entry of a game id; throws an Error listing the known games. */
export function workerGame(id: string): WorkerGame {
  const g = registry.get(id);
  if (g === undefined) throw new Error(`unknown game "${id}"; known: ${[...registry.keys()].join(', ')}`);
  return g;
}

/** The entry of a game id; throws an Error listing the known games. */
export function gameEntry(id: string): GameEntry {
  return workerGame(id).entry;
}

/**
 * The position `setup` describes: rules and start checked by the game's definition, then the moves played, each
 * checked (an illegal one throws naming its number and text). Also the moves as integers.
 */
export function setUpPosition(setup: PositionSetup): { pos: Position; moves: number[] } {
  const pos = workerGame(setup.game).definition.create(setup.rules, setup.start);
  return { pos, moves: playMoves(pos, setup.moves ?? []) };
}

registerGame(games.get('go'), {
  algorithm: 'mcts',
  mcts: (pos) => goMctsOptions((pos as GoPosition).size),
  classic: () => goRandom(),
  refuses: (pos, move) => goRefuses(pos as GoPosition, move),
});

registerGame(games.get('reversi'), {
  algorithm: 'alphabeta',
  alphabeta: () => {
    // The trained evaluation once its weights are in (at once in Node; fetched in the browser, hand-written until then).
    void loadReversiWeights();
    return { evaluator: reversiKnowledge, ttMegabytes: 32 };
  },
  // An evaluation of 4 discs' worth (a corner and change) reads as a 73% win rate.
  scoreScale: 400,
  presolver: reversiEndgame,
  level: alphaBetaLevels([1, 1, 2, 3, 4, 5, 6, 7, 9]),
  classic: reversiGreedy,
});

registerGame(games.get('gomoku'), {
  algorithm: 'alphabeta',
  alphabeta: () => ({ evaluator: gomokuKnowledge(GOMOKU_WIDTH), ttMegabytes: 32, aspiration: 0 }),
  mcts: () => ({ policy: { treeMoves: gomokuCandidates }, playoutPlyCap: 120 }),
  // An open three's worth (about 1000) reads as a 73% win rate.
  scoreScale: 1000,
  presolver: gomokuThreats,
  // About 30 nodes a ms here (a pattern evaluation per node): a slice of 1024 stays near 30 ms.
  sliceNodes: 1024,
  // Depth 2 ends on the opponent's reply, whose threats make every move look lost (win rates all near 0, so any
  // temperature picks at random): levels 1-3 search depth 1 at falling temperatures, 4 and up depth 3-6 nearly
  // greedy. Levels rise by the bench calibration (2026-12-06, fitted evaluation: 0, 159, 169, 348, 335, 409, 814, 826,
  // 1028, 1237; the 4–5 dip is within one standard error).
  level: alphaBetaLevels([1, 1, 1, 3, 4, 4, 5, 5, 6], [0.5, 0.2, 0.08, 0.05, 0.1, 0.05, 0, 0.05, 0]),
  classic: gomokuClassic,
});

registerGame(games.get('checkers'), {
  algorithm: 'alphabeta',
  // Two players: negamax; more: the paranoid reduction (Best-Reply needs legalMovesFor/playAs on the position).
  alphabeta: () => ({ evaluator: checkersKnowledge, ttMegabytes: 32 }),
  mcts: () => ({ policy: checkersPlayouts, playoutPlyCap: 120 }),
  // Evaluation units: 16 a step of distance (10 plain + 6 hop-aware); five steps' lead reads as a 73% win rate.
  scoreScale: 80,
  classic: checkersDepth3,
  // A step forward moves the win rate by a few hundredths only: low levels pick among moves with a tenth of the generic temperature.
  level: alphaBetaLevels([1, 1, 1, 2, 2, 2, 3, 3, 4], 0.1),
});

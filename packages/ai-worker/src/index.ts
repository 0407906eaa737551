/** @qi/ai-worker: the search, written once for every game, and the comlink worker that runs it. */
export { WIN, WIN_BOUND, MAX_EVAL, MAX_PLY, isWinScore, clampEval } from './core/score.js';
export { now, stopRaised, createStopFlag, setStopFlag, canShareMemory, type Limits } from './core/limits.js';
export { TranspositionTable, BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT, NO_MOVE } from './tt/table.js';
export { AlphaBeta } from './alphabeta/search.js';
export type { Evaluator, AlphaBetaOptions, AlphaBetaResult, RootMoveScore, TurnFreePosition } from './alphabeta/types.js';
export { Mcts } from './mcts/search.js';
export { NodeStore, UNEXPANDED, BYTES_PER_NODE } from './mcts/tree.js';
export { PlayoutTrace } from './mcts/trace.js';
export type { MctsPolicy, MctsOptions, MctsResult, MctsCandidate } from './mcts/types.js';
export { goLightPolicy } from './games/go/light.js';
export { goHeavyPolicy, goMctsOptions } from './games/go/policy.js';
export {
  estimateDead,
  ownershipEstimate,
  deadStones,
  deadStoneVertices,
  DEAD_STONE_PLAYOUTS,
  DEAD_STONE_SEED,
  type EstimateOptions,
} from './games/go/dead.js';
export { Resignation, searchWinRate, reliable, RELIABLE_PLAYOUTS, type ResignOptions, type SearchOutcome } from './games/go/resign.js';
export { HeavyPlayout } from './games/go/heavy.js';
export { gomokuCandidates } from './games/gomoku/candidates.js';
export { reversiDiscCount } from './games/reversi/discs.js';
export { checkersDistance, checkersPlayoutValue } from './games/checkers/distance.js';
export { reversiKnowledge, reversiEvaluate, reversiTerminal, REVERSI_WON } from './games/reversi/eval.js';
export { reversiEndgame, solverEmpties } from './games/reversi/endgame.js';
export { gomokuKnowledge, gomokuEvaluate, gomokuSearchMoves } from './games/gomoku/knowledge.js';
export { gomokuThreats, threatBudget, GOMOKU_WIDTH, type ThreatBudget } from './games/gomoku/threats.js';
export { EndgameSolver, solveEndgame, type SolveLimits, type SolveResult, type SolverOptions } from './games/reversi/solve.js';
export { VcfSolver, solveVcf, type ThreatOptions, type ThreatResult } from './games/gomoku/vcf.js';
export { VctSolver, solveVct, type VctOptions } from './games/gomoku/vct.js';
export { ThreatTable } from './games/gomoku/threat-table.js';
export * as gomokuThreatPoints from './games/gomoku/threat-points.js';
export { lineProblem as gomokuLineProblem } from './games/gomoku/solver-testing.js';
export { LightPlayout, playoutLight } from './games/go/playout.js';
export { solveCrossing, type CrossingOptions, type CrossingResult } from './games/checkers/solo.js';
export { checkersKnowledge, checkersPlayouts, checkersStanding, distanceTables, type DistanceTables } from './games/checkers/knowledge.js';
export { reversiGreedy, gomokuClassic, checkersDepth3, goRandom, type ClassicBot } from './baselines/index.js';
export { benchSignature, signatureTotal, type SignatureEntry } from './bench/signature.js';
export { Bot, type BotOptions } from './worker/bot.js';
export { registerGame, gameEntry, workerGame, setUpPosition, type GameEntry, type WorkerGame } from './worker/games.js';
export { unslicedRunner, type Presolver, type Presolved, type SolveRunner, type SolveSlice, type SolveOutcome } from './core/presolve.js';
export { levelBudget, pickCandidate, type LevelBudget } from './worker/levels.js';
export { nodeEndpoint, type NodePort } from './worker/node-endpoint.js';
export { yieldToEventLoop } from './worker/yield.js';
export type { Algorithm, PositionSetup, PositionInfo, ThinkLimits, Candidate, Progress } from './worker/protocol.js';

/**
 * @qi/ai-worker: the search, written once for every game, and the comlink worker that runs it. A deliberate list
 * (api.md is its report, checked by api.test.ts): the two searches and what a new game needs to plug into them, the
 * Bot and its protocol, the registry of Qi's games, and the per-game parts other programs use (solvers, Go's
 * dead-stone and resignation policies, the classic baseline bots, the bench signature). Each game's evaluation,
 * move ordering and playout policy stay inside: they reach consumers through `workerGame(id)`.
 */
// Scores, limits and the transposition table every search shares.
export { WIN, WIN_BOUND, MAX_EVAL, MAX_PLY, isWinScore, clampEval } from './core/score.js';
export { now, stopRaised, createStopFlag, setStopFlag, canShareMemory, type Limits } from './core/limits.js';
export { TranspositionTable, BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT, NO_MOVE } from './tt/table.js';
// The two searches, and what a game gives them.
export { AlphaBeta } from './alphabeta/search.js';
export type { Evaluator, AlphaBetaOptions, AlphaBetaResult, RootMoveScore, TurnFreePosition } from './alphabeta/types.js';
export { Mcts } from './mcts/search.js';
export type { PlayoutTrace } from './mcts/trace.js';
export type { MctsPolicy, MctsOptions, MctsResult, MctsCandidate, PlayoutOwnership } from './mcts/types.js';
export { unslicedRunner, type Presolver, type Presolved, type Proven, type SolveRunner, type SolveSlice, type SolveOutcome } from './core/presolve.js';
// The Bot, its levels and its protocol; the registry of games it plays.
export { Bot, type BotOptions } from './worker/bot.js';
export { registerGame, gameEntry, workerGame, setUpPosition, type GameEntry, type WorkerGame } from './worker/games.js';
export { levelBudget, pickCandidate, type LevelBudget } from './worker/levels.js';
export type { Algorithm, PositionSetup, PositionInfo, ThinkLimits, Candidate, Progress, ReviewBudget } from './worker/protocol.js';
// Go: the light and heavy playouts (bench hot paths), the dead-stone, resignation and clock policies GTP, the bench and the web app share.
export { goLightPolicy } from './games/go/light.js';
export { LightPlayout } from './games/go/playout.js';
export { HeavyPlayout } from './games/go/heavy.js';
export { estimateDead, deadStones, deadStoneVertices, type EstimateOptions } from './games/go/dead.js';
export { Resignation, searchWinRate, reliable, RELIABLE_PLAYOUTS, type ResignOptions, type SearchOutcome } from './games/go/resign.js';
export { goMovesToGo, clockMoveTime, type ClockMoveTime } from './games/go/clock.js';
// Go's tree knowledge, the move-prediction model bench train-go fits, and the tactical reader the bench checks against GNU Go.
export { goTreeMoves, goPriors } from './games/go/knowledge.js';
export { goMoveFeatures, GO_FEATURE_GROUPS, GO_FEATURE_OFFSETS, GO_FEATURE_COUNT, GO_FEATURES_PER_MOVE, type GoFeatureGroup } from './games/go/move-features.js';
export { goModelScores } from './games/go/move-model.js';
export { TacticReader } from './games/go/tactics.js';
// Reversi's evaluations (hand-written, and the trained patterns with their weights file).
export { reversiKnowledge, reversiEvaluate, reversiPatternEvaluate, reversiTerminal, DISC, REVERSI_WON } from './games/reversi/eval.js';
export * as reversiPatterns from './games/reversi/patterns.js';
export {
  REVERSI_WEIGHTS_URL,
  encodeWeights,
  decodeWeights,
  reversiWeights,
  setReversiWeights,
  loadReversiWeights,
  loadReversiWeightsSync,
} from './games/reversi/weights.js';
// Gomoku's evaluation features and weights (fitted by bench train-gomoku). The solvers: Reversi's exact endgame, Gomoku's VCF and VCT, Chinese Checkers' solo crossing.
export { EndgameSolver, solveEndgame, type SolveLimits, type SolveResult, type SolverOptions } from './games/reversi/solve.js';
export { gomokuEvalFeatures, gomokuEvalFeatureNames } from './games/gomoku/knowledge.js';
export { GOMOKU_EVAL_WEIGHTS } from './games/gomoku/eval-weights.js';
export { HAND_EVAL_WEIGHTS } from './games/gomoku/point-values.js';
export { VcfSolver, solveVcf, type ThreatOptions, type ThreatResult } from './games/gomoku/vcf.js';
export { VctSolver, solveVct, type VctOptions } from './games/gomoku/vct.js';
export { solveCrossing, type CrossingOptions, type CrossingResult } from './games/checkers/solo.js';
// The classic baseline bots and the bench's node-count signature.
export { reversiGreedy, gomokuClassic, checkersDepth3, goRandom, type ClassicBot } from './baselines/index.js';
export { benchSignature, signatureTotal, type SignatureEntry } from './bench/signature.js';

/** @qi/ai-worker: the search, written once for every game, and the comlink worker that runs it. */
export { WIN, WIN_BOUND, MAX_EVAL, MAX_PLY, isWinScore, clampEval } from './core/score.js';
export { now, stopRaised, createStopFlag, setStopFlag, canShareMemory, type Limits } from './core/limits.js';
export { TranspositionTable, BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT, NO_MOVE } from './tt/table.js';
export { AlphaBeta } from './alphabeta/search.js';
export type { Evaluator, AlphaBetaOptions, AlphaBetaResult, RootMoveScore } from './alphabeta/types.js';
export { Mcts } from './mcts/search.js';
export { NodeStore, UNEXPANDED, BYTES_PER_NODE } from './mcts/tree.js';
export { PlayoutTrace } from './mcts/trace.js';
export type { MctsPolicy, MctsOptions, MctsResult, MctsCandidate } from './mcts/types.js';
export { goLightPolicy } from './games/go/light.js';
export { benchSignature, signatureTotal, type SignatureEntry } from './bench/signature.js';
export { Bot, type BotOptions } from './worker/bot.js';
export { registerGame, gameEntry, type GameEntry } from './worker/games.js';
export { levelBudget, pickCandidate, type LevelBudget } from './worker/levels.js';
export { nodeEndpoint, type NodePort } from './worker/node-endpoint.js';
export { yieldToEventLoop } from './worker/yield.js';
export type { Algorithm, PositionSetup, PositionInfo, ThinkLimits, Candidate, Progress } from './worker/protocol.js';

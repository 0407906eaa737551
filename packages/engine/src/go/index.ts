export { goRules, handicapPoints, type GoRules, type KoRule, type Scoring, type HandicapBonus } from './rules.js';
export { EMPTY, BLACK, WHITE, BORDER, ChainBoard, goZobrist } from './board.js';
export { GoPosition, type MoveAnalysis, type IllegalReason } from './position.js';
export { fixedHandicap, maxFixedHandicap } from './handicap.js';
export { vertexToText, parseVertex, COLUMN_LETTERS } from './vertex.js';
export { pointOf, strideOf } from './geometry.js';
export { countArea } from './regions.js';
export { scoreArea, scoreTerritory, scoreGame, resultText, StoneGrid, components, type Score, type ScoreOptions } from './score.js';
export { DeadStoneMarking, type MarkingPhase } from './dead.js';
export { benson, type BensonResult } from './benson.js';
export {
  readGoSgf,
  goRecordFromTree,
  replayGo,
  goRecordToTree,
  writeGoSgf,
  ruleSetFromText,
  type GoRecord,
  type GoRecordNode,
  type GoVertex,
  type GoSetupStone,
  type GoRuleSet,
  type GoReplay,
  type GoReplayError,
  type GoReplayOptions,
} from './sgf-go.js';
export { goDefinition, alternatingMoves, goRecordStart, type GoStart, type GoEvent } from './definition.js';

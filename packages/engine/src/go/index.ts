export { goRules, handicapPoints, type GoRules, type KoRule, type Scoring, type HandicapBonus } from './rules.js';
export { EMPTY, BLACK, WHITE, BORDER, ChainBoard, goZobrist } from './board.js';
export { GoPosition, type MoveAnalysis, type IllegalReason } from './position.js';
export { fixedHandicap, maxFixedHandicap } from './handicap.js';
export { vertexToText, parseVertex, COLUMN_LETTERS } from './vertex.js';
export { pointOf, strideOf } from './geometry.js';
export { countArea } from './regions.js';
export { LightPlayout, playoutLight } from './playout.js';

export { geometry, holeIndex, onStar, starPoint, type BoardKind, type Geometry } from './geometry.js';
export { HopSearch, validPath } from './hops.js';
export { checkersRules, selfPlayRules, PLAYER_COUNTS, SELF_PLAY_TURNS_PER_PLAYER, type CheckersRules } from './rules.js';
export { CHECKERS_LEAVE, CheckersPosition, checkersMove, moveFrom, moveTo, startSetup, type CheckersSetup } from './position.js';
export { checkersRecord, readCheckersRecord, writeCheckersRecord, CheckersRecordError, type CheckersRecord, type ReadRecord } from './record.js';
export { checkersDefinition, type CheckersStart } from './definition.js';

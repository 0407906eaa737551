export { popcount, mobility, flips, stableDiscs, stableSet } from './bits.js';
export * as reversiBits from './bits.js';
export { ReversiPosition, squareName, parseSquare, parseSide, parseBoard, type ParsedBoard } from './position.js';
export { reversiPerft } from './perft.js';
export {
  readReversiSgf,
  reversiRecordFromTree,
  replayReversi,
  recordFromPosition,
  reversiRecordToTree,
  writeReversiSgf,
  type ReversiRecord,
  type ReversiRecordMove,
  type ReversiReplay,
} from './sgf-reversi.js';
export { reversiDefinition, type ReversiRules, type ReversiStart } from './definition.js';

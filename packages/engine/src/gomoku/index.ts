/**
 * Gomoku and Renju: GomokuPosition (freestyle, standard/exact-five, renju; 5x5..20x20), line patterns from
 * lookup tables kept current on play/undo, and renju forbidden points. Pattern kinds are grouped
 * (gomokuPatterns.FIVE …) so their short names cannot clash with other games' exports. The VCF/VCT threat
 * solvers are the AI's: packages/ai-worker/src/games/gomoku/.
 */
export {
  GomokuPosition,
  parseRule as parseGomokuRule,
  NOT_FORBIDDEN,
  DOUBLE_THREE,
  DOUBLE_FOUR,
  OVERLINE_FORBIDDEN,
  type GomokuRule,
  type GomokuOptions,
  type ForbiddenKind,
} from './position.js';
export { Geometry as GomokuGeometry } from './geometry.js';
export { pointName as renjuPointName, parsePointName as parseRenjuPoint } from './notation.js';
export * as gomokuPatterns from './patterns.js';
export { readGomokuSgf, writeGomokuSgf, recordOf as gomokuRecordOf, recordStart as gomokuRecordStart, type GomokuRecord } from './sgf-gomoku.js';
export { gomokuDefinition, type GomokuRules, type GomokuStart } from './definition.js';

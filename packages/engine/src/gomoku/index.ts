/**
 * Gomoku and Renju: GomokuPosition (freestyle, standard/exact-five, renju; 5x5..20x20), line patterns from
 * lookup tables kept current on play/undo, renju forbidden points, and the VCF/VCT threat solvers.
 * Pattern kinds and threat scans are grouped (gomokuPatterns.FIVE, gomokuThreats.scanThreats …) so their
 * short names cannot clash with other games' exports.
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
export * as gomokuThreats from './threats.js';
export { ThreatTable } from './threat-table.js';
export { VcfSolver, solveVcf, type ThreatOptions, type ThreatResult } from './vcf.js';
export { VctSolver, solveVct, type VctOptions } from './vct.js';
export { lineProblem as gomokuLineProblem } from './solver-testing.js';
export { readGomokuSgf, writeGomokuSgf, recordOf as gomokuRecordOf, recordStart as gomokuRecordStart, type GomokuRecord } from './sgf-gomoku.js';
export { gomokuDefinition, type GomokuRules, type GomokuStart } from './definition.js';

import { MAX_MOVES, gomokuPatterns, type GomokuPosition, type Position, type Rng } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import type { Evaluator } from '../alphabeta/types.js';
import { gomokuCandidates } from '../games/gomoku/candidates.js';
import type { ClassicBot } from './types.js';

const P = gomokuPatterns;
/** The classic pattern score table: five, open four, four, open three, three, open two, two. */
const SCORE = new Int32Array(16);
SCORE[P.FIVE] = 100_000;
SCORE[P.OPEN_FOUR] = 10_000;
SCORE[P.FOUR] = 1_000;
SCORE[P.OPEN_THREE] = 1_000;
SCORE[P.THREE] = 100;
SCORE[P.OPEN_TWO] = 100;
SCORE[P.TWO] = 10;

const WIDTH = 12; // candidates searched per node
const DEPTH = 4;

/** What a `colour` stone on `p` would make, summed over the four lines. */
function pointValue(g: GomokuPosition, p: number, colour: number): number {
  let v = 0;
  for (let d = 0; d < 4; d++) v += SCORE[P.patternKind(g.pattern(p, d, colour))];
  return v;
}

/**
 * The classic Gomoku baseline of the MFC course programs: depth-4 alpha-beta over the 12 points within two lines
 * of a stone that score best by max(attack, defence) on the pattern table; a position is worth the summed
 * pattern values of its candidate points for the player minus those for the opponent. Centre on an empty board.
 */
export function gomokuClassic(): ClassicBot {
  const all = new Int32Array(MAX_MOVES);
  const keys = new Float64Array(MAX_MOVES);
  const evaluator: Evaluator = {
    evaluate(pos: Position, player: number): number {
      const g = pos as GomokuPosition;
      const n = gomokuCandidates(g, all);
      let v = 0;
      for (let i = 0; i < n; i++) v += pointValue(g, all[i], player) - pointValue(g, all[i], player ^ 1);
      return v;
    },
    searchMoves(pos: Position, into: Int32Array): number {
      const g = pos as GomokuPosition;
      if (g.stoneCount() === 0) {
        const c = g.geo.point(g.geo.size >> 1, g.geo.size >> 1);
        if (!g.isLegal(c)) return 0;
        into[0] = c;
        return 1;
      }
      const me = g.currentPlayer();
      const n = gomokuCandidates(g, all);
      for (let i = 0; i < n; i++) keys[i] = Math.max(pointValue(g, all[i], me), pointValue(g, all[i], me ^ 1));
      // Keep the WIDTH best (a partial selection sort: n is small).
      const k = Math.min(WIDTH, n);
      for (let i = 0; i < k; i++) {
        let b = i;
        for (let j = i + 1; j < n; j++) if (keys[j] > keys[b]) b = j;
        const tk = keys[i];
        keys[i] = keys[b];
        keys[b] = tk;
        const tm = all[i];
        all[i] = all[b];
        all[b] = tm;
        into[i] = all[i];
      }
      return k;
    },
  };
  const search = new AlphaBeta({ evaluator, ttMegabytes: 8, aspiration: 0 });
  return {
    name: 'gomoku-classic',
    choose(pos: Position, _rng: Rng): number | null {
      search.clearHash();
      return search.search(pos, { depth: DEPTH }).move;
    },
  };
}

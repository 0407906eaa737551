import type { GoPosition, Position, Rng } from '@qi/engine';
import type { PlayoutTrace } from '../../mcts/trace.js';
import type { MctsOptions, MctsPolicy, PlayoutOwnership } from '../../mcts/types.js';
import { heavyPlayoutFor } from './heavy.js';
import { goPriors, goTreeMoves } from './knowledge.js';
import { goModelPriors } from './move-model.js';
import { goTacticPriors } from './tactics.js';
import { goOpeningPriors } from './opening.js';

/**
 * The final owners of the heavy playouts a search runs while recording (the Bot's analysis turns it on): the
 * playout's own final board is counted (HeavyPlayout.run's ownership sum), so no playout is added. One buffer per
 * board size, allocated on the first recorded playout of that size.
 */
class GoOwnership implements PlayoutOwnership {
  recording = false;
  sum: Float64Array | null = null;
  playouts = 0;
  margin = 0;

  reset(): void {
    this.sum?.fill(0);
    this.playouts = 0;
    this.margin = 0;
  }

  /** The buffer to add one playout into, for a board of `points` points (a new size starts from zero). */
  buffer(points: number): Float64Array {
    if (this.sum === null || this.sum.length !== points) {
      this.sum = new Float64Array(points);
      this.playouts = 0;
      this.margin = 0;
    }
    return this.sum;
  }

  add(margin: number): void {
    this.playouts++;
    this.margin += margin;
  }
}

/** The full Go MCTS policy: heavy playouts feeding RAVE, tree moves without own-eye fills, knowledge priors. */
export function goHeavyPolicy(model: { even: number; slope: number } | null = null): MctsPolicy {
  const ownership = new GoOwnership();
  return {
    treeMoves: (pos, into) => goTreeMoves(pos as GoPosition, into),
    priors:
      model === null
        ? (pos, moves, n, out) => goPriors(pos as GoPosition, moves, n, out)
        : (pos, moves, n, out) => {
            goModelPriors(pos as GoPosition, moves, n, out, model.even, model.slope);
            goOpeningPriors(pos as GoPosition, moves, n, out);
            goTacticPriors(pos as GoPosition, moves, n, out);
          },
    ownership,
    playout(pos: Position, rng: Rng, out: Float64Array, trace: PlayoutTrace): void {
      const g = pos as GoPosition;
      const own = ownership.recording ? ownership.buffer(g.size * g.size) : undefined;
      if (g.isTerminal() && g.resigned() < 0) {
        const playedOn = endByPasses(g, rng, out, own);
        if (own !== undefined) ownership.add(playedOn);
        return;
      }
      const margin = heavyPlayoutFor(g.size).run(g, rng, trace, own);
      if (own !== undefined) ownership.add(margin);
      out[0] = margin > 0 ? 1 : margin < 0 ? -1 : 0;
      out[1] = -out[0];
    },
  };
}

/**
 * The value of a game ended by two passes. The referee may count the board as it stands (Tromp-Taylor) or
 * remove the dead stones first (GNU Go, a human marking): the result stands only when both agree, the dead
 * stones judged by a playout that plays on as if nobody had passed. When they disagree the player who passed
 * last loses, so the search never ends a game whose winner depends on the referee (it captures dead stones
 * in its own area first, and does not pass while its own dead stones would count for it).
 */
function endByPasses(g: GoPosition, rng: Rng, out: Float64Array, ownership: Float64Array | undefined): number {
  const asItStands = g.scoreMargin();
  const playedOn = heavyPlayoutFor(g.size).run(g, rng, null, ownership, true);
  if (asItStands > 0 && playedOn > 0) out[0] = 1;
  else if (asItStands < 0 && playedOn < 0) out[0] = -1;
  else out[0] = g.currentPlayer() === 0 ? 1 : -1; // the last passer is the player not to move
  out[1] = -out[0];
  return playedOn;
}

/**
 * Go's MCTS settings for a board of `size` (default 9): heavy playouts with RAVE (β after Gelly and Silver with an
 * equivalence of about 400 playouts: b = 0.025; it won 6 of 10 self-play games at 3000 playouts a move against b =
 * 0.011 with c = 0.2), a small exploration term as usual with RAVE, the priors as progressive bias and also as
 * virtual RAVE playouts per new child (prior 0.3, the plain move, an even 0.5; self-ataris and dead ladder escapes
 * near 0, captures near 0.8), which keep the tactical knowledge weighing after the 1/(n+1) bias has faded: 20 of
 * them won 56-0-18 against none on 13x13 at 4,000 playouts a move (SPRT H1, Elo +197 ± 97), 40 won 95-0-55
 * against 20 there (SPRT H1, Elo +95 ± 58), 80 won 178-0-129 against 40 (SPRT H1, Elo +56 ± 40) and 160 won
 * 67-0-29 against 80 (SPRT H1, Elo +145 ± 78), so boards from 13x13 up get 160 (against GNU Go at 3 s a move, about
 * 39,000 playouts, 160 and 80 scored alike: 21-0-19 and 23-0-17 on the same 40 openings); on 9x9 at 1 s a move
 * against GNU Go, on the same openings, 40 scored 27-0-13 where 20 scored 32-0-8, so smaller boards keep 20. Leaves
 * are expanded on their fourth visit so that 600,000 nodes (about 41 MB) hold some 30,000 playouts of 9x9 tree (a
 * child block per expansion), more than a few seconds of search on top of the subtree kept from the last move.
 * From 15x15 up the priors come from the move-prediction model fitted to GNU Go's 19x19 moves (move-model.ts: slope
 * 0.12 per unit of log-probability) as 400 virtual playouts in each child's own statistics (`priorStats: 'value'`,
 * Pachi's way): in the AMAF statistics they were outweighed by thousands of AMAF updates, and the search at 9,000
 * playouts chose GNU Go's move in 5 of 100 held-out positions where the model alone chose it in 27; so placed, 25.
 * On top of the model: the corners of an open board first (opening.ts: the model does not see corners) and the
 * tactical reading of chains short of liberties (tactics.ts: captures and defences the reading proves).
 */
export function goMctsOptions(size = 9): MctsOptions {
  const model = size >= MODEL_FROM_SIZE;
  return {
    policy: goHeavyPolicy(model ? { even: 0.3, slope: MODEL_SLOPE } : null),
    maxNodes: 600_000,
    expandAfter: 4,
    raveBias: 0.025,
    exploration: 0.1,
    firstPlayUrgency: 1.1,
    priorWeight: 1,
    priorVisits: model ? MODEL_PRIOR_VISITS : size >= 13 ? 160 : 20,
    priorStats: model ? 'value' : 'rave',
    priorEven: 0.3,
  };
}

/**
 * From this board size up the tree's priors come from the move-prediction model (move-model.ts, fitted to GNU Go's
 * moves on 19x19), as virtual playouts in each child's own statistics; smaller boards keep the hand priors in the
 * AMAF statistics, with which the 9x9 and 13x13 results against GNU Go were measured. See goMctsOptions.
 */
export const MODEL_FROM_SIZE = 15;
/** The model prior's slope per unit of log-probability (move-model.ts). */
const MODEL_SLOPE = 0.12;
/** Virtual playouts of the model prior in each child's own statistics. */
const MODEL_PRIOR_VISITS = 400;

import { Bot, deadStoneVertices, type PositionSetup } from '@qi/ai-worker';

/**
 * The page's bot: ai-worker's Bot plus the dead stones of a finished Go game (ai-worker's `deadStones`, Qi's one
 * dead-stone policy, the one GTP uses: the static estimate overruled where the playouts agree), for the Estimate
 * button and Qi's marks after two passes. It runs in the worker: the policy plays hundreds of playouts.
 */
export class PageBot extends Bot {
  /** Dead stones (GTP vertices) of the Go position `setup` describes; an illegal move throws naming it. */
  deadStones(setup: PositionSetup): string[] {
    return deadStoneVertices(setup);
  }
}

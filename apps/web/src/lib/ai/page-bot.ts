import { Bot, deadStones, setUpPosition, type PositionSetup } from '@qi/ai-worker';
import { GoPosition } from '@qi/engine';

/** Playouts behind the dead-stone list: the ai-worker's default, a fraction of a second on 19x19. */
const DEAD_STONE_PLAYOUTS = 400;

/**
 * The page's bot: ai-worker's Bot plus the dead stones of a finished Go game from playout ownership (ai-worker's
 * `deadStones`: the engine's static estimate overruled where the playouts agree), for the marking phase.
 */
export class PageBot extends Bot {
  /** Dead stones (GTP vertices) of the Go position `setup` describes; an illegal move throws naming it. */
  deadStones(setup: PositionSetup): string[] {
    const { pos } = setUpPosition(setup);
    if (!(pos instanceof GoPosition)) throw new Error('dead stones are a Go question');
    return deadStones(pos, DEAD_STONE_PLAYOUTS).map((p) => pos.moveToText(p));
  }
}

/**
 * Go's count after two passes, without a marking phase: Qi's one dead-stone policy (`deadStones` from
 * @qi/ai-worker, seeded, so the same position always gets the same stones) marked in the engine's
 * DeadStoneMarking and confirmed, as the web app counts a finished game with Qi's marks.
 */
import { DeadStoneMarking, type GoPosition } from '@qi/engine';
import { deadStones } from '@qi/ai-worker';
import type { ResultView } from '@qi/protocol';

/** The result of a Go game both players passed out: returns by the score's sign, code `B+3.5` / `W+12` / `0`, the dead stones. */
export function countGo(pos: GoPosition): ResultView {
  const marking = new DeadStoneMarking(pos);
  marking.start(deadStones(pos));
  const score = marking.confirm();
  const sign = Math.sign(score.margin);
  // The dead stones travel with the result, so every client marks the stones the count took off.
  return { returns: [sign, -sign], reason: 'rules', code: score.result, dead: marking.dead().map((p) => pos.moveToText(p)) };
}

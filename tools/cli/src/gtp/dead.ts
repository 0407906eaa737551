import type { GoPosition } from '@qi/engine';

/**
 * The dead stones of a finished game for final_status_list, final_score and clean-up: ai-worker's `deadStones`,
 * Qi's one dead-stone policy (the web app's marks come from the same function in its worker): the static
 * estimate overruled both ways by heavy-playout ownership, 400 playouts at a fixed seed, so the same verdict
 * every time. The AI is loaded on first use, so start-up stays fast.
 */
export async function deadStones(pos: GoPosition): Promise<number[]> {
  const ai = await import('@qi/ai-worker');
  return ai.deadStones(pos);
}

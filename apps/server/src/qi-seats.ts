/**
 * Qi at a seat: the AI plays through @qi/ai-worker's BotPool (worker threads, bounded: `--bots N`, default 1), at
 * the seat's level from the worker's own level table (`think({level})`), within its clock. This module only asks
 * for a move; the hub plays it through the same validation as a person's.
 */
import { BotPool } from '@qi/ai-worker/node';
import { levelBudget, type PositionSetup } from '@qi/ai-worker';

/** What the hub needs of Qi: a move (the engine's integer, or null when there is none) for a position at a level. */
export interface QiEngine {
  /** Qi's move at `level`; `timeMs` bounds the think time when the seat's clock runs (null: the level's own). */
  think(setup: PositionSetup, level: number, timeMs: number | null): Promise<number | null>;
  /** Stops the worker threads. */
  close(): Promise<void>;
}

/**
 * Qi's think time on a clock: the level's own time cap (ai-worker's level table), but at most a twentieth of what is
 * left (at least 50 ms, the search's least useful budget); null without a clock (the level decides alone).
 */
export function qiThinkMs(remainingMs: number | null, level: number): number | null {
  if (remainingMs === null) return null;
  const cap = levelBudget(level, 'mcts').timeMs ?? Infinity;
  return Math.max(50, Math.min(cap, Math.floor(remainingMs / 20)));
}

/** A QiEngine on a BotPool of `size` threads, started on the first question (a server without Qi seats starts none). */
export function botPoolEngine(size = 1): QiEngine {
  let pool: BotPool | null = null;
  let closed = false;
  return {
    think(setup, level, timeMs) {
      if (closed) return Promise.reject(new Error('Qi is stopped'));
      pool ??= new BotPool({ size });
      return pool.use(async (bot) => {
        await bot.setPosition(setup);
        const answer = await bot.think(timeMs === null ? { level } : { level, timeMs });
        return answer.move;
      });
    },
    async close() {
      closed = true;
      await pool?.close();
    },
  };
}

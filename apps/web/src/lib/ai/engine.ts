import type { PositionSetup, Progress, ThinkLimits } from '@qi/ai-worker';

/** What the page asks of Qi's AI: think about a position, suggest a move, stop. Requests run one at a time. */
export interface AiEngine {
  /** Sets up `setup` and thinks within `limits`, streaming progress; resolves with the answer (rejects with AiCancelled once stopped before it began). */
  think(setup: PositionSetup, limits: ThinkLimits, onProgress: (p: Progress) => void): Promise<Progress>;
  /** The bot's hint for the side to move of `setup`. */
  hint(setup: PositionSetup): Promise<Progress>;
  /** Analyses `setup` (no limits: until stopped), streaming progress; resolves with the last report. */
  analyze(setup: PositionSetup, limits: ThinkLimits, onProgress: (p: Progress) => void): Promise<Progress>;
  /** The dead stones (GTP vertices) of the finished Go game `setup`, from playout ownership. */
  deadStones(setup: PositionSetup): Promise<string[]>;
  /** Ends the running request soon and drops the waiting ones. */
  stop(): void;
  /** Releases the engine (terminates a worker). */
  close(): void;
}

/** The part of ai-worker's Bot the page uses, in process or as a comlink remote (where every call is async). */
export interface BotLike {
  setPosition(setup: PositionSetup): unknown;
  think(limits: ThinkLimits, onProgress?: (p: Progress) => void): Promise<Progress>;
  hint(): Promise<Progress>;
  analyze(limits: ThinkLimits, onProgress?: (p: Progress) => void): Promise<Progress>;
  stop(): unknown;
  deadStones(setup: PositionSetup): string[] | Promise<string[]>;
}

/** A request that was stopped before the bot started it. */
export class AiCancelled extends Error {
  constructor() {
    super('the AI request was cancelled');
    this.name = 'AiCancelled';
  }
}

/**
 * An AiEngine over a Bot. The Bot refuses a new position while it searches, and a stop that reaches it before a
 * search starts is forgotten by that search, so requests are queued, and stop() both stops the bot and marks the
 * queued requests cancelled (checked again right before each one reaches the bot).
 * `wrapProgress` turns a callback into what the bot can call (comlink's `proxy` for a worker).
 */
export function botEngine(bot: BotLike, wrapProgress: (fn: (p: Progress) => void) => (p: Progress) => void = (fn) => fn, onClose: () => void = () => undefined): AiEngine {
  let tail: Promise<unknown> = Promise.resolve();
  let epoch = 0;
  const enqueue = <T>(task: (live: () => boolean) => Promise<T>): Promise<T> => {
    const mine = epoch;
    const live = () => mine === epoch;
    const run = () => (live() ? task(live) : Promise.reject(new AiCancelled()));
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
  return {
    think: (setup, limits, onProgress) =>
      enqueue(async (live) => {
        await bot.setPosition(setup);
        if (!live()) throw new AiCancelled();
        return bot.think(limits, wrapProgress(onProgress));
      }),
    hint: (setup) =>
      enqueue(async (live) => {
        await bot.setPosition(setup);
        if (!live()) throw new AiCancelled();
        return bot.hint();
      }),
    analyze: (setup, limits, onProgress) =>
      enqueue(async (live) => {
        await bot.setPosition(setup);
        if (!live()) throw new AiCancelled();
        return bot.analyze(limits, wrapProgress(onProgress));
      }),
    deadStones: (setup) => enqueue(async () => bot.deadStones(setup)),
    stop: () => {
      epoch++;
      void Promise.resolve(bot.stop()).catch(() => undefined);
    },
    close: () => {
      epoch++;
      onClose();
    },
  };
}

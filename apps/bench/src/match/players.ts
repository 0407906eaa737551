/**
 * The players of a match behind one interface: Qi bots in worker threads (through the ai-worker's Node
 * endpoint), GTP engines and piskvork engines as child processes. A player that crashes, hangs or breaks its
 * protocol throws a PlayerFault; the game loop records it as a loss with the reason, and the next game
 * restarts the engine.
 */
import { MAX_MOVES, PASS, type GoPosition, type GomokuPosition, type Position } from '@qi/engine';
import { startNodeBot, type NodeBot } from '@qi/ai-worker/node';
import { Resignation, clockMoveTime, goMovesToGo, levelBudget, type ThinkLimits } from '@qi/ai-worker';
import { GtpClient, GtpFailure } from '../gtp/client.js';
import type { BenchGame } from './games.js';
import { PiskvorkClient } from './piskvork.js';
import { checkSpecForGame, type PlayerSpec } from './spec.js';
import type { MoveStat } from './types.js';

/** A failure that costs the game: time-out, crash, protocol error, unparsable move. */
export class PlayerFault extends Error {
  /** "time-out", "crash", "protocol" or "illegal". */
  readonly kind: string;
  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
    this.name = 'PlayerFault';
  }
}

/** A chosen move or a resignation, with what the engine reported. */
export interface PlayerMove {
  move: number | 'resign';
  /** The move as the engine wrote it (for error messages). */
  text: string;
  stat: Omit<MoveStat, 'player' | 'timeMs'>;
}

/** One side of a match. */
export interface Player {
  readonly name: string;
  /** Prepares a new game (restarting a dead engine); `seed` seeds a bot's randomness for this game's moves. */
  newGame(game: BenchGame, seed?: number): Promise<void>;
  /** The move for the side to move of `pos`, reached by `moves` from the start; within `deadlineMs`. */
  move(pos: Position, moves: readonly number[], deadlineMs: number): Promise<PlayerMove>;
  /** Ends the engine (threads terminated, processes gone). */
  close(): Promise<void>;
}

/** Per-move budget for bots whose spec does not set one. */
export interface DefaultBudget {
  timeMs?: number;
  nodes?: number;
}

/** How bots start their worker thread (tests point this at a TypeScript-aware entry). */
export type BotStart = Parameters<typeof startNodeBot>[0];

/**
 * Worker threads with a Bot each, lent to bot players and reused across games and matches (a thread costs
 * seconds to start on a busy machine). Each thread's Bot gets its own seed for the level randomness.
 */
export class BotThreads {
  /** Free threads by kind: '' the default, 'hand' the threads whose Reversi evaluation stays hand-written, else a weights file's path. */
  private readonly free = new Map<string, NodeBot[]>();
  private readonly kinds = new Map<NodeBot, string>();
  private readonly all = new Set<NodeBot>();
  private started = 0;

  constructor(
    private readonly start: BotStart = {},
    private readonly seed = 1,
  ) {}

  /**
   * A free thread, started when none is free; `evaluation` 'hand' a thread that keeps the hand-written Reversi
   * evaluation, an absolute path one with that weights file (threads are kept apart by it).
   */
  take(evaluation?: string): NodeBot {
    const kind = evaluation ?? '';
    const b = this.free.get(kind)?.pop();
    if (b !== undefined) return b;
    const weights = kind === '' ? {} : { reversiWeights: kind === 'hand' ? false : kind };
    const n = startNodeBot({ ...this.start, bot: { seed: this.seed + this.started++, ...weights } });
    this.all.add(n);
    this.kinds.set(n, kind);
    return n;
  }

  /** Returns a thread for reuse. */
  give(b: NodeBot): void {
    if (!this.all.has(b)) return;
    const kind = this.kinds.get(b) ?? '';
    const list = this.free.get(kind);
    if (list === undefined) this.free.set(kind, [b]);
    else list.push(b);
  }

  /** Terminates a thread that may be in a bad state (after a time-out or crash). */
  async discard(b: NodeBot): Promise<void> {
    this.all.delete(b);
    this.kinds.delete(b);
    await b.close();
  }

  /** Terminates every thread so the process can exit. */
  async close(): Promise<void> {
    const list = [...this.all];
    this.all.clear();
    this.kinds.clear();
    this.free.clear();
    await Promise.all(list.map((b) => b.close()));
  }
}

/** The seed of the move at `ply` of a game seeded `gameSeed` (a 32-bit mix, so nearby plies and games differ). */
export function moveSeed(gameSeed: number, ply: number): number {
  let h = Math.imul(gameSeed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(ply + 1, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

/** A Go clock's main time for a game on a `size` board: `clockMs` for each move the empty board asks of one side. */
export function clockMainMs(clockMs: number, size: number): number {
  return clockMs * goMovesToGo(size * size, size * size);
}

/** The longest one move of a Go clock may take on a `size` board (the forfeit deadline must allow it). */
export function clockMoveCapMs(clockMs: number, size: number): number {
  // The most the time left can be is the main time, and the fewest moves to go the estimate's floor.
  return clockMoveTime(clockMainMs(clockMs, size), goMovesToGo(0, 0)).timeMaxMs;
}

/**
 * Creates the player of a spec (bots borrow their thread from `threads`). `engineTimeMs` is the move time an outside
 * engine is told (the time Qi gets, so the match is fair); without it an engine learns only the forfeit deadline.
 */
export function createPlayer(spec: PlayerSpec, budget: DefaultBudget, threads: BotThreads, engineTimeMs?: number): Player {
  if (spec.kind === 'bot') return new BotPlayer(spec, budget, threads);
  if (spec.kind === 'gtp') return new GtpPlayer(spec.name, spec.command, engineTimeMs);
  return new PiskvorkPlayer(spec.name, spec.command, engineTimeMs);
}

/**
 * The time a move a Qi bot spec thinks at most, or undefined when only nodes or depth bound it: its own time (a
 * clock's: its mean), else its level's time cap (every level has one), else the match's default time budget.
 */
export function botMoveTimeMs(spec: PlayerSpec, budget: DefaultBudget): number | undefined {
  if (spec.kind !== 'bot') return undefined;
  if (spec.timeMs !== undefined) return spec.timeMs;
  if (spec.clockMs !== undefined) return spec.clockMs;
  if (spec.level !== undefined) return levelBudget(spec.level, spec.algorithm === 'alphabeta' ? 'alphabeta' : 'mcts').timeMs;
  if (spec.nodes !== undefined || spec.depth !== undefined || spec.algorithm === 'classic') return undefined;
  return budget.nodes === undefined ? budget.timeMs : undefined;
}

class BotPlayer implements Player {
  readonly name: string;
  private node: NodeBot | null = null;
  private game: BenchGame | null = null;
  private seed: number | undefined;
  /** Go with a `resign:` part: the resignation policy's streaks in the game being played. */
  private readonly resignation: Resignation | null;
  /** Go with a `clock:` part: the main time left in the game being played, ms. */
  private clockLeftMs = 0;

  constructor(
    private readonly spec: Extract<PlayerSpec, { kind: 'bot' }>,
    private readonly budget: DefaultBudget,
    private readonly threads: BotThreads,
  ) {
    this.name = spec.name;
    this.resignation = spec.resign === undefined ? null : new Resignation({ below: spec.resign });
  }

  async newGame(game: BenchGame, seed?: number): Promise<void> {
    checkSpecForGame(this.spec, game.id);
    this.game = game;
    this.seed = seed;
    this.resignation?.reset();
    if (this.spec.clockMs !== undefined) this.clockLeftMs = clockMainMs(this.spec.clockMs, (game.rules as { size: number }).size);
    this.node ??= this.threads.take(this.spec.evaluation);
  }

  async move(pos: Position, moves: readonly number[], deadlineMs: number): Promise<PlayerMove> {
    const node = this.node;
    const game = this.game;
    if (node === null || game === null) throw new Error('newGame must come before move');
    const s = this.spec;
    const limits: ThinkLimits = {
      level: s.level,
      nodes: s.nodes ?? (s.level === undefined && s.timeMs === undefined && s.depth === undefined ? this.budget.nodes : undefined),
      timeMs: s.timeMs ?? (s.level === undefined && s.nodes === undefined && s.depth === undefined ? this.budget.timeMs : undefined),
      depth: s.depth,
      // 'classic' exists in ai-workers that ship the classic baseline bots; older ones reject it by name.
      algorithm: s.algorithm as ThinkLimits['algorithm'],
      // Each move's randomness from the game's seed and the ply, so the game is the same on any thread.
      seed: this.seed === undefined ? undefined : moveSeed(this.seed, moves.length),
    };
    if (s.clockMs !== undefined) {
      // The clock's share for this move, as `qi gtp` spends main time (the 20 ms cover the worker round trip).
      const g = pos as GoPosition;
      const t = clockMoveTime(this.clockLeftMs, goMovesToGo(g.emptyPoints(), g.size * g.size), 20);
      limits.timeMs = t.timeMs;
      limits.timeMaxMs = t.timeMaxMs;
      limits.stopWhenDecided = true;
    }
    try {
      await node.bot.setPosition({ game: game.id, rules: game.rules, moves: [...moves] });
      const t0 = performance.now();
      const answer = await withDeadline(node.bot.think(limits), deadlineMs, async () => {
        await node.stop();
      });
      this.clockLeftMs = Math.max(0, this.clockLeftMs - (performance.now() - t0));
      if (answer === null) {
        await this.restart();
        throw new PlayerFault('time-out', `no move within ${deadlineMs} ms`);
      }
      const move = answer.move ?? PASS;
      const player = pos.currentPlayer() as 0 | 1;
      const resigns = this.resignation !== null && this.resignation.note(answer, player, moves.length, (pos as GoPosition).size);
      return {
        move: resigns ? 'resign' : move,
        text: resigns ? 'resign' : move === PASS ? 'pass' : safeText(pos, move),
        stat: {
          depth: answer.depth,
          visits: answer.visits,
          nodes: answer.nodes,
          winRate: answer.winRate,
          score: answer.algorithm === 'alphabeta' ? answer.score : null,
        },
      };
    } catch (e) {
      if (e instanceof PlayerFault) throw e;
      await this.restart();
      throw new PlayerFault('crash', `worker failed: ${(e as Error).message}`);
    }
  }

  private async restart(): Promise<void> {
    const n = this.node;
    this.node = null;
    if (n !== null) await this.threads.discard(n);
    this.node = this.threads.take(this.spec.evaluation);
  }

  async close(): Promise<void> {
    const n = this.node;
    this.node = null;
    if (n !== null) this.threads.give(n);
  }
}

/** Resolves with the promise's value, or null after `ms` (calling `onLate` once, e.g. to stop the search). */
async function withDeadline<T>(p: Promise<T>, ms: number, onLate: () => Promise<void>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const first = await Promise.race([p, late]);
  clearTimeout(timer);
  if (first !== 'late') return first;
  await onLate().catch(() => undefined);
  // A search that stops promptly after the stop still counts as late: the budget was exceeded.
  return null;
}

function safeText(pos: Position, move: number): string {
  try {
    return pos.moveToText(move);
  } catch {
    return String(move);
  }
}

class GtpPlayer implements Player {
  private client: GtpClient | null = null;
  /** Moves of the current game the engine knows. */
  private known = 0;
  private game: BenchGame | null = null;

  constructor(
    readonly name: string,
    private readonly command: string[],
    private readonly moveTimeMs?: number,
  ) {}

  async newGame(game: BenchGame): Promise<void> {
    if (game.id !== 'go' && game.id !== 'reversi') throw new Error(`GTP players play Go and Reversi only, not ${game.id}`);
    this.game = game;
    if (this.client === null || !this.client.alive) {
      await this.client?.close();
      this.client = GtpClient.start(this.command[0], this.command.slice(1), { name: this.name, commandTimeoutMs: 30_000 });
    }
    // Othello over GTP (GRhino's dialect) has no komi; Go engines get the game's.
    const setup = game.id === 'go' ? [`boardsize ${(game.rules as { size: number }).size}`, `komi ${(game.rules as { komi: number }).komi}`, 'clear_board'] : ['boardsize 8', 'clear_board'];
    try {
      await this.client.sendAll(setup);
      // The harness judges Go by positional superko and area scoring: an engine that can be told so (Qi's own
      // `qi-rules` extension) is, so that it never loses a game by a repetition it was not told was illegal.
      if (game.id === 'go') {
        const rules = game.rules as { ko: string; scoring: string };
        await optional(this.client.send(`qi-rules ko ${rules.ko}`));
        await optional(this.client.send(`qi-rules scoring ${rules.scoring}`));
      }
      // The move time Qi gets, as byo-yomi: 0 main time, S seconds for each single move (GTP counts whole seconds).
      if (this.moveTimeMs !== undefined) await optional(this.client.send(`time_settings 0 ${gtpSeconds(this.moveTimeMs)} 1`));
    } catch (e) {
      throw new PlayerFault(e instanceof GtpFailure ? 'protocol' : 'crash', (e as Error).message);
    }
    this.known = 0;
  }

  async move(pos: Position, moves: readonly number[], deadlineMs: number): Promise<PlayerMove> {
    const client = this.client;
    const game = this.game;
    if (client === null || game === null) throw new Error('newGame must come before move');
    const reversi = game.id === 'reversi';
    // An Othello engine passes by itself and refuses `play <colour> pass` (GRhino): a forced pass is played for it,
    // and passes are never sent. `known` stays: the moves before the pass are sent with the next genmove.
    if (reversi && onlyPass(pos)) {
      return { move: PASS, text: 'pass', stat: noStat() };
    }
    const replay = game.create();
    try {
      for (let i = 0; i < moves.length; i++) {
        const colour = replay.currentPlayer() === 0 ? 'black' : 'white';
        if (i >= this.known && !(reversi && moves[i] === PASS)) await client.send(`play ${colour} ${replay.moveToText(moves[i])}`);
        replay.play(moves[i]);
      }
      this.known = moves.length;
      const colour = pos.currentPlayer() === 0 ? 'black' : 'white';
      if (this.moveTimeMs !== undefined) await optional(client.send(`time_left ${colour} ${gtpSeconds(this.moveTimeMs)} 1`));
      const answer = (await client.send(`genmove ${colour}`, deadlineMs)).trim();
      this.known++;
      if (answer.toLowerCase() === 'resign') return { move: 'resign', text: answer, stat: noStat() };
      let move: number;
      try {
        move = pos.parseMove(answer);
      } catch (e) {
        throw new PlayerFault('illegal', `unparsable move "${answer}": ${(e as Error).message}`);
      }
      return { move, text: answer, stat: noStat() };
    } catch (e) {
      if (e instanceof PlayerFault) throw e;
      if (e instanceof GtpFailure) throw new PlayerFault('protocol', e.message);
      const message = (e as Error).message;
      throw new PlayerFault(/no response/.test(message) ? 'time-out' : 'crash', message);
    }
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}

/** Seconds for GTP's time commands (whole seconds, at least 1). */
function gtpSeconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}

/** Awaits a GTP command an engine may not implement (time control): a refusal is not a fault. */
async function optional(reply: Promise<string>): Promise<void> {
  try {
    await reply;
  } catch (e) {
    if (!(e instanceof GtpFailure)) throw e;
  }
}

/** Whether the side to move has only a pass (Reversi's forced pass). */
function onlyPass(pos: Position): boolean {
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.legalMoves(buf);
  return n === 1 && buf[0] === PASS;
}

function noStat(): PlayerMove['stat'] {
  return { depth: 0, visits: 0, nodes: 0, winRate: null, score: null };
}

/** Gomocup rule numbers: 0 freestyle, 1 exact five, 4 renju. */
function piskvorkRule(rule: unknown): number {
  return rule === 'renju' ? 4 : rule === 'standard' ? 1 : 0;
}

class PiskvorkPlayer implements Player {
  private client: PiskvorkClient | null = null;
  private known = -1;
  private game: BenchGame | null = null;
  /** Time the engine has used this game (its `time_left` is the match allowance minus this). */
  private usedMs = 0;

  constructor(
    readonly name: string,
    private readonly command: string[],
    private readonly moveTimeMs?: number,
  ) {}

  async newGame(game: BenchGame): Promise<void> {
    if (game.id !== 'gomoku') throw new Error(`piskvork players play Gomoku only, not ${game.id}`);
    this.game = game;
    if (this.client === null || !this.client.alive) {
      this.client?.kill();
      this.client = new PiskvorkClient(this.command, this.name);
    }
    const rules = game.rules as { size: number; rule: string };
    try {
      await this.client.start(rules.size, 10_000);
      this.client.info(`rule ${piskvorkRule(rules.rule)}`);
      // One search thread, like Qi's one worker thread a game: a multi-threaded brain would get more cores than Qi.
      this.client.info('thread_num 1');
      if (this.moveTimeMs !== undefined) {
        // Qi's move time for every move, and a match allowance of that much per move to the move cap, so the
        // engine's own time manager plays each move in about the turn time (Gomocup engines use both).
        this.client.info(`timeout_turn ${this.moveTimeMs}`);
        this.client.info(`timeout_match ${this.moveTimeMs * game.maxPlies}`);
      }
    } catch (e) {
      throw new PlayerFault('crash', (e as Error).message);
    }
    this.known = -1;
    this.usedMs = 0;
  }

  async move(pos: Position, moves: readonly number[], deadlineMs: number): Promise<PlayerMove> {
    const client = this.client;
    if (client === null || this.game === null) throw new Error('newGame must come before move');
    const g = (pos as GomokuPosition).geo;
    const size = g.size;
    // Piskvork coordinates: x from the left, y from the top.
    const xy = (m: number): [number, number] => [g.x(m), size - 1 - g.y(m)];
    let reply: string;
    try {
      // Without a move time the engine may think up to just under the forfeit deadline.
      if (this.moveTimeMs === undefined) client.info(`timeout_turn ${Math.max(1, deadlineMs - 500)}`);
      else client.info(`time_left ${Math.max(1, Math.round(this.moveTimeMs * this.game.maxPlies - this.usedMs))}`);
      const t0 = performance.now();
      if (this.known === moves.length - 1 && moves.length > 0) {
        reply = await client.request(`TURN ${xy(moves[moves.length - 1]).join(',')}`, deadlineMs);
      } else if (moves.length === 0) {
        reply = await client.request('BEGIN', deadlineMs);
      } else {
        const me = pos.currentPlayer();
        const lines = moves.map((m, i) => `${xy(m).join(',')},${i % 2 === me ? 1 : 2}`);
        reply = await client.request(['BOARD', ...lines, 'DONE'].join('\n'), deadlineMs);
      }
      this.usedMs += performance.now() - t0;
    } catch (e) {
      const message = (e as Error).message;
      throw new PlayerFault(/within/.test(message) ? 'time-out' : 'crash', message);
    }
    const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(reply);
    if (m === null) throw new PlayerFault('protocol', `expected a move "x,y", got "${reply.slice(0, 80)}"`);
    const x = Number(m[1]);
    const y = Number(m[2]);
    if (x >= size || y >= size) throw new PlayerFault('illegal', `move ${x},${y} is off the ${size}x${size} board`);
    this.known = moves.length + 1;
    const move = g.point(x, size - 1 - y);
    return { move, text: `${x},${y}`, stat: noStat() };
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}

import type { Progress, ThinkLimits } from '@qi/ai-worker';
import { reliable, searchWinRate } from '@qi/ai-worker/go-resign';
import type { GameUi } from '../../games/types.js';
import type { Message } from '../../i18n.js';
import { GameClock, thinkBudgetMs } from '../clock/clock.js';
import { IllegalMove, type Session } from '../session/session.js';
import { AiCancelled, type AiEngine } from './engine.js';

/**
 * Who sits at each seat of a game (a person at this screen or Qi at a level) and the sequencing around Qi's turns,
 * for any game and 2–6 seats: when Qi is to move the position goes to the AI engine (a Web Worker) and its answer is
 * played through the session, i.e. the engine's rules. Any change of position while Qi thinks (undo, a jump in the
 * move list, a seat handed to a person) stops that search and drops its late answer. A seat can change between
 * person and Qi at any moment. Forced moves (Reversi's pass) are played for a person; the clock, when the game has
 * one, runs per seat, pauses on undo, ends the game on a flag and bounds Qi's think time. Svelte store contract.
 */

/** A seat: a person, or Qi at a level 1–10. */
export type Seat = { kind: 'human' } | { kind: 'qi'; level: number };

/** The seat of a person. */
export const HUMAN: Seat = { kind: 'human' };

/** What the page shows about the seats and Qi's work. */
export interface SeatsView {
  seats: Seat[];
  /** Qi vs Qi halted by the watcher (no search starts while paused). */
  paused: boolean;
  /** The seat Qi is thinking for, or -1. */
  thinking: number;
  /** Live figures of the running search (null before its first report). */
  progress: { algorithm: string; visits: number; nodes: number; depth: number; timeMs: number; best: string | null } | null;
  hinting: boolean;
  /** The suggested move for the player to move (cleared by any change of position). */
  hint: { move: number; text: string } | null;
  /** The latest reliable estimate: the win rate of `player` at move `moveNumber`. */
  winRate: { player: number; value: number; moveNumber: number } | null;
  /** Whether a person may move now. */
  humanTurn: boolean;
  /** The last failure of the AI engine (Qi is paused then). */
  error: string | null;
  /** The latest announcement for screen readers (a move, a forced pass). */
  announcement: Message | null;
  /** Measured: time of the last search Qi played, and from the last stop request to the search's end (ms). */
  lastThinkMs: number | null;
  lastStopMs: number | null;
  /** Milliseconds between Qi's moves (Qi vs Qi speed). */
  moveDelayMs: number;
  /** Whether the analysis runs whenever Qi is not playing, and its latest report for the current position. */
  analyzing: boolean;
  analysis: Progress | null;
  /** Qi's latest estimate per node of the move tree (from its searches, hints and the analysis). */
  estimates: ReadonlyMap<number, Estimate>;
}

/** What Qi's search said about a position: the first player's win rate, and the raw report. */
export interface Estimate {
  /** Win rate of player 0 (Black, Red) in [0, 1]. */
  first: number;
  /** The player to move there, and the search's own figure for them. */
  player: number;
  winRate: number;
  algorithm: string;
  score: number;
  depth: number;
  nodes: number;
}

/** Tuning of the sequencing. */
export interface SeatsOptions {
  /** Least time between moves played without a person (Qi's, forced passes), so each can be followed (default 350 ms). */
  moveDelayMs?: number;
  /** The game clock, if the game has one. */
  clock?: GameClock | null;
  /** Clock (ms). */
  now?: () => number;
}

interface Job {
  kind: 'think' | 'hint' | 'analyze';
  key: string;
  player: number;
  stopAt: number | null;
}

type Listener = (view: SeatsView) => void;

const isQi = (seat: Seat | undefined): seat is { kind: 'qi'; level: number } => seat?.kind === 'qi';

/** Checks a seat value (from storage or a form); throws RangeError naming it. */
export function checkSeat(seat: unknown): Seat {
  const s = seat as Partial<{ kind: string; level: number }> | null;
  if (s?.kind === 'human') return HUMAN;
  if (s?.kind === 'qi' && Number.isInteger(s.level) && s.level! >= 1 && s.level! <= 10) return { kind: 'qi', level: s.level! };
  throw new RangeError(`a seat is a person or Qi at level 1 to 10, got ${JSON.stringify(seat)}`);
}

/** The seats of one game and Qi's turns. `engine` gives the shared AI engine (created on first use). */
export class Seats {
  private seats: Seat[];
  private paused = false;
  private job: Job | null = null;
  private progress: SeatsView['progress'] = null;
  private hintMark: (SeatsView['hint'] & { key: string }) | null = null;
  private winRate: SeatsView['winRate'] = null;
  private error: string | null = null;
  private announcement: Message | null = null;
  private lastThinkMs: number | null = null;
  private lastStopMs: number | null = null;
  private lastMoveAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private moveDelayMs: number;
  private lastNode = -1;
  private lastPly = 0;
  private readonly clock: GameClock | null;
  private readonly listeners = new Set<Listener>();
  private readonly unsubscribe: () => void;
  private readonly now: () => number;
  private disposed = false;
  private analysisOn = false;
  /**
   * Whether the position on screen was reached by browsing (undo, redo, the move list) rather than by a move played
   * through the seats: Qi and forced moves wait while a person looks back through a game.
   */
  private browsing = false;
  private playing = false;
  private analysis: Progress | null = null;
  private readonly estimates = new Map<number, Estimate>();
  view: SeatsView;

  constructor(
    private readonly session: Session,
    private readonly ui: GameUi<object>,
    private readonly engine: () => AiEngine,
    seats: readonly Seat[],
    options: SeatsOptions = {},
  ) {
    const n = session.view.playerCount;
    this.seats = Array.from({ length: n }, (_, p) => checkSeat(seats[p] ?? HUMAN));
    this.moveDelayMs = options.moveDelayMs ?? 350;
    this.clock = options.clock ?? null;
    this.now = options.now ?? (() => performance.now());
    this.lastNode = session.view.node;
    this.lastPly = session.view.ply;
    this.view = this.snapshot();
    this.unsubscribe = session.subscribe(() => this.sync());
  }

  /** Svelte store contract. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.view);
    return () => this.listeners.delete(fn);
  }

  /** The seats now (copies). */
  current(): Seat[] {
    return this.seats.map((s) => ({ ...s }));
  }

  /** The clock of the game, if any. */
  gameClock(): GameClock | null {
    return this.clock;
  }

  /** Seats a person or Qi at `player` at any moment (take over from Qi, or hand the seat to it). */
  setSeat(player: number, seat: Seat): void {
    if (player < 0 || player >= this.seats.length) throw new RangeError(`no seat ${player} in a ${this.seats.length}-player game`);
    this.seats[player] = checkSeat(seat);
    // Handing a seat over is a decision to play on from here.
    this.browsing = false;
    if (this.job?.kind === 'think' && this.job.player === player && !isQi(this.seats[player])) this.cancel();
    if (this.seats.every((s) => !isQi(s))) this.paused = false;
    this.sync();
  }

  /** Qi vs Qi: halt (the running search is stopped and its answer dropped). */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    if (this.job?.kind === 'think') this.cancel();
    this.clock?.pause();
    this.sync();
  }

  /** Go on after a pause or an error. */
  resume(): void {
    this.paused = false;
    this.error = null;
    // Resuming means playing on from the position on screen (also one stepped back to).
    this.browsing = false;
    this.sync();
  }

  /** The delay between moves played without a person (the Qi vs Qi speed control). */
  setMoveDelay(ms: number): void {
    this.moveDelayMs = Math.max(0, Math.min(5000, Math.round(ms)));
    this.emit();
  }

  /**
   * Takes back to the last position where a person is to move, stopping Qi's search: against Qi, the person's last
   * move and Qi's answers to it. With no person seated, one move, and Qi vs Qi pauses. The clock pauses.
   */
  undo(): boolean {
    const wasThinking = this.job !== null;
    this.cancel();
    this.clock?.pause();
    if (this.ui.undoExtra?.(this.session)) return true;
    if (this.seats.every(isQi)) {
      this.paused = true;
      const done = this.session.undo();
      if (!done) this.sync();
      return done || wasThinking;
    }
    let done = this.session.undo();
    // Back over Qi's moves and forced moves to a position where a person is to move.
    while (done && this.session.view.canUndo && !this.session.view.over && (isQi(this.seats[this.session.view.toMove]) || this.isForcedHere())) {
      done = this.session.undo();
    }
    return done || wasThinking;
  }

  /** Plays a person's move through the engine (IllegalMove names the reason). */
  play(move: number): void {
    if (!this.view.humanTurn) throw new IllegalMove(move, 'not your turn');
    this.move(move);
  }

  /** Plays a move through the session as a move of the game (not browsing): Qi answers even on a known line. */
  private move(move: number): void {
    this.playing = true;
    try {
      this.session.play(move, (pos, m) => this.ui.explain(pos, m).key);
    } finally {
      this.playing = false;
    }
  }

  /** A person resigns: the player to move on their turn, else the one person playing against Qi. */
  resign(): boolean {
    const v = this.session.view;
    if (v.over) return false;
    let player = v.toMove;
    if (!this.view.humanTurn) {
      const people = this.seats.flatMap((s, p) => (isQi(s) ? [] : [p]));
      if (people.length !== 1) return false;
      player = people[0];
      if (player !== v.toMove && this.ui.resignMove !== undefined) return false; // a leave is the mover's move
    }
    this.cancel();
    if (this.ui.resignMove !== undefined) this.move(this.ui.resignMove);
    else this.session.end('resign', player);
    return true;
  }

  /**
   * Turns the analysis on or off: while on, Qi analyses the position on screen whenever it is not playing a move
   * itself (a person's turn, a paused or finished game, a position stepped back to), restarting on every change.
   */
  setAnalysis(on: boolean): void {
    this.analysisOn = on;
    if (!on && this.job?.kind === 'analyze') this.cancel();
    if (!on) this.analysis = null;
    this.sync();
  }

  /** Asks Qi for a move for the player to move (a person's turn); marked until the position changes. */
  hint(): void {
    if (this.job?.kind === 'analyze') this.cancel();
    if (!this.view.humanTurn || this.job !== null) return;
    const setup = this.session.setup();
    const key = JSON.stringify(setup);
    const player = this.session.view.toMove;
    const job: Job = { kind: 'hint', key, player, stopAt: null };
    this.job = job;
    this.hintMark = null;
    this.emit();
    this.engine()
      .hint(setup)
      .then(
        (answer) => {
          this.settled(job);
          if (this.job !== job) return;
          this.job = null;
          this.noteWinRate(answer, player);
          if (answer.move !== null) this.hintMark = { key, move: answer.move, text: this.session.position().moveToText(answer.move) };
          this.emit();
        },
        (e: unknown) => this.failed(job, e),
      );
  }

  /** Stops Qi and stops listening (the game is closed; the shared engine stays). */
  dispose(): void {
    this.disposed = true;
    this.cancel();
    this.clock?.pause();
    this.unsubscribe();
    this.listeners.clear();
  }

  /** Polls the clock (call a few times a second): a fallen flag ends the game or, with 3+ players, that player's part. */
  tick(): void {
    const clock = this.clock;
    if (!clock || this.disposed) return;
    const flagged = clock.check();
    if (flagged >= 0) this.flag(flagged);
    this.emit();
  }

  private flag(player: number): void {
    const v = this.session.view;
    if (v.over) return;
    this.cancel();
    if (this.ui.resignMove !== undefined && v.toMove === player) {
      // The player is out (their pieces stay); the others play on with their clocks.
      this.clock?.remove(player);
      this.move(this.ui.resignMove);
    } else {
      this.session.end('time', player);
    }
  }

  /** A person looking back through the game: browsed to a position that has a continuation. Qi waits then. */
  private lookingBack(): boolean {
    return this.browsing && this.session.view.canRedo;
  }

  private isForcedHere(): boolean {
    return this.ui.forced?.(this.session.position()) != null;
  }

  /** Stops the running search or hint (its answer is dropped when it arrives). */
  private cancel(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      // The search had already ended (its answer was waiting to be shown): it stopped at once.
      if (this.job?.kind === 'think') this.lastStopMs = 0;
    }
    const job = this.job;
    if (job === null) return;
    job.stopAt = this.now();
    this.job = null;
    this.progress = null;
    this.engine().stop();
  }

  /** Reacts to the session: drops work on a position that is gone, runs the clock, starts Qi or a forced move. */
  private sync(): void {
    if (this.disposed) return;
    const v = this.session.view;
    const key = JSON.stringify(this.session.setup());
    if (this.job !== null && this.job.key !== key) this.cancel();

    if (this.hintMark !== null && this.hintMark.key !== key) this.hintMark = null;
    if (v.node !== this.lastNode) {
      // A move played through the seats is play; any other change of position (undo, redo, a jump) is browsing.
      this.browsing = !this.playing;
      const forward = v.ply === this.lastPly + 1 && this.session.node(v.node)?.parent === this.lastNode;
      if (forward) {
        const n = this.session.node(v.node)!;
        this.announcement = this.ui.describeMove(this.session.position(), n.move, n.player);
        this.lastMoveAt = this.now();
        this.runClock(n.player);
      } else this.announcement = null;
      // The analysis shown belongs to the position it was made for.
      this.analysis = null;
      this.lastNode = v.node;
      this.lastPly = v.ply;
    }
    if (v.over) this.clock?.pause();
    this.ui.afterChange?.(this.session, {
      anyQi: this.seats.some(isQi),
      allQi: this.seats.every(isQi),
      deadStones: () => this.engine().deadStones(this.session.setup()),
    });
    if (this.job === null && this.timer === null && !v.over && !this.paused && this.error === null) {
      const forced = this.ui.forced?.(this.session.position()) ?? null;
      const seat = this.seats[v.toMove];
      // A forced move is played for a person only at the end of the line: stepping back through the moves onto it
      // (the move list, the arrow keys) stays there instead of bouncing forward again.
      if (forced !== null && !isQi(seat)) {
        if (!this.lookingBack()) this.later(() => this.move(forced));
      } else if (isQi(seat) && !this.lookingBack()) this.think(key, v.toMove, seat.level);
    }
    // Qi to move at the end of the line plays; otherwise the analysis may run (it gives way to Qi's move).
    const qiPlays = !v.over && !this.paused && this.error === null && isQi(this.seats[v.toMove]) && !this.lookingBack();
    if (this.job?.kind === 'analyze' && qiPlays) this.cancel();
    if (this.analysisOn && this.job === null && this.timer === null && !qiPlays && !v.over) this.analyze(key);
    this.emit();
  }

  private runClock(mover: number): void {
    const clock = this.clock;
    if (!clock) return;
    const v = this.session.view;
    if (v.over) return;
    const snap = clock.snapshot();
    // A move by the running seat hands the clock on (increment, period reset); after a pause, an undo or before
    // the first move the next seat just starts.
    if (!snap.paused && snap.toMove === mover) clock.switchTo(v.toMove);
    else clock.start(v.toMove);
    const flagged = clock.check();
    if (flagged >= 0) queueMicrotask(() => this.flag(flagged));
  }

  /** Runs a move played without a person after the move delay (so it can be seen). */
  private later(fn: () => void): void {
    const wait = Math.max(0, this.lastMoveAt + this.moveDelayMs - this.now());
    const key = JSON.stringify(this.session.setup());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.disposed || JSON.stringify(this.session.setup()) !== key) return;
      fn();
    }, wait);
  }

  private analyze(key: string): void {
    const job: Job = { kind: 'analyze', key, player: this.session.view.toMove, stopAt: null };
    this.job = job;
    this.analysis = null;
    const node = this.session.view.node;
    this.engine()
      .analyze(this.session.setup(), {}, (p) => {
        if (this.job !== job) return;
        this.analysis = p;
        this.noteEstimate(node, p, job.player);
        this.emit();
      })
      .then(
        (last) => {
          this.settled(job);
          if (this.job !== job) return;
          // A finite analysis (a proven position) ends by itself: its answer stays shown.
          this.job = null;
          this.analysis = last;
          this.noteEstimate(node, last, job.player);
          this.emit();
        },
        (e: unknown) => this.failed(job, e),
      );
  }

  private noteEstimate(node: number, p: Progress, player: number): void {
    if (p.nodes <= 0 && p.visits <= 0) return;
    const first = this.session.view.playerCount === 2 ? (player === 0 ? p.winRate : 1 - p.winRate) : player === 0 ? p.winRate : NaN;
    this.estimates.set(node, { first, player, winRate: p.winRate, algorithm: p.algorithm, score: p.score, depth: p.depth, nodes: p.nodes });
  }

  private think(key: string, player: number, level: number): void {
    const job: Job = { kind: 'think', key, player, stopAt: null };
    this.job = job;
    this.progress = null;
    const setup = this.session.setup();
    const limits: ThinkLimits = { level };
    if (this.clock) {
      const snap = this.clock.snapshot();
      if (snap.paused || snap.toMove !== player) this.clock.start(player);
      const budget = thinkBudgetMs(this.clock.snapshot(), player);
      if (budget !== null) {
        limits.timeMs = budget;
        // On the clock an MCTS search answers once its move can no longer change, keeping the time for later.
        limits.stopWhenDecided = true;
      }
    }
    const pos = this.session.position();
    this.engine()
      .think(setup, limits, (p) => {
        if (this.job !== job) return;
        this.progress = { algorithm: p.algorithm, visits: p.visits, nodes: p.nodes, depth: p.depth, timeMs: p.timeMs, best: p.move === null ? null : pos.moveToText(p.move) };
        this.noteEstimate(this.session.view.node, p, player);
        // With the analysis on, Qi's own search is shown while it thinks (its candidates, its lines).
        if (this.analysisOn) this.analysis = p;
        this.noteWinRate(p, player);
        this.emit();
      })
      .then(
        (answer) => {
          this.settled(job);
          if (this.job !== job) return;
          this.lastThinkMs = answer.timeMs;
          this.noteWinRate(answer, player);
          const wait = Math.max(0, this.lastMoveAt + this.moveDelayMs - this.now());
          if (wait > 0) {
            this.timer = setTimeout(() => {
              this.timer = null;
              if (this.job === job) this.answer(job, answer);
            }, wait);
          } else this.answer(job, answer);
        },
        (e: unknown) => this.failed(job, e),
      );
    this.emit();
  }

  /** Plays Qi's answer through the session (so through the engine's rules), or resigns a lost game. */
  private answer(job: Job, answer: Progress): void {
    this.job = null;
    this.progress = null;
    if (this.ui.qiResigns?.(this.session, answer, job.player)) {
      this.session.end('resign', job.player);
      return;
    }
    try {
      this.move(answer.move ?? -1);
    } catch (e) {
      this.error = `Qi answered ${answer.move === null ? 'nothing' : String(answer.move)}, which the rules refuse (${(e as Error).message})`;
      this.paused = true;
      this.emit();
    }
  }

  /** Notes how long a stopped request took to end (the stop latency the page reports). */
  private settled(job: Job): void {
    if (job.stopAt === null) return;
    this.lastStopMs = this.now() - job.stopAt;
    if (this.job !== job) this.emit();
  }

  private failed(job: Job, e: unknown): void {
    this.settled(job);
    if (this.job !== job) return;
    this.job = null;
    this.progress = null;
    if (!(e instanceof AiCancelled)) {
      this.error = e instanceof Error ? e.message : String(e);
      if (job.kind === 'think') this.paused = true;
    }
    this.emit();
  }

  private noteWinRate(p: Progress, player: number): void {
    // Only playouts estimate a win rate; an alpha-beta score mapped onto [0, 1] is no such estimate (Gomoku's
    // swings by depth read as 0% or 100%), so those games show their score in the analysis instead.
    if (p.algorithm !== 'mcts' || !reliable(p)) return;
    this.winRate = { player, value: searchWinRate(p), moveNumber: this.session.view.ply };
  }

  private emit(): void {
    if (this.disposed) return;
    this.view = this.snapshot();
    for (const fn of this.listeners) fn(this.view);
  }

  private snapshot(): SeatsView {
    const v = this.session.view;
    const thinking = this.job?.kind === 'think' ? this.job.player : -1;
    const forcedPending = this.timer !== null && thinking < 0;
    return {
      seats: this.current(),
      paused: this.paused,
      thinking,
      progress: this.progress,
      hinting: this.job?.kind === 'hint',
      hint: this.hintMark === null ? null : { move: this.hintMark.move, text: this.hintMark.text },
      winRate: this.winRate,
      humanTurn: !v.over && thinking < 0 && !forcedPending && (this.paused || this.error !== null || !isQi(this.seats[v.toMove])),
      error: this.error,
      announcement: this.announcement,
      lastThinkMs: this.lastThinkMs,
      lastStopMs: this.lastStopMs,
      moveDelayMs: this.moveDelayMs,
      analyzing: this.job?.kind === 'analyze',
      analysis: this.analysis,
      estimates: this.estimates,
    };
  }
}

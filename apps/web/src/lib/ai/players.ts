import type { Progress } from '@qi/ai-worker';
import { Resignation, reliable, searchWinRate } from '@qi/ai-worker/go-resign';
import type { GameSettings, GoGame, Vertex } from '../game-store.js';
import { AiCancelled, type AiEngine } from './engine.js';

/**
 * Who plays each colour (a person at this screen or Qi at a level) and the sequencing around Qi's turns: when Qi
 * is to move, the position goes to the AI engine (a Web Worker in the page) and its answer is played through the
 * game store, i.e. the engine's rules. Any change of position while Qi thinks (undo, a new game, an opened record)
 * stops that search; its late answer is dropped. Follows the Svelte store contract like GoGame.
 */

/** A seat: a person, or Qi at a level 1–10. */
export type Seat = { kind: 'human' } | { kind: 'qi'; level: number };

/** The seat of a person. */
export const HUMAN: Seat = { kind: 'human' };

/** What the page shows about the players and Qi's work. */
export interface PlayersView {
  /** Black's seat and White's. */
  seats: [Seat, Seat];
  /** Qi vs Qi halted by the watcher (no search starts while paused). */
  paused: boolean;
  /** The colour Qi is thinking for, or -1. */
  thinking: number;
  /** Live figures of the running search (null before its first report). */
  progress: { visits: number; nodes: number; timeMs: number; best: string | null } | null;
  /** A hint is being computed. */
  hinting: boolean;
  /** The suggested move for the side to move (cleared by any change of position). */
  hint: { move: Vertex | 'pass'; text: string } | null;
  /** Black's winning chances by Qi's latest estimate, in [0, 1], and the move number it was made at. */
  winRate: { black: number; moveNumber: number } | null;
  /** Whether the person(s) at the screen may play for the side to move now. */
  humanTurn: boolean;
  /** The last failure of the AI engine, if any (Qi is paused then). */
  error: string | null;
  /** Measured: time of the last search Qi played (ms), and from the last stop request to the search's end (ms). */
  lastThinkMs: number | null;
  lastStopMs: number | null;
}

/** Tuning of the sequencing (tests shorten the pause between moves). */
export interface PlayersOptions {
  /** Least time between Qi's moves, so a fast level's answer (or Qi vs Qi) can be followed by eye (default 350 ms). */
  minMoveMs?: number;
  /** Qi resigns (ai-worker's resignation policy, GTP's too) after this many own searches in a row below `resignBelow` (default 3) … */
  resignAfter?: number;
  /** … with a win rate below this (default 0.05; only searches of RELIABLE_PLAYOUTS count, so levels 1–4 play on) … */
  resignBelow?: number;
  /** … once this many moves were played (default: a third of the board's points, move 27 on 9x9). */
  resignFromMove?: number;
  /** Clock (ms). */
  now?: () => number;
}

interface Job {
  kind: 'think' | 'hint';
  key: string;
  player: number;
  stopAt: number | null;
}

type Listener = (view: PlayersView) => void;

const isQi = (seat: Seat): seat is { kind: 'qi'; level: number } => seat.kind === 'qi';

/** The seats of a game and Qi's turns. `engine` is created on first use (a page of two people never starts a worker). */
export class Players {
  private seats: [Seat, Seat] = [HUMAN, HUMAN];
  private paused = false;
  private job: Job | null = null;
  private progress: PlayersView['progress'] = null;
  private hintMark: (PlayersView['hint'] & { key: string }) | null = null;
  private winRate: PlayersView['winRate'] = null;
  private error: string | null = null;
  private lastThinkMs: number | null = null;
  private lastStopMs: number | null = null;
  private readonly resignation: Resignation;
  private engineInstance: AiEngine | null = null;
  private holding = false;
  private lastPhase = '';
  private lastMoveAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly unsubscribe: () => void;
  private readonly minMoveMs: number;
  private readonly now: () => number;
  /** The current snapshot. */
  view: PlayersView;

  constructor(private readonly game: GoGame, private readonly createEngine: () => AiEngine, options: PlayersOptions = {}) {
    this.minMoveMs = options.minMoveMs ?? 350;
    this.resignation = new Resignation({ after: options.resignAfter, below: options.resignBelow, fromMove: options.resignFromMove });
    this.now = options.now ?? (() => performance.now());
    this.view = this.snapshot();
    this.unsubscribe = game.subscribe(() => this.sync());
  }

  /** Svelte store contract. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.view);
    return () => this.listeners.delete(fn);
  }

  /** Who plays now. */
  currentSeats(): [Seat, Seat] {
    return [{ ...this.seats[0] }, { ...this.seats[1] }];
  }

  /** Seats Qi or people (e.g. restored after a reload); Qi starts thinking if it is to move. */
  setSeats(seats: [Seat, Seat]): void {
    this.seats = [checkSeat(seats[0]), checkSeat(seats[1])];
    if (this.job?.kind === 'think' && !isQi(this.seats[this.job.player])) this.cancel();
    if (this.seats.every((s) => !isQi(s))) this.paused = false;
    this.sync();
  }

  /** Starts a new game with these seats (names them in the record: "Qi level 3"). */
  newGame(settings: GameSettings, seats: [Seat, Seat], names: [string, string]): void {
    this.cancel();
    this.hold(() => {
      this.seats = [checkSeat(seats[0]), checkSeat(seats[1])];
      this.paused = false;
      this.error = null;
      this.winRate = null;
      this.resignation.reset();
      this.lastMoveAt = -Infinity;
      this.game.newGame(settings);
      this.game.setNames(names[0], names[1]);
    });
  }

  /** Qi vs Qi: halt (the running search is stopped and its answer dropped). */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    if (this.job?.kind === 'think') this.cancel();
    this.sync();
  }

  /** Qi vs Qi: go on. */
  resume(): void {
    this.paused = false;
    this.error = null;
    this.sync();
  }

  /**
   * Takes back to the last position where a person is to move (stopping Qi's search if it runs): against Qi, the
   * person's last move and Qi's answer to it. With no person seated, one move, and Qi vs Qi pauses.
   */
  undo(): boolean {
    const wasThinking = this.job !== null;
    this.cancel();
    const view = this.game.view;
    if (view.phase === 'over' && view.resigned < 0) return this.game.undo(); // a count goes back to marking
    if (this.seats.every(isQi)) {
      this.paused = true;
      const done = this.game.undo();
      if (!done) this.sync();
      return done || wasThinking;
    }
    let done = false;
    this.hold(() => {
      done = this.game.undo();
      while (done && this.game.view.canUndo && this.game.view.phase !== 'over' && isQi(this.seats[this.game.view.toMove])) this.game.undo();
    });
    return done || wasThinking;
  }

  /** A person resigns: the side to move on their turn, else the one person playing against Qi. */
  resign(): boolean {
    const view = this.game.view;
    if (view.phase !== 'playing') return this.game.resign();
    if (this.view.humanTurn) return this.game.resign(view.toMove);
    const people = [0, 1].filter((p) => !isQi(this.seats[p]));
    if (people.length !== 1) return false;
    this.cancel();
    return this.game.resign(people[0]);
  }

  /** Asks Qi for a move for the side to move (a person's turn); the answer is marked until the position changes. */
  hint(): void {
    if (!this.view.humanTurn || this.job !== null) return;
    const setup = this.game.aiSetup();
    const key = JSON.stringify(setup);
    const player = this.game.view.toMove;
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
          if (answer.move !== null) this.hintMark = { key, move: this.game.vertexOf(answer.move), text: this.game.moveText(answer.move) };
          this.emit();
        },
        (e: unknown) => this.failed(job, e),
      );
  }

  /** Stops Qi and lets go of the worker (the page is closing). */
  dispose(): void {
    this.cancel();
    this.unsubscribe();
    this.engineInstance?.close();
    this.engineInstance = null;
    this.listeners.clear();
  }

  private engine(): AiEngine {
    this.engineInstance ??= this.createEngine();
    return this.engineInstance;
  }

  /** Runs several game changes as one: Qi looks at the position only afterwards. */
  private hold(changes: () => void): void {
    this.holding = true;
    try {
      changes();
    } finally {
      this.holding = false;
    }
    this.sync();
  }

  /** Stops the running search or hint (its answer is dropped when it arrives). */
  private cancel(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const job = this.job;
    if (job === null) return;
    job.stopAt = this.now();
    this.job = null;
    this.progress = null;
    this.engineInstance?.stop();
  }

  /** Reacts to the game: drops work on a position that is gone, starts Qi's search when Qi is to move. */
  private sync(): void {
    if (this.holding) return;
    const view = this.game.view;
    const key = JSON.stringify(this.game.aiSetup());
    if (this.job !== null && this.job.key !== key) this.cancel();
    if (this.hintMark !== null && this.hintMark.key !== key) this.hintMark = null;
    // Two passes against (or between) Qi: the marking starts from the engine's estimate of the dead stones.
    const enteredMarking = view.phase === 'marking' && this.lastPhase === 'playing';
    this.lastPhase = view.phase;
    const seat = this.seats[view.toMove];
    if (this.job === null && this.timer === null && view.phase === 'playing' && !this.paused && this.error === null && isQi(seat)) {
      this.think(key, view.toMove, seat.level);
    }
    this.emit();
    if (enteredMarking && this.seats.some(isQi)) queueMicrotask(() => this.markFinished());
  }

  /**
   * The Estimate button: Qi's dead stones (ai-worker's deadStones, the policy GTP uses, computed in the worker)
   * replace the marks unless someone changed a mark meanwhile. Starts the worker on a page of two people.
   */
  estimateDead(): Promise<void> {
    if (this.game.view.phase !== 'marking') return Promise.resolve();
    const version = this.game.view.version;
    return this.engine()
      .deadStones(this.game.aiSetup())
      .then(
        (dead) => {
          if (this.game.view.phase === 'marking' && this.game.view.version === version) this.game.markDead(dead);
        },
        (e: unknown) => {
          this.error = e instanceof Error ? e.message : String(e);
          this.emit();
        },
      );
  }

  /**
   * A game with Qi ended by two passes: Qi's dead stones (ai-worker's deadStones, in the worker) become the marks
   * unless someone changed a mark meanwhile. Qi vs Qi then counts.
   */
  private markFinished(): void {
    if (this.game.view.phase !== 'marking') return;
    const version = this.game.view.version;
    const untouched = () => this.game.view.phase === 'marking' && this.game.view.version === version;
    const countIfWatching = () => {
      if (untouched() && this.seats.every(isQi)) this.game.count();
    };
    this.engine()
      .deadStones(this.game.aiSetup())
      .then(
        (dead) => {
          if (untouched()) this.game.markDead(dead);
          if (this.game.view.phase === 'marking' && this.seats.every(isQi)) this.game.count();
        },
        countIfWatching,
      );
  }

  private think(key: string, player: number, level: number): void {
    const job: Job = { kind: 'think', key, player, stopAt: null };
    this.job = job;
    this.progress = null;
    const setup = this.game.aiSetup();
    this.engine()
      .think(setup, { level }, (p) => {
        if (this.job !== job) return;
        this.progress = { visits: p.visits, nodes: p.nodes, timeMs: p.timeMs, best: p.move === null ? null : this.game.moveText(p.move) };
        this.noteWinRate(p, player);
        this.emit();
      })
      .then(
        (answer) => {
          this.settled(job);
          if (this.job !== job) return;
          this.lastThinkMs = answer.timeMs;
          this.noteWinRate(answer, player);
          // A fast answer waits a little, so each of Qi's moves can be seen; the job stays current meanwhile.
          const wait = Math.max(0, this.lastMoveAt + this.minMoveMs - this.now());
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

  /** Plays Qi's answer through the game (so through the engine's rules), or resigns a lost game. */
  private answer(job: Job, answer: Progress): void {
    this.job = null;
    this.progress = null;
    this.lastMoveAt = this.now();
    const player = job.player;
    const view = this.game.view;
    if (this.resignation.note(answer, player as 0 | 1, view.moveNumber, view.size)) {
      this.game.resign(player);
      return;
    }
    const played = answer.move === null ? this.game.pass() : this.game.playMove(answer.move);
    if (!played) {
      this.error = `Qi answered ${answer.move === null ? 'nothing' : this.game.moveText(answer.move)}, which the rules refuse`;
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
    if (this.job !== job) return; // a stopped request: nothing to report
    this.job = null;
    this.progress = null;
    if (!(e instanceof AiCancelled)) {
      this.error = e instanceof Error ? e.message : String(e);
      if (job.kind === 'think') this.paused = true;
    }
    this.emit();
  }

  private noteWinRate(p: Progress, player: number): void {
    if (!reliable(p)) return;
    const own = searchWinRate(p);
    this.winRate = { black: player === 0 ? own : 1 - own, moveNumber: this.game.view.moveNumber };
  }

  private emit(): void {
    this.view = this.snapshot();
    for (const fn of this.listeners) fn(this.view);
  }

  private snapshot(): PlayersView {
    const view = this.game.view;
    const thinking = this.job?.kind === 'think' || this.timer !== null ? (this.job?.player ?? -1) : -1;
    return {
      seats: this.currentSeats(),
      paused: this.paused,
      thinking,
      progress: this.progress,
      hinting: this.job?.kind === 'hint',
      hint: this.hintMark === null ? null : { move: this.hintMark.move, text: this.hintMark.text },
      winRate: this.winRate,
      humanTurn: view.phase === 'playing' && thinking < 0 && (this.paused || this.error !== null || !isQi(this.seats[view.toMove])),
      error: this.error,
      lastThinkMs: this.lastThinkMs,
      lastStopMs: this.lastStopMs,
    };
  }
}

/** The resignation policy's reading of a search (ai-worker's, shared with GTP). */
export { searchWinRate, reliable, RELIABLE_PLAYOUTS } from '@qi/ai-worker/go-resign';

function checkSeat(seat: Seat): Seat {
  if (seat.kind === 'human') return HUMAN;
  if (seat.kind === 'qi' && Number.isInteger(seat.level) && seat.level >= 1 && seat.level <= 10) return { kind: 'qi', level: seat.level };
  throw new RangeError(`a seat is a person or Qi at level 1 to 10, got ${JSON.stringify(seat)}`);
}

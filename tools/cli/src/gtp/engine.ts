import { readFileSync } from 'node:fs';
import { proxy } from 'comlink';
import {
  COLUMN_LETTERS,
  PASS,
  fixedHandicap,
  maxFixedHandicap,
  parseVertex,
  readGoSgf,
  scoreGame,
  scoreTerritory,
  type GoPosition,
  type GoRecord,
  type KoRule,
  type Scoring,
} from '@qi/engine';
import type { Progress, Resignation, ThinkLimits } from '@qi/ai-worker';
import type { RemoteBot } from '../worker.js';
import { analysisLine, parseAnalyzeArgs, type AnalyzeRequest } from './analysis.js';
import { GtpClock } from './clock.js';
import { failure, GtpError, parseCommandLine, success } from './framing.js';
import { deadStones } from './dead.js';
import { GoGame } from './go-game.js';

/** Where the engine gets its AI: started on first use, closed on quit. */
export interface BotSource {
  get(): RemoteBot;
  /** Stops the bot's running search at once (a no-op before the bot has started). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** How `qi gtp` plays. */
export interface GtpOptions {
  /** Strength level 1–10 (default 10). */
  level?: number;
  /** Fixed time per move in ms (overrides the level's time; time_settings/time_left override it in turn). */
  timeMs?: number;
  /** Playouts a move at most: a budget that does not depend on the machine's speed. */
  nodes?: number;
  /** Win rate below which genmove resigns (default 0.05; 0 never resigns). */
  resignBelow?: number;
}

/** The engine's version, from the CLI's package.json. */
export const QI_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const COMMANDS = [
  'protocol_version', 'name', 'version', 'known_command', 'list_commands', 'quit',
  'boardsize', 'clear_board', 'komi', 'play', 'genmove', 'undo', 'showboard', 'loadsgf',
  'fixed_handicap', 'place_free_handicap', 'set_free_handicap', 'final_score', 'final_status_list',
  'time_settings', 'time_left', 'kgs-genmove_cleanup', 'kgs-time_settings',
  'lz-analyze', 'kata-analyze', 'lz-genmove_analyze', 'kata-genmove_analyze', 'qi-level', 'qi-rules',
] as const;

type Handler = (args: string[], id: string) => string | Promise<string>;

/**
 * A GTP v2 Go engine: parses command lines, keeps the game, asks the AI worker for moves and analysis, and
 * writes exact GTP responses through `write`. `handle` processes one line; `interrupt` ends a running analysis
 * (the server calls it when the next command arrives).
 */
export class GtpEngine {
  private readonly game = new GoGame({ size: 19 });
  private readonly clock = new GtpClock();
  private level: number;
  private readonly timeMs: number | undefined;
  private readonly nodes: number | undefined;
  private readonly resignBelow: number;
  private analysing: { stop(): void } | null = null;
  private streaming = false;
  /** ai-worker's resignation policy (the web app's too), loaded with the AI on the first genmove. */
  private resignation: Resignation | null = null;
  private interrupted = false;
  private readonly handlers: Record<string, Handler>;

  constructor(
    private readonly bot: BotSource,
    private readonly write: (text: string) => void,
    options: GtpOptions = {},
  ) {
    this.level = options.level ?? 10;
    this.timeMs = options.timeMs;
    this.nodes = options.nodes;
    this.resignBelow = options.resignBelow ?? 0.05;
    this.handlers = {
      protocol_version: () => '2',
      name: () => 'Qi',
      version: () => QI_VERSION,
      known_command: (a) => String((COMMANDS as readonly string[]).includes(a[0] ?? '')),
      list_commands: () => COMMANDS.join('\n'),
      quit: () => '',
      boardsize: (a) => this.boardsize(a),
      clear_board: () => {
        this.game.clear();
        return '';
      },
      komi: (a) => this.komi(a),
      play: (a) => this.play(a),
      genmove: (a) => this.genmove(a, false),
      'kgs-genmove_cleanup': (a) => this.genmove(a, true),
      undo: () => {
        if (!this.game.undo()) throw new GtpError('cannot undo');
        return '';
      },
      showboard: () => '\n' + showBoard(this.game.position),
      fixed_handicap: (a) => this.fixedHandicap(a),
      place_free_handicap: (a) => this.placeFreeHandicap(a),
      set_free_handicap: (a) => this.setFreeHandicap(a),
      final_score: () => this.finalScore(),
      final_status_list: (a) => this.finalStatusList(a),
      time_settings: (a) => this.timeSettings(a),
      'kgs-time_settings': (a) => this.kgsTimeSettings(a),
      time_left: (a) => this.timeLeft(a),
      'qi-level': (a) => this.setLevel(a),
      'qi-rules': (a) => this.qiRules(a),
      loadsgf: (a) => this.loadSgf(a),
    };
  }

  /** The game being played (for tests and tools). */
  get position(): GoPosition {
    return this.game.position;
  }

  /** Whether an analysis command is running (the next input line must interrupt it). */
  get busy(): boolean {
    return this.streaming;
  }

  /** Ends a running analysis soon (its response is closed before the next command runs). */
  interrupt(): void {
    this.interrupted = true;
    this.analysing?.stop();
  }

  /** Handles one input line, writing its response; resolves 'quit' after `quit`. Never throws. */
  async handle(line: string): Promise<'quit' | undefined> {
    const cmd = parseCommandLine(line);
    if (cmd === null) return undefined;
    this.interrupted = false;
    const { id, name, args } = cmd;
    if (name === 'lz-analyze' || name === 'kata-analyze') {
      await this.analyze(id, name, args);
      return undefined;
    }
    if (name === 'lz-genmove_analyze' || name === 'kata-genmove_analyze') {
      await this.genmoveAnalyze(id, name, args);
      return undefined;
    }
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, name) ? this.handlers[name] : undefined;
    if (handler === undefined) {
      this.write(failure(id, 'unknown command'));
      return undefined;
    }
    try {
      const text = await handler(args, id);
      this.write(success(id, text));
    } catch (e) {
      const message = e instanceof GtpError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
      this.write(failure(id, message.replace(/\n/g, ' ')));
    }
    return name === 'quit' ? 'quit' : undefined;
  }

  private boardsize(a: string[]): string {
    const n = intArg(a, 0);
    if (n < 2 || n > 25) throw new GtpError('unacceptable size');
    this.game.setRules({ size: n });
    this.game.clear();
    return '';
  }

  private komi(a: string[]): string {
    const k = Number(a[0]);
    if (a.length < 1 || a[0].trim() === '' || !Number.isFinite(k)) throw new GtpError('syntax error');
    if (!Number.isInteger(k * 2) || Math.abs(k) > 1000) throw new GtpError('komi must be a multiple of 0.5');
    this.game.setRules({ komi: k });
    return '';
  }

  private play(a: string[]): string {
    if (a.length < 2) throw new GtpError('syntax error');
    const player = colorArg(a[0]);
    const move = this.vertex(a[1]);
    if (this.game.play(player, move) !== null) throw new GtpError('illegal move');
    return '';
  }

  private async genmove(a: string[], cleanup: boolean): Promise<string> {
    if (a.length < 1) throw new GtpError('syntax error');
    return this.chooseAndPlay(colorArg(a[0]), cleanup);
  }

  /** Thinks for `player`, plays the answer on the board and returns its text (or `resign`). */
  private async chooseAndPlay(player: 0 | 1, cleanup: boolean, onProgress?: (p: Progress) => void, onResult?: (r: Progress) => void): Promise<string> {
    const limits: ThinkLimits = { level: this.level };
    const clock = this.clock.budget(player, this.game.position.emptyPoints(), this.game.position.size ** 2);
    if (clock !== undefined) {
      // Under a clock the search answers as soon as its move is decided and thinks on while it is unsettled.
      const cap = this.timeMs ?? Infinity;
      limits.timeMs = Math.min(clock.timeMs, cap);
      limits.timeMaxMs = Math.min(clock.timeMaxMs, cap);
      limits.stopWhenDecided = true;
    } else if (this.timeMs !== undefined) limits.timeMs = this.timeMs;
    // Whichever limit comes first ends the search: the clock still guards a fixed playout budget.
    if (this.nodes !== undefined) limits.nodes = this.nodes;
    const bot = this.bot.get();
    await bot.setPosition(this.game.botSetup(player));
    const r = await (onProgress ? bot.think(limits, proxy(onProgress)) : bot.think(limits));
    onResult?.(r);
    let move = r.move ?? PASS;
    if (cleanup && move === PASS) move = await this.cleanupMove(r, player);
    if (!cleanup && (await this.shouldResign(r, player))) return 'resign';
    // The worker plays by the same rules on the same board; a refusal here would mean the two disagree.
    if (this.game.play(player, move) !== null) {
      if (this.game.play(player, PASS) !== null) throw new Error('no legal move');
      move = PASS;
    }
    return this.game.position.moveToText(move);
  }

  /** During clean-up a pass is replaced by the best candidate that is a move on the board, while dead stones remain. */
  private async cleanupMove(r: Progress, player: 0 | 1): Promise<number> {
    const pos = this.game.position;
    const dead = (await deadStones(pos)).filter((p) => pos.stoneAt(p) === 2 - player);
    if (dead.length === 0) return PASS;
    for (const c of r.candidates) if (c.move !== PASS && pos.analyze(c.move, player).legal) return c.move;
    return PASS;
  }

  /**
   * ai-worker's resignation policy: three reliable hopeless searches of this colour in a row (win rate below
   * --resign), once a third of the board's points have been played; a shorter game (new board, undo, loadsgf)
   * starts the streak again.
   */
  private async shouldResign(r: Progress, player: 0 | 1): Promise<boolean> {
    if (this.resignation === null) {
      const { Resignation } = await import('@qi/ai-worker');
      this.resignation = new Resignation({ below: this.resignBelow });
    }
    return this.resignation.note(r, player, this.game.events.length, this.game.position.size);
  }

  private fixedHandicap(a: string[]): string {
    const n = intArg(a, 0);
    const size = this.game.rules.size;
    if (!this.game.empty) throw new GtpError('board not empty');
    if (n < 2 || n > maxFixedHandicap(size)) throw new GtpError('invalid number of stones');
    const points = fixedHandicap(size, n);
    this.game.placeHandicap(points);
    return this.vertices(points);
  }

  private placeFreeHandicap(a: string[]): string {
    const n = intArg(a, 0);
    const pos = this.game.position;
    const size = pos.size;
    if (!this.game.empty) throw new GtpError('board not empty');
    if (n < 2 || n > size * size - 1) throw new GtpError('invalid number of stones');
    const fixed = Math.min(n, maxFixedHandicap(size));
    const points = fixed >= 2 ? fixedHandicap(size, fixed) : [];
    // Beyond the fixed points: each further stone on the empty point farthest from the stones so far.
    const all = Array.from(pos.points());
    while (points.length < n) {
      let best = -1, bestDist = -Infinity;
      for (const p of all) {
        if (points.includes(p)) continue;
        let d = Infinity;
        for (const q of points) d = Math.min(d, Math.abs(pos.col(p) - pos.col(q)) + Math.abs(pos.row(p) - pos.row(q)));
        if (points.length === 0) d = -Math.abs(pos.col(p) - (size - 1) / 2) - Math.abs(pos.row(p) - (size - 1) / 2);
        if (d > bestDist) {
          bestDist = d;
          best = p;
        }
      }
      points.push(best);
    }
    this.game.placeHandicap(points);
    return this.vertices(points);
  }

  private setFreeHandicap(a: string[]): string {
    if (!this.game.empty) throw new GtpError('board not empty');
    const size = this.game.rules.size;
    const points: number[] = [];
    for (const t of a) {
      const p = this.vertex(t);
      if (p === PASS || points.includes(p)) throw new GtpError('bad vertex list');
      points.push(p);
    }
    if (points.length < 2 || points.length > size * size - 1) throw new GtpError('bad vertex list');
    this.game.placeHandicap(points);
    return '';
  }

  private async finalScore(): Promise<string> {
    return scoreGame(this.game.position, await deadStones(this.game.position)).result;
  }

  private async finalStatusList(a: string[]): Promise<string> {
    const status = a[0];
    if (status !== 'dead' && status !== 'alive' && status !== 'seki') throw new GtpError('syntax error');
    const pos = this.game.position;
    const dead = new Set<number>();
    const chain = new Int32Array(pos.size * pos.size);
    for (const p of await deadStones(pos)) {
      const n = pos.chainStones(p, chain);
      for (let k = 0; k < n; k++) dead.add(chain[k]);
    }
    const seki = new Set(scoreTerritory(pos, dead).seki);
    const want = (p: number): boolean =>
      status === 'dead' ? dead.has(p) : status === 'seki' ? seki.has(p) : !dead.has(p) && !seki.has(p);
    // One line per chain, as GNU Go prints them.
    const lines: string[] = [];
    const done = new Set<number>();
    for (const p of pos.points()) {
      if (pos.stoneAt(p) === 0 || done.has(p) || !want(p)) continue;
      const n = pos.chainStones(p, chain);
      const stones = Array.from(chain.subarray(0, n)).sort((x, y) => x - y);
      for (const s of stones) done.add(s);
      lines.push(this.vertices(stones));
    }
    return lines.join('\n');
  }

  private timeSettings(a: string[]): string {
    if (a.length < 3) throw new GtpError('syntax error');
    const [main, byo, stones] = [numArg(a, 0), numArg(a, 1), intArg(a, 2)];
    if (main < 0 || byo < 0 || stones < 0) throw new GtpError('syntax error');
    this.clock.settings(main, byo, stones);
    return '';
  }

  /** KGS form: none | absolute M | byoyomi M T P | canadian M T S (byoyomi periods read as one period). */
  private kgsTimeSettings(a: string[]): string {
    const kind = a[0];
    if (kind === 'none') this.clock.settings(0, 1, 0);
    else if (kind === 'absolute' && a.length >= 2) this.clock.settings(numArg(a, 1), 0, 0);
    else if (kind === 'byoyomi' && a.length >= 4) this.clock.settings(numArg(a, 1), numArg(a, 2), 1);
    else if (kind === 'canadian' && a.length >= 4) this.clock.settings(numArg(a, 1), numArg(a, 2), intArg(a, 3));
    else throw new GtpError('syntax error');
    return '';
  }

  private timeLeft(a: string[]): string {
    if (a.length < 3) throw new GtpError('syntax error');
    const player = colorArg(a[0]);
    const seconds = numArg(a, 1), stones = intArg(a, 2);
    if (seconds < 0 || stones < 0) throw new GtpError('syntax error');
    this.clock.update(player, seconds, stones);
    return '';
  }

  /** `loadsgf file [move_number]`: the record's main line up to (not including) move_number. */
  private loadSgf(a: string[]): string {
    if (a.length < 1 || a.length > 2) throw new GtpError('syntax error');
    let before = Infinity;
    if (a.length === 2) {
      if (!/^\d+$/.test(a[1]) || Number(a[1]) < 1) throw new GtpError('syntax error');
      before = Number(a[1]);
    }
    let record: GoRecord;
    try {
      record = readGoSgf(readFileSync(a[0]));
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw new GtpError(code === 'ENOENT' ? 'cannot load file' : `cannot load file: ${(e as Error).message}`);
    }
    try {
      this.game.loadRecord(record, before);
    } catch (e) {
      throw new GtpError(`cannot load file: ${(e as Error).message}`);
    }
    return '';
  }

  private setLevel(a: string[]): string {
    if (a.length === 0) return String(this.level);
    const n = intArg(a, 0);
    if (n < 1 || n > 10) throw new GtpError('level must be from 1 to 10');
    this.level = n;
    return '';
  }

  /** `qi-rules` lists the rules; `qi-rules ko simple|positional|situational`, `scoring area|territory`, `suicide on|off`. */
  private qiRules(a: string[]): string {
    const r = this.game.rules;
    if (a.length === 0) return `ko ${r.ko}\nscoring ${r.scoring}\nsuicide ${r.suicide ? 'on' : 'off'}\nkomi ${r.komi}\nhandicap_bonus ${r.handicapBonus}`;
    if (a.length !== 2) throw new GtpError('syntax error');
    const [key, value] = a;
    try {
      if (key === 'ko') {
        if (!['simple', 'positional', 'situational'].includes(value)) throw new GtpError('ko must be simple, positional or situational');
        this.game.setRules({ ko: value as KoRule });
      } else if (key === 'scoring') {
        if (value !== 'area' && value !== 'territory') throw new GtpError('scoring must be area or territory');
        this.game.setRules({ scoring: value as Scoring });
      } else if (key === 'suicide') {
        if (value !== 'on' && value !== 'off') throw new GtpError('suicide must be on or off');
        this.game.setRules({ suicide: value === 'on' });
      } else if (key === 'handicap_bonus') {
        if (value !== 'none' && value !== 'n-1' && value !== 'n') throw new GtpError('handicap_bonus must be none, n-1 or n');
        this.game.setRules({ handicapBonus: value });
      } else throw new GtpError(`unknown rule "${key}" (ko, scoring, suicide, handicap_bonus)`);
    } catch (e) {
      if (e instanceof GtpError) throw e;
      throw new GtpError((e as Error).message);
    }
    return '';
  }

  private async analyze(id: string, name: string, args: string[]): Promise<void> {
    let req: AnalyzeRequest;
    try {
      req = parseAnalyzeArgs(args, this.game.position.currentPlayer() as 0 | 1);
    } catch (e) {
      this.write(failure(id, (e as Error).message));
      return;
    }
    const kata = name === 'kata-analyze';
    this.write(`=${id}\n`);
    this.streaming = true;
    // Progress arrives over its own message port: once the response is closed, late reports are dropped.
    let open = true;
    try {
      const bot = this.bot.get();
      await bot.setPosition(this.game.botSetup(req.player));
      if (!this.interrupted) {
        const pos = this.game.position;
        let last = -Infinity;
        const running = bot.analyze(
          {},
          proxy((p: Progress) => {
            const t = performance.now();
            if (!open || (!p.done && t - last < req.intervalMs)) return;
            last = t;
            const line = analysisLine(p, pos, kata, req.maxMoves);
            if (line !== '') this.write(line + '\n');
          }),
        );
        this.analysing = { stop: () => void this.bot.stop().catch(() => undefined) };
        if (this.interrupted) void this.bot.stop().catch(() => undefined);
        await running;
      }
    } catch {
      // A failed analysis ends its stream like a stopped one: the controller sees the closing blank line.
    } finally {
      this.analysing = null;
      this.streaming = false;
      open = false;
      this.write('\n');
    }
  }

  /**
   * genmove that streams analysis lines while it thinks, then the finished search's line, and ends with
   * `play <move>` (Leela Zero, KataGo).
   */
  private async genmoveAnalyze(id: string, name: string, args: string[]): Promise<void> {
    let req: AnalyzeRequest;
    try {
      if (args.length === 0 || !/^(b|w|black|white)$/i.test(args[0])) throw new GtpError('syntax error');
      req = parseAnalyzeArgs(args, 0);
    } catch (e) {
      this.write(failure(id, (e as Error).message));
      return;
    }
    const kata = name === 'kata-genmove_analyze';
    this.write(`=${id}\n`);
    const pos = this.game.position;
    let last = -Infinity;
    let open = true;
    try {
      const report = (p: Progress): void => {
        const line = analysisLine(p, pos, kata, req.maxMoves);
        if (line !== '') this.write(line + '\n');
      };
      const move = await this.chooseAndPlay(
        req.player,
        false,
        (p) => {
          const t = performance.now();
          if (!open || p.done || t - last < req.intervalMs) return;
          last = t;
          report(p);
        },
        // The search that chose the move, as the last line: a search shorter than the interval still shows one.
        report,
      );
      open = false;
      this.write(`play ${move}\n`);
    } catch {
      // The response has begun, so a failure can only end it; the controller sees no play line.
    } finally {
      open = false;
      this.write('\n');
    }
  }

  private vertex(text: string): number {
    const pos = this.game.position;
    let v: ReturnType<typeof parseVertex>;
    try {
      v = parseVertex(pos.size, text);
    } catch {
      // GTP: a vertex off the board is an illegal move, a word that is no vertex a syntax error.
      if (/^[a-zA-Z]\d+$/.test(text) && !/^[iI]/.test(text)) throw new GtpError('illegal move');
      throw new GtpError('invalid coordinate');
    }
    return v === 'pass' ? PASS : pos.point(v.col, v.row);
  }

  private vertices(points: readonly number[]): string {
    const pos = this.game.position;
    return points.map((p) => pos.moveToText(p)).join(' ');
  }
}

function colorArg(text: string | undefined): 0 | 1 {
  const t = (text ?? '').toLowerCase();
  if (t === 'b' || t === 'black') return 0;
  if (t === 'w' || t === 'white') return 1;
  throw new GtpError('invalid color');
}

function intArg(a: string[], i: number): number {
  const t = a[i];
  if (t === undefined || !/^\d+$/.test(t)) throw new GtpError('syntax error');
  return Number(t);
}

function numArg(a: string[], i: number): number {
  const t = a[i];
  const n = Number(t);
  if (t === undefined || t.trim() === '' || !Number.isFinite(n)) throw new GtpError('syntax error');
  return n;
}

/** The board as GNU Go's showboard draws it: coordinates round it, X black, O white, captures on the side. */
export function showBoard(pos: GoPosition): string {
  const n = pos.size;
  const letters = '   ' + Array.from(COLUMN_LETTERS.slice(0, n)).join(' ');
  const lines = [letters];
  for (let r = 0; r < n; r++) {
    const num = String(n - r).padStart(2);
    let row = num + ' ';
    for (let c = 0; c < n; c++) {
      const p = pos.point(c, r);
      const s = pos.stoneAt(p);
      row += (c > 0 ? ' ' : '') + (s === 1 ? 'X' : s === 2 ? 'O' : '.');
    }
    row += ' ' + num;
    if (r === 0) row += `     WHITE (O) has captured ${pos.captures(1)} stones`;
    if (r === 1) row += `     BLACK (X) has captured ${pos.captures(0)} stones`;
    lines.push(row);
  }
  lines.push(letters);
  return lines.join('\n');
}

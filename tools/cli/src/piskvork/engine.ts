import { MAX_MOVES, type GomokuPosition, type GomokuRule } from '@qi/engine';
import { QI_VERSION, type BotSource } from '../gtp/engine.js';
import { PiskvorkBoard } from './board.js';

/** How `qi piskvork` plays. */
export interface PiskvorkOptions {
  /** Strength level 1–10 (default 10). */
  level?: number;
  /** Upper bound on the time per move, ms (the manager's limits still apply below it). */
  maxTimeMs?: number;
}

/** The manager's time and memory settings (INFO), in ms and bytes; 0 means no limit, as the protocol says. */
interface Info {
  timeoutTurn: number;
  timeoutMatch: number;
  timeLeft: number;
  maxMemory: number;
  gameType: number;
  rule: number;
}

/** Milliseconds kept back from every move for transport, the manager and a slow machine. */
const MARGIN_MS = 80;

/**
 * A Gomocup (piskvork) brain: START, RESTART, RECTSTART (refused), BEGIN, TURN, BOARD … DONE, INFO, END, ABOUT,
 * TAKEBACK; answers through `write` one line at a time. Moves come from the AI worker within the turn and
 * match time the manager gives, less a margin.
 */
export class PiskvorkEngine {
  private board: PiskvorkBoard | null = null;
  private readonly info: Info = { timeoutTurn: 30_000, timeoutMatch: 0, timeLeft: 0, maxMemory: 0, gameType: 1, rule: 0 };
  private readBoard: PiskvorkBoard | null = null;
  private readonly level: number;
  private readonly maxTimeMs: number;

  constructor(
    private readonly bot: BotSource,
    private readonly write: (line: string) => void,
    options: PiskvorkOptions = {},
  ) {
    this.level = options.level ?? 10;
    this.maxTimeMs = options.maxTimeMs ?? Infinity;
  }

  /** Handles one input line; resolves 'end' after END. Never throws: bad input answers ERROR or UNKNOWN. */
  async handle(raw: string): Promise<'end' | undefined> {
    const line = raw.replace(/[\x00-\x1f\x7f]/g, ' ').trim();
    if (line === '') return undefined;
    try {
      if (this.readBoard !== null) {
        await this.boardLine(line);
        return undefined;
      }
      const space = line.indexOf(' ');
      const word = (space < 0 ? line : line.slice(0, space)).toUpperCase();
      const rest = space < 0 ? '' : line.slice(space + 1).trim();
      switch (word) {
        case 'START':
          await this.start(rest);
          break;
        case 'RECTSTART':
          this.write('ERROR rectangular boards are not supported');
          break;
        case 'RESTART':
          this.game();
          this.board = new PiskvorkBoard(this.board!.size, this.ruleSet());
          this.write('OK');
          break;
        case 'BEGIN':
          if (this.game().stones.length > 0) throw new PiskvorkError('BEGIN needs an empty board (use RESTART first)');
          await this.move();
          break;
        case 'TURN':
          this.place(rest, this.game().toMove());
          await this.move();
          break;
        case 'BOARD':
          this.readBoard = new PiskvorkBoard(this.game().size, this.ruleSet());
          break;
        case 'INFO':
          this.setInfo(rest);
          break;
        case 'TAKEBACK':
          this.takeback(rest);
          this.write('OK');
          break;
        case 'ABOUT':
          this.write(`name="Qi", version="${QI_VERSION}", author="the Qi authors", country="", www="", email=""`);
          break;
        case 'END':
          return 'end';
        default:
          this.write(`UNKNOWN command ${JSON.stringify(word.slice(0, 40))} (START, RESTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, ABOUT, END)`);
      }
    } catch (e) {
      if (this.readBoard !== null && !(e instanceof PiskvorkError && e.keepBoard)) this.readBoard = null;
      const message = e instanceof Error ? e.message : String(e);
      this.write(`ERROR ${message.replace(/\s+/g, ' ')}`);
    }
    return undefined;
  }

  private async start(rest: string): Promise<void> {
    if (!/^\d+$/.test(rest)) throw new PiskvorkError(`START needs a board size, got "${rest}"`);
    const size = Number(rest);
    if (size < 5 || size > 20) throw new PiskvorkError(`unsupported size ${size} (5 to 20)`);
    this.board = new PiskvorkBoard(size, this.ruleSet());
    // Start the worker now: the manager allows time for START, not for the first move.
    await this.bot.get().setPosition({ game: 'gomoku', rules: { size, rule: this.board.rule } });
    this.write('OK');
  }

  private game(): PiskvorkBoard {
    if (this.board === null) throw new PiskvorkError('no game: send START first');
    return this.board;
  }

  /** The rule bits: 1 exact five, 4 renju (2, a continuous game, changes nothing here). */
  private ruleSet(): GomokuRule {
    const r = this.info.rule;
    if (r & 8) throw new PiskvorkError('rule 8 (caro) is not supported');
    if (r & 4) return 'renju';
    if (r & 1) return 'standard';
    return 'freestyle';
  }

  private coords(text: string): { x: number; y: number } {
    const m = /^(-?\d+)\s*,\s*(-?\d+)$/.exec(text.trim());
    if (!m) throw new PiskvorkError(`bad coordinates "${text}" (expected x,y)`);
    const x = Number(m[1]), y = Number(m[2]);
    const size = this.game().size;
    if (!this.game().onBoard(x, y)) throw new PiskvorkError(`${x},${y} is off the ${size}x${size} board`);
    return { x, y };
  }

  private place(text: string, colour: 0 | 1): void {
    const { x, y } = this.coords(text);
    const board = this.game();
    if (board.at(x, y) !== undefined) throw new PiskvorkError(`${x},${y} is already occupied`);
    board.stones.push({ x, y, colour });
  }

  private async boardLine(line: string): Promise<void> {
    const board = this.readBoard as PiskvorkBoard;
    if (line.toUpperCase() === 'DONE') {
      this.readBoard = null;
      // We move next: with as many stones as the opponent we moved first (black), else second.
      let own = 0;
      for (const s of board.stones) if (s.colour === 0) own++;
      const opp = board.stones.length - own;
      if (own !== opp && own !== opp - 1) throw new PiskvorkError(`BOARD has ${own} own and ${opp} opponent stones: impossible with us to move`);
      const weFirst = own === opp;
      if (!weFirst) for (const s of board.stones) s.colour = s.colour === 0 ? 1 : 0;
      this.board = board;
      await this.move();
      return;
    }
    const m = /^(-?\d+)\s*,\s*(-?\d+)\s*,\s*(\d+)$/.exec(line);
    if (!m) throw new PiskvorkError(`bad BOARD line "${line.slice(0, 40)}" (expected x,y,field)`, true);
    const x = Number(m[1]), y = Number(m[2]), field = Number(m[3]);
    if (!board.onBoard(x, y)) throw new PiskvorkError(`${x},${y} is off the board`, true);
    if (field < 1 || field > 3) throw new PiskvorkError(`field ${field} at ${x},${y} must be 1 (own), 2 (opponent) or 3`, true);
    if (board.at(x, y) !== undefined) throw new PiskvorkError(`${x},${y} is given twice`, true);
    // Colours are settled at DONE, when the counts say who moved first; for now 0 marks own stones.
    board.stones.push({ x, y, colour: field === 1 ? 0 : 1 });
  }

  private takeback(text: string): void {
    const { x, y } = this.coords(text);
    const board = this.game();
    const i = board.stones.findIndex((s) => s.x === x && s.y === y);
    if (i < 0) throw new PiskvorkError(`no stone on ${x},${y} to take back`);
    board.stones.splice(i, 1);
  }

  private setInfo(rest: string): void {
    const m = /^(\S+)\s*(.*)$/.exec(rest);
    if (!m) throw new PiskvorkError('INFO needs a key and a value');
    const key = m[1].toLowerCase(), value = m[2].trim();
    const num = (): number => {
      if (!/^-?\d+$/.test(value)) throw new PiskvorkError(`INFO ${key} needs a whole number, got "${value}"`);
      return Number(value);
    };
    switch (key) {
      case 'timeout_turn':
        this.info.timeoutTurn = Math.max(0, num());
        break;
      case 'timeout_match':
        this.info.timeoutMatch = Math.max(0, num());
        break;
      case 'time_left':
        this.info.timeLeft = Math.max(0, num());
        break;
      case 'max_memory':
        this.info.maxMemory = Math.max(0, num());
        break;
      case 'game_type':
        this.info.gameType = num();
        break;
      case 'rule': {
        const old = this.info.rule;
        this.info.rule = num();
        try {
          const rule = this.ruleSet();
          // A rule change between games applies to the empty board at once.
          if (this.board !== null && this.board.stones.length === 0) this.board = new PiskvorkBoard(this.board.size, rule);
        } catch (e) {
          this.info.rule = old;
          throw e;
        }
        break;
      }
      default:
        // evaluate, folder and future keys carry nothing Qi uses; the protocol says to ignore them.
        break;
    }
  }

  /** Milliseconds for this move: the turn limit and a share of the match time left, less a margin. */
  budgetMs(empties: number): number {
    const { timeoutTurn, timeoutMatch, timeLeft } = this.info;
    let ms = timeoutTurn > 0 ? timeoutTurn : 0;
    if (timeoutMatch > 0) {
      const left = timeLeft > 0 ? timeLeft : timeoutMatch;
      const share = left / Math.max(15, Math.ceil(empties / 8));
      ms = ms > 0 ? Math.min(ms, share) : share;
    }
    if (timeoutTurn === 0 && timeoutMatch === 0) ms = 100; // "as fast as possible"
    ms = Math.min(ms * 0.9 - MARGIN_MS, this.maxTimeMs);
    return Math.max(20, Math.floor(ms));
  }

  /** Chooses, plays and prints our move. */
  private async move(): Promise<void> {
    const board = this.game();
    const { position, bot } = board.setup();
    if (position.isTerminal()) throw new PiskvorkError('the game is over');
    const colour = position.currentPlayer() as 0 | 1;
    let move: number;
    const size = board.size;
    if (position.stoneCount() === 0) move = position.geo.point(size >> 1, size >> 1);
    else {
      const remote = this.bot.get();
      await remote.setPosition(bot);
      const r = await remote.think({ level: this.level, timeMs: this.budgetMs(size * size - position.stoneCount()) });
      move = r.move !== null && position.isLegal(r.move) ? r.move : firstLegal(position);
    }
    const { x, y } = board.coords(position, move);
    board.stones.push({ x, y, colour });
    this.write(`${x},${y}`);
  }
}

function firstLegal(pos: GomokuPosition): number {
  const buf = new Int32Array(MAX_MOVES);
  if (pos.legalMoves(buf) === 0) throw new PiskvorkError('no legal move');
  return buf[0];
}

/** Bad input from the manager; `keepBoard` keeps reading a BOARD block after a bad line. */
class PiskvorkError extends Error {
  constructor(
    message: string,
    readonly keepBoard = false,
  ) {
    super(message);
  }
}

import {
  DeadStoneMarking,
  GoPosition,
  PASS,
  fixedHandicap,
  goDefinition,
  goRules,
  readGoSgf,
  replayGo,
  ruleSetFromText,
  writeGoSgf,
  type GoRecord,
  type GoRecordNode,
  type GoRules,
  type GoStart,
  type KoRule,
  type Score,
  type Scoring,
} from '@qi/engine';
import type { PositionSetup } from '@qi/ai-worker';
import type { Message, MessageKey } from '../i18n.js';

/**
 * The state of one Go game on the page, as plain TypeScript: the UI renders `view` and calls the actions.
 * Every rule (legality and its reason, captures, ko, dead chains, the score) comes from @qi/engine; this module
 * only sequences the phases of a game (playing → marking dead stones → over) and words the outcome of actions as
 * messages. It follows the Svelte store contract (`subscribe`), so components can write `$game`.
 */

/** Where a game is: stones being played, dead stones being marked after two passes, or finished. */
export type Phase = 'playing' | 'marking' | 'over';

/** What the New-game dialog chooses. */
export interface GameSettings {
  size: number;
  komi: number;
  scoring: Scoring;
  ko: KoRule;
  suicide: boolean;
  handicap: number;
}

/** A point on the board by column (0 = left, A) and row (0 = top). */
export interface Vertex {
  col: number;
  row: number;
}

/** One entry of the game record, newest last. */
export interface RecordEntry {
  player: number;
  /** The point played, 'pass', or 'resign'. */
  move: Vertex | 'pass' | 'resign';
  text: string;
  captured: number;
}

/** An immutable snapshot of everything the page shows. */
export interface GameView {
  size: number;
  rules: GoRules;
  handicap: number;
  /** Stone per point, row-major from the top-left: 0 empty, 1 black, 2 white. */
  stones: Uint8Array;
  /** 1 where a stone is marked dead (marking phase and after counting). */
  dead: Uint8Array;
  /** Whose move it is: 0 Black, 1 White. */
  toMove: number;
  /** Stones captured by Black and by White. */
  captures: [number, number];
  /** Moves played so far (passes included). */
  moveNumber: number;
  /** The last move of the record, if any. */
  last: RecordEntry | null;
  phase: Phase;
  /** The score: a live preview while marking, final once counted; null while playing or after a resignation. */
  score: Score | null;
  /** Player who resigned, or -1. */
  resigned: number;
  /** The final result once the game is over (null otherwise). */
  result: Message | null;
  /** The latest feedback to the players: an illegal move's reason, a file error, marking help. */
  notice: Message | null;
  noticeTone: 'error' | 'info';
  /** A sentence for screen readers describing the last thing that happened. */
  announcement: Message | null;
  /** Points (one per chain) whose dead mark the engine thinks looks wrong. */
  warnings: Vertex[];
  canUndo: boolean;
  /** Player names from a loaded record (Black, White), empty when unknown. */
  names: [string, string];
  /** A counter that grows with every change, so views can re-ask the engine (legality under the pointer). */
  version: number;
}

/** The settings of a fresh game: 19×19, area scoring with its default komi, simple ko, no handicap. */
export function defaultSettings(): GameSettings {
  const rules = goRules();
  return { size: 19, komi: rules.komi, scoring: rules.scoring, ko: rules.ko, suicide: rules.suicide, handicap: 0 };
}

/** The default komi of a scoring rule (engine's default). */
export function defaultKomi(scoring: Scoring): number {
  return goRules({ scoring }).komi;
}

/** Handicap counts the engine allows on a board size (from its fixed-handicap table). */
export function handicapChoices(size: number): number[] {
  const out: number[] = [];
  for (let n = 2; n <= 9; n++) {
    try {
      fixedHandicap(size, n);
      out.push(n);
    } catch {
      // the engine refuses this count on this size
    }
  }
  return out;
}

const REASON_KEY: Record<string, MessageKey> = {
  occupied: 'illegalOccupied',
  suicide: 'illegalSuicide',
  ko: 'illegalKo',
  superko: 'illegalSuperko',
};

type Listener = (view: GameView) => void;

/** Where the undoable moves start: the board as a Go start (none for an empty board, Black to move), who moves first there. */
interface StartBoard {
  start: GoStart | undefined;
  toMove: number;
}

/** One Go game driven by two players sharing the screen. */
export class GoGame {
  private pos: GoPosition;
  private settings: GameSettings;
  private record: RecordEntry[] = [];
  /** The record nodes that lead to the start of the undoable part: the root (handicap stones) and, for a loaded
   * game, everything up to its last setup node. Saved SGF = these nodes + one node per move of `record`. */
  private prefix: GoRecordNode[] = [];
  private info: Pick<GoRecord, 'black' | 'white' | 'date' | 'event' | 'gameName' | 'place'> = { black: {}, white: {} };
  /** The board where the undoable part starts (handicap or setup stones, side to move), for the AI's setup. */
  private start: StartBoard;
  private marking: DeadStoneMarking | null = null;
  private finalScore: Score | null = null;
  private notice: Message | null = null;
  private noticeTone: 'error' | 'info' = 'info';
  private announcement: Message | null = null;
  private version = 0;
  private readonly listeners = new Set<Listener>();
  /** The current snapshot (replaced, never mutated, on every change). */
  view: GameView;

  constructor(settings: GameSettings = defaultSettings()) {
    this.settings = { ...settings };
    this.pos = GoGame.startPosition(settings);
    this.prefix = [this.rootNode()];
    this.start = this.startBoard();
    this.view = this.snapshot();
  }

  private static startPosition(s: GameSettings): GoPosition {
    // The engine's Go definition checks the rules (RangeError naming the field) and places the handicap stones.
    const rules = { size: s.size, komi: s.komi, scoring: s.scoring, ko: s.ko, suicide: s.suicide };
    if (s.handicap < 2) return goDefinition.create(rules);
    const probe = goDefinition.create(rules);
    return goDefinition.create(rules, { handicap: fixedHandicap(s.size, s.handicap).map((p) => probe.moveToText(p)) });
  }

  /** Svelte store contract: calls `fn` now and after every change; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.view);
    return () => this.listeners.delete(fn);
  }

  /** The settings the current game was started with. */
  currentSettings(): GameSettings {
    return { ...this.settings };
  }

  /** Starts a new game (the rules value is validated by the engine; a bad value throws RangeError). */
  newGame(settings: GameSettings): void {
    this.pos = GoGame.startPosition(settings);
    this.settings = { ...settings };
    this.prefix = [this.rootNode()];
    this.start = this.startBoard();
    this.info = { black: {}, white: {} };
    this.record = [];
    this.marking = null;
    this.finalScore = null;
    this.announcement = null;
    this.setNotice(null);
    this.changed();
  }

  /** The GTP text of a point (`D4`). */
  vertexText(col: number, row: number): string {
    return this.pos.moveToText(this.pos.point(col, row));
  }

  /** The GTP text of an engine move (a point or PASS) on this board. */
  moveText(move: number): string {
    return this.pos.moveToText(move);
  }

  /** The point of an engine move, or 'pass'. */
  vertexOf(move: number): Vertex | 'pass' {
    return move === PASS ? 'pass' : { col: this.pos.col(move), row: this.pos.row(move) };
  }

  /** Plays an engine move (a point or PASS, as the AI answers) for the side to move; false (with a notice) if illegal. */
  playMove(move: number): boolean {
    if (move === PASS) return this.pass();
    if (!Number.isInteger(move) || !this.pos.onBoard(move)) return this.refuse({ key: 'illegalNotAMove', params: { text: String(move) } });
    return this.play(this.pos.col(move), this.pos.row(move));
  }

  /** Names the players (SGF PB/PW and the panel), e.g. when an AI takes a seat; does not change the position. */
  setNames(black: string, white: string): void {
    this.info = { ...this.info, black: { ...this.info.black, name: black || undefined }, white: { ...this.info.white, name: white || undefined } };
    this.changed();
  }

  /**
   * The game as the AI worker sets it up: the rules, the start (handicap or setup stones and the side to move, as
   * the engine's Go definition reads it from the board) and the moves since. A record whose colours do not
   * alternate (an SGF may do that) is given as its current board with no moves.
   */
  aiSetup(): PositionSetup {
    const moves: string[] = [];
    let side = this.start.toMove;
    let alternating = true;
    for (const entry of this.record) {
      if (entry.move === 'resign') break;
      if (entry.player !== side) {
        alternating = false;
        break;
      }
      moves.push(entry.text);
      side = 1 - side;
    }
    const { start } = alternating ? this.start : this.startBoard();
    const setup: PositionSetup = { game: 'go', rules: { ...this.pos.rules }, moves: alternating ? moves : [] };
    if (start !== undefined) setup.start = { ...start };
    return setup;
  }

  /** The stones of the chain at a point (empty for an empty point): what a click toggles while marking. */
  chainAt(col: number, row: number): Vertex[] {
    const p = this.pos.point(col, row);
    if (this.pos.stoneAt(p) === 0) return [];
    const into = new Int32Array(this.pos.size * this.pos.size);
    const n = this.pos.chainStones(p, into);
    const out: Vertex[] = [];
    for (let i = 0; i < n; i++) out.push({ col: this.pos.col(into[i]), row: this.pos.row(into[i]) });
    return out;
  }

  /** Whether the side to move may play at the point now (drives the hover ghost stone). */
  canPlay(col: number, row: number): boolean {
    if (this.phase() !== 'playing') return false;
    return this.pos.isLegal(this.pos.point(col, row));
  }

  /** Plays the side to move at a point; returns whether it was played (if not, `notice` says why). */
  play(col: number, row: number): boolean {
    const phase = this.phase();
    if (phase === 'marking') return this.toggleDead(col, row);
    if (phase === 'over') return this.refuse({ key: 'illegalGameOver' });
    const p = this.pos.point(col, row);
    const analysis = this.pos.analyze(p);
    if (!analysis.legal) {
      return this.refuse({ key: REASON_KEY[analysis.reason ?? 'occupied'], params: { point: this.pos.moveToText(p) } });
    }
    this.commit(p);
    return true;
  }

  /** Plays a move typed as text (`D4`, `d4`, `pass`); in the marking phase a point toggles its chain. */
  playText(text: string): boolean {
    const trimmed = text.trim();
    let move: number;
    try {
      move = this.pos.parseMove(trimmed);
    } catch {
      return this.refuse({ key: 'illegalNotAMove', params: { text: trimmed } });
    }
    if (move === PASS) return this.pass();
    return this.play(this.pos.col(move), this.pos.row(move));
  }

  /** The side to move passes; a second pass in a row ends play and starts dead-stone marking. */
  pass(): boolean {
    if (this.phase() !== 'playing') return this.refuse({ key: 'illegalGameOver' });
    this.commit(PASS);
    return true;
  }

  /** The given player (default: the side to move) resigns. */
  resign(player = this.pos.currentPlayer()): boolean {
    if (this.phase() !== 'playing') return this.refuse({ key: 'illegalGameOver' });
    this.pos.resign(player);
    this.record.push({ player, move: 'resign', text: 'resign', captured: 0 });
    this.announcement = { key: 'resigned', params: { color: colorParam(player) } };
    this.setNotice(null);
    this.changed();
    return true;
  }

  /** Takes back the last action: a count, a resignation, a pass (leaving the marking phase) or a move. */
  undo(): boolean {
    if (this.finalScore) {
      // a confirmed count cannot reopen, so marking restarts with the same marks
      const marks = this.marking?.dead() ?? [];
      this.finalScore = null;
      this.startMarking(marks);
      this.setNotice({ key: 'markingHelp' });
      this.changed();
      return true;
    }
    if (this.record.length === 0) return this.refuse({ key: 'nothingToUndo' });
    if (this.marking?.phase === 'marking') this.marking.resume();
    this.marking = null;
    this.pos.undo();
    this.record.pop();
    const last = this.record[this.record.length - 1];
    this.announcement = last ? describe(last) : null;
    this.setNotice(null);
    this.changed();
    return true;
  }

  /** Marks or unmarks the whole chain at a point as dead (marking phase only). */
  toggleDead(col: number, row: number): boolean {
    if (!this.marking || this.finalScore) return this.refuse({ key: 'illegalGameOver' });
    const p = this.pos.point(col, row);
    if (this.pos.stoneAt(p) === 0) return false;
    this.marking.toggle(p);
    this.setNotice({ key: 'markingHelp' });
    this.changed();
    return true;
  }

  /** Replaces the marks with these dead stones (GTP vertices, e.g. Qi's ownership estimate); false if not marking or a vertex is bad. */
  markDead(vertices: readonly string[]): boolean {
    if (!this.marking || this.finalScore) return false;
    let points: number[];
    try {
      points = vertices.map((v) => this.pos.parseMove(v));
    } catch {
      return false;
    }
    if (points.some((p) => p === PASS || this.pos.stoneAt(p) === 0)) return false;
    this.unmarkAll();
    for (const p of points) if (!this.marking.isDead(p)) this.marking.toggle(p);
    this.changed();
    return true;
  }

  /** Removes every dead mark. */
  clearDead(): void {
    if (!this.marking || this.finalScore) return;
    this.unmarkAll();
    this.changed();
  }

  /** Ends the marking phase and fixes the score with the marked dead stones. */
  count(): boolean {
    if (!this.marking || this.finalScore) return false;
    this.finalScore = this.marking.confirm();
    this.setNotice(null);
    this.changed();
    return true;
  }

  /** The game as SGF text (FF[4], UTF-8): rules, komi, handicap stones, every move, the result when known. */
  toSgf(now: Date = new Date()): string {
    const rules = this.pos.rules;
    const nodes: GoRecordNode[] = this.prefix.map((n) => ({ ...n, setup: [...n.setup] }));
    for (const entry of this.record) {
      if (entry.move === 'resign') continue;
      const vertex = entry.move === 'pass' ? null : { col: entry.move.col, row: entry.move.row };
      nodes.push({ move: { color: entry.player === 0 ? 0 : 1, vertex }, setup: [], line: 0, column: 0 });
    }
    const record: GoRecord = {
      size: rules.size,
      komi: rules.komi,
      handicap: this.pos.handicap,
      rulesText: rulesText(rules),
      black: this.info.black,
      white: this.info.white,
      date: this.info.date ?? now.toISOString().slice(0, 10),
      event: this.info.event,
      gameName: this.info.gameName,
      place: this.info.place,
      nodes,
    };
    const resigned = this.pos.resigned();
    if (resigned >= 0) record.result = resigned === 0 ? 'W+R' : 'B+R';
    else if (this.finalScore) record.result = this.finalScore.result;
    return writeGoSgf(record);
  }

  /**
   * Opens an SGF record (bytes in any charset the file declares, or text): the engine reads it and replays its main
   * line under the record's rules (RU) when it names known ones, else the current game's. Moves after the last setup
   * node can be undone. A malformed file leaves the current game as it was; an illegal move stops the replay there
   * and says so. Returns whether a game was opened. `quiet` restores a saved game without announcing it.
   */
  loadSgf(input: Uint8Array | string, name = 'SGF', quiet = false): boolean {
    let record: GoRecord;
    try {
      record = readGoSgf(input);
    } catch (e) {
      return this.refuse({ key: 'sgfError', params: { detail: errorText(e) } });
    }
    const known = record.ruleSet ?? (record.rulesText ? parseRulesText(record.rulesText) : undefined);
    const scoring = known?.scoring ?? this.settings.scoring;
    const ko = known?.ko ?? this.settings.ko;
    const suicide = known?.suicide ?? this.settings.suicide;
    // Moves after the last node that edits the board or the side to move stay undoable; the rest is the prefix.
    let split = 1;
    record.nodes.forEach((node, k) => {
      if (k > 0 && (node.setup.length > 0 || node.toPlay !== undefined)) split = k + 1;
    });
    let replay;
    try {
      replay = replayGo({ ...record, nodes: record.nodes.slice(0, split) }, { ko, suicide, scoring });
    } catch (e) {
      return this.refuse({ key: 'sgfError', params: { detail: errorText(e) } });
    }
    this.pos = replay.position;
    const rules = this.pos.rules;
    this.settings = { size: rules.size, komi: rules.komi, scoring, ko, suicide, handicap: this.pos.handicap };
    this.prefix = record.nodes.slice(0, split);
    this.info = {
      black: record.black,
      white: record.white,
      date: record.date,
      event: record.event,
      gameName: record.gameName,
      place: record.place,
    };
    this.record = [];
    this.start = this.startBoard();
    this.marking = null;
    this.finalScore = null;
    let error: Message | null = null;
    const first = replay.errors[0];
    if (first) error = illegalInRecord(first.move, first.color === 'black' ? 0 : 1, first.vertex, first.reason);
    let moveNumber = replay.moves;
    for (const node of record.nodes.slice(split)) {
      if (error || !node.move) continue;
      moveNumber++;
      const { color, vertex } = node.move;
      const move = vertex === null ? PASS : this.pos.point(vertex.col, vertex.row);
      const text = this.pos.moveToText(move);
      if (this.pos.isTerminal()) {
        error = illegalInRecord(moveNumber, color, text, 'game over');
        continue;
      }
      const verdict = this.pos.analyze(move, color);
      if (!verdict.legal) {
        error = illegalInRecord(moveNumber, color, text, verdict.reason ?? 'occupied');
        continue;
      }
      this.commitQuietly(move, color);
    }
    // A record that ends by resignation (RE[W+R]) opens as resigned; undo takes the resignation back.
    const resign = /^([BW])\+R(?:esign)?$/i.exec(record.result?.trim() ?? '');
    if (!error && resign && !this.pos.isTerminal()) {
      const loser = resign[1].toUpperCase() === 'B' ? 1 : 0;
      this.pos.resign(loser);
      this.record.push({ player: loser, move: 'resign', text: 'resign', captured: 0 });
    }
    const last = this.record[this.record.length - 1];
    this.announcement = last ? describe(last) : null;
    if (this.pos.isTerminal() && this.pos.resigned() < 0) this.startMarking([]);
    if (error) this.setNotice(error, 'error');
    else if (this.marking) this.setNotice({ key: 'markingHelp' });
    else this.setNotice(quiet ? null : { key: 'sgfLoaded', params: { name, n: moveNumber } });
    this.changed();
    return true;
  }

  private startBoard(): StartBoard {
    return { start: goDefinition.startOf(this.pos), toMove: this.pos.currentPlayer() };
  }

  private rootNode(): GoRecordNode {
    const setup = [];
    for (let row = 0; row < this.pos.size; row++) {
      for (let col = 0; col < this.pos.size; col++) {
        if (this.pos.stoneAt(this.pos.point(col, row)) === 1) setup.push({ col, row, stone: 1 as const });
      }
    }
    return { setup, line: 0, column: 0 };
  }

  private phase(): Phase {
    if (this.pos.resigned() >= 0 || this.finalScore) return 'over';
    if (this.pos.isTerminal()) return 'marking';
    return 'playing';
  }

  private commit(move: number, player = this.pos.currentPlayer()): void {
    this.commitQuietly(move, player);
    const entry = this.record[this.record.length - 1];
    this.announcement = describe(entry);
    if (this.pos.isTerminal() && this.pos.resigned() < 0) {
      this.startMarking([]);
      this.setNotice({ key: 'markingHelp' });
    } else {
      this.setNotice(move === PASS ? { key: 'passAgainHint' } : null);
    }
    this.changed();
  }

  /** Plays a move for `player` and records it, without notifying (SGF loading plays many in a row). */
  private commitQuietly(move: number, player: number): void {
    const before = this.pos.captures(player);
    const text = this.pos.moveToText(move);
    this.pos.playAs(player, move);
    this.record.push({
      player,
      move: move === PASS ? 'pass' : { col: this.pos.col(move), row: this.pos.row(move) },
      text,
      captured: this.pos.captures(player) - before,
    });
  }

  private startMarking(marks: Iterable<number>): void {
    this.marking = new DeadStoneMarking(this.pos);
    this.marking.start(marks);
  }

  private unmarkAll(): void {
    const marking = this.marking;
    if (!marking) return;
    for (let dead = marking.dead(); dead.length > 0; dead = marking.dead()) marking.toggle(dead[0]);
  }

  private refuse(message: Message): false {
    this.setNotice(message, 'error');
    this.changed();
    return false;
  }

  private setNotice(message: Message | null, tone: 'error' | 'info' = 'info'): void {
    this.notice = message;
    this.noticeTone = tone;
  }

  private changed(): void {
    this.version++;
    this.view = this.snapshot();
    for (const fn of this.listeners) fn(this.view);
  }

  private snapshot(): GameView {
    const pos = this.pos;
    const size = pos.size;
    const stones = new Uint8Array(size * size);
    const dead = new Uint8Array(size * size);
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const p = pos.point(col, row);
        stones[row * size + col] = pos.stoneAt(p);
        if (this.marking?.isDead(p)) dead[row * size + col] = 1;
      }
    }
    const phase = this.phase();
    const score = this.finalScore ?? (this.marking?.phase === 'marking' ? this.marking.score() : null);
    const warnings: Vertex[] = [];
    if (this.marking && phase === 'marking') {
      for (const p of this.marking.warnings()) warnings.push({ col: pos.col(p), row: pos.row(p) });
    }
    return {
      size,
      rules: pos.rules,
      handicap: pos.handicap,
      stones,
      dead,
      toMove: pos.currentPlayer(),
      captures: [pos.captures(0), pos.captures(1)],
      moveNumber: this.record.filter((e) => e.move !== 'resign').length,
      last: this.record[this.record.length - 1] ?? null,
      phase,
      score,
      resigned: pos.resigned(),
      result: phase === 'over' ? resultMessage(pos.resigned(), this.finalScore) : null,
      notice: this.notice,
      noticeTone: this.noticeTone,
      announcement: this.announcement,
      warnings,
      names: [this.info.black.name ?? '', this.info.white.name ?? ''],
      canUndo: this.record.length > 0 || this.finalScore !== null,
      version: this.version,
    };
  }
}

/** The message for an illegal move met while opening a record. */
function illegalInRecord(move: number, color: number, vertex: string, reason: string): Message {
  const why = reason === 'game over' ? '@illegalGameOverShort' : `@reason_${reason}`;
  return { key: 'sgfIllegalMove', params: { n: move, color: colorParam(color), point: vertex, reason: why } };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const RULE_NAMES = ['Japanese', 'Chinese', 'AGA', 'New Zealand', 'Tromp-Taylor'];

/** RU text for the rules: a rule-set name the engine recognises when one matches exactly, else a description. */
function rulesText(rules: GoRules): string {
  for (const name of RULE_NAMES) {
    const set = ruleSetFromText(name);
    if (set && set.scoring === rules.scoring && set.ko === rules.ko && set.suicide === rules.suicide) return name;
  }
  return `${rules.scoring} scoring, ${rules.ko} ko, suicide ${rules.suicide ? 'allowed' : 'forbidden'}`;
}

/** Reads back the descriptive RU text written by `rulesText`. */
function parseRulesText(text: string): { scoring: Scoring; ko: KoRule; suicide: boolean } | undefined {
  const m = /^(area|territory) scoring, (simple|positional|situational) ko, suicide (allowed|forbidden)$/.exec(text.trim());
  if (!m) return undefined;
  return { scoring: m[1] as Scoring, ko: m[2] as KoRule, suicide: m[3] === 'allowed' };
}

/** The i18n parameter for a colour name: the key of 'black' or 'white', resolved by the view. */
function colorParam(player: number): string {
  return player === 0 ? '@black' : '@white';
}

function describe(entry: RecordEntry): Message {
  const color = colorParam(entry.player);
  if (entry.move === 'resign') return { key: 'resigned', params: { color } };
  if (entry.move === 'pass') return { key: 'playedPass', params: { color } };
  if (entry.captured > 0) return { key: 'playedMoveCaptured', params: { color, point: entry.text, n: entry.captured } };
  return { key: 'playedMove', params: { color, point: entry.text } };
}

/** The result sentence: by resignation, or from the engine's result text (`B+3.5`, `W+12`, `0`). */
function resultMessage(resigned: number, score: Score | null): Message | null {
  if (resigned >= 0) return { key: resigned === 0 ? 'resultWhiteResign' : 'resultBlackResign' };
  if (!score) return null;
  const m = /^([BW])\+(.+)$/.exec(score.result);
  if (!m) return { key: 'resultDraw' };
  return { key: m[1] === 'B' ? 'resultBlackPoints' : 'resultWhitePoints', params: { n: m[2] } };
}

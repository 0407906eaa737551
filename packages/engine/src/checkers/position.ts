import { PASS, type GameId, type Position } from '../core/game.js';
import { zobristTable } from '../core/zobrist.js';
import { geometry, holeIndex, type Geometry } from './geometry.js';
import { HopSearch, validPath as validPathOn } from './hops.js';
import { checkersRules, type CheckersRules } from './rules.js';

/** A composed position: the holes of each player's pieces (hole indices) and who moves first. */
export interface CheckersSetup {
  /** pieces[p]: the holes of player p's pieces; counts may differ from a real game (puzzles). */
  pieces: readonly (readonly number[])[];
  /** The player to move. */
  toMove: number;
}

/**
 * The move value of a player leaving the game (resigning, or losing on time): legal for the player to move while
 * the game is not over, never listed by `legalMoves`. Their pieces stay as obstacles, the turn order skips them and
 * `returns` ranks them last; with two players (or when one player remains) the game is over. Text: `leave`.
 */
export const CHECKERS_LEAVE = -2;

/** Encodes a move from hole `from` to hole `to` (the destination of a step or of a whole hop chain). */
export function checkersMove(from: number, to: number): number {
  return from * 128 + to;
}

/** The starting hole of a move. */
export function moveFrom(move: number): number {
  return move >> 7;
}

/** The destination hole of a move. */
export function moveTo(move: number): number {
  return move & 127;
}

const MAX_PLAYERS = 6;
const zobristCache = new Map<string, Uint32Array>();

function zobristFor(geo: Geometry): Uint32Array {
  let table = zobristCache.get(geo.kind);
  if (!table) {
    // Keys: a piece of each player on each hole, the side to move, then (appended, so the others keep their
    // values) each player having left.
    table = zobristTable(MAX_PLAYERS * geo.cells + 2 * MAX_PLAYERS, geo.kind === 'star' ? 0x5a1c4ec5 : 0x5a1c4e08);
    zobristCache.set(geo.kind, table);
  }
  return table;
}

/** The standard start: each player's home point (zone) full of their pieces. */
export function startSetup(rules: CheckersRules): CheckersSetup {
  const geo = geometry(rules.board);
  const seats = geo.seats[rules.players];
  if (!seats) throw new RangeError(`no seating for ${rules.players} players on the ${rules.board} board`);
  return { pieces: seats.map((home) => Array.from(geo.regionCells[home])), toMove: 0 };
}

/**
 * A Chinese Checkers position (star or 8x8 square board) with make/unmake. A move is `from * 128 + to`: one step
 * to an adjacent empty hole, or a chain of hops ending on `to`; `path(move)` gives the hops. A player with no move
 * must pass (PASS is then the only legal move); the player to move may leave (`CHECKERS_LEAVE`, never listed). The
 * game ends when all but one player (the solo player, in a puzzle) have finished or left, at the turn cap, or when
 * every player still playing passes in a row.
 */
export class CheckersPosition implements Position {
  /** Which game this is. */
  readonly game: GameId = 'checkers';
  /** Number of players. */
  readonly playerCount: number;
  /** The rules in force (validated, complete). */
  readonly rules: Readonly<CheckersRules>;
  /** The board's holes and adjacency. */
  readonly geometry: Geometry;

  private readonly setup: CheckersSetup;
  private readonly cells: number;
  private readonly zobrist: Uint32Array;
  private readonly search: HopSearch;
  private readonly opponentOnly: boolean;
  /** Home and goal point of each player. */
  private readonly home: Int8Array;
  private readonly goal: Int8Array;
  /** goalOwner[point]: the player whose goal it is, or -1. */
  private readonly goalOwner: Int8Array;
  /** endOk[p * cells + hole]: player p may end a turn there (the other-points rule). */
  private readonly endOk: Uint8Array;
  /** 0 empty, p + 1 a piece of player p. */
  private readonly board: Uint8Array;
  /** Pieces of player p are pieces[start[p] .. start[p + 1]); slot[hole] is the index of the piece there. */
  private readonly pieces: Int16Array;
  private readonly start: Int16Array;
  private readonly slot: Int16Array;
  private readonly dest: Int16Array;
  private readonly scratch: Int32Array;

  private toMove: number;
  private plies = 0;
  private lo = 0;
  private hi = 0;
  private over = false;
  private passRun = 0;
  /** Place (0 = first) of each finished player, -1 while playing. */
  private readonly rank: Int8Array;
  private finished = 0;
  /** Order of leaving (0 = the first to leave) of each player who left, -1 while in. */
  private readonly leftAt: Int8Array;
  private leavers = 0;

  // Undo records, one entry per ply: the move, the mover, the pass run before, and who finished on that move.
  private histMove = new Int32Array(256);
  private histPlayer = new Int8Array(256);
  private histPassRun = new Int16Array(256);
  private histFinished = new Int16Array(256);

  /** A position of the given rules: the standard start, or a composed `setup` (validated; throws RangeError). */
  constructor(rules: Partial<CheckersRules> = {}, setup?: CheckersSetup) {
    const full = checkersRules(rules);
    this.rules = Object.freeze(full);
    this.playerCount = full.players;
    const geo = geometry(full.board);
    this.geometry = geo;
    this.cells = geo.cells;
    this.zobrist = zobristFor(geo);
    this.search = new HopSearch(geo);
    this.opponentOnly = full.jumpOver === 'opponent';
    const seats = geo.seats[full.players];
    if (!seats) throw new RangeError(`no seating for ${full.players} players on the ${full.board} board`);
    this.home = Int8Array.from(seats);
    this.goal = Int8Array.from(seats.map((h) => geo.opposite[h]));
    this.goalOwner = new Int8Array(geo.regionCells.length).fill(-1);
    for (let p = 0; p < this.playerCount; p++) this.goalOwner[this.goal[p]] = p;
    this.endOk = new Uint8Array(this.playerCount * this.cells).fill(1);
    if (full.noStopInOtherPoints) {
      const owned = new Int8Array(geo.regionCells.length).fill(0);
      for (let p = 0; p < this.playerCount; p++) owned[this.home[p]] = owned[this.goal[p]] = 1;
      for (let p = 0; p < this.playerCount; p++) {
        for (let c = 0; c < this.cells; c++) {
          const k = geo.region[c];
          if (k >= 0 && owned[k] && k !== this.home[p] && k !== this.goal[p]) this.endOk[p * this.cells + c] = 0;
        }
      }
    }
    this.setup = setup ? checkSetup(geo, full, setup) : startSetup(full);
    this.board = new Uint8Array(this.cells);
    this.slot = new Int16Array(this.cells).fill(-1);
    this.start = new Int16Array(this.playerCount + 1);
    let total = 0;
    for (let p = 0; p < this.playerCount; p++) {
      this.start[p] = total;
      total += this.setup.pieces[p].length;
    }
    this.start[this.playerCount] = total;
    this.pieces = new Int16Array(total);
    for (let p = 0; p < this.playerCount; p++) {
      this.setup.pieces[p].forEach((c, i) => {
        const s = this.start[p] + i;
        this.pieces[s] = c;
        this.slot[c] = s;
        this.board[c] = p + 1;
        this.lo ^= this.zobrist[2 * (p * this.cells + c)];
        this.hi ^= this.zobrist[2 * (p * this.cells + c) + 1];
      });
    }
    this.dest = new Int16Array(this.cells);
    this.scratch = new Int32Array(this.cells);
    this.rank = new Int8Array(this.playerCount).fill(-1);
    this.leftAt = new Int8Array(this.playerCount).fill(-1);
    this.toMove = this.setup.toMove;
    // A composed position may already have finished players (ranked in player order) or be over.
    for (let p = 0; p < this.playerCount; p++) if (this.goalReached(p)) this.rank[p] = this.finished++;
    if (this.rank[this.toMove] >= 0) this.advance();
    this.xorSide(this.toMove);
    this.over = this.gameOver();
  }

  /** Low 32 bits of the Zobrist key. */
  get hashLo(): number {
    return this.lo >>> 0;
  }

  /** High 32 bits of the Zobrist key. */
  get hashHi(): number {
    return this.hi >>> 0;
  }

  /** Moves played since this object's initial position. */
  get ply(): number {
    return this.plies;
  }

  /** The player to move. */
  currentPlayer(): number {
    return this.toMove;
  }

  /** The player whose piece is on `hole`, or -1 when it is empty. */
  pieceAt(hole: number): number {
    return this.board[hole] - 1;
  }

  /** The holes of player p's pieces (a copy). */
  piecesOf(p: number): number[] {
    return Array.from(this.pieces.subarray(this.start[p], this.start[p + 1]));
  }

  /** Each player's place (0 = first) once finished, else -1. */
  placeOf(p: number): number {
    return this.rank[p];
  }

  /** Whether player p has left the game (`CHECKERS_LEAVE`): their pieces stay as obstacles, their turns are skipped. */
  hasLeft(p: number): boolean {
    return this.leftAt[p] >= 0;
  }

  /** The players who have left, in the order they left (the first to leave is ranked lowest). */
  leftPlayers(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.playerCount; p++) if (this.leftAt[p] >= 0) out[this.leftAt[p]] = p;
    return out;
  }

  /** The composed (or standard) setup this position started from. */
  initialSetup(): CheckersSetup {
    return { pieces: this.setup.pieces.map((l) => [...l]), toMove: this.setup.toMove };
  }

  /** The moves played since the initial position, oldest first. */
  history(): number[] {
    return Array.from(this.histMove.subarray(0, this.plies));
  }

  /** Sum over player p's pieces of the distance to the tip of their goal (the turn cap's ranking measure). */
  distanceToGoal(p: number): number {
    const base = this.goal[p] * this.cells;
    let sum = 0;
    for (let s = this.start[p]; s < this.start[p + 1]; s++) sum += this.geometry.distance[base + this.pieces[s]];
    return sum;
  }

  /** Writes the legal moves into `into`; PASS alone when the player to move is stuck; none when over. */
  legalMoves(into: Int32Array): number {
    if (this.over) return 0;
    const n = this.movesOf(this.toMove, into);
    if (n > 0) return n;
    into[0] = PASS;
    return 1;
  }

  /** The moves of player p (without the pass rule). */
  private movesOf(p: number, into: Int32Array): number {
    let n = 0;
    for (let s = this.start[p]; s < this.start[p + 1]; s++) n = this.pieceMoves(p, this.pieces[s], into, n);
    return n;
  }

  /** Whether player p has any move (a pass is legal only without one). */
  private hasMove(p: number): boolean {
    for (let s = this.start[p]; s < this.start[p + 1]; s++) if (this.pieceMoves(p, this.pieces[s], this.scratch, 0) > 0) return true;
    return false;
  }

  private pieceMoves(p: number, from: number, into: Int32Array, n: number): number {
    const dest = this.dest;
    const k = this.search.destinations(this.board, from, p + 1, this.opponentOnly, dest);
    const ok = this.endOk;
    const base = p * this.cells;
    const goal = this.goal[p];
    const region = this.geometry.region;
    const locked = this.rules.stayInGoal && region[from] === goal;
    const fromBase = from * 128;
    for (let i = 0; i < k; i++) {
      const to = dest[i];
      if (ok[base + to] === 0 || (locked && region[to] !== goal)) continue;
      // Real games stay far below MAX_MOVES (hops reach only a quarter of the holes); only huge composed setups could.
      if (n === into.length) throw new RangeError(`more than ${into.length} legal moves: the move buffer is too small`);
      into[n++] = fromBase + to;
    }
    return n;
  }

  /** The holes the piece on `hole` may move to now (for a board UI's destination dots); [] if it cannot move. */
  destinationsOf(hole: number): number[] {
    if (this.over || !Number.isInteger(hole) || hole < 0 || hole >= this.cells || this.board[hole] !== this.toMove + 1) return [];
    const n = this.pieceMoves(this.toMove, hole, this.scratch, 0);
    return Array.from(this.scratch.subarray(0, n), (m) => m & 127);
  }

  /** Whether `move` is legal now (any integer; never throws). */
  isLegal(move: number): boolean {
    if (this.over || !Number.isInteger(move)) return false;
    if (move === PASS) return !this.hasMove(this.toMove);
    if (move === CHECKERS_LEAVE) return true;
    if (move < 0) return false;
    const from = move >> 7;
    const to = move & 127;
    if (from >= this.cells || to >= this.cells || this.board[from] !== this.toMove + 1) return false;
    const n = this.pieceMoves(this.toMove, from, this.scratch, 0);
    for (let i = 0; i < n; i++) if (this.scratch[i] === move) return true;
    return false;
  }

  /** The holes a move passes through: [from, to] for a step, the whole chain for hops (shortest); [] for PASS and a leave. */
  path(move: number): number[] {
    if (move === PASS || move === CHECKERS_LEAVE) return [];
    const from = move >> 7;
    const to = move & 127;
    if (move < 0 || from >= this.cells || to >= this.cells) throw new RangeError(`${move} is not a checkers move`);
    const code = this.board[from];
    const p = code === 0 ? null : this.search.path(this.board, from, to, code, this.opponentOnly);
    if (!p) throw new RangeError(`no piece can go from ${this.geometry.names[from]} to ${this.geometry.names[to]} here`);
    return p;
  }

  /** Plays a legal move (make). */
  play(move: number): void {
    const p = this.toMove;
    const ply = this.plies;
    if (ply === this.histMove.length) this.grow();
    this.histMove[ply] = move;
    this.histPlayer[ply] = p;
    this.histPassRun[ply] = this.passRun;
    let finishedNow = 0;
    if (move === PASS) {
      this.passRun++;
    } else if (move === CHECKERS_LEAVE) {
      // The board does not change, so the passes in a row still stand (the players who passed are still stuck).
      this.leftAt[p] = this.leavers++;
      this.xorLeft(p);
    } else {
      this.passRun = 0;
      const from = move >> 7;
      const to = move & 127;
      this.relocate(p, from, to);
      if (this.rank[p] < 0 && this.goalReached(p)) {
        this.rank[p] = this.finished++;
        finishedNow |= 1 << p;
      }
      // Filling someone else's goal can complete it for them (fill rule).
      const k = this.geometry.region[to];
      const q = k >= 0 ? this.goalOwner[k] : -1;
      if (q >= 0 && q !== p && this.rank[q] < 0 && this.leftAt[q] < 0 && this.goalReached(q)) {
        this.rank[q] = this.finished++;
        finishedNow |= 1 << q;
      }
    }
    this.histFinished[ply] = finishedNow;
    this.plies = ply + 1;
    this.xorSide(p);
    this.advance();
    this.xorSide(this.toMove);
    this.over = this.gameOver();
  }

  /** Takes back the last move (unmake). */
  undo(): void {
    if (this.plies === 0) throw new Error('no move to undo');
    const ply = --this.plies;
    const move = this.histMove[ply];
    const p = this.histPlayer[ply];
    const mask = this.histFinished[ply];
    for (let q = 0; q < this.playerCount; q++) {
      if (mask & (1 << q)) {
        this.rank[q] = -1;
        this.finished--;
      }
    }
    if (move === CHECKERS_LEAVE) {
      this.leftAt[p] = -1;
      this.leavers--;
      this.xorLeft(p);
    } else if (move !== PASS) this.relocate(p, move & 127, move >> 7);
    this.passRun = this.histPassRun[ply];
    this.xorSide(this.toMove);
    this.toMove = p;
    this.xorSide(p);
    this.over = false;
  }

  private relocate(p: number, from: number, to: number): void {
    const s = this.slot[from];
    this.slot[from] = -1;
    this.slot[to] = s;
    this.pieces[s] = to;
    this.board[from] = 0;
    this.board[to] = p + 1;
    const z = this.zobrist;
    const a = 2 * (p * this.cells + from);
    const b = 2 * (p * this.cells + to);
    this.lo ^= z[a] ^ z[b];
    this.hi ^= z[a + 1] ^ z[b + 1];
  }

  private xorSide(p: number): void {
    const k = 2 * (MAX_PLAYERS * this.cells + p);
    this.lo ^= this.zobrist[k];
    this.hi ^= this.zobrist[k + 1];
  }

  private xorLeft(p: number): void {
    const k = 2 * (MAX_PLAYERS * this.cells + MAX_PLAYERS + p);
    this.lo ^= this.zobrist[k];
    this.hi ^= this.zobrist[k + 1];
  }

  /** Moves the turn to the next player who has neither finished nor left (stays put when nobody is left). */
  private advance(): void {
    for (let i = 1; i <= this.playerCount; i++) {
      const q = (this.toMove + i) % this.playerCount;
      if (this.rank[q] < 0 && this.leftAt[q] < 0) {
        this.toMove = q;
        return;
      }
    }
  }

  private gameOver(): boolean {
    const left = this.playerCount - this.finished - this.leavers;
    if (left === 0 || (this.playerCount > 1 && left === 1)) return true;
    if (this.rules.turnCap > 0 && this.plies >= this.rules.turnCap) return true;
    return this.passRun >= left;
  }

  /** Whether player p has reached the goal: filled (fill rule) or holding all their pieces. */
  private goalReached(p: number): boolean {
    const holes = this.geometry.regionCells[this.goal[p]];
    const code = p + 1;
    if (this.rules.fillGoalWins) {
      let mine = false;
      for (let i = 0; i < holes.length; i++) {
        const c = this.board[holes[i]];
        if (c === 0) return false;
        if (c === code) mine = true;
      }
      return mine;
    }
    let inside = 0;
    for (let i = 0; i < holes.length; i++) if (this.board[holes[i]] === code) inside++;
    const count = this.start[p + 1] - this.start[p];
    return count > 0 && inside === count;
  }

  private grow(): void {
    const size = this.histMove.length * 2;
    const m = new Int32Array(size);
    m.set(this.histMove);
    this.histMove = m;
    const pl = new Int8Array(size);
    pl.set(this.histPlayer);
    this.histPlayer = pl;
    const pr = new Int16Array(size);
    pr.set(this.histPassRun);
    this.histPassRun = pr;
    const f = new Int16Array(size);
    f.set(this.histFinished);
    this.histFinished = f;
  }

  /** Whether the game is over. */
  isTerminal(): boolean {
    return this.over;
  }

  /**
   * Results by place: 1 for first down to -1 for last (two players: +1/-1; a draw 0). Players still playing when
   * the game stopped early share the places after the finished (draw) or are placed by distance to goal (ties
   * share); players who left take the last places, the first to leave the lowest (the solo player who left: 0).
   */
  returns(out: Float64Array): void {
    const n = this.playerCount;
    if (n === 1) {
      out[0] = this.rank[0] >= 0 ? 1 : 0;
      return;
    }
    const value = (place: number): number => 1 - (2 * place) / (n - 1);
    const rest: number[] = [];
    for (let p = 0; p < n; p++) {
      if (this.rank[p] >= 0) out[p] = value(this.rank[p]);
      else if (this.leftAt[p] >= 0) out[p] = value(n - 1 - this.leftAt[p]);
      else rest.push(p);
    }
    if (rest.length === 0) return;
    const byDistance = this.rules.capOutcome === 'distance';
    const key = (p: number): number => (byDistance ? this.distanceToGoal(p) : 0);
    rest.sort((a, b) => key(a) - key(b));
    let place = this.finished;
    for (let i = 0; i < rest.length; ) {
      let j = i;
      while (j < rest.length && key(rest[j]) === key(rest[i])) j++;
      let sum = 0;
      for (let k = i; k < j; k++) sum += value(place + k - i);
      for (let k = i; k < j; k++) out[rest[k]] = sum / (j - i);
      place += j - i;
      i = j;
    }
  }

  /** The last move played, or null. */
  lastMove(): number | null {
    return this.plies === 0 ? null : this.histMove[this.plies - 1];
  }

  /** An independent copy with the same history (undo works on it too). */
  clone(): CheckersPosition {
    const copy = new CheckersPosition(this.rules, this.setup);
    for (let i = 0; i < this.plies; i++) copy.play(this.histMove[i]);
    return copy;
  }

  /** The move as its hop path of hole names joined by '-' (e.g. `n2-l2-j2`), or `pass`, or `leave`. */
  moveToText(move: number): string {
    if (move === PASS) return 'pass';
    if (move === CHECKERS_LEAVE) return 'leave';
    const from = move >> 7;
    const to = move & 127;
    if (!Number.isInteger(move) || move < 0 || from >= this.cells || to >= this.cells) throw new RangeError(`${move} is not a checkers move`);
    const code = this.board[from];
    const p = code === 0 ? null : this.search.path(this.board, from, to, code, this.opponentOnly);
    const holes = p ?? [from, to];
    return holes.map((c) => this.geometry.names[c]).join('-');
  }

  /**
   * Parses `pass`, `leave`, a full hop path (`n2-l2-j2`) or just `from-to` (`n2-j2`); a longer path must be a
   * geometric chain of hops (each hole two steps from the last in a line) without repeats. Legality is `isLegal`'s job.
   */
  parseMove(text: string): number {
    if (isLeaveText(text)) return CHECKERS_LEAVE;
    const path = parsePath(this.geometry, text);
    if (path.length === 0) return PASS;
    return checkersMove(path[0], path[path.length - 1]);
  }

  /** The holes of a move's text (empty for `pass`; `leave` is not a path: see `parseMove`); throws a RangeError naming a bad hole or hop. */
  parsePath(text: string): number[] {
    return parsePath(this.geometry, text);
  }

  /** Whether a parsed path is a real hop chain (or step) for the player to move in this position. */
  pathIsPlayable(path: readonly number[]): boolean {
    const code = this.toMove + 1;
    if (path.length < 2 || path.some((c) => c < 0 || c >= this.cells)) return false;
    return validPathOn(this.geometry, this.board, path, code, this.opponentOnly);
  }

  /** The board as rows of holes: '.' empty, 1..6 a player's piece, indented to the star's shape. */
  toString(): string {
    const geo = this.geometry;
    const lines: string[] = [];
    for (const row of geo.rows) {
      let line = '';
      for (const c of row) {
        line = line.padEnd(geo.column[c], ' ');
        line += this.board[c] === 0 ? '.' : String(this.board[c]);
      }
      lines.push(line);
    }
    return lines.join('\n');
  }
}

/** Whether a move's text is `leave` (any case, spaces around). */
export function isLeaveText(text: string): boolean {
  return typeof text === 'string' && text.trim().toLowerCase() === 'leave';
}

function parsePath(geo: Geometry, text: string): number[] {
  if (typeof text !== 'string') throw new RangeError('a move must be text');
  const t = text.trim();
  if (t.toLowerCase() === 'pass') return [];
  const tokens = t.split('-');
  if (tokens.length < 2) throw new RangeError(`"${text}" is not a move: write holes joined by '-' (e.g. n2-m2), "pass" or "leave"`);
  const path: number[] = [];
  for (const tok of tokens) {
    const c = holeIndex(geo, tok);
    if (c < 0) throw new RangeError(`"${tok}" is not a hole of the ${geo.kind} board (in "${text}")`);
    if (path.includes(c)) throw new RangeError(`hole ${tok} appears twice in "${text}"`);
    path.push(c);
  }
  if (path.length > 2) {
    for (let i = 1; i < path.length; i++) {
      let hop = false;
      for (let d = 0; d < geo.dirs; d++) if (geo.landing[path[i - 1] * geo.dirs + d] === path[i]) hop = true;
      if (!hop) throw new RangeError(`${tokens[i - 1]}-${tokens[i]} is not a hop (in "${text}")`);
    }
  }
  return path;
}

function checkSetup(geo: Geometry, rules: CheckersRules, setup: CheckersSetup): CheckersSetup {
  if (!setup || !Array.isArray(setup.pieces)) throw new RangeError('setup.pieces must be a list per player');
  if (setup.pieces.length !== rules.players) {
    throw new RangeError(`setup has pieces for ${setup.pieces.length} players, the rules say ${rules.players}`);
  }
  const seen = new Int8Array(geo.cells).fill(-1);
  setup.pieces.forEach((list, p) => {
    if (!Array.isArray(list)) throw new RangeError(`setup.pieces[${p}] must be a list of holes`);
    if (list.length > geo.cells) throw new RangeError(`player ${p + 1} has more pieces than the board has holes`);
    for (const c of list) {
      if (!Number.isInteger(c) || c < 0 || c >= geo.cells) throw new RangeError(`player ${p + 1}: ${JSON.stringify(c)} is not a hole of the ${geo.kind} board`);
      if (seen[c] >= 0) throw new RangeError(`hole ${geo.names[c]} holds two pieces (players ${seen[c] + 1} and ${p + 1})`);
      seen[c] = p;
    }
  });
  if (!Number.isInteger(setup.toMove) || setup.toMove < 0 || setup.toMove >= rules.players) {
    throw new RangeError(`setup.toMove must be a player from 0 to ${rules.players - 1}, got ${JSON.stringify(setup.toMove)}`);
  }
  return { pieces: setup.pieces.map((l) => [...l]), toMove: setup.toMove };
}

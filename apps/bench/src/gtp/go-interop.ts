/**
 * Random Go games played in lockstep by Qi's GoPosition and a GTP referee (GNU Go), comparing at every ply the
 * full set of legal moves of the side to move (one `all_legal` query per ply) and, at the end, the stones on the
 * board and the capture counts. Moves are drawn with a strong preference for captures, ataris and contact
 * play, so games are dense with captures, kos, suicide points and ko recaptures; and now and then a move that
 * Qi calls illegal (suicide, ko, superko) is offered to the referee, which must refuse it too.
 */
import { GoPosition, PASS, Rng, type KoRule } from '@qi/engine';
import { GtpFailure, type GtpClient } from './client.js';

/** One interop game's settings. */
export interface InteropGame {
  size: number;
  /** Seeds the move choices; the same seed replays the same game. */
  seed: number;
  /** The game stops after this many plies (it never ends by two passes). */
  maxPlies: number;
  /** Qi's ko rule; the referee must have been started with the matching option. */
  ko: KoRule;
  /** Qi's suicide rule (multi-stone suicide allowed); the referee must have been started with `--allow-suicide`. */
  suicide: boolean;
}

/** What the interop games exercised, summed over games. */
export interface InteropStats {
  games: number;
  plies: number;
  passes: number;
  /** Moves that captured at least one stone. */
  capturingMoves: number;
  stonesCaptured: number;
  /** Captures of one stone that left a ko (the capturing stone can be retaken at once but for the ko rule). */
  koCaptures: number;
  /** Moves that removed their own chain (multi-stone suicide, where the rules allow it). */
  suicides: number;
  /** Games that ended by two passes before the ply cap (a side with no legal point must pass). */
  endedByPasses: number;
  /**
   * Suicides that repeat an earlier position, which Qi forbids under superko and GNU Go 3.8 allows (its
   * is_superko_violation plays the move with do_play_move, which never removes the suicided chain); each one is
   * confirmed against the game's earlier boards by an independent flood fill before it is excused.
   */
  gnugoSuperkoSuicideMisses: number;
  /** Empty points both engines judged illegal, summed over plies, by Qi's reason. */
  illegalPoints: { suicide: number; ko: number; superko: number };
  /** Illegal moves offered to the referee with `play` (all refused), by Qi's reason. */
  illegalTries: { suicide: number; ko: number; superko: number };
}

/** Empty counters to pass to `playInteropGame`. */
export function emptyStats(): InteropStats {
  return {
    games: 0,
    plies: 0,
    passes: 0,
    capturingMoves: 0,
    stonesCaptured: 0,
    koCaptures: 0,
    suicides: 0,
    endedByPasses: 0,
    gnugoSuperkoSuicideMisses: 0,
    illegalPoints: { suicide: 0, ko: 0, superko: 0 },
    illegalTries: { suicide: 0, ko: 0, superko: 0 },
  };
}

/** Adds `b`'s counters into `a`. */
export function addStats(a: InteropStats, b: InteropStats): void {
  a.games += b.games;
  a.plies += b.plies;
  a.passes += b.passes;
  a.capturingMoves += b.capturingMoves;
  a.stonesCaptured += b.stonesCaptured;
  a.koCaptures += b.koCaptures;
  a.suicides += b.suicides;
  a.endedByPasses += b.endedByPasses;
  a.gnugoSuperkoSuicideMisses += b.gnugoSuperkoSuicideMisses;
  for (const k of ['suicide', 'ko', 'superko'] as const) {
    a.illegalPoints[k] += b.illegalPoints[k];
    a.illegalTries[k] += b.illegalTries[k];
  }
}

/** Qi and the referee disagree; the message holds everything needed to replay and judge the case. */
export class InteropDisagreement extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InteropDisagreement';
  }
}

const COLOR = ['black', 'white'] as const;

/** Weights of the move picker: captures first, then ataris, rescues and contact moves, then anything. */
const W_CAPTURE = 40;
const W_SUICIDE = 20;
const W_ATARI = 8;
const W_RESCUE = 6;
const W_CONTACT = 3;
const W_OTHER = 1;
/** Chance of a pass per ply once the opening is over (never twice in a row, so the game does not end). */
const P_PASS = 0.02;
/** Chance, when a ko is pending, that the side barred from retaking passes (the ko must then lapse). */
const P_PASS_AT_KO = 0.1;
/** Chance per ply of offering the referee one move Qi calls illegal, when there is one. */
const P_TRY_ILLEGAL = 0.25;
/** Chance of offering the referee the ko recapture Qi forbids, when there is one (rarer than suicide points). */
const P_TRY_KO = 0.5;

/** Geometry of one board size, computed once: vertex texts and neighbour lists of every point. */
class Geometry {
  readonly points: Int32Array;
  readonly text = new Map<number, string>();
  readonly neighbors = new Map<number, number[]>();

  constructor(pos: GoPosition) {
    this.points = pos.points();
    const n = pos.size;
    for (const p of this.points) {
      this.text.set(p, pos.moveToText(p));
      const c = pos.col(p);
      const r = pos.row(p);
      const list: number[] = [];
      if (c > 0) list.push(pos.point(c - 1, r));
      if (c < n - 1) list.push(pos.point(c + 1, r));
      if (r > 0) list.push(pos.point(c, r - 1));
      if (r < n - 1) list.push(pos.point(c, r + 1));
      this.neighbors.set(p, list);
    }
  }
}

const geometries = new Map<number, Geometry>();

function geometry(pos: GoPosition): Geometry {
  let g = geometries.get(pos.size);
  if (g === undefined) {
    g = new Geometry(pos);
    geometries.set(pos.size, g);
  }
  return g;
}

/** How attractive a legal point is for the player to move (see the W_* weights). */
function weight(pos: GoPosition, g: Geometry, p: number, me: number): number {
  let w = W_OTHER;
  let breath = false;
  for (const q of g.neighbors.get(p)!) {
    const s = pos.stoneAt(q);
    if (s === 0) {
      breath = true;
      continue;
    }
    const libs = pos.liberties(q);
    if (s !== me) {
      if (libs === 1) return W_CAPTURE;
      if (libs === 2) w = Math.max(w, W_ATARI);
    } else if (libs === 1) w = Math.max(w, W_RESCUE);
    else breath = true;
    w = Math.max(w, W_CONTACT);
  }
  // A legal point without breath is a multi-stone suicide, legal only when the rules allow it: play them often.
  return breath ? w : W_SUICIDE;
}

/** Picks the next move: a weighted legal point, or sometimes a pass. */
function pickMove(pos: GoPosition, g: Geometry, legal: Int32Array, count: number, rng: Rng, lastWasPass: boolean): number {
  if (!lastWasPass && pos.ply >= pos.size * 2) {
    const koPending = pos.koPoint() !== -1;
    if (rng.float() < (koPending ? P_PASS_AT_KO : P_PASS)) return PASS;
  }
  const me = pos.currentPlayer() + 1;
  let total = 0;
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    const w = legal[i] === PASS ? 0 : weight(pos, g, legal[i], me);
    weights.push(w);
    total += w;
  }
  if (total === 0) return PASS;
  let x = rng.float() * total;
  for (let i = 0; i < count; i++) {
    x -= weights[i];
    if (x < 0 && weights[i] > 0) return legal[i];
  }
  for (let i = count - 1; i >= 0; i--) if (weights[i] > 0) return legal[i];
  return PASS;
}

/** The game so far as GTP commands, to replay a disagreement by hand. */
function transcript(size: number, moves: string[]): string {
  return [`boardsize ${size}`, 'clear_board', ...moves].join('\n');
}

function setDiff(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

/**
 * The board after `color` ('X' or 'O') plays a suicide at (col,row) of `board` (rows of X/O/., as
 * GoPosition.toString writes them), by flood fill — independent of GoPosition's chains. Null if the move
 * captures or has a liberty, i.e. is no suicide.
 */
export function boardAfterSuicide(board: string, col: number, row: number, color: 'X' | 'O'): string | null {
  const rows = board.split('\n').map((r) => [...r]);
  const n = rows.length;
  const at = (c: number, r: number): string => (c < 0 || r < 0 || c >= n || r >= n ? '#' : rows[r][c]);
  const step = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
  rows[row][col] = color;
  // Flood fill the chains of both colours touching the point; any liberty or enemy capture means no suicide.
  const chainOf = (c0: number, r0: number): { stones: [number, number][]; free: boolean } => {
    const who = at(c0, r0);
    const seen = new Set([`${c0},${r0}`]);
    const stones: [number, number][] = [[c0, r0]];
    let free = false;
    for (let i = 0; i < stones.length; i++) {
      const [c, r] = stones[i];
      for (const [dc, dr] of step) {
        const v = at(c + dc, r + dr);
        if (v === '.') free = true;
        else if (v === who && !seen.has(`${c + dc},${r + dr}`)) {
          seen.add(`${c + dc},${r + dr}`);
          stones.push([c + dc, r + dr]);
        }
      }
    }
    return { stones, free };
  };
  for (const [dc, dr] of step) {
    const v = at(col + dc, row + dr);
    if (v !== '.' && v !== '#' && v !== color && !chainOf(col + dc, row + dr).free) return null;
  }
  const own = chainOf(col, row);
  if (own.free) return null;
  for (const [c, r] of own.stones) rows[r][c] = '.';
  return rows.map((r) => r.join('')).join('\n');
}

/** Qi's verdict on a point, for disagreement reports. */
function verdict(pos: GoPosition, p: number): string {
  const a = pos.analyze(p);
  return a.legal ? `legal (captures ${a.captures.length})` : `illegal: ${a.reason}`;
}

/**
 * Plays one game against the referee (which must already be in GTP mode with matching rules), updating
 * `stats`; throws InteropDisagreement at the first difference.
 */
export async function playInteropGame(gtp: GtpClient, game: InteropGame, stats: InteropStats): Promise<void> {
  const { size, seed, maxPlies, ko, suicide } = game;
  const pos = new GoPosition({ size, ko, suicide });
  const g = geometry(pos);
  const rng = new Rng(seed);
  const legal = new Int32Array(size * size + 1);
  const moves: string[] = [];
  /** Every earlier board (with the side to move), kept only where GNU Go's superko has to be double-checked. */
  const history: { board: string; toMove: number }[] = [];
  const checkSuperkoSuicides = suicide && ko !== 'simple';
  /** Whether GNU Go's allowing `v` is its known superko-by-suicide blind spot, confirmed independently. */
  const gnugoSuicideBlindSpot = (v: string): boolean => {
    if (!checkSuperkoSuicides) return false;
    const p = pos.parseMove(v);
    if (pos.analyze(p).reason !== 'superko') return false;
    const after = boardAfterSuicide(pos.toString(), pos.col(p), pos.row(p), pos.currentPlayer() === 0 ? 'X' : 'O');
    const next = 1 - pos.currentPlayer();
    return after !== null && history.some((h) => h.board === after && (ko === 'positional' || h.toMove === next));
  };
  const where = (): string =>
    `${size}x${size} game seed ${seed} (${ko} ko, suicide ${suicide ? 'allowed' : 'forbidden'}), ply ${pos.ply}`;

  const fail = async (what: string): Promise<never> => {
    const board = await gtp.send('showboard').catch((e: Error) => `(showboard failed: ${e.message})`);
    throw new InteropDisagreement(
      `${where()}: ${what}\n\nQi's position (${COLOR[pos.currentPlayer()]} to move, ko point ${
        pos.koPoint() === -1 ? 'none' : g.text.get(pos.koPoint())
      }):\n${pos.toString()}\n\nGNU Go's board:${board}\n\nReplay in GNU Go:\n${transcript(size, moves)}`,
    );
  };

  await gtp.sendAll([`boardsize ${size}`, 'clear_board']);
  let referee = gtp.send(`all_legal ${COLOR[pos.currentPlayer()]}`);
  let lastWasPass = false;
  // Passes are never chosen twice in a row, but a side with no legal point must pass: then the game may end.
  for (let ply = 0; ply < maxPlies && !pos.isTerminal(); ply++) {
    const me = pos.currentPlayer();
    if (checkSuperkoSuicides) history.push({ board: pos.toString(), toMove: me });
    const count = pos.legalMoves(legal);
    const ours = new Set<string>();
    for (let i = 0; i < count; i++) if (legal[i] !== PASS) ours.add(g.text.get(legal[i])!);
    const theirs = new Set((await referee).split(/\s+/).filter((v) => v !== '' && v.toUpperCase() !== 'PASS'));
    const onlyOurs = setDiff(ours, theirs);
    const excused = setDiff(theirs, ours).filter(gnugoSuicideBlindSpot);
    stats.gnugoSuperkoSuicideMisses += excused.length;
    const onlyTheirs = setDiff(theirs, ours).filter((v) => !excused.includes(v));
    if (onlyOurs.length > 0 || onlyTheirs.length > 0) {
      const explain = (vs: string[]): string =>
        vs.map((v) => `${v} (Qi: ${verdict(pos, pos.parseMove(v))})`).join(', ') || 'none';
      await fail(
        `legal moves for ${COLOR[me]} differ.\n  Qi allows, GNU Go forbids: ${explain(onlyOurs)}\n` +
          `  GNU Go allows, Qi forbids: ${explain(onlyTheirs)}`,
      );
    }

    // Count the empty points both call illegal, and sometimes offer one of them to the referee.
    const refused: number[] = [];
    for (const p of g.points) {
      // Points GNU Go allows (its blind spot above) are not offered to it: it would play them.
      if (pos.stoneAt(p) !== 0 || ours.has(g.text.get(p)!) || theirs.has(g.text.get(p)!)) continue;
      const reason = pos.analyze(p).reason;
      if (reason === 'suicide' || reason === 'ko' || reason === 'superko') {
        stats.illegalPoints[reason]++;
        refused.push(p);
      }
    }
    const koPoint = pos.koPoint();
    const tryKo = koPoint !== -1 && pos.analyze(koPoint).reason === 'ko' && rng.float() < P_TRY_KO;
    if (tryKo || (refused.length > 0 && rng.float() < P_TRY_ILLEGAL)) {
      const p = tryKo ? koPoint : refused[rng.int(refused.length)];
      const reason = pos.analyze(p).reason as 'suicide' | 'ko' | 'superko';
      const answer = await gtp.send(`play ${COLOR[me]} ${g.text.get(p)}`).then(
        () => 'accepted',
        (e: unknown) => {
          if (e instanceof GtpFailure) return e.reason;
          throw e;
        },
      );
      if (answer !== 'illegal move') {
        await fail(`GNU Go answered "${answer}" to play ${COLOR[me]} ${g.text.get(p)}, which Qi refuses (${reason})`);
      }
      stats.illegalTries[reason]++;
    }

    const move = pickMove(pos, g, legal, count, rng, lastWasPass);
    const before = pos.captures(me);
    const lostBefore = pos.captures(1 - me);
    pos.play(move);
    const captured = pos.captures(me) - before;
    if (pos.captures(1 - me) > lostBefore) stats.suicides++;
    const vertex = move === PASS ? 'pass' : g.text.get(move)!;
    const command = `play ${COLOR[me]} ${vertex}`;
    moves.push(command);
    stats.plies++;
    if (move === PASS) stats.passes++;
    if (captured > 0) {
      stats.capturingMoves++;
      stats.stonesCaptured += captured;
      if (captured === 1 && pos.koPoint() !== -1) stats.koCaptures++;
    }
    lastWasPass = move === PASS;
    // Pipelined: the move and the next legality query go out together.
    const played = gtp.send(command).catch((e: unknown) => e as Error);
    referee = gtp.send(`all_legal ${COLOR[pos.currentPlayer()]}`);
    referee.catch(() => {});
    const result = await played;
    if (result instanceof Error) {
      await referee.catch(() => {});
      await fail(`GNU Go refused ${command}, which Qi played: ${result.message}`);
    }
  }
  await referee.catch(() => {});
  if (pos.isTerminal()) stats.endedByPasses++;

  const [capBlack, capWhite, blackStones, whiteStones] = await gtp.sendAll([
    'captures black',
    'captures white',
    'list_stones black',
    'list_stones white',
  ]);
  const oursBlack: string[] = [];
  const oursWhite: string[] = [];
  for (const p of g.points) {
    const s = pos.stoneAt(p);
    if (s === 1) oursBlack.push(g.text.get(p)!);
    else if (s === 2) oursWhite.push(g.text.get(p)!);
  }
  const sorted = (text: string): string => text.split(/\s+/).filter((v) => v !== '').sort().join(' ');
  if (sorted(blackStones) !== oursBlack.sort().join(' ') || sorted(whiteStones) !== oursWhite.sort().join(' ')) {
    await fail(`the stones on the board differ at the end:\n  GNU Go black: ${blackStones}\n  GNU Go white: ${whiteStones}`);
  }
  if (Number(capBlack) !== pos.captures(0) || Number(capWhite) !== pos.captures(1)) {
    await fail(
      `capture counts differ at the end: Qi black ${pos.captures(0)} white ${pos.captures(1)}, ` +
        `GNU Go black ${capBlack} white ${capWhite}`,
    );
  }
  stats.games++;
}

import { MAX_MOVES, Rng, type Position } from '@qi/engine';
import { Bot } from '../worker/bot.js';
import { workerGame } from '../worker/games.js';
import type { ThinkLimits } from '../worker/protocol.js';

/** A small in-process match between two Bot settings (for tests and quick strength checks; the bench runs the real ones). */
export interface MatchOptions {
  /** Game id of the registry. */
  game: string;
  /** Its rules. */
  rules?: Record<string, unknown>;
  /** Limits of the player under test (A) and of its opponent (B), e.g. `{ algorithm: 'classic' }`. */
  a: ThinkLimits;
  b: ThinkLimits;
  /** Number of games; pairs of games share a random opening, A playing each colour once (two players only). */
  games: number;
  /** Random plies of each opening (default 4). */
  openingPlies?: number;
  /** Makes an opening (played on `pos`) instead of uniformly random plies. */
  opening?: (pos: Position, rng: Rng) => number[];
  /** Seed of the openings. */
  seed?: number;
  /** Longest game, in plies (default 400). */
  maxPlies?: number;
  /** Called after each game with its record. */
  onGame?: (g: MatchGame) => void;
}

/** One finished match game. */
export interface MatchGame {
  /** Seat of A (0 = first player). */
  seatA: number;
  /** A's return: 1 win, 0 draw, -1 loss (or the game's fractional return). */
  resultA: number;
  /** The moves, opening included. */
  moves: number[];
  /** Plies of the opening. */
  opening: number;
  /** Alpha-beta nodes A searched and the time it spent. */
  nodesA: number;
  timeMsA: number;
}

/** What a match gave: A's wins, draws and losses, and the games. */
export interface MatchResult {
  wins: number;
  draws: number;
  losses: number;
  games: MatchGame[];
}

/** Random legal plies (the default opening). */
export function randomOpening(pos: Position, plies: number, rng: Rng, buf: Int32Array = new Int32Array(MAX_MOVES)): number[] {
  const out: number[] = [];
  for (let i = 0; i < plies && !pos.isTerminal(); i++) {
    const m = buf[rng.int(pos.legalMoves(buf))];
    pos.play(m);
    out.push(m);
  }
  return out;
}

/** Plays the match in this thread (two-player games: A takes seat 0 in even games, seat 1 in odd ones). */
export async function playMatch(o: MatchOptions): Promise<MatchResult> {
  const { definition } = workerGame(o.game);
  const create = (): Position => definition.create(o.rules);
  const rng = new Rng(o.seed ?? 1);
  const buf = new Int32Array(MAX_MOVES);
  const returns = new Float64Array(6);
  const botA = new Bot({ seed: 11 });
  const botB = new Bot({ seed: 12 });
  const result: MatchResult = { wins: 0, draws: 0, losses: 0, games: [] };
  let opening: number[] = [];
  for (let g = 0; g < o.games; g++) {
    const seatA = g % 2;
    if (seatA === 0) opening = o.opening ? o.opening(create(), rng) : randomOpening(create(), o.openingPlies ?? 4, rng, buf);
    const pos: Position = create();
    const moves: number[] = [];
    for (const m of opening) {
      pos.play(m);
      moves.push(m);
    }
    let nodesA = 0;
    let timeMsA = 0;
    while (!pos.isTerminal() && moves.length < (o.maxPlies ?? 400)) {
      const aToMove = pos.currentPlayer() === seatA;
      const bot = aToMove ? botA : botB;
      bot.setPosition({ game: o.game, rules: o.rules, moves });
      const answer = await bot.think(aToMove ? o.a : o.b);
      if (aToMove) {
        nodesA += answer.nodes;
        timeMsA += answer.timeMs;
      }
      const m = answer.move;
      if (m === null || !pos.isLegal(m)) throw new Error(`game ${g + 1}: ${aToMove ? 'A' : 'B'} answered ${String(m)} at ply ${moves.length}, not a legal move`);
      pos.play(m);
      moves.push(m);
    }
    pos.returns(returns);
    const r = pos.isTerminal() ? returns[seatA] : 0;
    if (r > 0) result.wins++;
    else if (r < 0) result.losses++;
    else result.draws++;
    const record: MatchGame = { seatA, resultA: r, moves, opening: opening.length, nodesA, timeMsA };
    result.games.push(record);
    o.onGame?.(record);
  }
  return result;
}

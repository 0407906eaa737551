/**
 * One game between two players from a given opening: the harness holds the position, asks the side to move
 * for a move within its deadline, checks it, and ends the game by the rules, by a fault (illegal move, time-out,
 * crash: a loss with the reason), or by adjudication at the move cap. Go games may be refereed by GNU Go.
 */
import { deadStones } from '@qi/ai-worker';
import { GoPosition, ReversiPosition, playChecked, scoreArea, type Position } from '@qi/engine';
import type { BenchGame } from './games.js';
import { PlayerFault, type Player } from './players.js';
import type { GoReferee } from './referee.js';
import type { MoveStat } from './types.js';

/** What one game produced (from the board's side: player 0 is Black / first). */
export interface PlayedGame {
  /** Result for player 0: 1, 0.5 or 0. */
  score0: number;
  /** SGF RE text. */
  result: string;
  reason: string;
  moves: number[];
  stats: (MoveStat | null)[];
  timeMs: number;
}

/** Settings of one game. */
export interface PlayOptions {
  /** Hard limit per move before it counts as a time-out, ms. */
  moveDeadlineMs: number;
  /** GNU Go referee for Go (legality and final score), or null. */
  referee?: GoReferee | null;
  /** The game's seed for the players' randomness (a level's pick): the same seed, the same game on any thread. */
  seed?: number;
}

const COLOUR = ['B', 'W'];

/** Plays `players[0]` (first) against `players[1]` from `opening`. */
export async function playGame(game: BenchGame, players: readonly [Player, Player], opening: readonly number[], options: PlayOptions): Promise<PlayedGame> {
  const t0 = performance.now();
  const pos = game.create();
  const moves: number[] = [];
  const stats: (MoveStat | null)[] = [];
  const referee = game.id === 'go' ? (options.referee ?? null) : null;
  const lose = (loser: number, why: string): PlayedGame => ({
    score0: loser === 0 ? 0 : 1,
    result: `${COLOUR[1 - loser] ?? String(1 - loser)}+F`,
    reason: `${COLOUR[loser] ?? loser} (${players[loser].name}) ${why}`,
    moves,
    stats,
    timeMs: performance.now() - t0,
  });
  for (let i = 0; i < 2; i++) {
    try {
      await players[i].newGame(game, options.seed);
    } catch (e) {
      return lose(i, `failed to start: ${(e as Error).message}`);
    }
  }
  if (referee !== null) {
    const r = game.rules as { size: number; komi: number };
    await referee.newGame(r.size, r.komi);
  }
  for (const m of opening) {
    // Checked: an opening may come from a file or a queued job, not only from the seeded legal draw.
    try {
      playChecked(pos, m);
    } catch (e) {
      throw new Error(`opening move ${moves.length + 1}: ${(e as Error).message}`);
    }
    moves.push(m);
    stats.push(null);
    if (referee !== null) {
      const why = await referee.play(COLOUR[(moves.length - 1) % 2] as 'B' | 'W', pos.moveToText(m));
      if (why !== null) throw new Error(`the referee refused opening move ${moves.length} (${pos.moveToText(m)}): ${why}`);
    }
  }
  while (!pos.isTerminal()) {
    if (moves.length >= game.maxPlies) return adjudicate(game, pos, moves, stats, t0, referee, `move cap of ${game.maxPlies} plies`);
    const side = pos.currentPlayer();
    const player = players[side];
    const start = performance.now();
    let answer;
    try {
      answer = await player.move(pos, moves, options.moveDeadlineMs);
    } catch (e) {
      if (e instanceof PlayerFault) return lose(side, `${e.kind}: ${e.message}`);
      return lose(side, `crash: ${(e as Error).message}`);
    }
    const timeMs = performance.now() - start;
    if (answer.move === 'resign') {
      return { score0: side === 0 ? 0 : 1, result: `${COLOUR[1 - side]}+R`, reason: `${COLOUR[side]} (${player.name}) resigned`, moves, stats, timeMs: performance.now() - t0 };
    }
    if (!pos.isLegal(answer.move)) return lose(side, `illegal move ${answer.text} at ply ${moves.length + 1}`);
    if (referee !== null) {
      const why = await referee.play(COLOUR[side] as 'B' | 'W', pos.moveToText(answer.move));
      if (why !== null) return lose(side, `illegal move ${answer.text} at ply ${moves.length + 1} (referee: ${why})`);
    }
    pos.play(answer.move);
    moves.push(answer.move);
    stats.push({ player: player.name, timeMs, ...answer.stat });
  }
  return finish(game, pos, moves, stats, t0, referee, game.id === 'go' ? 'two passes' : 'end of game');
}

async function adjudicate(game: BenchGame, pos: Position, moves: number[], stats: (MoveStat | null)[], t0: number, referee: GoReferee | null, why: string): Promise<PlayedGame> {
  if (game.id === 'go') return finish(game, pos, moves, stats, t0, referee, why);
  return { score0: 0.5, result: '0', reason: `draw by ${why}`, moves, stats, timeMs: performance.now() - t0 };
}

async function finish(game: BenchGame, pos: Position, moves: number[], stats: (MoveStat | null)[], t0: number, referee: GoReferee | null, why: string): Promise<PlayedGame> {
  if (pos instanceof GoPosition) {
    let result: string;
    let how: string;
    if (referee !== null) {
      result = await referee.finalScore();
      how = 'GNU Go final_score, Chinese rules';
    } else {
      result = scoreArea(pos, deadStones(pos)).result;
      how = "Qi's area count, dead stones by Qi's policy (the one GTP and the web app use)";
    }
    const score0 = result.startsWith('B+') ? 1 : result.startsWith('W+') ? 0 : 0.5;
    return { score0, result, reason: `${why}; ${how}`, moves, stats, timeMs: performance.now() - t0 };
  }
  const out = new Float64Array(pos.playerCount);
  pos.returns(out);
  const score0 = out[0] > 0 ? 1 : out[0] < 0 ? 0 : 0.5;
  const result = resultOf(pos, score0);
  return { score0, result, reason: why === 'end of game' ? endReason(game) : why, moves, stats, timeMs: performance.now() - t0 };
}

function resultOf(pos: Position, score0: number): string {
  if (pos instanceof ReversiPosition) {
    const s = pos.score();
    return s > 0 ? `B+${s}` : s < 0 ? `W+${-s}` : '0';
  }
  return score0 === 1 ? 'B+' : score0 === 0 ? 'W+' : '0';
}

function endReason(game: BenchGame): string {
  if (game.id === 'gomoku') return 'five in a row or full board';
  if (game.id === 'reversi') return 'no moves for either side';
  return 'end of game';
}

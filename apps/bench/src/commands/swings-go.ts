/**
 * `bench swings-go`: where a player's Go games turned, by GNU Go's score estimate along each game beside the
 * player's own win rate (apps/bench/src/train/go-swings.ts).
 */
import { writeFileSync } from 'node:fs';
import { Flags, UsageError } from '../cli/args.js';
import { startGnuGo } from '../gtp/gnugo.js';
import { readGoGames } from '../train/go.js';
import { PEAK_FROM_MOVE, UNSEEN_FALL_POINTS, gameSwings, summarizeSwings, type GameSwings } from '../train/go-swings.js';
import type { CommandIo } from './io.js';

/** The swings-go flags as `--help` prints them. */
export const swingsGoUsage = `swings-go options:
  --from DIR[,DIR…]  folders searched for bench match folders of Go games
  --player TEXT      the player judged: its name contains TEXT (default qi)
  --every N          GNU Go's estimate every N plies, at the player's peak and at the end (default 10)
  --level N          GNU Go's level (default 10)
  --games            a line for every game
  --save FILE        every game's samples as JSON lines`;

/** Runs the judgement (needs gnugo); 0 when at least one game was judged. */
export async function swingsGoCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const f = new Flags(argv, ['games']);
  const from = f.list('from', 'the folders of the games to judge');
  const player = f.string('player', 'qi') as string;
  const every = f.int('every', 10, 1, 1000);
  const level = f.int('level', 10, 0, 10);
  const perGame = f.bool('games');
  const save = f.string('save');
  f.checkUsed();
  // A game the player took part in on one side only: it is the "expert" of the shared reader.
  const games = readGoGames(from, player).filter((g) => g.expert[0] !== g.expert[1]);
  if (games.length === 0) throw new UsageError(`no finished Go game of a player named with "${player}" (and an opponent who is not) under ${from.join(', ')}`);
  const start = () => startGnuGo(['--level', String(level), '--chinese-rules']);
  let gnugo = start();
  const judged: GameSwings[] = [];
  const skipped: string[] = [];
  try {
    for (const [i, g] of games.entries()) {
      try {
        const s = await gameSwings(gnugo, g, g.expert[0] ? 0 : 1, every);
        judged.push(s);
        io.err.write(`${i + 1}/${games.length} ${g.file}\n`);
        if (perGame) io.out(gameLine(s));
      } catch (e) {
        // A move GNU Go refuses or a crash of GNU Go costs that game only: named, and a fresh engine for the next.
        skipped.push(g.file);
        io.err.write(`${i + 1}/${games.length} ${g.file} not judged: ${(e as Error).message}\n`);
        await gnugo.close().catch(() => undefined);
        gnugo = start();
      }
    }
  } finally {
    await gnugo.close();
  }
  if (judged.length === 0) throw new Error(`GNU Go judged none of the ${games.length} games (the first refused: ${skipped[0]})`);
  const s = summarizeSwings(judged);
  io.out(`${s.games} games of "${player}" judged by GNU Go level ${level}'s estimate_score every ${every} plies: ${s.won} won, ${s.resigned} lost by resignation, ${s.counted} on the count${skipped.length > 0 ? `; ${skipped.length} not judged (${skipped.join(', ')})` : ''}`);
  io.out(`losses where its win rate reached 0.60 after its move ${PEAK_FROM_MOVE}: ${s.lostFromPeak}; at that peak GNU Go had it ahead in ${s.peakAhead}, by more than 10 points in ${s.peakAheadBy10}`);
  io.out(`a fall of ${UNSEEN_FALL_POINTS}+ points between samples with its win rate still 0.50 or more after it: ${s.unseenFalls} games (${s.unseenFallsLost} lost)`);
  io.out(`GNU Go's estimate at its resignations: median ${Number.isNaN(s.resignedMedian) ? '—' : pts(s.resignedMedian)}; counted losses it passed at a win rate of 0.50 or more: ${s.countedBelieved}`);
  if (save !== undefined) writeFileSync(save, judged.map((j) => JSON.stringify(j)).join('\n') + '\n');
  return 0;
}

/** Points with their sign, to a tenth. */
function pts(x: number): string {
  return `${x > 0 ? '+' : ''}${x.toFixed(1)}`;
}

/** One game: its result, the player's peak and GNU Go's estimate there, and the largest fall. */
function gameLine(s: GameSwings): string {
  const rate = (w: number | null) => (w === null ? '—' : w.toFixed(2));
  const peak = s.peak === null ? 'no peak' : `peak ${rate(s.peak.winRate)} at ply ${s.peak.ply} (GNU Go ${pts(s.peak.estimate)})`;
  const fall =
    s.fall === null
      ? ''
      : `; largest fall ${pts(s.fall.to.estimate - s.fall.from.estimate)} at plies ${s.fall.from.ply}–${s.fall.to.ply} (${pts(s.fall.from.estimate)} → ${pts(s.fall.to.estimate)}, win rate ${rate(s.fall.from.winRate)} → ${rate(s.fall.to.winRate)})`;
  return `${s.file} ${s.colour === 0 ? 'B' : 'W'} ${s.result} ${s.won ? 'won' : 'lost'}: ${peak}${fall}`;
}

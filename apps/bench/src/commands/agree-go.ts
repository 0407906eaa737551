/**
 * `bench agree-go`: how often Go's search at a playout budget plays the expert's move on the positions of the games
 * train-go held out (apps/bench/src/train/go-agreement.ts), beside its model's and hand priors' favourites; with
 * --loss, also the points GNU Go's valuation says each of those moves loses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Flags, UsageError } from '../cli/args.js';
import { goAgreement } from '../train/go-agreement.js';
import { startGnuGo } from '../gtp/gnugo.js';
import { formatSearched, pairedLoss, parseSearched } from '../train/go-paired.js';
import { parseSwings, unseenFallPlies } from '../train/go-swings.js';
import type { CommandIo } from './io.js';

/** The agree-go flags as `--help` prints them. */
export const agreeGoUsage = `agree-go options:
  --from DIR[,DIR…]  folders searched for bench match folders of Go games (as given to train-go)
  --expert TEXT      the player whose moves are the answers: its name contains TEXT (default gnugo)
  --hold-out N       measure on the games train-go --hold-out N left out of its fit (default 5)
  --playouts N       playouts of each search (default 9000)
  --positions N      positions measured at most (default 100)
  --every N          one position every N plies of a game, from ply 20 (default 9)
  --seed N           seed of each search (default 1)
  --loss             also the points each move loses by GNU Go 3.8 level 10's valuation (all_move_values; needs gnugo)
  --save FILE        write each position's search move and loss (JSON lines) for a later --against
  --against FILE     with --loss: this run's loss minus a saved run's, paired by position (mean ± standard error)
  --positions-from FILE  instead of the held-out games: the plies where the expert moved inside the falls it did not
                     see, from a swings-go --save FILE of the same --from (with --expert naming that player)`;

/** Runs the measurement; 0 when at least one position was measured. */
export async function agreeGoCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const f = new Flags(argv, ['loss']);
  const from = f.list('from', 'the folders of the games to measure on');
  const expert = f.string('expert', 'gnugo') as string;
  const holdOutEvery = f.int('hold-out', 5, 2, 1000);
  const playouts = f.int('playouts', 9000, 1, 10_000_000);
  const positions = f.int('positions', 100, 1, 100_000);
  const every = f.int('every', 9, 1, 1000);
  const seed = f.int('seed', 1, 0, 2 ** 31 - 1);
  const withLoss = f.bool('loss');
  const save = f.string('save');
  const againstFile = f.string('against');
  const positionsFrom = f.string('positions-from');
  f.checkUsed();
  if (againstFile !== undefined && !withLoss) throw new UsageError('--against compares losses: it needs --loss');
  // Read before the hours of searching, so that a bad file fails at once.
  const against = againstFile === undefined ? undefined : parseSearched(readFileSync(againstFile, 'utf8'), againstFile);
  const only = positionsFrom === undefined ? undefined : unseenFallPlies(parseSwings(readFileSync(positionsFrom, 'utf8'), positionsFrom));
  if (only !== undefined && only.size === 0) throw new UsageError(`${positionsFrom} has no fall the player did not see`);
  const gnugo = withLoss ? startGnuGo(['--level', '10', '--chinese-rules']) : undefined;
  let r;
  try {
    r = await goAgreement({ from, expert, holdOutEvery, playouts, positions, every, seed, log: (line) => io.err.write(`${line}\n`), gnugo, only });
  } finally {
    await gnugo?.close();
  }
  const share = (k: number): string => `${String(k).padStart(4)} (${((100 * k) / r.positions).toFixed(1)}%)`;
  io.out(`the expert's move on ${r.positions} ${only === undefined ? 'held-out positions' : `positions of ${positionsFrom}'s unseen falls`}:`);
  io.out(`search at ${playouts} playouts ${share(r.search)}  ${(r.msPerSearch / 1000).toFixed(2)} s a search`);
  io.out(`model's favourite      ${share(r.model)}`);
  io.out(`hand priors' favourite ${share(r.hand)}`);
  if (r.loss !== null) {
    const l = r.loss;
    io.out(`points lost a move by GNU Go's valuation, on the ${l.positions} positions it valued:`);
    io.out(`search ${l.search.toFixed(2)}  model's favourite ${l.model.toFixed(2)}  hand priors' favourite ${l.hand.toFixed(2)}  the expert ${l.expert.toFixed(2)}`);
  }
  if (save !== undefined) writeFileSync(save, formatSearched(r.searched));
  if (against !== undefined) {
    const d = pairedLoss(r.searched, against);
    const sign = d.mean >= 0 ? '+' : '';
    io.out(`against ${againstFile}: ${d.positions} positions in both, ${d.differing} with another move; this run's loss minus that one's ${sign}${d.mean.toFixed(2)} ± ${d.standardError.toFixed(2)}`);
  }
  return 0;
}

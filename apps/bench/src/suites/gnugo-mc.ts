/**
 * GNU Go's own Monte-Carlo playouts per CPU-second (`gnugo --monte-carlo --mc-patterns uniform`, 9x9), the yardstick
 * of Qi's light playouts. GNU Go plays level × `--mc-games-per-level` simulations a genmove; two runs with different
 * simulation counts over the same positions give the rate from the difference of their CPU times, so start-up,
 * reading and the non-Monte-Carlo parts of genmove cancel. GNU Go keeps a fuseki (opening book) move without
 * running its Monte-Carlo search at all, so a genmove that answers from the fuseki plays no simulations: the
 * first reading counted three genmoves' simulations when only one or two ran, which doubled or tripled GNU Go's
 * rate depending on the moves its clock-seeded generator chose. `--nofuseki` makes every genmove a Monte-Carlo
 * one, `--seed` fixes the positions, and each genmove's own CPU time must grow with the budget.
 */
import { readFileSync } from 'node:fs';
import { GtpClient } from '../gtp/client.js';
import { requireGnuGo } from '../gtp/gnugo.js';

/** The opening the genmoves are asked from (away from the empty board, where GNU Go may answer from its fuseki). */
const SETUP = ['boardsize 9', 'clear_board', 'play b e5', 'play w c3', 'play b g7', 'play w c7'];
/** GNU Go's level (simulations a genmove = level × games per level). */
const LEVEL = 10;
/** Genmoves a run asks (alternating colours from the same opening: each plays the previous answer). */
const GENMOVES = 3;

/** Linux CPU time (user + system) of a process so far, in seconds, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** GNU Go's random seed (its default seeds from the clock, so the genmoves' positions would change run to run). */
const SEED = 1;

/** The CPU seconds GNU Go spends on each genmove of one run at `gamesPerLevel`. */
async function runCpu(gamesPerLevel: number): Promise<number[]> {
  const gnugo = requireGnuGo();
  const args = ['--mode', 'gtp', '--seed', String(SEED), '--nofuseki', '--level', String(LEVEL), '--monte-carlo', '--mc-patterns', 'uniform', '--mc-games-per-level', String(gamesPerLevel)];
  const client = GtpClient.start(gnugo, args, {
    name: 'gnugo-mc',
    commandTimeoutMs: 600_000,
  });
  try {
    await client.sendAll(SETUP);
    const pid = client.pid;
    if (pid === undefined) throw new Error('GNU Go did not start');
    const cpu: number[] = [];
    for (let i = 0; i < GENMOVES; i++) {
      const before = cpuSeconds(pid);
      await client.send(`genmove ${i % 2 === 0 ? 'b' : 'w'}`);
      cpu.push(cpuSeconds(pid) - before);
    }
    return cpu;
  } finally {
    await client.close();
  }
}

/** GNU Go's Monte-Carlo simulations per CPU-second on 9x9, from two runs of `low` and `high` games per level. */
export async function gnugoPlayoutsPerCpuSecond(low: number, high: number): Promise<{ rate: number; lowCpu: number; highCpu: number; simulations: number }> {
  const lows = await runCpu(low);
  const highs = await runCpu(high);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const lowCpu = sum(lows), highCpu = sum(highs);
  const simulations = GENMOVES * LEVEL * (high - low);
  if (highCpu <= lowCpu) throw new Error(`GNU Go's Monte-Carlo run of ${high} games per level took no longer than ${low} (${highCpu} vs ${lowCpu} CPU-s): is --monte-carlo ignored?`);
  // Every genmove must have run its simulations: one that skipped them (a kept fuseki or other move) takes about
  // the same time at both budgets, and counting its simulations would inflate the rate.
  const mean = (highCpu - lowCpu) / GENMOVES;
  for (let i = 0; i < GENMOVES; i++) {
    const extra = highs[i] - lows[i];
    if (extra < mean / 4) throw new Error(`GNU Go's genmove ${i + 1} took ${extra.toFixed(2)} CPU-s more at ${high} games per level than at ${low} (mean ${mean.toFixed(2)}): it did not run its Monte-Carlo search`);
  }
  return { rate: simulations / (highCpu - lowCpu), lowCpu, highCpu, simulations };
}

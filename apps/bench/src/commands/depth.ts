/**
 * `bench depth`: how deep a level's search gets in a given time. Seeded positions (random legal plies from the
 * start), each searched by a fresh in-process Bot — the code the web worker runs — at the level with the time (or,
 * for tests, a node budget); prints each position's completed depth, nodes, CPU seconds and nodes per CPU-second,
 * then the means. CPU time, not wall time, is the fair measure on a shared machine (pin it: `taskset -c 0`).
 */
import { MAX_MOVES, Rng, games } from '@qi/engine';
import { Bot } from '@qi/ai-worker';
import { Flags } from '../cli/args.js';
import type { CommandIo } from './io.js';

/** Usage of `depth`. */
export const depthUsage = `depth [--game reversi] [--level 10] [--time-ms 1000 | --nodes N] [--positions 12] [--seed 1] [--min-plies 8] [--max-plies 38]
  level L's search depth per seeded position (random plies from the start), in-process, one position at a time`;

/** One position's search. */
export interface DepthLine {
  /** Random plies played from the start. */
  plies: number;
  /** Deepest completed iteration. */
  depth: number;
  /** Nodes searched. */
  nodes: number;
  /** CPU seconds of the think (this process, all threads: the Bot runs in this one). */
  cpuSeconds: number;
  /** Why the search ended. */
  reason: string;
}

/** The moves (in the game's notation) of `plies` seeded random plies from the start, fewer if the game ends. */
function randomLine(game: string, plies: number, rng: Rng): string[] {
  const pos = games.position({ game });
  const moves = new Int32Array(MAX_MOVES);
  const line: string[] = [];
  for (let i = 0; i < plies && !pos.isTerminal(); i++) {
    const n = pos.legalMoves(moves);
    const m = moves[rng.int(n)];
    line.push(pos.moveToText(m));
    pos.play(m);
  }
  return line;
}

/** Runs the measurement; exit status 0. */
export async function depthCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const flags = new Flags(argv);
  const game = flags.string('game', 'reversi');
  const level = flags.int('level', 10, 1, 10);
  const nodes = flags.int('nodes', undefined);
  const timeMs = flags.int('time-ms', nodes === undefined ? 1000 : undefined);
  const count = flags.int('positions', 12);
  const seed = flags.int('seed', 1, 0);
  const minPlies = flags.int('min-plies', 8, 0);
  const maxPlies = flags.int('max-plies', 38, minPlies);
  flags.checkUsed();
  const rng = new Rng(seed);
  const lines: DepthLine[] = [];
  io.out(`${game} level ${level}, ${nodes !== undefined ? `${nodes} nodes` : `${timeMs} ms`} a position, seed ${seed}`);
  io.out(' pos  plies  depth       nodes   cpu s   nodes/cpu-s  reason');
  for (let i = 0; i < count; i++) {
    const plies = minPlies + rng.int(maxPlies - minPlies + 1);
    const moves = randomLine(game, plies, rng);
    const bot = new Bot();
    bot.setPosition({ game, moves });
    const c0 = process.cpuUsage();
    const r = await bot.think({ level, timeMs, nodes });
    const c = process.cpuUsage(c0);
    const cpuSeconds = (c.user + c.system) / 1e6;
    const line: DepthLine = { plies: moves.length, depth: r.depth, nodes: r.nodes, cpuSeconds, reason: r.reason };
    lines.push(line);
    io.out(`${String(i + 1).padStart(4)}  ${String(line.plies).padStart(5)}  ${String(line.depth).padStart(5)}  ${String(line.nodes).padStart(10)}  ${cpuSeconds.toFixed(2).padStart(6)}  ${rate(line.nodes, cpuSeconds).padStart(12)}  ${line.reason}`);
  }
  const mean = (f: (l: DepthLine) => number): number => lines.reduce((s, l) => s + f(l), 0) / Math.max(1, lines.length);
  const totalNodes = lines.reduce((s, l) => s + l.nodes, 0);
  const totalCpu = lines.reduce((s, l) => s + l.cpuSeconds, 0);
  io.out(`mean depth ${mean((l) => l.depth).toFixed(2)}, mean nodes ${Math.round(mean((l) => l.nodes))}, mean cpu ${mean((l) => l.cpuSeconds).toFixed(2)} s, ${rate(totalNodes, totalCpu)} nodes/cpu-s`);
  return 0;
}

function rate(nodes: number, seconds: number): string {
  return seconds > 0 ? String(Math.round(nodes / seconds)) : '-';
}

import { readFileSync } from 'node:fs';
import { EndgameSolver, decodeWeights, REVERSI_WEIGHTS_URL, reversiEvaluate, reversiPatternEvaluate } from '@qi/ai-worker';
import { flips, mobility, perft, ReversiPosition, reversiPerft, Rng } from '@qi/engine';
import type { BenchCase } from '../runner.js';
import type { Suite, TargetResult, TargetRun } from './types.js';

const DATA = new URL('../../../../../shared/data/reversi/', import.meta.url);

/** One FFO endgame test position with its known answer. */
interface Ffo {
  id: number;
  empties: number;
  board: string;
  toMove: string;
  best: string[];
  score: number;
}

function readData(name: string): string {
  try {
    return readFileSync(new URL(name, DATA), 'utf8');
  } catch {
    throw new Error(`the shared Reversi data is missing (${new URL(name, DATA).pathname}); the Reversi bench needs it`);
  }
}

function loadFfo(): Ffo[] {
  const rows: Ffo[] = [];
  for (const file of ['ffo-1-39.tsv', 'ffo-40-49.tsv']) {
    for (const line of readData(file).trim().split('\n').slice(1)) {
      const [id, empties, board, toMove, best, score] = line.split('\t');
      rows.push({ id: Number(id), empties: Number(empties), board, toMove, best: best.split(','), score: Number(score) });
    }
  }
  return rows;
}

function perftTable(): Map<number, number> {
  const lines = readData('perft.tsv').trim().split('\n').slice(1);
  return new Map(lines.map((l) => l.split('\t')).map(([d, n]) => [Number(d), Number(n)]));
}

/** Runs `fn`, returning its result with wall-clock and own-CPU seconds. */
function timed<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const wall = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(c0);
  return { value, wall, cpu: (used.user + used.system) / 1e6 };
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
let sink = 0;

/** Random middle-game positions (side to move first), as flat bitboard quadruples. */
function middleGames(count: number): Int32Array {
  const rng = new Rng(99);
  const buf = new Int32Array(64);
  const out = new Int32Array(count * 4);
  const b = new Int32Array(4);
  for (let i = 0; i < count; i++) {
    const pos = new ReversiPosition();
    const plies = 10 + rng.int(40);
    for (let k = 0; k < plies; k++) {
      const n = pos.legalMoves(buf);
      if (n === 0) break;
      pos.play(buf[rng.int(n)]);
    }
    pos.bitboards(b);
    out.set(b, 4 * i);
  }
  return out;
}

function mobilityCase(): BenchCase {
  const boards = middleGames(1000);
  const out = new Int32Array(2);
  return {
    name: 'reversi mobility (move generation)',
    unit: 'calls',
    opsPerCall: 1000,
    fn() {
      for (let i = 0; i < 4000; i += 4) {
        mobility(boards[i], boards[i + 1], boards[i + 2], boards[i + 3], out, 0);
        sink ^= out[0];
      }
    },
  };
}

function flipsCase(): BenchCase {
  const boards = middleGames(1000);
  const moves = new Int32Array(1000);
  const out = new Int32Array(2);
  for (let i = 0; i < 1000; i++) {
    mobility(boards[4 * i], boards[4 * i + 1], boards[4 * i + 2], boards[4 * i + 3], out, 0);
    const lo = out[0];
    const hi = out[1];
    moves[i] = lo !== 0 ? 31 - Math.clz32(lo & -lo) : hi !== 0 ? 63 - Math.clz32(hi & -hi) : -1;
  }
  return {
    name: 'reversi flips of a legal move',
    unit: 'calls',
    opsPerCall: 1000,
    fn() {
      for (let i = 0; i < 1000; i++) {
        if (moves[i] < 0) continue;
        flips(moves[i], boards[4 * i], boards[4 * i + 1], boards[4 * i + 2], boards[4 * i + 3], out, 0);
        sink ^= out[0];
      }
    },
  };
}

function playUndoCase(): BenchCase {
  const rng = new Rng(5);
  const pos = new ReversiPosition();
  const buf = new Int32Array(64);
  const line: number[] = [];
  for (;;) {
    const n = pos.legalMoves(buf);
    if (n === 0) break;
    const m = buf[rng.int(n)];
    pos.play(m);
    line.push(m);
  }
  while (pos.ply > 0) pos.undo();
  const moves = Int32Array.from(line);
  return {
    name: 'reversi ReversiPosition play+undo (a whole game, hash kept)',
    unit: 'moves',
    opsPerCall: moves.length,
    fn() {
      for (let i = 0; i < moves.length; i++) pos.play(moves[i]);
      for (let i = 0; i < moves.length; i++) pos.undo();
    },
  };
}

/** 1000 midgame positions (10–49 random plies) as positions, for the evaluations. */
function middlePositions(): ReversiPosition[] {
  const rng = new Rng(9);
  const buf = new Int32Array(64);
  const out: ReversiPosition[] = [];
  while (out.length < 1000) {
    const pos = new ReversiPosition();
    const plies = 10 + rng.int(40);
    for (let k = 0; k < plies && !pos.isTerminal(); k++) pos.play(buf[rng.int(pos.legalMoves(buf))]);
    if (!pos.isTerminal()) out.push(pos);
  }
  return out;
}

function evalCases(): BenchCase[] {
  const list = middlePositions();
  const weights = decodeWeights(readFileSync(REVERSI_WEIGHTS_URL));
  return [
    {
      name: 'reversi evaluation, hand-written',
      unit: 'evals',
      opsPerCall: list.length,
      fn() {
        for (const p of list) sink ^= reversiEvaluate(p);
      },
    },
    {
      name: 'reversi evaluation, trained patterns',
      unit: 'evals',
      opsPerCall: list.length,
      fn() {
        for (const p of list) sink ^= reversiPatternEvaluate(p, weights);
      },
    },
  ];
}

function perftCase(): BenchCase {
  const pos = new ReversiPosition();
  return { name: 'reversi perft(7) leaves', unit: 'leaves', opsPerCall: 55092, fn: () => void (sink ^= reversiPerft(pos, 7)) };
}

function genericPerftCase(): BenchCase {
  const pos = new ReversiPosition();
  return { name: 'reversi generic core/perft(6) leaves', unit: 'leaves', opsPerCall: 8200, fn: () => void (sink ^= perft(pos, 6)) };
}

function solveCase(): BenchCase {
  const ffo = loadFfo().find((r) => r.id === 1)!;
  const pos = new ReversiPosition(ffo.board, ffo.toMove);
  const solver = new EndgameSolver({ ttBits: 18 });
  return { name: 'reversi solve FFO #1 (14 empties)', unit: 'solves', fn: () => void (sink ^= solver.solve(pos).nodes) };
}

/**
 * CPU seconds of commit 8242345 (before issue #16's speed work) on the 2-core bench machine, pinned to one core
 * (taskset -c 1), for the targets below: perft(11), FFO #40, and FFO #41–#44 together. The targets are set at
 * the issue's ratios to these (perft 1.5x faster, FFO in half the time); each run also prints its own ratio, which
 * means something only on that machine (elsewhere, measure the old commit alongside in the same session).
 */
const BASE_CPU = { perft11: 3.16, ffo40: 2.85, ffo41to44: 40.5 } as const;

/** How many times faster than the reference `base` CPU seconds a run of `cpu` seconds was, as a clause (none without a base). */
function versusBase(cpu: number, base: number | undefined): string {
  return base === undefined ? '' : `, ${(base / cpu).toFixed(2)}x faster than 8242345's ${base} s`;
}

/** perft(depth) from the start, checked against perft.tsv, judged against `limit` CPU seconds when given. */
function perftTarget(depth: number, limit?: number, base?: number): TargetRun {
  return {
    name: limit === undefined ? `reversi perft(${depth}) equals perft.tsv (timed)` : `reversi perft(${depth}) = ${fmt(perftTable().get(depth)!)} in ≤ ${limit} s`,
    run(quick): TargetResult {
      const d = quick ? Math.min(depth, 9) : depth;
      const expected = perftTable().get(d)!;
      const r = timed(() => reversiPerft(new ReversiPosition(), d));
      const right = r.value === expected;
      return {
        measured: `${fmt(r.value)} leaves (${right ? 'equals' : 'DIFFERS FROM'} perft.tsv ${fmt(expected)}) in ${r.cpu.toFixed(2)} s CPU, ${r.wall.toFixed(2)} s wall, ${fmt(r.value / r.cpu)} leaves per CPU-second${quick ? '' : versusBase(r.cpu, base)}`,
        // Judged on this process's own CPU time: the target is per core, and a shared machine slows the wall clock.
        met: !right ? false : quick ? null : limit === undefined ? true : r.cpu <= limit,
      };
    },
  };
}

/**
 * Solves FFO positions `ids` with a fresh table each, checks score and move, prints a table; judges their total
 * CPU seconds against `limit` (and prints the ratio to `base`, the old commit's total, when given).
 */
function ffoTarget(name: string, ids: readonly number[], limit: number | undefined, quickIds: readonly number[], base?: number): TargetRun {
  return {
    name,
    run(quick): TargetResult {
      const all = loadFfo();
      const chosen = (quick ? quickIds : ids).map((id) => all.find((r) => r.id === id)!);
      const solver = new EndgameSolver();
      // Warm-up (not timed): the first solve of a process also pays for compiling the solver.
      const warm = all.find((r) => r.id === 1)!;
      solver.solve(new ReversiPosition(warm.board, warm.toMove));
      const details = [`${'#'.padEnd(4)}${'empties'.padStart(8)}  ${'move'.padEnd(5)}${'score'.padStart(6)}  ${'nodes'.padStart(14)}  ${'CPU s'.padStart(7)}  ${'wall s'.padStart(7)}  ${'nodes/s'.padStart(11)}  verdict`];
      let ok = true;
      let worst = 0;
      let nodes = 0;
      let cpu = 0;
      for (const f of chosen) {
        const pos = new ReversiPosition(f.board, f.toMove);
        const r = timed(() => solver.solve(pos));
        const move = r.value.move === null ? '-' : pos.moveToText(r.value.move);
        const right = r.value.score === f.score && f.best.includes(move);
        // The limit is on the positions' total: a row is SLOW when it alone exceeds it.
        const inTime = limit === undefined || r.cpu <= limit;
        ok &&= right;
        worst = Math.max(worst, r.cpu);
        nodes += r.value.nodes;
        cpu += r.cpu;
        details.push(
          `${String(f.id).padEnd(4)}${String(f.empties).padStart(8)}  ${move.padEnd(5)}${String(r.value.score).padStart(6)}  ${fmt(r.value.nodes).padStart(14)}  ${r.cpu.toFixed(2).padStart(7)}  ${r.wall.toFixed(2).padStart(7)}  ${fmt(r.value.nodes / r.cpu).padStart(11)}  ${right ? (inTime ? 'ok' : 'SLOW') : `WRONG (expected ${f.best.join('/')} ${f.score})`}`,
        );
      }
      return {
        measured: `${chosen.length} positions ${ok ? 'all exact' : 'NOT all exact'}, slowest ${worst.toFixed(2)} s CPU, ${fmt(nodes)} nodes in ${cpu.toFixed(2)} s CPU (${fmt(nodes / cpu)} nodes/s)${quick ? '' : versusBase(cpu, base)}`,
        met: !ok ? false : quick ? null : limit === undefined ? true : cpu <= limit,
        details,
      };
    },
  };
}

/** Reversi: move generation, flips, make/unmake, perft and the endgame solver; the issue's speed targets. */
export const reversiSuite: Suite = {
  game: 'reversi',
  profile: () => [mobilityCase(), flipsCase(), playUndoCase(), ...evalCases(), perftCase(), genericPerftCase(), solveCase()],
  targets: () => [
    // The issue's targets: perft 1.5x and the FFO solves 2x faster than 8242345 (BASE_CPU), as CPU-second limits.
    perftTarget(11, 2.1, BASE_CPU.perft11),
    perftTarget(12),
    perftTarget(13),
    ffoTarget('reversi FFO #40 (20 empties) solved in ≤ 1.4 s', [40], 1.4, [20], BASE_CPU.ffo40),
    ffoTarget('reversi FFO #41–#44 (22–23 empties) solved in ≤ 20 s together', [41, 42, 43, 44], 20, [1], BASE_CPU.ffo41to44),
    ffoTarget('reversi FFO #35–#39 and #45–#49 (21–26 empties) solved exactly (timed, no target)', [35, 36, 37, 38, 39, 45, 46, 47, 48, 49], undefined, [2]),
  ],
};

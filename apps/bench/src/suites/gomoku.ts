import { readFileSync } from 'node:fs';
import { VcfSolver, VctSolver } from '@qi/ai-worker';
import { gomokuLineProblem } from '@qi/ai-worker/testing';
import { GomokuPosition, MAX_MOVES, Rng, type GomokuOptions, type GomokuRule } from '@qi/engine';
import type { BenchCase } from '../runner.js';
import type { Suite, TargetResult, TargetRun } from './types.js';

const DATA = new URL('../../../../../shared/data/gomoku/', import.meta.url);

interface Puzzle {
  id: string;
  toMove: 'black' | 'white';
  black: string[];
  white: string[];
  status?: string;
  task?: string;
}

interface MateCase {
  id: string;
  black: string[];
  white: string[];
  slow: boolean;
  checks: { solver: string; limit: number; threatLimit: number; attacker: string; expect: string[] | null }[];
}

function readJsonl(name: string): Puzzle[] {
  let text: string;
  try {
    text = readFileSync(new URL(name, DATA), 'utf8');
  } catch {
    throw new Error(`the shared Gomoku data is missing (${new URL(name, DATA).pathname}); this bench needs it`);
  }
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Puzzle);
}

function puzzleOptions(p: { black: string[]; white: string[] }, toMove: string): GomokuOptions {
  return { rule: 'renju', black: p.black, white: p.white, toMove: toMove.toLowerCase() as 'black' | 'white' };
}

/** Random games played to the end (seeded), as move lists for replay benchmarks. */
function randomGames(rule: GomokuRule, count: number): Int32Array[] {
  const rng = new Rng(2026);
  const buf = new Int32Array(MAX_MOVES);
  const games: Int32Array[] = [];
  for (let g = 0; g < count; g++) {
    const pos = new GomokuPosition({ rule });
    const moves: number[] = [];
    while (!pos.isTerminal()) {
      const n = pos.legalMoves(buf);
      const m = buf[rng.int(n)];
      pos.play(m);
      moves.push(m);
    }
    games.push(Int32Array.from(moves));
  }
  return games;
}

/** A renju middle game: 60 random plies from the centre area, black to move. */
function middleGame(rule: GomokuRule): GomokuPosition {
  const rng = new Rng(7);
  const pos = new GomokuPosition({ rule });
  while (pos.ply < 60) {
    const p = pos.geo.point(3 + rng.int(9), 3 + rng.int(9));
    if (pos.isLegal(p)) pos.play(p);
    if (pos.isTerminal()) pos.undo();
  }
  return pos;
}

function playUndoCase(rule: GomokuRule): BenchCase {
  let games: Int32Array[] = [];
  const pos = new GomokuPosition({ rule });
  const c: BenchCase = {
    name: `gomoku ${rule} play+undo 15x15 (random games, win test included)`,
    unit: 'moves',
    setup() {
      games = randomGames(rule, 20);
      c.opsPerCall = games.reduce((s, g) => s + g.length, 0);
    },
    fn() {
      for (const g of games) {
        for (let i = 0; i < g.length; i++) pos.play(g[i]);
        for (let i = 0; i < g.length; i++) pos.undo();
      }
    },
  };
  return c;
}

/** The incremental bookkeeping alone: a stone placed and removed updates 4 line words per colour and the key. */
function placeRemoveCase(): BenchCase {
  const pos = middleGame('renju');
  const empties = Array.from(pos.geo.points).filter((p) => pos.stoneAt(p) === 0);
  return {
    name: 'gomoku pattern update: stone place+remove (4 line words + Zobrist key)',
    unit: 'stones',
    opsPerCall: empties.length,
    fn() {
      for (let i = 0; i < empties.length; i++) {
        pos.place(empties[i], i & 1);
        pos.remove(empties[i], i & 1);
      }
    },
  };
}

function patternCase(): BenchCase {
  const pos = middleGame('renju');
  const points = pos.geo.points;
  let sink = 0;
  return {
    name: 'gomoku pattern lookup (point × direction × colour, renju middle game)',
    unit: 'patterns',
    opsPerCall: points.length * 8,
    fn() {
      for (let i = 0; i < points.length; i++) {
        for (let d = 0; d < 4; d++) sink ^= pos.pattern(points[i], d, 0) ^ pos.pattern(points[i], d, 1);
      }
      if (sink === 0x7fffffff) console.log(sink);
    },
  };
}

function legalMovesCase(rule: GomokuRule): BenchCase {
  const pos = middleGame(rule);
  const buf = new Int32Array(MAX_MOVES);
  return {
    name: `gomoku ${rule} legalMoves 15x15 middle game (black to move${rule === 'renju' ? ', forbidden points excluded' : ''})`,
    unit: 'calls',
    fn() {
      pos.legalMoves(buf);
    },
  };
}

function forbiddenCase(): BenchCase {
  const positions = readJsonl('renju-forbidden-positions.jsonl').slice(0, 200).map((p) => new GomokuPosition(puzzleOptions(p, 'black')));
  return {
    name: 'renju forbiddenPoints (whole board, 200 puzzle positions)',
    unit: 'boards',
    opsPerCall: positions.length,
    fn() {
      for (const p of positions) p.forbiddenPoints();
    },
  };
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

/** The VCF target: all quintet-solved puzzles within 40 attacker moves, median ≤ 1 ms, p90 ≤ 10 ms. */
function vcfTarget(): TargetRun {
  return {
    name: 'renju VCF puzzles solved by quintet: 100% within 40 attacker moves, median ≤ 1 ms, p90 ≤ 10 ms',
    run(quick): TargetResult {
      const all = readJsonl('renju-vcf-puzzles.jsonl').filter((p) => p.status === 'vcf-solved-by-quintet');
      const puzzles = quick ? all.filter((_, i) => i % 20 === 0) : all;
      const solver = new VcfSolver();
      const times: number[] = [];
      let solved = 0;
      let nodes = 0;
      let bad = 0;
      const misses: string[] = [];
      for (const p of puzzles) {
        const opts = puzzleOptions(p, p.toMove);
        const pos = new GomokuPosition(opts);
        const t0 = performance.now();
        const r = solver.solve(pos, { maxDepth: 40 });
        times.push(performance.now() - t0);
        nodes += r.nodes;
        if (r.win) {
          solved++;
          if (gomokuLineProblem(opts, r.line) !== null) bad++;
        } else misses.push(p.id);
      }
      // The other lines (a win confirmed by Rapfi, or unverified) have no quintet VCF within 40: look deeper.
      const others = quick ? [] : readJsonl('renju-vcf-puzzles.jsonl').filter((p) => p.status !== 'vcf-solved-by-quintet');
      let within40 = 0;
      let deep = 0;
      let deepBad = 0;
      let unverifiedWon = 0;
      for (const p of others) {
        const opts = puzzleOptions(p, p.toMove);
        if (solver.solve(new GomokuPosition(opts), { maxDepth: 40 }).win) within40++;
        const r = solver.solve(new GomokuPosition(opts), { maxDepth: 120 });
        if (!r.win) continue;
        deep++;
        if (gomokuLineProblem(opts, r.line) !== null) deepBad++;
        if (p.status?.startsWith('UNVERIFIED')) unverifiedWon++;
      }
      const total = times.reduce((s, t) => s + t, 0);
      times.sort((a, b) => a - b);
      const median = percentile(times, 0.5);
      const p90 = percentile(times, 0.9);
      return {
        measured: `${solved}/${puzzles.length} solved, median ${median.toFixed(3)} ms, p90 ${p90.toFixed(3)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
        met: quick ? null : solved === puzzles.length && bad === 0 && median <= 1 && p90 <= 10,
        details: [
          `${nodes.toLocaleString('en-US')} nodes in ${total.toFixed(0)} ms (${Math.round(nodes / (total / 1000)).toLocaleString('en-US')} nodes/s)`,
          `lines that failed the engine replay: ${bad}`,
          ...(misses.length > 0 ? [`not solved: ${misses.slice(0, 20).join(' ')}`] : []),
          ...(quick
            ? []
            : [
                `the ${others.length} other VCF puzzles: ${within40} with a VCF within 40 (quintet found none); within 120: ${deep} (${unverifiedWon} of them marked UNVERIFIED), ${deepBad} lines failing the replay`,
              ]),
        ],
      };
    },
  };
}

/**
 * VCT puzzle solve rate (the issue asks for the number; no target). The collections' move counts do not match
 * a solver's depth (a "win in 3" ends on a winning shape whose VCF may take several more fours), so the budgets
 * are generous: `win-in-3` 8 attacker moves before the five, threat depth 3, 100,000 nodes; `VCT` 12 moves,
 * threat depth 2, 200,000 nodes.
 */
function vctReport(): TargetRun {
  return {
    name: 'renju VCT puzzles: solve rate (report only, no target)',
    run(quick): TargetResult {
      const all = readJsonl('renju-vct-puzzles.jsonl');
      const puzzles = quick ? all.filter((_, i) => i % 40 === 0) : all;
      const solver = new VctSolver();
      const rows = new Map<string, { n: number; won: number; aborted: number; ms: number; nodes: number }>();
      let bad = 0;
      for (const p of puzzles) {
        const opts = puzzleOptions(p, p.toMove);
        const t0 = performance.now();
        const short = p.task === 'win-in-3';
        const r = solver.solve(new GomokuPosition(opts), { maxDepth: short ? 8 : 12, maxNodes: short ? 100_000 : 200_000, threatDepth: short ? 3 : 2 });
        const key = `${p.task} ${p.toMove}`;
        const row = rows.get(key) ?? { n: 0, won: 0, aborted: 0, ms: 0, nodes: 0 };
        row.n++;
        row.ms += performance.now() - t0;
        row.nodes += r.nodes;
        if (r.win) {
          row.won++;
          if (gomokuLineProblem(opts, r.line) !== null) bad++;
        }
        if (r.aborted) row.aborted++;
        rows.set(key, row);
      }
      const n = [...rows.values()].reduce((s, r) => s + r.n, 0);
      const won = [...rows.values()].reduce((s, r) => s + r.won, 0);
      return {
        measured: `${won}/${n} solved (${((100 * won) / n).toFixed(1)}%)`,
        met: null,
        details: [
          ...[...rows.entries()].map(
            ([k, r]) => `${k}: ${r.won}/${r.n} solved, ${r.aborted} hit the node budget, mean ${(r.ms / r.n).toFixed(1)} ms, ${Math.round(r.nodes / (r.ms / 1000)).toLocaleString('en-US')} nodes/s`,
          ),
          `lines that failed the engine replay: ${bad}`,
        ],
      };
    },
  };
}

/** quintet's VCT checks that do not belong in unit tests: the `expect: null` limits and the `slow` cases. */
function mateBench(): TargetRun {
  return {
    name: 'renju VCT unit cases from quintet: no-win limits and slow cases (report only)',
    run(quick): TargetResult {
      const cases = (JSON.parse(readFileSync(new URL('renju-mate-unit-cases.json', DATA), 'utf8')) as { cases: MateCase[] }).cases;
      const details: string[] = [];
      let agree = 0;
      let total = 0;
      for (const c of cases) {
        for (const check of c.checks) {
          if (check.solver !== 'VCTDFS' && !(c.slow && check.solver === 'VCTDFPNS')) continue;
          if (!c.slow && check.expect !== null) continue;
          if (quick && c.slow) continue;
          const opts = puzzleOptions(c, check.attacker);
          const t0 = performance.now();
          const r = new VctSolver().solve(new GomokuPosition(opts), { maxDepth: check.limit, threatDepth: check.threatLimit, maxNodes: 2_000_000 });
          const ms = performance.now() - t0;
          const want = check.expect !== null;
          const ok = r.win === want && (!r.win || gomokuLineProblem(opts, r.line) === null);
          total++;
          if (ok) agree++;
          details.push(
            `${ok ? 'agrees ' : 'DIFFERS'} ${c.id} limit ${check.limit} threat ${check.threatLimit}: expected ${want ? 'a win' : 'no win'}, got ${r.win ? 'a win' : r.aborted ? 'budget exhausted' : 'no win'} (${r.nodes.toLocaleString('en-US')} nodes, ${ms.toFixed(0)} ms)`,
          );
        }
      }
      return { measured: `${agree}/${total} agree with quintet`, met: null, details };
    },
  };
}

/** Gomoku/Renju: play+undo, pattern lookups, move generation, forbidden points; the VCF target and VCT reports. */
export const gomokuSuite: Suite = {
  game: 'gomoku',
  profile: () => [
    playUndoCase('freestyle'),
    playUndoCase('renju'),
    placeRemoveCase(),
    patternCase(),
    legalMovesCase('freestyle'),
    legalMovesCase('renju'),
    forbiddenCase(),
  ],
  targets: () => [vcfTarget(), vctReport(), mateBench()],
};

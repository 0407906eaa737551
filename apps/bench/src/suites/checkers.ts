import { solveCrossing } from '@qi/ai-worker';
import { CheckersPosition, HopSearch, MAX_MOVES, perft, Rng, type CheckersRules } from '@qi/engine';
import type { BenchCase } from '../runner.js';
import type { Suite, TargetRun } from './types.js';

/** A goal-seeking move (3 in 4) or a random one: games that look like play, with hop chains in the middle. */
function pickForward(pos: CheckersPosition, moves: Int32Array, n: number, rng: Rng): number {
  if (rng.int(4) === 0) return moves[rng.int(n)];
  const me = pos.currentPlayer();
  let best = moves[0];
  let bestScore = Infinity;
  for (let i = 0; i < n; i++) {
    if (moves[i] < 0) return moves[i];
    pos.play(moves[i]);
    const score = pos.distanceToGoal(me) + rng.int(2) / 2;
    pos.undo();
    if (score < bestScore) {
      bestScore = score;
      best = moves[i];
    }
  }
  return best;
}

/** Middle-game positions (plies 20..60 of seeded goal-seeking games). */
function middleGames(rules: Partial<CheckersRules>, count: number): CheckersPosition[] {
  const rng = new Rng(2026);
  const buf = new Int32Array(MAX_MOVES);
  const out: CheckersPosition[] = [];
  while (out.length < count) {
    const pos = new CheckersPosition(rules);
    const stop = 20 + rng.int(40);
    while (pos.ply < stop && !pos.isTerminal()) pos.play(pickForward(pos, buf, pos.legalMoves(buf), rng));
    if (!pos.isTerminal()) out.push(pos);
  }
  return out;
}

/** Seeded goal-seeking games to the end (turn-capped), as move lists for replay. */
function fullGames(rules: Partial<CheckersRules>, count: number): Int32Array[] {
  const rng = new Rng(7);
  const buf = new Int32Array(MAX_MOVES);
  const games: Int32Array[] = [];
  for (let g = 0; g < count; g++) {
    const pos = new CheckersPosition({ ...rules, turnCap: 300 * (rules.players ?? 2) });
    while (!pos.isTerminal()) pos.play(pickForward(pos, buf, pos.legalMoves(buf), rng));
    games.push(Int32Array.from(pos.history()));
  }
  return games;
}

function moveGenCase(label: string, rules: Partial<CheckersRules>): BenchCase {
  let positions: CheckersPosition[] = [];
  const buf = new Int32Array(MAX_MOVES);
  const c: BenchCase = {
    name: `checkers ${label} legalMoves (middle games)`,
    unit: 'positions',
    setup() {
      positions = middleGames(rules, 64);
      const avg = positions.reduce((s, p) => s + p.legalMoves(buf), 0) / positions.length;
      c.name = `checkers ${label} legalMoves (middle games, ${avg.toFixed(0)} moves each)`;
      c.opsPerCall = positions.length;
    },
    fn() {
      for (const p of positions) p.legalMoves(buf);
    },
  };
  return c;
}

function hopCase(): BenchCase {
  let positions: CheckersPosition[] = [];
  const search = new HopSearch(new CheckersPosition().geometry);
  const dest = new Int16Array(121);
  let boards: Uint8Array[] = [];
  let froms: number[][] = [];
  const c: BenchCase = {
    name: 'checkers star hop search of one piece (steps + hop chains)',
    unit: 'pieces',
    setup() {
      positions = middleGames({ players: 2 }, 32);
      boards = positions.map((p) => Uint8Array.from({ length: 121 }, (_, i) => p.pieceAt(i) + 1));
      froms = positions.map((p) => p.piecesOf(p.currentPlayer()));
      c.opsPerCall = froms.reduce((s, f) => s + f.length, 0);
    },
    fn() {
      for (let i = 0; i < boards.length; i++) {
        const b = boards[i];
        const code = positions[i].currentPlayer() + 1;
        for (const f of froms[i]) search.destinations(b, f, code, false, dest);
      }
    },
  };
  return c;
}

function playUndoCase(label: string, rules: Partial<CheckersRules>): BenchCase {
  let games: Int32Array[] = [];
  const c: BenchCase = {
    name: `checkers ${label} play+undo (whole goal-seeking games)`,
    unit: 'moves',
    setup() {
      games = fullGames(rules, 8);
      c.opsPerCall = 2 * games.reduce((s, g) => s + g.length, 0);
    },
    fn() {
      for (const g of games) {
        const pos = new CheckersPosition({ ...rules, turnCap: 300 * (rules.players ?? 2) });
        for (let i = 0; i < g.length; i++) pos.play(g[i]);
        for (let i = 0; i < g.length; i++) pos.undo();
      }
    },
  };
  return c;
}

function perftCase(label: string, rules: Partial<CheckersRules>, depth: number): BenchCase {
  const pos = new CheckersPosition(rules);
  const c: BenchCase = {
    name: `checkers ${label} perft(${depth}) (bulk-counted leaves)`,
    unit: 'leaves',
    setup() {
      c.opsPerCall = perft(pos, depth);
    },
    fn() {
      perft(pos, depth);
    },
  };
  return c;
}

function perftTarget(depth: number, expected: number): TargetRun {
  return {
    name: `checkers 2-player star perft(${depth}) = ${expected.toLocaleString('en-US')} (recorded; no outside speed target)`,
    run(quick) {
      const d = quick ? depth - 1 : depth;
      const pos = new CheckersPosition({ players: 2 });
      const t0 = performance.now();
      const nodes = perft(pos, d);
      const s = (performance.now() - t0) / 1000;
      const rate = Math.round(nodes / s).toLocaleString('en-US');
      return {
        measured: `perft(${d}) = ${nodes.toLocaleString('en-US')} in ${s.toFixed(2)} s (${rate} leaves/s)`,
        met: quick ? null : nodes === expected,
      };
    },
  };
}

function crossingTarget(): TargetRun {
  return {
    name: 'checkers solo crossing in 27 turns (the proven optimum, Bell 2009)',
    run(quick) {
      const widths = quick ? [500] : [500, 2000, 5000, 10000];
      const details: string[] = [];
      let best = Infinity;
      for (const w of widths) {
        const r = solveCrossing({ beamWidth: w });
        if (r.solved) best = Math.min(best, r.turns);
        details.push(`beam ${w}: ${r.solved ? `${r.turns} turns` : 'unsolved'}, ${r.expanded.toLocaleString('en-US')} positions expanded, ${Math.round(r.ms)} ms`);
      }
      return { measured: `best ${best} turns`, met: quick ? null : best === 27, details };
    },
  };
}

/** Chinese Checkers: move and hop generation, make/unmake, perft, and the solo crossing search. */
export const checkersSuite: Suite = {
  game: 'checkers',
  profile: () => [
    moveGenCase('2-player star', { players: 2 }),
    moveGenCase('6-player star', { players: 6 }),
    moveGenCase('8x8 classic', { board: 'square8' }),
    hopCase(),
    playUndoCase('2-player star', { players: 2 }),
    perftCase('2-player star', { players: 2 }, 4),
    perftCase('8x8 classic', { board: 'square8' }, 3),
  ],
  targets: () => [perftTarget(5, 3_188_520), crossingTarget()],
};

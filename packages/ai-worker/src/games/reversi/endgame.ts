import type { Position, ReversiPosition } from '@qi/engine';
import { EndgameSolver } from './solve.js';
import type { Presolved, Presolver, SolveRunner } from '../../core/presolve.js';
import { exactScore } from './eval.js';

/** Solver nodes in one slice of a presolve without a time limit (a few million nodes a second here: 10–40 ms). */
const SOLVER_SLICE_NODES = 1 << 17;

/**
 * The most empties the exact solver takes on within a time budget. Measured on this loaded machine under vitest:
 * endgames of real games (alpha-beta play to that point) take ≈ 0.05–0.25 s at 18 empties and 0.6–1.0 s at 20;
 * random positions are much busier (18 ≈ 1.1 s, worst 2.3 s; 20 ≈ 14 s). A solve that does not finish within the
 * presolve's share of the time is given up (the Bot's runner) and alpha-beta searches with the rest.
 */
export function solverEmpties(timeMs: number | undefined, level: number | undefined): number {
  if (level !== undefined && level < 10) return level <= 4 ? 0 : level <= 6 ? 10 : level <= 8 ? 14 : 16;
  const t = timeMs ?? Infinity;
  return t >= 3000 ? 20 : t >= 1000 ? 18 : t >= 300 ? 16 : t >= 100 ? 14 : 12;
}

/** The solver's exact score in the evaluation's units (defined beside the evaluation, which scores finished games alike). */
export { exactScore };

/**
 * The engine's exact endgame solver in front of alpha-beta: it takes over once few enough squares are empty.
 * Run in slices, each call after the first resumes the last (the solver keeps its table for the same position).
 */
export function reversiEndgame(): Presolver {
  const solver = new EndgameSolver({ ttBits: 18 });
  return {
    async presolve(pos: Position, timeMs: number | undefined, level: number | undefined, runner: SolveRunner): Promise<Presolved | null> {
      const r = pos as ReversiPosition;
      if (r.isTerminal() || r.empties() > solverEmpties(timeMs, level)) return null;
      const res = await runner.run((limits) => solver.solve(r, limits), undefined, SOLVER_SLICE_NODES);
      if (res.aborted || res.move === null) return null;
      return { move: res.move, score: exactScore(res.score), pv: [res.move], nodes: res.nodes, proven: { kind: 'exact', score: res.score } };
    },
  };
}

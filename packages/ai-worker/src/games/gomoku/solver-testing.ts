import { readFileSync } from 'node:fs';
import { GomokuPosition, playChecked, type GomokuOptions } from '@qi/engine';

/** A renju VCF puzzle of the shared data that quintet solved (the fields the tests read). */
export interface QuintetVcfPuzzle {
  id: string;
  rule: string;
  toMove: 'black' | 'white';
  black: string[];
  white: string[];
  moves: string[];
  status: string;
  freestyleValid?: string;
  attackerMovesInLine: number;
}

/** The shared renju VCF puzzles (shared/data/gomoku/renju-vcf-puzzles.jsonl) that quintet solved. */
export function quintetVcfPuzzles(): QuintetVcfPuzzle[] {
  return readFileSync(new URL('../../../../../../shared/data/gomoku/renju-vcf-puzzles.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as QuintetVcfPuzzle)
    .filter((p) => p.status === 'vcf-solved-by-quintet');
}

/**
 * Checks a threat-solver line with the rules engine alone: every move legal in turn (renju forbidden points
 * included), the game over after the last move, won by the side that moved first. Returns null when the line
 * is good, else what is wrong (move number and text).
 */
export function lineProblem(opts: GomokuOptions, line: readonly number[]): string | null {
  const pos = new GomokuPosition(opts);
  const attacker = pos.currentPlayer();
  if (line.length === 0) return 'empty line';
  for (let i = 0; i < line.length; i++) {
    if (pos.isTerminal()) return `the game ended before move ${i + 1}`;
    try {
      playChecked(pos, line[i]);
    } catch (e) {
      return `move ${i + 1}: ${(e as Error).message}`;
    }
  }
  if (!pos.isTerminal()) return 'the line does not end the game';
  const out = new Float64Array(2);
  pos.returns(out);
  return out[attacker] === 1 ? null : 'the line does not end in a win for the side to move';
}

/** What a solve cut into slices came to: the last call's answer and the nodes and calls of all of them. */
export interface SlicedSolve<R> {
  last: R;
  nodes: number;
  calls: number;
}

/**
 * Calls `solve` with a budget of `slice` nodes a call until a call is not cut short (at most `maxCalls`), as a
 * caller that slices a search does; sums the nodes of every call.
 */
export function solveInSlices<R extends { aborted: boolean; nodes: number }>(solve: (maxNodes: number) => R, slice: number, maxCalls = 1_000_000): SlicedSolve<R> {
  let nodes = 0;
  let calls = 0;
  let last: R;
  do {
    last = solve(slice);
    nodes += last.nodes;
    calls++;
  } while (last.aborted && calls < maxCalls);
  return { last, nodes, calls };
}

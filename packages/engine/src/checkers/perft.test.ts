import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { perft } from '../core/perft.js';
import { CheckersPosition } from './position.js';
import type { CheckersRules } from './rules.js';

interface PerftCase {
  name: string;
  rules: Partial<CheckersRules>;
  nodes: number[];
}

const table = JSON.parse(readFileSync(new URL('./perft.json', import.meta.url), 'utf8')) as { cases: PerftCase[] };

/**
 * An independent, deliberately slow move generator: pieces in a Map keyed by coordinates, holes and names computed
 * from the geometry by hand (no tables of the engine), hop chains by recursive depth-first search with a Set.
 */
interface Naive {
  holes: string[];
  name: Map<string, string>;
  dirs: number[][];
  jumpOpponentOnly: boolean;
  goalOf: (player: number) => Set<string>;
}

function naiveStar(): Naive {
  const holes: string[] = [];
  const name = new Map<string, string>();
  const inHexagon = (q: number, r: number): boolean => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 4;
  // The six points, each the 10 holes beyond one side of the hexagon, listed row by row.
  const isHole = (q: number, r: number): boolean => {
    const s = -q - r;
    if (inHexagon(q, r)) return true;
    const tips = [r <= -5 && q <= 4 && s <= 4, r >= 5 && q >= -4 && s >= -4, q >= 5 && r >= -4 && s >= -4, q <= -5 && r <= 4 && s <= 4, s >= 5 && q >= -4 && r >= -4, s <= -5 && q <= 4 && r <= 4];
    return tips.some(Boolean);
  };
  for (let r = -8; r <= 8; r++) {
    let k = 0;
    for (let q = -12; q <= 12; q++) {
      if (!isHole(q, r)) continue;
      k++;
      holes.push(`${q},${r}`);
      name.set(`${q},${r}`, 'abcdefghijklmnopq'[r + 8] + k);
    }
  }
  const top = new Set(holes.filter((h) => Number(h.split(',')[1]) <= -5));
  const bottom = new Set(holes.filter((h) => Number(h.split(',')[1]) >= 5));
  return {
    holes,
    name,
    dirs: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]],
    jumpOpponentOnly: false,
    goalOf: (p) => (p === 0 ? top : bottom),
  };
}

function naiveSquare(opponentOnly: boolean): Naive {
  const holes: string[] = [];
  const name = new Map<string, string>();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      holes.push(`${col},${row}`);
      name.set(`${col},${row}`, String.fromCharCode(97 + col) + (8 - row));
    }
  }
  const topRows = new Set(holes.filter((h) => Number(h.split(',')[1]) <= 2));
  const bottomRows = new Set(holes.filter((h) => Number(h.split(',')[1]) >= 5));
  const dirs: number[][] = [];
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) if (dx !== 0 || dy !== 0) dirs.push([dx, dy]);
  return { holes, name, dirs, jumpOpponentOnly: opponentOnly, goalOf: (p) => (p === 0 ? topRows : bottomRows) };
}

function naiveMoves(g: Naive, board: Map<string, number>, player: number): string[] {
  const result = new Set<string>();
  const add = (x: number, y: number): string => `${x},${y}`;
  const goal = g.goalOf(player);
  for (const [from, owner] of [...board]) {
    if (owner !== player) continue;
    const [fx, fy] = from.split(',').map(Number);
    const empty = (h: string): boolean => g.name.has(h) && !board.has(h);
    const ends = new Set<string>();
    for (const [dx, dy] of g.dirs) {
      const t = add(fx + dx, fy + dy);
      if (empty(t)) ends.add(t);
    }
    board.delete(from);
    const seen = new Set<string>([from]);
    const hop = (x: number, y: number): void => {
      for (const [dx, dy] of g.dirs) {
        const over = board.get(add(x + dx, y + dy));
        if (over === undefined || (g.jumpOpponentOnly && over === player)) continue;
        const land = add(x + 2 * dx, y + 2 * dy);
        if (!empty(land) || seen.has(land)) continue;
        seen.add(land);
        ends.add(land);
        hop(x + 2 * dx, y + 2 * dy);
      }
    };
    hop(fx, fy);
    board.set(from, player);
    for (const to of ends) {
      if (goal.has(from) && !goal.has(to)) continue;
      result.add(`${g.name.get(from)}-${g.name.get(to)}`);
    }
  }
  return [...result].sort();
}

/** The fill rule: the goal's holes are all taken and at least one holds the player's piece. */
function naiveWon(g: Naive, board: Map<string, number>, player: number): boolean {
  const goal = [...g.goalOf(player)];
  return goal.every((h) => board.has(h)) && goal.some((h) => board.get(h) === player);
}

function naivePerft(g: Naive, board: Map<string, number>, player: number, depth: number): number {
  // A finished game is one leaf at every depth (two players: the game ends with the first finisher).
  if (naiveWon(g, board, 1 - player) || naiveWon(g, board, player)) return 1;
  const moves = naiveMoves(g, board, player);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    const [from, to] = m.split('-').map((n) => [...g.name].find(([, v]) => v === n)![0]);
    board.delete(from);
    board.set(to, player);
    total += naivePerft(g, board, 1 - player, depth - 1);
    board.delete(to);
    board.set(from, player);
  }
  return total;
}

function startBoard(g: Naive): Map<string, number> {
  const board = new Map<string, number>();
  for (const h of g.goalOf(1)) board.set(h, 0);
  for (const h of g.goalOf(0)) board.set(h, 1);
  return board;
}

/** The engine's moves of the current position as sorted from-to name pairs. */
function engineMoves(pos: CheckersPosition): string[] {
  const buf = new Int32Array(1024);
  const n = pos.legalMoves(buf);
  const names = pos.geometry.names;
  return Array.from(buf.subarray(0, n), (m) => `${names[m >> 7]}-${names[m & 127]}`).sort();
}

describe('checkers perft', () => {
  it('has exactly 14 legal moves at the standard two-player start', () => {
    expect(engineMoves(new CheckersPosition({ players: 2 }))).toHaveLength(14);
  });

  for (const c of table.cases) {
    it(`matches perft.json: ${c.name}`, () => {
      const pos = new CheckersPosition(c.rules);
      c.nodes.forEach((n, i) => expect(perft(pos, i + 1), `depth ${i + 1}`).toBe(n));
    });
  }

  const independent: [string, Naive, Partial<CheckersRules>][] = [
    ['star, 2 players', naiveStar(), { players: 2 }],
    ['square8, classic (jump opponents only)', naiveSquare(true), { board: 'square8', players: 2 }],
    ['square8, jump any piece', naiveSquare(false), { board: 'square8', players: 2, jumpOver: 'any' }],
  ];
  for (const [name, g, rules] of independent) {
    it(`agrees with an independent naive generator to depth 3: ${name}`, () => {
      expect(g.holes).toHaveLength(rules.board === 'square8' ? 64 : 121);
      const recorded = table.cases.find((c) => c.name === name)!.nodes;
      for (let d = 1; d <= 3; d++) expect(naivePerft(g, startBoard(g), 0, d), `depth ${d}`).toBe(recorded[d - 1]);
    });

    it(`lists the same moves as the naive generator along random games: ${name}`, () => {
      const pos = new CheckersPosition(rules);
      const buf = new Int32Array(1024);
      let seed = 12345;
      for (let ply = 0; ply < 80 && !pos.isTerminal(); ply++) {
        const board = new Map<string, number>();
        for (let p = 0; p < 2; p++) {
          for (const c of pos.piecesOf(p)) {
            const key = [...g.name].find(([, v]) => v === pos.geometry.names[c])![0];
            board.set(key, p);
          }
        }
        expect(engineMoves(pos), `ply ${ply}`).toEqual(naiveMoves(g, board, pos.currentPlayer()));
        const n = pos.legalMoves(buf);
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        pos.play(buf[seed % n]);
      }
    });
  }
});

/** The AI's hot paths: transposition-table probe/store, MCTS iterations and alpha-beta nodes per second. */
import { AlphaBeta, BOUND_EXACT, Mcts, TranspositionTable, goLightPolicy } from '@qi/ai-worker';
import { GoPosition, MAX_MOVES, ReversiPosition, Rng } from '@qi/engine';
import type { BenchCase } from '../runner.js';
import type { Suite } from './types.js';

const KEYS = 4096;

/** Random 64-bit keys as lo/hi pairs, fixed by seed. */
function keys(): Uint32Array {
  const rng = new Rng(11);
  const k = new Uint32Array(2 * KEYS);
  for (let i = 0; i < k.length; i++) k[i] = rng.int(0x40000000) * 4 + rng.int(4);
  return k;
}

/** A Reversi middle game reached by seeded random moves. */
function reversiMiddle(): ReversiPosition {
  const pos = new ReversiPosition();
  const rng = new Rng(3);
  const buf = new Int32Array(MAX_MOVES);
  for (let i = 0; i < 20 && !pos.isTerminal(); i++) pos.play(buf[rng.int(pos.legalMoves(buf))]);
  return pos;
}

function profile(): BenchCase[] {
  const tt = new TranspositionTable(16);
  const k = keys();
  let i = 0;
  const go = new GoPosition({ size: 9, komi: 7.5 });
  const reversi = reversiMiddle();
  // Nodes per second of a fixed search: the node count is measured once in setup (the search is deterministic).
  const search: BenchCase = {
    name: 'ai alpha-beta reversi middle game, depth 7 (no evaluator: search cost only)',
    unit: 'nodes',
    setup: () => {
      search.opsPerCall = new AlphaBeta({ ttMegabytes: 4 }).search(reversi, { depth: 7 }).nodes;
    },
    fn: () => {
      new AlphaBeta({ ttMegabytes: 4 }).search(reversi, { depth: 7 });
    },
  };
  return [
    {
      name: 'ai TT store + probe (16 MB, random keys)',
      unit: 'store+probe',
      opsPerCall: KEYS,
      fn: () => {
        for (let j = 0; j < KEYS; j++, i++) {
          const lo = k[2 * j];
          const hi = k[2 * j + 1];
          tt.store(lo, hi, j & 63, (i & 255) - 128, j & 15, BOUND_EXACT);
          tt.probe(hi, lo);
        }
      },
    },
    {
      name: 'ai MCTS go 9x9 light playouts (1000-iteration searches)',
      unit: 'iterations',
      opsPerCall: 1000,
      fn: () => {
        new Mcts({ seed: 1, policy: goLightPolicy() }).search(go, { nodes: 1000 });
      },
    },
    search,
  ];
}

/** The AI's micro-benchmarks (no speed targets of their own: the AI issue measures strength, not speed). */
export const aiSuite: Suite = { game: 'ai', profile, targets: () => [] };

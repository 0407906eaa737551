import { expect, it } from 'vitest';
import { benchSignature, signatureTotal } from './signature.js';

/**
 * The pinned bench signature. A change that must not alter search behaviour keeps every number; a change that
 * does (new ordering, new defaults, an engine's new move order or playout) updates them in the same commit and
 * says so. The Go entry also moves when the engine's light playout changes.
 */
const PINNED: Record<string, number> = {
  'alphabeta connect4 depth 9': 16469,
  'alphabeta connect4 exact root depth 6': 7284,
  'alphabeta tic-tac-toe solve': 6412,
  'alphabeta nim 3 players paranoid depth 12': 1577,
  'alphabeta reversi 14-empties solve': 578417,
  'alphabeta checkers 2 players depth 4': 1402,
  'mcts checkers 3 players 500 playouts seed 1': 49112,
  'mcts connect4 3000 playouts seed 1': 3919508,
  'mcts+rave connect4 3000 playouts seed 1': 1628959,
  'mcts nim 4 players 2000 playouts seed 1': 1697377,
  'mcts go 9x9 light playouts 2000 seed 1': 66861,
  'mcts go 9x9 heavy+rave 2000 seed 1': 206243,
  'mcts go 13x13 heavy+rave 1000 seed 1': 14378,
};

it('bench signature: fixed searches keep their node counts', () => {
  const entries = benchSignature();
  for (const e of entries) console.log(`${e.name.padEnd(44)} ${String(e.nodes).padStart(9)} nodes  ${e.move.padEnd(4)} ${e.timeMs.toFixed(0)} ms`);
  console.log(`signature ${signatureTotal(entries)}`);
  expect(Object.fromEntries(entries.map((e) => [e.name, e.nodes]))).toEqual(PINNED);
});

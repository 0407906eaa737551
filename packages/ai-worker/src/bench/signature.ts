import { CheckersPosition, GoPosition, MAX_MOVES, ReversiPosition, Rng } from '@qi/engine';
import { AlphaBeta } from '../alphabeta/search.js';
import { Mcts } from '../mcts/search.js';
import type { MctsResult } from '../mcts/types.js';
import { checkersDistance, checkersPlayoutValue } from '../games/checkers/distance.js';
import { goLightPolicy } from '../games/go/light.js';
import { goMctsOptions } from '../games/go/policy.js';
import { reversiDiscCount } from '../games/reversi/discs.js';
import { MnkGame } from '../testing/mnk.js';
import { mnkEvaluator } from '../testing/mnk-eval.js';
import { NimGame } from '../testing/nim.js';
import { randomEvaluator } from '../testing/evaluators.js';

/** One fixed search of the bench signature and what it counted. */
export interface SignatureEntry {
  /** What was searched, e.g. "alphabeta connect4 depth 9". */
  name: string;
  /** Alpha-beta: nodes. MCTS: plies played plus the sum of squared root-child visits (so the visit spread counts too). */
  nodes: number;
  /** The move chosen, in the game's notation. */
  move: string;
  /** Wall-clock time of this search (not part of the signature). */
  timeMs: number;
}

/** The fixed searches: positions, budgets and seeds never change, so their counts pin the searches' behaviour. */
const cases: { name: string; run: () => Omit<SignatureEntry, 'name'> }[] = [
  {
    name: 'alphabeta connect4 depth 9',
    run: () => {
      const pos = MnkGame.from(7, 6, 4, true, ['d', 'c', 'd']);
      const r = new AlphaBeta({ evaluator: mnkEvaluator(), ttMegabytes: 4 }).search(pos, { depth: 9 });
      return { nodes: r.nodes, move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'alphabeta connect4 exact root depth 6',
    run: () => {
      const pos = MnkGame.from(7, 6, 4, true, ['d', 'd', 'e', 'c']);
      const r = new AlphaBeta({ evaluator: mnkEvaluator(), ttMegabytes: 4, exactRootScores: true }).search(pos, { depth: 6 });
      return { nodes: r.nodes, move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'alphabeta tic-tac-toe solve',
    run: () => {
      const pos = new MnkGame(3, 3, 3);
      const r = new AlphaBeta({ ttMegabytes: 1 }).search(pos);
      return { nodes: r.nodes, move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'alphabeta nim 3 players paranoid depth 12',
    run: () => {
      const pos = new NimGame(40, 3);
      const r = new AlphaBeta({ evaluator: randomEvaluator(20, 1), ttMegabytes: 1 }).search(pos, { depth: 12 });
      return { nodes: r.nodes, move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'alphabeta reversi 14-empties solve',
    run: () => {
      const pos = seededReversi(14, 5);
      const r = new AlphaBeta({ evaluator: reversiDiscCount, ttMegabytes: 16 }).search(pos);
      return { nodes: r.nodes, move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'alphabeta checkers 2 players depth 4',
    run: () => {
      const pos = new CheckersPosition({ players: 2 });
      const r = new AlphaBeta({ evaluator: checkersDistance, ttMegabytes: 4 }).search(pos, { depth: 4 });
      return { nodes: r.nodes, move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts checkers 3 players 500 playouts seed 1',
    run: () => {
      const pos = new CheckersPosition({ players: 3 });
      const r = new Mcts({ seed: 1, playoutPlyCap: 60, policy: checkersPlayoutValue }).search(pos, { nodes: 500 });
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts connect4 3000 playouts seed 1',
    run: () => {
      const pos = MnkGame.from(7, 6, 4, true, ['d', 'c', 'd']);
      const r = new Mcts({ seed: 1 }).search(pos, { nodes: 3000 });
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts+rave connect4 3000 playouts seed 1',
    run: () => {
      const pos = MnkGame.from(7, 6, 4, true, ['d', 'c', 'd']);
      const r = new Mcts({ seed: 1, raveBias: 0.1 }).search(pos, { nodes: 3000 });
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts nim 4 players 2000 playouts seed 1',
    run: () => {
      const pos = new NimGame(30, 4);
      const r = new Mcts({ seed: 1 }).search(pos, { nodes: 2000 });
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts go 9x9 light playouts 2000 seed 1',
    run: () => {
      const pos = new GoPosition({ size: 9, komi: 7.5 });
      const r = new Mcts({ seed: 1, policy: goLightPolicy() }).search(pos, { nodes: 2000 });
      // The light playout runs off the interface: plies count tree descents only, the visit spread does the rest.
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts go 9x9 heavy+rave 2000 seed 1',
    run: () => {
      // The worker's Go search: heavy playouts, RAVE, knowledge priors, tree moves without own-eye fills.
      const pos = new GoPosition({ size: 9, komi: 7.5 });
      const r = new Mcts({ ...goMctsOptions(), seed: 1 }).search(pos, { nodes: 2000 });
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
  {
    name: 'mcts go 13x13 heavy+rave 1000 seed 1',
    run: () => {
      // The larger boards' options: 160 virtual playouts a prior and the playouts' two-liberty atari (off on 9x9).
      const pos = new GoPosition({ size: 13, komi: 7.5 });
      const r = new Mcts({ ...goMctsOptions(13), seed: 1 }).search(pos, { nodes: 1000 });
      return { nodes: mctsCount(r), move: pos.moveToText(r.move as number), timeMs: r.timeMs };
    },
  },
];

/** A Reversi position reached by seeded random moves from the start, with `empties` empty squares left. */
function seededReversi(empties: number, seed: number): ReversiPosition {
  const pos = new ReversiPosition();
  const rng = new Rng(seed);
  const moves = new Int32Array(MAX_MOVES);
  while (pos.empties() > empties && !pos.isTerminal()) pos.play(moves[rng.int(pos.legalMoves(moves))]);
  return pos;
}

function mctsCount(r: MctsResult): number {
  return r.plies + r.candidates.reduce((sum, c) => sum + c.visits * c.visits, 0);
}

/** Runs every fixed search of the bench signature (a few seconds) and returns its counts. */
export function benchSignature(): SignatureEntry[] {
  return cases.map((c) => ({ name: c.name, ...c.run() }));
}

/** The whole signature as one number (sum of the counts), the figure a refactor must keep. */
export function signatureTotal(entries: readonly SignatureEntry[]): number {
  return entries.reduce((s, e) => s + e.nodes, 0);
}

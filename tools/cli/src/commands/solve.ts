import { EndgameSolver } from '@qi/ai-worker';
import { PASS, ReversiPosition } from '@qi/engine';
import { checkFlags, colorName, flagBool, flagInt, flagString, UsageError, type Args } from '../args.js';
import type { Command } from '../command.js';

/** The exact solver works in seconds up to about 24 empties; far beyond that it would run for hours. */
const MAX_EMPTIES = 30;

/** Solves a Reversi board exactly: a best move and the exact disc differential for the side to move. */
function solveReversi(args: Args): Record<string, unknown> {
  checkFlags(args, ['board', 'to-move', 'tt-bits', 'all-moves']);
  const board = flagString(args, 'board');
  const toMove = flagString(args, 'to-move');
  if (board === undefined) throw new UsageError('--board is required: 64 characters, A1..H1 first, X black, O white, - empty');
  if (toMove === undefined) throw new UsageError('--to-move is required: X or O (or b, w, black, white)');
  const ttBits = flagInt(args, 'tt-bits', 10, 24, 20) ?? 20;
  let pos: ReversiPosition;
  try {
    pos = new ReversiPosition(board, toMove);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const empties = pos.empties();
  if (empties > MAX_EMPTIES) {
    throw new UsageError(`the board has ${empties} empty squares; the exact solver takes at most ${MAX_EMPTIES}`);
  }
  const solver = new EndgameSolver({ ttBits });
  const t0 = performance.now();
  const r = solver.solve(pos);
  const nodes = r.nodes;
  const scored = flagBool(args, 'all-moves') ? solver.scoreMoves(pos) : undefined;
  const ms = Math.round(performance.now() - t0);
  const out: Record<string, unknown> = {
    best: r.move === null ? null : pos.moveToText(r.move),
    score: r.score,
    nodes,
    ms,
    toMove: colorName(pos.currentPlayer()),
    empties,
  };
  if (r.move === PASS) out.pass = true;
  if (r.move === null) out.gameOver = true;
  if (scored) out.moves = scored.map((m) => ({ move: pos.moveToText(m.move), score: m.score }));
  return out;
}

/** `qi solve reversi --board B --to-move X|O` → `{best, score, nodes, ms}`: exact endgame solving. */
export const solveCommand: Command = {
  name: 'solve',
  booleans: ['all-moves'],
  summary: 'solve an endgame exactly: qi solve reversi --board 64chars --to-move X|O',
  help: [
    'qi solve reversi --board B --to-move X|O [--all-moves] [--tt-bits N]',
    '  →  {"best": "A2", "score": 38, "nodes": N, "ms": T, "toMove": "black", "empties": 20}',
    '',
    'Solves a Reversi (Othello) position to the end with perfect play.',
    '  --board    64 characters in row-major order, A1 B1 … H1 first, then A2 … H8 (A1 is the top-left corner):',
    '             X black, O white, - empty (lower case, * and . are accepted too). Any disc counts.',
    '             A lower-case board starting with -- must be written --board=…',
    '  --to-move  the side to move: X or O, or b, w, black, white (any case).',
    '  --all-moves  also the exact score of every legal move: "moves": [{"move": "A2", "score": 38}, …], best',
    '             first (about one more solve per move).',
    '  --tt-bits  log2 of the transposition table buckets, 10..24 (default 20, about 40 MB).',
    '`best` is a best move in Othello notation, upper case; "PS" with "pass": true when the side to move',
    'must pass; null with "gameOver": true when neither side can move. `score` is the exact final disc',
    `differential for the side to move, empty squares going to the winner. At most ${MAX_EMPTIES} empty squares.`,
    '',
    'example: qi solve reversi --board O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- --to-move X',
  ].join('\n'),
  run(args) {
    const game = args.positional[0];
    if (game === undefined) throw new UsageError('qi solve needs a game: reversi');
    if (game !== 'reversi') throw new UsageError(`solve knows no game "${game}" (known: reversi)`);
    if (args.positional.length > 1) throw new UsageError(`unexpected argument "${args.positional[1]}"`);
    return solveReversi(args);
  },
};

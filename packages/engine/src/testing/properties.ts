import { MAX_MOVES, type Position } from '../core/game.js';
import { Rng } from '../core/prng.js';
import { keyHex } from '../core/zobrist.js';

/** Options of the generic property suite. */
export interface PropertyOptions {
  /** Makes a fresh start position (each call a new object). */
  create: () => Position;
  /** How many random games to play. */
  games: number;
  /** Stop a game after this many plies (random play may never end, as on 19x19 Go). */
  maxPlies: number;
  /** Seed of the first game; game i uses seed + i. */
  seed?: number;
  /** In the first this-many games, every legal move at every ply is played and undone (costly on big boards). */
  exhaustiveGames?: number;
  /** Biases the random choice (e.g. to avoid passes in Go so games get long); default uniform. */
  pick?: (pos: Position, moves: Int32Array, n: number, rng: Rng) => number;
  /**
   * Moves that may be legal although `legalMoves` leaves them out on purpose (Chinese Checkers' leave): the probe
   * of unlisted integers skips them; each one that is legal is played and undone like a listed move, and none may
   * be legal once the game is over. `pick` may return one of them.
   */
  unlisted?: readonly number[];
}

/** What the suite measured, so a test can print it and assert it did real work. */
export interface PropertyReport {
  games: number;
  plies: number;
  terminalGames: number;
  movesChecked: number;
}

/** Everything observable about a position, to compare states before and after make/unmake. */
export function snapshot(pos: Position, buf = new Int32Array(MAX_MOVES)): string {
  const n = pos.legalMoves(buf);
  const moves = Array.from(buf.subarray(0, n)).sort((a, b) => a - b);
  return [
    keyHex(pos.hashLo, pos.hashHi),
    `player ${pos.currentPlayer()} ply ${pos.ply} terminal ${pos.isTerminal()} last ${pos.lastMove()}`,
    pos.toString(),
    moves.join(','),
  ].join('\n');
}

class PropertyError extends Error {}

function fail(game: number, ply: number, what: string): never {
  throw new PropertyError(`property violated in game ${game} at ply ${ply}: ${what}`);
}

/**
 * The generic property suite every game must pass (after OpenSpiel's random simulation with undo):
 * random games where legal moves are unique and each one plays and undoes cleanly, `isLegal` agrees with
 * `legalMoves`, terminal iff no legal moves, undo back to the start restores every earlier state and key
 * exactly, clones are equal and independent, and replaying a seed reproduces the game. Throws on a violation.
 */
export function checkGameProperties(opts: PropertyOptions): PropertyReport {
  const seed = opts.seed ?? 1;
  const exhaustive = opts.exhaustiveGames ?? opts.games;
  const report: PropertyReport = { games: 0, plies: 0, terminalGames: 0, movesChecked: 0 };
  const moves = new Int32Array(MAX_MOVES);
  const scratch = new Int32Array(MAX_MOVES);
  for (let g = 0; g < opts.games; g++) {
    const rng = new Rng(seed + g);
    const probe = new Rng(~(seed + g));
    const pos = opts.create();
    const history: string[] = [];
    const played: number[] = [];
    while (played.length < opts.maxPlies) {
      const before = snapshot(pos, scratch);
      history.push(before);
      const n = pos.legalMoves(moves);
      const terminal = pos.isTerminal();
      if (terminal !== (n === 0)) fail(g, played.length, `isTerminal() is ${terminal} with ${n} legal moves`);
      if (terminal) {
        for (const m of opts.unlisted ?? []) if (pos.isLegal(m)) fail(g, played.length, `unlisted move ${m} is isLegal after the end`);
        report.terminalGames++;
        const out = new Float64Array(pos.playerCount);
        pos.returns(out);
        for (const r of out) if (!(r >= -1 && r <= 1)) fail(g, played.length, `return ${r} outside [-1, 1]`);
        break;
      }
      const seen = new Set<number>();
      for (let i = 0; i < n; i++) {
        const m = moves[i];
        if (seen.has(m)) fail(g, played.length, `move ${pos.moveToText(m)} listed twice`);
        seen.add(m);
        if (!pos.isLegal(m)) fail(g, played.length, `listed move ${pos.moveToText(m)} is not isLegal`);
        const text = pos.moveToText(m);
        if (pos.parseMove(text) !== m) fail(g, played.length, `move text ${text} does not parse back to ${m}`);
      }
      // A few integers that are not listed must not be legal either.
      for (let k = 0; k < 8; k++) {
        const m = probe.int(2 * MAX_MOVES * 16) - MAX_MOVES;
        if (!seen.has(m) && !opts.unlisted?.includes(m) && pos.isLegal(m)) fail(g, played.length, `unlisted move ${m} is isLegal`);
      }
      if (g < exhaustive) {
        for (let i = 0; i < n; i++) {
          pos.play(moves[i]);
          pos.undo();
          report.movesChecked++;
        }
        for (const m of opts.unlisted ?? []) {
          if (seen.has(m) || !pos.isLegal(m)) continue;
          if (pos.parseMove(pos.moveToText(m)) !== m) fail(g, played.length, `unlisted move text ${pos.moveToText(m)} does not parse back to ${m}`);
          pos.play(m);
          pos.undo();
          report.movesChecked++;
        }
        if (snapshot(pos, scratch) !== before) fail(g, played.length, 'play+undo of every legal move changed the position');
      }
      const move = opts.pick ? opts.pick(pos, moves, n, rng) : moves[rng.int(n)];
      pos.play(move);
      played.push(move);
      if (pos.ply !== played.length) fail(g, played.length, `ply is ${pos.ply}, expected ${played.length}`);
      if (pos.lastMove() !== move) fail(g, played.length, `lastMove() is ${pos.lastMove()}, expected ${move}`);
    }
    report.plies += played.length;
    report.games++;

    const copy = pos.clone();
    const end = snapshot(pos, scratch);
    if (snapshot(copy, scratch) !== end) fail(g, played.length, 'clone differs from the original');

    // Undo back to the start: every earlier state and key must come back exactly.
    for (let p = played.length - 1; p >= 0; p--) {
      pos.undo();
      if (snapshot(pos, scratch) !== history[p]) fail(g, p, 'undo did not restore the earlier position');
    }
    if (snapshot(copy, scratch) !== end) fail(g, played.length, 'undo on the original changed its clone');

    // Replay: the same seed chooses the same moves and reaches the same states.
    const rng2 = new Rng(seed + g);
    const again = opts.create();
    for (let p = 0; p < played.length; p++) {
      if (snapshot(again, scratch) !== history[p]) fail(g, p, 'replay from the same seed differs');
      const n = again.legalMoves(moves);
      const move = opts.pick ? opts.pick(again, moves, n, rng2) : moves[rng2.int(n)];
      if (move !== played[p]) fail(g, p, `replay from the same seed chose ${move}, not ${played[p]}`);
      again.play(move);
    }
  }
  return report;
}

/**
 * What the match harness needs to know about each game: how to create it from command-line options, the rules
 * value the AI worker takes, seeded openings, a move cap, and how a finished game is written (SGF with per-move
 * annotations; for Chinese Checkers the engine's JSON record wrapped with the statistics).
 */
import {
  CheckersPosition,
  GoPosition,
  GomokuPosition,
  MAX_MOVES,
  PASS,
  ReversiPosition,
  Rng,
  gomokuRecordOf,
  goRecordToTree,
  parseSgfGame,
  recordFromPosition,
  reversiRecordToTree,
  writeCheckersRecord,
  writeGomokuSgf,
  writeSgf,
  parseGomokuRule,
  type GoRecord,
  type GoRules,
  type Position,
  type SgfNode,
} from '@qi/engine';
import type { MoveStat } from './types.js';

/** Options from the command line that shape a game. */
export interface GameOptions {
  /** Board size (Go 9 by default, Gomoku 15). */
  size?: number;
  /** Go komi (default 7.5). */
  komi?: number;
  /** Gomoku rule: freestyle, standard or renju. */
  rule?: string;
  /** Plies of the random opening (default per game). */
  openingPlies?: number;
}

/** A game as the match harness plays it. */
export interface BenchGame {
  id: string;
  /** A short description for reports, e.g. "go 9x9 komi 7.5". */
  label: string;
  /** The rules value the AI worker's setPosition takes. */
  rules: Record<string, unknown>;
  /** A fresh start position. */
  create(): Position;
  /** Random plies played from the start before the engines take over. */
  openingPlies: number;
  /** Beyond this many plies the game is adjudicated (see `adjudicate`). */
  maxPlies: number;
  /** Seeded opening: `openingPlies` moves drawn by `rng` (the same seed gives the same moves). */
  opening(rng: Rng): number[];
  /** The record of a finished game: file extension and text, with the per-move statistics inside. */
  record(moves: readonly number[], stats: readonly (MoveStat | null)[], info: RecordInfo): { ext: string; text: string };
}

/** Names and result that go into a record. */
export interface RecordInfo {
  /** Names of player 0 (Black / first) and player 1. */
  players: [string, string];
  /** SGF RE text ('B+3.5', 'W+R', '0', 'W+T' …). */
  result: string;
  /** Free text: how the game ended. */
  reason: string;
  /** Event name, e.g. "qi bench match". */
  event: string;
  /** Opening plies at the start of `moves`. */
  openingPlies: number;
}

/** Per-move annotation: the C[] comment a reader sees and a QI[] property machine readers can parse. */
export function moveComment(s: MoveStat): string {
  const parts = [`${s.player}`, `${s.timeMs.toFixed(0)} ms`];
  if (s.depth > 0) parts.push(`depth ${s.depth}`);
  if (s.visits > 0) parts.push(`visits ${s.visits}`);
  if (s.nodes > 0) parts.push(`nodes ${s.nodes}`);
  if (s.winRate !== null) parts.push(`win ${(s.winRate * 100).toFixed(1)}%`);
  if (s.score !== null && s.score !== 0) parts.push(`score ${s.score}`);
  return parts.join(', ');
}

/** Adds C[] and QI[time:depth:visits:nodes:winrate] to the move nodes of an SGF main line. */
function annotate(root: SgfNode, stats: readonly (MoveStat | null)[], info: RecordInfo): SgfNode {
  root.setText('EV', info.event);
  root.setText('C', `${info.reason}; first ${info.openingPlies} plies: seeded random opening`);
  const line = root.mainLine().slice(1);
  line.forEach((node, i) => {
    const s = stats[i];
    if (s === null || s === undefined) return;
    node.setText('C', moveComment(s));
    node.set('QI', `${s.timeMs.toFixed(1)}:${s.depth}:${s.visits}:${s.nodes}:${s.winRate === null ? '' : s.winRate.toFixed(4)}`);
  });
  return root;
}

/** Random legal moves from `pos`, avoiding passes when another move exists. */
function randomPlies(pos: Position, plies: number, rng: Rng, accept: (pos: Position, move: number) => boolean = () => true): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const out: number[] = [];
  for (let i = 0; i < plies && !pos.isTerminal(); i++) {
    const n = pos.legalMoves(buf);
    const choices: number[] = [];
    for (let k = 0; k < n; k++) if (buf[k] !== PASS && accept(pos, buf[k])) choices.push(buf[k]);
    if (choices.length === 0) break;
    const m = choices[rng.int(choices.length)];
    pos.play(m);
    out.push(m);
  }
  return out;
}

function goGame(o: GameOptions): BenchGame {
  const size = o.size ?? 9;
  const komi = o.komi ?? 7.5;
  const rules: Partial<GoRules> = { size, komi, scoring: 'area', ko: 'positional' };
  const create = () => new GoPosition(rules);
  return {
    id: 'go',
    label: `go ${size}x${size} komi ${komi} area scoring`,
    rules,
    create,
    openingPlies: o.openingPlies ?? 2,
    maxPlies: size * size * 3,
    opening(rng) {
      // Off the first two lines: openings that stay ordinary.
      const margin = size >= 7 ? 2 : 0;
      return randomPlies(create(), this.openingPlies, rng, (pos, m) => {
        const g = pos as GoPosition;
        const c = g.col(m);
        const r = g.row(m);
        return c >= margin && r >= margin && c < size - margin && r < size - margin;
      });
    },
    record(moves, stats, info) {
      const g = create();
      const record: GoRecord = {
        size,
        komi,
        handicap: 0,
        rulesText: 'Chinese',
        result: info.result,
        black: { name: info.players[0] },
        white: { name: info.players[1] },
        nodes: [{ setup: [], line: 0, column: 0 }],
      };
      moves.forEach((m, i) => {
        const vertex = m === PASS ? null : { col: g.col(m), row: g.row(m) };
        record.nodes.push({ move: { color: (i % 2) as 0 | 1, vertex }, setup: [], line: 0, column: 0 });
      });
      return { ext: 'sgf', text: writeSgf(annotate(goRecordToTree(record), stats, info)) };
    },
  };
}

function gomokuGame(o: GameOptions): BenchGame {
  const size = o.size ?? 15;
  const rule = o.rule ?? 'freestyle';
  const rules = { size, rule: parseGomokuRule(rule) };
  const create = () => new GomokuPosition(rules);
  return {
    id: 'gomoku',
    label: `gomoku ${size}x${size} ${rule}`,
    rules,
    create,
    openingPlies: o.openingPlies ?? 3,
    maxPlies: size * size,
    opening(rng) {
      // Stones within 2 of the centre: balanced-looking openings (a pair shares one, colours swapped).
      const c = (size - 1) / 2;
      return randomPlies(create(), this.openingPlies, rng, (pos, m) => {
        const g = (pos as GomokuPosition).geo;
        return Math.abs(g.x(m) - c) <= 2 && Math.abs(g.y(m) - c) <= 2;
      });
    },
    record(moves, stats, info) {
      const rec = gomokuRecordOf(create(), moves, { PB: info.players[0], PW: info.players[1], RE: info.result });
      // The Gomoku writer checks every move; its text is read back to add the per-move annotations.
      const root = parseSgfGame(writeGomokuSgf(rec));
      return { ext: 'sgf', text: writeSgf(annotate(root, stats, info)) };
    },
  };
}

function reversiGame(o: GameOptions): BenchGame {
  const create = () => new ReversiPosition();
  return {
    id: 'reversi',
    label: 'reversi 8x8',
    rules: {},
    create,
    openingPlies: o.openingPlies ?? 4,
    maxPlies: 130,
    opening(rng) {
      return randomPlies(create(), this.openingPlies, rng);
    },
    record(moves, stats, info) {
      const pos = create();
      for (const m of moves) pos.play(m);
      const rec = recordFromPosition(pos, { black: { name: info.players[0] }, white: { name: info.players[1] }, result: info.result });
      return { ext: 'sgf', text: writeSgf(annotate(reversiRecordToTree(rec), stats, info)) };
    },
  };
}

function checkersGame(o: GameOptions): BenchGame {
  const rules = { players: 2 };
  const create = () => new CheckersPosition(rules);
  return {
    id: 'checkers',
    label: 'chinese checkers, 2 players',
    rules,
    create,
    openingPlies: o.openingPlies ?? 2,
    maxPlies: 400,
    opening(rng) {
      return randomPlies(create(), this.openingPlies, rng);
    },
    record(moves, stats, info) {
      const pos = create();
      for (const m of moves) pos.play(m);
      // The engine's record format refuses unknown fields: per-move statistics go into a wrapper beside it.
      const record = JSON.parse(writeCheckersRecord(pos, info.players)) as object;
      return { ext: 'json', text: `${JSON.stringify({ record, result: info.result, reason: info.reason, event: info.event, openingPlies: info.openingPlies, stats }, null, 1)}\n` };
    },
  };
}

/** The games the harness can play, by id. */
export const GAME_IDS = ['go', 'gomoku', 'reversi', 'checkers'] as const;

/** The bench game for `id` with `options`; an Error lists the known games. */
export function benchGame(id: string, options: GameOptions = {}): BenchGame {
  if (id === 'go') return goGame(options);
  if (id === 'gomoku') return gomokuGame(options);
  if (id === 'reversi') return reversiGame(options);
  if (id === 'checkers') return checkersGame(options);
  throw new Error(`the match harness does not know game "${id}" (known: ${GAME_IDS.join(', ')})`);
}

/**
 * What the match harness plays: a game's engine definition (rules from the command-line options, positions,
 * record format) plus what the harness adds — seeded openings, a move cap, a label, and records with per-move
 * annotations (SGF C[] and QI[]; Chinese Checkers' JSON record wrapped with the statistics).
 */
import {
  GoPosition,
  GomokuPosition,
  MAX_MOVES,
  PASS,
  Rng,
  gameDefinition,
  parseSgfGame,
  writeSgf,
  type GameDefinition,
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
  /** The options it was made from (a queued match sends them to its workers, which rebuild the same game). */
  options: GameOptions;
  /** The game's engine definition. */
  definition: GameDefinition;
  /** A short description for reports, e.g. "go 9x9 komi 7.5". */
  label: string;
  /** The full rules (the definition's, from the options): what the AI worker's setPosition takes. */
  rules: Record<string, unknown>;
  /** A fresh start position (the definition's, under `rules`). */
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
  /** Where they came from, e.g. "seeded random opening" (see run.ts matchOpening). */
  openingNote: string;
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
  root.setText('C', `${info.reason}; first ${info.openingPlies} plies: ${info.openingNote}`);
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

/** What the harness adds to a game's definition. */
interface BenchTraits {
  /** The rules the options ask for (the definition fills in the rest and checks them). */
  rules(o: GameOptions): object;
  /** The label of a game under full `rules`. */
  label(rules: Record<string, unknown>): string;
  /** Default plies of the random opening. */
  openingPlies: number;
  /** The move cap under `rules`. */
  maxPlies(rules: Record<string, unknown>): number;
  /** Which moves a seeded opening may draw (default: any but a pass). */
  openingMove?(pos: Position, move: number, rules: Record<string, unknown>): boolean;
}

const TRAITS: Record<string, BenchTraits> = {
  go: {
    rules: (o) => ({ size: o.size ?? 9, komi: o.komi ?? 7.5, scoring: 'area', ko: 'positional' }),
    label: (r) => `go ${r.size}x${r.size} komi ${r.komi} area scoring`,
    openingPlies: 2,
    maxPlies: (r) => (r.size as number) * (r.size as number) * 3,
    // Off the first two lines: openings that stay ordinary.
    openingMove(pos, m, r) {
      const size = r.size as number;
      const margin = size >= 7 ? 2 : 0;
      const g = pos as GoPosition;
      const c = g.col(m);
      const row = g.row(m);
      return c >= margin && row >= margin && c < size - margin && row < size - margin;
    },
  },
  gomoku: {
    rules: (o) => ({ size: o.size ?? 15, rule: o.rule ?? 'freestyle' }),
    label: (r) => `gomoku ${r.size}x${r.size} ${r.rule}`,
    openingPlies: 3,
    maxPlies: (r) => (r.size as number) * (r.size as number),
    // Stones within 2 of the centre: balanced-looking openings (a pair shares one, colours swapped).
    openingMove(pos, m, r) {
      const c = ((r.size as number) - 1) / 2;
      const g = (pos as GomokuPosition).geo;
      return Math.abs(g.x(m) - c) <= 2 && Math.abs(g.y(m) - c) <= 2;
    },
  },
  reversi: { rules: () => ({}), label: () => 'reversi 8x8', openingPlies: 4, maxPlies: () => 130 },
  checkers: { rules: () => ({ players: 2 }), label: () => 'chinese checkers, 2 players', openingPlies: 2, maxPlies: () => 400 },
};

/** The games the harness can play, by id. */
export const GAME_IDS = ['go', 'gomoku', 'reversi', 'checkers'] as const;

/** The bench game for `id` with `options` (rules checked by the game's definition); an Error lists the known games. */
export function benchGame(id: string, options: GameOptions = {}): BenchGame {
  const traits = TRAITS[id];
  if (traits === undefined) throw new Error(`the match harness does not know game "${id}" (known: ${GAME_IDS.join(', ')})`);
  const definition = gameDefinition(id);
  const rules = { ...definition.rules(traits.rules(options)) } as Record<string, unknown>;
  const create = (): Position => definition.create(rules);
  return {
    id,
    options: { ...options },
    definition,
    label: traits.label(rules),
    rules,
    create,
    openingPlies: options.openingPlies ?? traits.openingPlies,
    maxPlies: traits.maxPlies(rules),
    opening(rng) {
      const accept = traits.openingMove;
      return randomPlies(create(), this.openingPlies, rng, accept ? (pos, m) => accept(pos, m, rules) : undefined);
    },
    record(moves, stats, info) {
      const format = definition.record;
      if (format === undefined) throw new Error(`${id} has no record format`);
      const text = format.write({ rules, moves: [...moves], players: [...info.players], result: info.result });
      // SGF: read back to add the per-move annotations.
      if (format.extension === 'sgf') return { ext: 'sgf', text: writeSgf(annotate(parseSgfGame(text), stats, info)) };
      // The Chinese Checkers record refuses unknown fields: per-move statistics go into a wrapper beside it.
      const record = JSON.parse(text) as object;
      return { ext: 'json', text: `${JSON.stringify({ record, result: info.result, reason: info.reason, event: info.event, openingPlies: info.openingPlies, stats }, null, 1)}\n` };
    },
  };
}

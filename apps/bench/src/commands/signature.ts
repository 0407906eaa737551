/**
 * `bench signature`: node counts of fixed searches — the ai-worker's fixed-seed signature (alpha-beta and MCTS
 * on Connect Four, Nim, Reversi, Go) plus each game's own search through the Bot at a fixed depth — compared
 * with baselines/signature.json. A refactor that must not change search behaviour keeps every number.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Bot, benchSignature } from '@qi/ai-worker';
import { games } from '@qi/engine';
import { Flags } from '../cli/args.js';
import type { CommandIo } from './io.js';

/** One fixed search and its count. */
export interface SignatureLine {
  name: string;
  nodes: number;
  move: string;
  timeMs: number;
}

/**
 * Each game's own search (its registered evaluator and move ordering) at a fixed depth from a fixed position
 * (fixed-budget Bot searches slice by a fixed node count, so their counts repeat; Go is the MCTS lines above).
 */
const gameSearches: { name: string; game: string; rules?: Record<string, unknown>; moves: string[]; depth: number }[] = [
  { name: 'bot gomoku freestyle depth 4', game: 'gomoku', rules: { size: 15, rule: 'freestyle' }, moves: ['H8', 'I9', 'G9', 'I7'], depth: 4 },
  { name: 'bot gomoku renju depth 4', game: 'gomoku', rules: { size: 15, rule: 'renju' }, moves: ['H8', 'I9', 'G9', 'I7', 'H10'], depth: 4 },
  { name: 'bot reversi midgame depth 7', game: 'reversi', moves: ['F5', 'D6', 'C3', 'D3', 'C4', 'F4', 'F6', 'F3'], depth: 7 },
  { name: 'bot checkers 2 players depth 4', game: 'checkers', rules: { players: 2 }, moves: [], depth: 4 },
];

/** Runs every fixed search (a few seconds). */
export async function signatureLines(): Promise<SignatureLine[]> {
  const out: SignatureLine[] = benchSignature().map((e) => ({ name: e.name, nodes: e.nodes, move: e.move, timeMs: e.timeMs }));
  for (const s of gameSearches) {
    const bot = new Bot({ slices: false, sharedStop: false });
    bot.setPosition({ game: s.game, rules: s.rules, moves: s.moves });
    const r = await bot.think({ depth: s.depth, algorithm: 'alphabeta' });
    const pos = games.position({ game: s.game, rules: s.rules, moves: s.moves });
    out.push({ name: s.name, nodes: r.nodes, move: r.move === null ? 'none' : pos.moveToText(r.move), timeMs: r.timeMs });
  }
  return out;
}

/** Default baseline path. */
export function defaultSignatureBaseline(): string {
  return new URL('../../baselines/signature.json', import.meta.url).pathname;
}

/** Prints the signature; exit status 1 when a count differs from the baseline. */
export async function signatureCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const flags = new Flags(argv, ['save-baseline']);
  const path = flags.string('baseline') ?? defaultSignatureBaseline();
  const save = flags.bool('save-baseline');
  flags.checkUsed();
  const lines = await signatureLines();
  const base: Record<string, number> = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { nodes: Record<string, number> }).nodes : {};
  let changed = 0;
  for (const l of lines) {
    const b = base[l.name];
    const mark = b === undefined ? '  (new)' : b === l.nodes ? '' : `  CHANGED from ${b}`;
    if (b !== undefined && b !== l.nodes) changed++;
    io.out(`${l.name.padEnd(44)} ${String(l.nodes).padStart(10)} nodes  ${l.move.padEnd(5)} ${l.timeMs.toFixed(0).padStart(6)} ms${mark}`);
  }
  const total = lines.reduce((s, l) => s + l.nodes, 0);
  io.out(`signature ${total}`);
  if (save) {
    writeFileSync(path, `${JSON.stringify({ note: 'Node counts of the fixed searches of `pnpm bench signature`; update with --save-baseline in the commit that changes search behaviour, and say why.', total, nodes: Object.fromEntries(lines.map((l) => [l.name, l.nodes])) }, null, 1)}\n`);
    io.out(`baseline saved to ${path}`);
    return 0;
  }
  if (changed > 0) {
    io.out(`${changed} count(s) differ from ${path}: search behaviour changed (save the baseline if that is intended)`);
    return 1;
  }
  return 0;
}

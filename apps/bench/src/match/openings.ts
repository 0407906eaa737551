/**
 * Openings from a file (`match --openings FILE`), what an openings file is to cutechess-cli or the Gomocup
 * manager: a fixed set shared by every run (balanced openings, or a suite of the openings a side lost), in place of
 * the seeded random ones. One opening a line in the game's notation, moves separated by commas or spaces; `#` starts
 * a comment; blank lines are skipped. Pair k of a match plays opening k mod their number, colours swapped.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { playMoves } from '@qi/engine';
import type { BenchGame } from './games.js';

/** The openings a match plays, with where they came from. */
export interface OpeningSet {
  /** The file's name, as records and reports name it. */
  source: string;
  /** Each opening's moves, checked legal from the start and leaving the game open. */
  lines: number[][];
}

/** Reads and checks the openings of `path` for `game`; an Error names the file, the line and the bad move. */
export function readOpenings(path: string, game: BenchGame): OpeningSet {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`--openings: cannot read ${path}: ${(e as Error).message}`);
  }
  return parseOpenings(text, game, basename(path));
}

/** Parses openings text (see the module comment) for `game`; `source` names it in errors and records. */
export function parseOpenings(text: string, game: BenchGame, source: string): OpeningSet {
  const lines: number[][] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const body = raw.replace(/#.*/, '').trim();
    if (body === '') return;
    const pos = game.create();
    let moves: number[];
    try {
      moves = playMoves(pos, body.split(/[\s,]+/));
    } catch (e) {
      throw new Error(`${source} line ${i + 1}: ${(e as Error).message}`);
    }
    if (pos.isTerminal()) throw new Error(`${source} line ${i + 1}: the opening ends the game; the engines would have nothing to play`);
    lines.push(moves);
  });
  if (lines.length === 0) throw new Error(`${source}: no openings (one a line in the game's notation, e.g. H8,I9,G7)`);
  return { source, lines };
}

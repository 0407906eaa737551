import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli } from '../main.js';

/** Runs qi in-process; returns its exit status and the one JSON object it printed. */
export async function qi(...argv: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  expect(lines).toHaveLength(1);
  return { code, out: JSON.parse(lines[0]) as Record<string, unknown> };
}

/** The path of one of the shared GNU Go records (../shared/data/go/gnugo-regression/FILE). */
export const shared = (file: string): string =>
  fileURLToPath(new URL(`../../../../../shared/data/go/gnugo-regression/${file}`, import.meta.url));

/** Writes SGF text into a fresh temporary file; returns its path. */
export function sgfFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'qi-sgf-')), 'game.sgf');
  writeFileSync(path, text);
  return path;
}

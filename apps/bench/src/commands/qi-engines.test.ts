/**
 * Qi's own protocol engines played through the bench harness as any outside engine would be (issue 6):
 * `qi gtp` against GNU Go level 1 with GNU Go refereeing legality and the score, and `qi piskvork` against
 * another `qi piskvork` process. Both engines run from the CLI's TypeScript source, so no build is needed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requireGnuGo } from '../gtp/gnugo.js';
import { runBench } from '../main.js';
import type { CommandIo } from './io.js';

const cli = fileURLToPath(new URL('../../../../tools/cli/src/', import.meta.url));
const qi = `${process.execPath} --import ${join(cli, 'testing/register.mjs')} ${join(cli, 'bin.ts')}`;

function capture(): { io: CommandIo; out: string[] } {
  const out: string[] = [];
  return { io: { out: (t) => out.push(t), err: { write: () => true, isTTY: false } }, out };
}

interface Summary {
  results: { result: string; reason: string; plies: number }[];
  players: { a: { faults: unknown[] }; b: { faults: unknown[] } };
}

describe('Qi protocol engines through the bench harness', () => {
  it('qi gtp plays complete 9x9 games against GNU Go level 1, refereed by GNU Go', async () => {
    const gnugo = requireGnuGo();
    const dir = mkdtempSync(join(tmpdir(), 'qi-gtp-match-'));
    const c = capture();
    const code = await runBench(
      ['match', '--game', 'go', '--size', '9', '--komi', '7.5', '--a', `qi-gtp=gtp:${qi} gtp --level 2 --time-ms 150`, '--b', `gtp:${gnugo} --mode gtp --level 1 --chinese-rules`, '--games', '2', '--concurrency', '1', '--referee', 'gnugo', '--out', dir],
      c.io,
    );
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
    console.log(c.out.join('\n'));
    expect(code).toBe(0);
    expect(summary.results).toHaveLength(2);
    for (const r of summary.results) {
      expect(r.reason).toMatch(/GNU Go final_score|resigned/);
      expect(r.plies).toBeGreaterThan(10);
    }
    // Neither engine made an illegal move, timed out or crashed.
    expect(summary.players.a.faults).toEqual([]);
    expect(summary.players.b.faults).toEqual([]);
  });

  it('two qi piskvork processes play complete Gomoku games', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qi-piskvork-match-'));
    const c = capture();
    const code = await runBench(
      ['match', '--game', 'gomoku', '--a', `qi-L3=piskvork:${qi} piskvork --level 3 --max-time-ms 200`, '--b', `qi-L2=piskvork:${qi} piskvork --level 2 --max-time-ms 200`, '--games', '2', '--concurrency', '1', '--out', dir],
      c.io,
    );
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
    console.log(c.out.join('\n'));
    expect(code).toBe(0);
    expect(summary.results).toHaveLength(2);
    for (const r of summary.results) expect(r.reason).toMatch(/five in a row|draw|full/);
    expect(summary.players.a.faults).toEqual([]);
    expect(summary.players.b.faults).toEqual([]);
  });
});

/**
 * The tree's tactical reader (ai-worker tactics.ts) against GNU Go 3.8's `attack` and `defend` on positions of real
 * games: the shared 19x19 GNU Go regression records at moves 40, 80, 120 and 160, the chains the tree's priors read
 * (every chain of one or two liberties, and those of three or more stones with three liberties), both questions.
 * The reader is much smaller than GNU Go's (no ko, three liberties count as safe deep in a line, nets only near the
 * start), so it may miss captures; what the priors must not do is claim one GNU Go refutes. GNU Go missing is a
 * failure, never a skip (README prerequisites; .ci/run installs it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TacticReader } from '@qi/ai-worker';
import { EMPTY, readGoSgf, replayGo, vertexToText, type GoRecord } from '@qi/engine';
import { startGnuGo } from './gnugo.js';

const DATA = new URL('../../../../../shared/data/go/gnugo-regression/19x19/', import.meta.url);
const FILES = 40;
const MOVES = [40, 80, 120, 160];

/** The record cut before move `at` (its first at-1 moves), or null when the game is shorter. */
function cut(record: GoRecord, at: number): GoRecord | null {
  const nodes = [];
  let moves = 0;
  for (const node of record.nodes) {
    if (node.move) {
      if (moves === at - 1) break;
      moves++;
    }
    nodes.push(node);
  }
  return moves === at - 1 ? { ...record, nodes } : null;
}

/** The GTP commands that set up a record on GNU Go's board (setup stones as plays, then the moves). */
function gtpCommands(record: GoRecord): string[] {
  const out = ['boardsize 19', 'clear_board'];
  const v = (col: number, row: number) => vertexToText(19, col, row);
  for (const node of record.nodes) {
    for (const s of node.setup) if (s.stone !== 0) out.push(`play ${s.stone === 1 ? 'black' : 'white'} ${v(s.col, s.row)}`);
    if (node.move) out.push(`play ${node.move.color === 0 ? 'black' : 'white'} ${node.move.vertex ? v(node.move.vertex.col, node.move.vertex.row) : 'pass'}`);
  }
  return out;
}

describe('tactical reading against GNU Go', () => {
  it('agrees with attack/defend on 9 in 10 chains short of liberties in real 19x19 games and claims almost nothing GNU Go refutes', async () => {
    const files = readdirSync(DATA).filter((f) => f.endsWith('.sgf')).sort().slice(0, FILES);
    expect(files.length).toBe(FILES);
    const gtp = startGnuGo(['--chinese-rules'], { commandTimeoutMs: 30_000 });
    const reader = new TacticReader(19);
    let asked = 0, agreed = 0, kos = 0, falseClaims = 0, missed = 0, positions = 0;
    const claims: string[] = [];
    try {
      for (const f of files) {
        const record = readGoSgf(readFileSync(new URL(f, DATA)));
        for (const at of MOVES) {
          const part = cut(record, at);
          if (part === null) continue;
          const replay = replayGo(part);
          if (replay.errors.length > 0) continue;
          await gtp.sendAll(gtpCommands(part));
          positions++;
          const pos = replay.position;
          const b = pos.board;
          reader.load(pos);
          const seen = new Set<number>();
          for (const p of pos.points()) {
            const h = b.head[p];
            if (b.color[p] === EMPTY || seen.has(h) || b.libs[h] > 3 || (b.libs[h] === 3 && b.count[h] < 3)) continue;
            seen.add(h);
            const vertex = pos.moveToText(p);
            const [attack, defend] = await gtp.sendAll([`attack ${vertex}`, `defend ${vertex}`]);
            // 2 and 3 are GNU Go's ko results: the reader does not read ko.
            if (/^[23]/.test(attack) || /^[23]/.test(defend)) {
              kos++;
              continue;
            }
            const gnuCaptures = !attack.startsWith('0'), gnuSaves = !defend.startsWith('0');
            const captures = reader.capturable(p), saves = reader.savable(p);
            asked += 2;
            const answers = [
              { label: 'capturable', qi: captures, gnu: gnuCaptures, claim: captures, gnuText: attack },
              { label: 'not savable', qi: saves, gnu: gnuSaves, claim: !saves, gnuText: defend },
            ];
            for (const a of answers) {
              if (a.qi === a.gnu) agreed++;
              else if (a.claim) {
                falseClaims++;
                claims.push(`${f} before move ${at}: ${vertex} ${a.label} (GNU Go: ${a.gnuText})`);
              } else missed++;
            }
          }
        }
      }
    } finally {
      await gtp.close();
    }
    console.log(
      `tactics vs GNU Go: ${positions} positions, ${asked} questions on chains of ≤ 2 liberties and big chains of 3 (${kos} ko chains left out): ` +
        `${agreed} agree (${((100 * agreed) / asked).toFixed(1)}%), ${missed} captures or defences missed, ${falseClaims} claimed that GNU Go refutes` +
        (claims.length > 0 ? `\n  ${claims.join('\n  ')}` : ''),
    );
    expect(positions).toBeGreaterThanOrEqual(40);
    expect(asked).toBeGreaterThanOrEqual(500);
    expect(agreed / asked).toBeGreaterThanOrEqual(0.9);
    expect(falseClaims / asked).toBeLessThanOrEqual(0.01);
  }, 300_000);
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { perft } from '../core/perft.js';
import { Rng } from '../core/prng.js';
import { reversiPerft } from './perft.js';
import { ReversiPosition } from './position.js';

const data = new URL('../../../../../shared/data/reversi/', import.meta.url);

/** perft.tsv as depth → canonical count. */
function perftTable(): Map<number, number> {
  const lines = readFileSync(new URL('perft.tsv', data), 'utf8').trim().split('\n').slice(1);
  return new Map(lines.map((l) => l.split('\t')).map(([d, n]) => [Number(d), Number(n)]));
}

describe('Reversi perft (canonical: a pass is a ply, a finished game is one leaf at every greater depth)', () => {
  const table = perftTable();

  it('equals perft.tsv for depths 1..10 from the start', () => {
    const pos = new ReversiPosition();
    for (let d = 1; d <= 10; d++) expect(reversiPerft(pos, d), `depth ${d}`).toBe(table.get(d));
    expect(reversiPerft(pos, 0)).toBe(1);
  });

  it('the generic perft on ReversiPosition gives the same counts (depths 1..8)', () => {
    const pos = new ReversiPosition();
    for (let d = 1; d <= 8; d++) expect(perft(pos, d), `depth ${d}`).toBe(table.get(d));
  });

  it('the specialised and generic perft agree from random and endgame positions, passes and game ends included', () => {
    const rng = new Rng(11);
    const buf = new Int32Array(64);
    const starts: ReversiPosition[] = [];
    for (let g = 0; g < 20; g++) {
      const pos = new ReversiPosition();
      const plies = 20 + rng.int(40);
      for (let i = 0; i < plies; i++) {
        const n = pos.legalMoves(buf);
        if (n === 0) break;
        pos.play(buf[rng.int(n)]);
      }
      starts.push(new ReversiPosition(pos.boardString(), pos.currentPlayer()));
    }
    starts.push(new ReversiPosition('OX------' + '--------'.repeat(7), 'X'));
    starts.push(new ReversiPosition('X' + '-'.repeat(63), 'O'));
    let passesSeen = 0;
    for (const pos of starts) {
      const depth = pos.empties() <= 12 ? 7 : 4;
      for (let d = 1; d <= depth; d++) expect(reversiPerft(pos, d)).toBe(perft(pos, d));
      if (pos.isLegal(-1)) passesSeen++;
    }
    expect(passesSeen).toBeGreaterThan(0);
  });

  it('rejects a bad depth', () => {
    expect(() => reversiPerft(new ReversiPosition(), -1)).toThrow(RangeError);
    expect(() => reversiPerft(new ReversiPosition(), 1.5)).toThrow(RangeError);
  });
});

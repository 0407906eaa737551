import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reversiPerft } from './perft.js';
import { ReversiPosition } from './position.js';

const data = new URL('../../../../../shared/data/reversi/', import.meta.url);

describe('Reversi perft at depth 11 (212,258,800 leaves; its own file so it runs beside the other tests)', () => {
  it('equals perft.tsv', () => {
    const row = readFileSync(new URL('perft.tsv', data), 'utf8').split('\n').find((l) => l.startsWith('11\t'));
    expect(row).toBeDefined();
    expect(reversiPerft(new ReversiPosition(), 11)).toBe(Number(row!.split('\t')[1]));
  });
});

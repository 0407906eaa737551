import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GomokuPosition } from './position.js';

const DATA = new URL('../../../../../shared/data/gomoku/', import.meta.url);

interface UnitCase {
  id: string;
  black: string[];
  white: string[];
  query?: string;
  expected?: string | null;
  expectedAll?: { point: string; kind: string }[];
}

const KIND: Record<string, string> = { DoubleThree: 'double-three', DoubleFour: 'double-four', Overline: 'overline' };

function renju(black: string[], white: string[]): GomokuPosition {
  return new GomokuPosition({ rule: 'renju', black, white, toMove: 'black' });
}

function forbiddenSet(pos: GomokuPosition): string[] {
  return pos.forbiddenPoints().map((f) => `${pos.moveToText(f.point)}:${f.kind}`).sort();
}

describe('renju forbidden points against quintet/Rapfi ground truth', () => {
  const unit = JSON.parse(readFileSync(new URL('renju-forbidden-unit-cases.json', DATA), 'utf8')) as { cases: UnitCase[] };

  it('reads all 23 unit cases', () => expect(unit.cases.length).toBe(23));

  for (const c of unit.cases) {
    it(c.id, () => {
      const pos = renju(c.black, c.white);
      if (c.expectedAll) {
        expect(forbiddenSet(pos)).toEqual(c.expectedAll.map((f) => `${f.point}:${KIND[f.kind]}`).sort());
      } else {
        const p = pos.parseMove(c.query!);
        expect(pos.forbiddenKind(p)).toBe(c.expected ? KIND[c.expected] : null);
        expect(pos.isLegal(p)).toBe(!c.expected);
      }
    });
  }

  it('matches the full forbidden set of all 1233 puzzle positions', () => {
    const lines = readFileSync(new URL('renju-forbidden-positions.jsonl', DATA), 'utf8').split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBe(1233);
    const wrong: string[] = [];
    for (const line of lines) {
      const j = JSON.parse(line) as { id: string; black: string[]; white: string[]; forbidden: { point: string; kind: string }[] };
      const got = forbiddenSet(renju(j.black, j.white));
      const want = j.forbidden.map((f) => `${f.point}:${f.kind}`).sort();
      if (got.join(' ') !== want.join(' ')) wrong.push(`${j.id}: got [${got.join(' ')}] want [${want.join(' ')}]`);
    }
    expect(wrong).toEqual([]);
  });
});

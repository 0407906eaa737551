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

describe('a three whose straight-four point is a double-four that also makes an exact five', () => {
  // Black to play H8 makes two threes, each a split three with exactly one straight-four point:
  //   row 8:      E8 . G8 H8      → only F8 makes the straight four E8-H8 (D8, I8 empty; C8, J8 not black)
  //   diagonal:   E5 . G7 H8      → only F6 makes the straight four E5-H8 (D4, I9 empty; C3, J10 not black)
  // F8 (after H8) makes two fours — the straight four on row 8 and E9 F8 G7 H6 on the anti-diagonal — so it
  // would be a forbidden double-four, but it also completes D6 E7 F8 G9 H10, an exact five (C5, I11 empty):
  // a five wins, so F8 is legal and the row-8 three is real. Likewise F6 makes the diagonal straight four and
  // the four F6 G6 H6 I6 (E6 would give an overline with D6, J6 gives the five), and completes F2-F6, an exact
  // five (F1, F7 empty). Both threes are real, so H8 is a double-three. The other lines through H8 hold no
  // three: column H is H6 . H8 . H10 (no straight four can come of it) and the anti-diagonal is H8 G9 only.
  const black = ['E8', 'G8', 'E5', 'G7', 'E9', 'H6', 'D6', 'E7', 'G9', 'H10', 'G6', 'I6', 'F2', 'F3', 'F4', 'F5'];

  it('H8 is a double-three because both straight-four points are legal fives', () => {
    const pos = renju(black, []);
    expect(pos.forbiddenKind(pos.parseMove('H8'))).toBe('double-three');
    expect(pos.isLegal(pos.parseMove('H8'))).toBe(false);
    // With H8 played, F8 and F6 are double-fours that are fives, hence legal and winning.
    pos.play(pos.parseMove('H8'));
    pos.play(pos.parseMove('A1'));
    for (const q of ['F8', 'F6']) {
      expect(pos.forbiddenKind(pos.parseMove(q))).toBeNull();
      expect(pos.isLegal(pos.parseMove(q))).toBe(true);
    }
    pos.play(pos.parseMove('F8'));
    expect(pos.isTerminal()).toBe(true);
  });

  it('without the five at F8 the row-8 three is fake and H8 is allowed', () => {
    // Without H10, F8 makes three fours (row 8, anti-diagonal, D6 E7 F8 G9): a forbidden double-four, so the
    // row-8 three cannot become a straight four and only the diagonal three is real.
    const pos = renju(black.filter((p) => p !== 'H10'), []);
    expect(pos.forbiddenKind(pos.parseMove('H8'))).toBeNull();
    pos.play(pos.parseMove('H8'));
    pos.play(pos.parseMove('A1'));
    expect(pos.forbiddenKind(pos.parseMove('F8'))).toBe('double-four');
  });

  it('without the five at F6 the diagonal three is fake and H8 is allowed', () => {
    const pos = renju(black.filter((p) => p !== 'F2'), []);
    expect(pos.forbiddenKind(pos.parseMove('H8'))).toBeNull();
  });
});

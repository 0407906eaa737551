import { describe, expect, it } from 'vitest';
import { GoPosition, MAX_MOVES, PASS, Rng } from '@qi/engine';
import { GO_FEATURES_PER_MOVE, GO_FEATURE_COUNT, GO_FEATURE_GROUPS, GO_FEATURE_OFFSETS, SHAPE_CLASSES, goMoveFeatures } from './move-features.js';
import { goModelPriors } from './move-model.js';
import { goTreeMoves, passPrior } from './knowledge.js';

const F = GO_FEATURES_PER_MOVE;
const group = (name: string): number => GO_FEATURE_GROUPS.findIndex((g) => g.name === name);

/** A position from rows of X (black), O (white) and . (empty), top row first, then `moves` played (GTP vertices). */
function board(rows: string[], toMove: number, moves: string[] = []): GoPosition {
  const pos = new GoPosition({ size: rows.length, komi: 7.5 });
  rows.forEach((line, row) =>
    [...line.replace(/\s/g, '')].forEach((c, col) => {
      if (c !== '.') pos.setup(pos.point(col, row), c === 'X' ? 1 : 2);
    }),
  );
  pos.setCurrentPlayer(toMove);
  for (const m of moves) pos.play(pos.parseMove(m));
  return pos;
}

/** Each feature value (its index within its group) of move `m`. */
function valuesOf(pos: GoPosition, m: number): number[] {
  const out = new Int32Array(F);
  goMoveFeatures(pos, Int32Array.of(m), 1, out);
  return Array.from(out, (v, g) => v - GO_FEATURE_OFFSETS[g]);
}

describe('Go move features', () => {
  it('count the 3x3 shapes up to symmetry as Burnside does: (4^8 + 2·4^2 + 4^4 + 4·4^5) / 8 = 8,740', () => {
    expect(SHAPE_CLASSES).toBe((4 ** 8 + 2 * 4 ** 2 + 4 ** 4 + 4 * 4 ** 5) / 8);
    expect(GO_FEATURE_COUNT).toBe(GO_FEATURE_GROUPS.reduce((s, g) => s + g.values, 0));
  });

  it('are the same for a move and its image under each of the board\'s eight symmetries', () => {
    const size = 9;
    const rng = new Rng(3);
    const moves = new Int32Array(MAX_MOVES);
    for (let trial = 0; trial < 12; trial++) {
      // A random game of 30-60 moves; its moves replayed on each transformed board.
      const pos = new GoPosition({ size, komi: 7.5 });
      const played: [number, number][] = [];
      const length = 30 + rng.int(31);
      for (let i = 0; i < length; i++) {
        const n = goTreeMoves(pos, moves);
        const pts = Array.from(moves.subarray(0, n)).filter((m) => m !== PASS);
        if (pts.length === 0) break;
        const m = pts[rng.int(pts.length)];
        played.push([pos.col(m), pos.row(m)]);
        pos.play(m);
      }
      const reference = new Map<string, string>();
      for (let t = 0; t < 8; t++) {
        const img = new GoPosition({ size, komi: 7.5 });
        const map = (c: number, r: number): [number, number] => {
          const s = size - 1;
          const pairs: [number, number][] = [[c, r], [s - r, c], [s - c, s - r], [r, s - c], [s - c, r], [c, s - r], [r, c], [s - r, s - c]];
          return pairs[t];
        };
        for (const [c, r] of played) img.play(img.point(...map(c, r)));
        const n = goTreeMoves(img, moves);
        for (let i = 0; i < n; i++) {
          const m = moves[i];
          if (m === PASS) continue;
          // The point this move came from on the untransformed board: search the inverse image.
          let key = '';
          for (let c = 0; c < size && key === ''; c++) for (let r = 0; r < size; r++) {
            const [ic, ir] = map(c, r);
            if (img.point(ic, ir) === m) key = `${c},${r}`;
          }
          const vals = valuesOf(img, m).join(' ');
          if (t === 0) reference.set(key, vals);
          else expect(vals, `trial ${trial}, symmetry ${t}, point ${key}`).toBe(reference.get(key));
        }
      }
    }
  });

  it('tell a capture (of the last move), an escape into a working ladder or to three liberties, a ladder atari and a self-atari', () => {
    const capture = group('capture'), escape = group('escape'), atari = group('atari'), selfAtari = group('self-atari');
    const rows = ['.........', '.........', '.........', '.........', '.........', '..X......', '.X.X.....', '.........', '.........'];
    // White plays C3 between Black's B3, D3 and C4: its one liberty is C2.
    const pos = board(rows, 1, ['C3']);
    expect(valuesOf(pos, pos.parseMove('C2'))[capture]).toBe(3); // one stone, the last move's
    const before = board(rows, 1);
    expect(valuesOf(before, before.parseMove('C3'))[selfAtari]).toBe(1);
    // The same stone set up rather than played: a capture of one stone that is not the last move and that could
    // have run out at C2 (to three liberties) ...
    const setUp = board(['.........', '.........', '.........', '.........', '.........', '..X......', '.XOX.....', '.........', '.........'], 0);
    expect(valuesOf(setUp, setUp.parseMove('C2'))[capture]).toBe(2);
    // ... and, with Black on B2 and D2, one that could not (running out leaves it one liberty).
    const dead = board(['.........', '.........', '.........', '.........', '.........', '..X......', '.XOX.....', '.X.X.....', '.........'], 0);
    expect(valuesOf(dead, dead.parseMove('C2'))[capture]).toBe(1);
    // White to move there: C2 gets three liberties (B2, D2, C1).
    setUp.setCurrentPlayer(1);
    const ext = valuesOf(setUp, setUp.parseMove('C2'));
    expect([ext[escape], ext[capture]]).toEqual([3, 0]);
    // A ladder: White D4 with Black C4, D5, E3; Black's E4 ataris and the ladder runs to the empty lower left.
    const ladder = ['.........', '.........', '.........', '.........', '...X.....', '..XO.....', '....X....', '.........', '.........'];
    const b = board(ladder, 0);
    expect(valuesOf(b, b.parseMove('E4'))[atari]).toBe(1);
    const w = board(ladder, 0, ['E4']);
    expect(valuesOf(w, w.parseMove('D3'))[escape]).toBe(1);
    // A white stone at B2 breaks the ladder: the escape to two liberties works.
    const broken = board(['.........', '.........', '.........', '.........', '...X.....', '..XO.....', '....X....', '.O.......', '.........'], 0, ['E4']);
    expect(valuesOf(broken, broken.parseMove('D3'))[escape]).toBe(2);
  });

  it('count the stones of each side around a move and tell an extension of an own chain of two liberties', () => {
    const around = group('stones-around'), extension = group('two-liberty-extension');
    // Black's D5 and E5 (two stones, liberties D6, E6, D4, E4, C5, F5 minus White's): White on D6, E6, C5, F5 leaves
    // them D4 and E4.
    const pos = board(['.........', '.........', '.........', '...OO....', '..OXXO...', '.........', '.........', '.........', '.........'], 0);
    // D3 for Black: within distance 3 are D5, E5 (own) and D6, C5, F5 (D6 is 3 away, E6 4, C5 3, F5 4): own 2, enemy 2.
    expect(valuesOf(pos, pos.parseMove('D3'))[around]).toBe(1 * 4 + 1);
    expect(valuesOf(pos, pos.parseMove('A9'))[around]).toBe(0);
    // D4 extends the chain to D3, C4, E4 (E4 still empty): three liberties; G9 touches nothing.
    expect(valuesOf(pos, pos.parseMove('D4'))[extension]).toBe(1);
    expect(valuesOf(pos, pos.parseMove('G9'))[extension]).toBe(0);
    // With White on C4 and E3, D4 leaves the chain D3 and E4 only.
    const tight = board(['.........', '.........', '.........', '...OO....', '..OXXO...', '..O......', '....O....', '.........', '.........'], 0);
    expect(valuesOf(tight, tight.parseMove('D4'))[extension]).toBe(2);
  });

  it('measure the distance to the last move and to the move before it, and say when there is none', () => {
    const last = group('last-distance'), previous = group('previous-distance');
    const empty = ['.........', '.........', '.........', '.........', '.........', '.........', '.........', '.........', '.........'];
    const one = board(empty, 0, ['E5']);
    expect(valuesOf(one, one.parseMove('E4'))[previous]).toBe(16);
    const two = board(empty, 0, ['E5', 'C3']);
    // D5 touches E5 (d = 2, value 0); from C3 it is dx 1, dy 2: d = 5, value 3.
    expect(valuesOf(two, two.parseMove('D5'))[previous]).toBe(0);
    expect(valuesOf(two, two.parseMove('D5'))[last]).toBe(3);
    // A pass before the last move: none.
    const passed = board(empty, 0, ['E5', 'pass', 'C3']);
    expect(valuesOf(passed, passed.parseMove('D5'))[previous]).toBe(16);
    expect(valuesOf(passed, passed.parseMove('D5'))[last]).toBe(3);
  });
});

describe('Go model priors', () => {
  it('rank a move by the weights of its features and keep the hand prior for a pass', () => {
    const pos = board(
      [
        '.........',
        '.........',
        '.........',
        '.........',
        '.........',
        '..X......',
        '.XOX.....',
        '.........',
        '.........',
      ],
      0,
    );
    const moves = new Int32Array(MAX_MOVES);
    const n = goTreeMoves(pos, moves);
    const out = new Float32Array(n);
    // Weights that value only captures: the capture is the one move above even, every other move alike below.
    const w = new Float32Array(GO_FEATURE_COUNT);
    for (let v = 1; v < GO_FEATURE_GROUPS[group('capture')].values; v++) w[GO_FEATURE_OFFSETS[group('capture')] + v] = 3;
    goModelPriors(pos, moves, n, out, 0.3, 0.05, w);
    const c2 = pos.parseMove('C2');
    const priors = new Map(Array.from(moves.subarray(0, n), (m, i) => [m, out[i]]));
    expect(priors.get(c2)).toBeGreaterThan(0.3);
    for (const [m, v] of priors) {
      if (m === c2) continue;
      if (m === PASS) expect(v).toBe(passPrior(pos));
      else expect(v).toBeCloseTo(priors.get(pos.parseMove('E5')) as number, 6);
      expect(v).toBeLessThan(0.3);
    }
    // All weights zero: every point at exactly the even prior.
    goModelPriors(pos, moves, n, out, 0.3, 0.05, new Float32Array(GO_FEATURE_COUNT));
    for (let i = 0; i < n; i++) if (moves[i] !== PASS) expect(out[i]).toBeCloseTo(0.3, 6);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_MOVES, ReversiPosition, Rng } from '@qi/engine';
import { FEATURES, LAYOUT, PATTERN_TYPES, PatternIndices, STAGES, SYMMETRIES, featureIndices, featureIndicesReference, stageOf } from './patterns.js';
import { decodeWeights, encodeWeights, loadReversiWeightsSync, reversiWeights, setReversiWeights } from './weights.js';
import { REVERSI_WON, reversiKnowledge, reversiPatternEvaluate } from './eval.js';

function randomPosition(rng: Rng, plies: number): ReversiPosition {
  const pos = new ReversiPosition();
  const moves = new Int32Array(MAX_MOVES);
  for (let i = 0; i < plies && !pos.isTerminal(); i++) pos.play(moves[rng.int(pos.legalMoves(moves))]);
  return pos;
}

/** Random weights that respect the folding (a folded index reads its canonical entry), as a decoded file does. */
function randomWeights(seed: number): Int16Array {
  const rng = new Rng(seed);
  const w = new Int16Array(STAGES * LAYOUT.stageSize);
  for (let s = 0; s < STAGES; s++) {
    const base = s * LAYOUT.stageSize;
    for (let i = 0; i < LAYOUT.stageSize; i++) if (LAYOUT.canonical[i] === i) w[base + i] = rng.int(401) - 200;
    for (let i = 0; i < LAYOUT.stageSize; i++) w[base + i] = w[base + LAYOUT.canonical[i]];
  }
  return w;
}

function transformed(pos: ReversiPosition, g: (s: number) => number): ReversiPosition {
  const b = pos.boardString();
  const out = new Array<string>(64).fill('-');
  for (let s = 0; s < 64; s++) out[g(s)] = b[s];
  return new ReversiPosition(out.join(''), pos.currentPlayer());
}

describe('Reversi patterns', () => {
  it('has 46 instances over the 8 symmetries, each type within 3^10 and folded onto indices of its own table', () => {
    expect(LAYOUT.instances).toBe(46);
    expect(FEATURES).toBe(49);
    for (let t = 0; t < PATTERN_TYPES.length; t++) {
      expect(PATTERN_TYPES[t].squares.length).toBeLessThanOrEqual(10);
      let outside = 0;
      for (let i = 0; i < LAYOUT.typeSize[t]; i++) {
        const c = LAYOUT.canonical[LAYOUT.typeOffset[t] + i];
        if (c > LAYOUT.typeOffset[t] + i || c < LAYOUT.typeOffset[t] || LAYOUT.canonical[c] !== c) outside++;
      }
      expect(outside).toBe(0);
    }
    expect(stageOf(60)).toBe(0);
    expect(stageOf(0)).toBe(STAGES - 1);
  });

  it('computes the indices from the bitboards as the square-by-square reference does', () => {
    const rng = new Rng(3);
    const out = new Int32Array(FEATURES);
    const bits = new Int32Array(4);
    for (let n = 0; n < 200; n++) {
      const pos = randomPosition(rng, rng.int(60));
      pos.bitboards(bits);
      const empties = featureIndices(bits[0], bits[1], bits[2], bits[3], out, 0);
      expect(empties).toBe(pos.empties());
      const board = Array.from({ length: 64 }, (_, s) => pos.colourAt(s));
      expect([...out.subarray(0, LAYOUT.instances)]).toEqual(featureIndicesReference(board, pos.currentPlayer()));
      const moves = new Int32Array(MAX_MOVES);
      const legal = pos.legalMoves(moves);
      const my = moves[0] < 0 ? 0 : legal;
      expect(out[LAYOUT.instances]).toBe(LAYOUT.extraOffset + Math.min(my, 31));
      expect(out[LAYOUT.instances + 2]).toBe(LAYOUT.extraOffset + 64 + (pos.empties() & 1));
    }
  });

  it('keeps the indices up to date from board to board as featureIndices computes them', () => {
    const rng = new Rng(5);
    const inc = new PatternIndices();
    const out = new Int32Array(FEATURES);
    const bits = new Int32Array(4);
    const moves = new Int32Array(MAX_MOVES);
    const check = (pos: ReversiPosition): void => {
      pos.bitboards(bits);
      inc.update(bits[0], bits[1], bits[2], bits[3]);
      featureIndices(bits[0], bits[1], bits[2], bits[3], out, 0);
      expect([...inc.indices]).toEqual([...out.subarray(0, LAYOUT.instances)]);
    };
    for (let game = 0; game < 20; game++) {
      // A search's walk (a move, taken back, another; both sides to move), then a jump to an unrelated board.
      const pos = randomPosition(rng, rng.int(50));
      check(pos);
      for (let step = 0; step < 40 && !pos.isTerminal(); step++) {
        const n = pos.legalMoves(moves);
        pos.play(moves[rng.int(n)]);
        check(pos);
        if (rng.int(3) === 0) {
          pos.undo();
          check(pos);
        }
      }
    }
  });

  it('gives the 8 symmetric images of a position the same evaluation, and a colour swap the same from the other chair', () => {
    const w = randomWeights(11);
    const rng = new Rng(7);
    for (let n = 0; n < 60; n++) {
      const pos = randomPosition(rng, 1 + rng.int(58));
      if (pos.isTerminal()) continue;
      const v = reversiPatternEvaluate(pos, w);
      expect(Math.abs(v)).toBeLessThan(REVERSI_WON);
      for (const g of SYMMETRIES) expect(reversiPatternEvaluate(transformed(pos, g), w)).toBe(v);
      const swapped = pos.boardString().replace(/[XO]/g, (c) => (c === 'X' ? 'O' : 'X'));
      expect(reversiPatternEvaluate(new ReversiPosition(swapped, 1 - pos.currentPlayer()), w)).toBe(v);
    }
  });

  it('writes and reads the weights file exactly (stages stored as differences), and refuses other bytes', () => {
    const w = randomWeights(5);
    const bytes = encodeWeights(w);
    const back = decodeWeights(bytes);
    expect(Buffer.from(back.buffer).equals(Buffer.from(w.buffer))).toBe(true);
    const bad = bytes.slice();
    bad[8] ^= 1;
    expect(() => decodeWeights(bad)).toThrow(/another pattern set/);
    expect(() => decodeWeights(bytes.subarray(0, 100))).toThrow();
  });

  it('uses the weights once installed, the hand-written evaluation before, and loads the shipped file in Node', () => {
    const pos = randomPosition(new Rng(2), 20);
    setReversiWeights(null);
    const hand = reversiKnowledge.evaluate(pos, pos.currentPlayer());
    const w = randomWeights(9);
    setReversiWeights(w);
    expect(reversiKnowledge.evaluate(pos, pos.currentPlayer())).toBe(reversiPatternEvaluate(pos, w));
    expect(reversiKnowledge.evaluate(pos, 1 - pos.currentPlayer())).toBe(-reversiPatternEvaluate(pos, w));
    setReversiWeights(null);
    expect(reversiKnowledge.evaluate(pos, pos.currentPlayer())).toBe(hand);
    expect(loadReversiWeightsSync()).toBe(true);
    expect(reversiWeights()).not.toBeNull();
    setReversiWeights(null);
  });
});

import { describe, expect, it } from 'vitest';
import { CheckersPosition, playChecked } from '@qi/engine';
import { solveCrossing } from './solo.js';

/** Replays a crossing with every move checked; returns the final position. */
function replay(moves: readonly string[]): CheckersPosition {
  const pos = new CheckersPosition({ players: 1 });
  for (const m of moves) {
    expect(pos.isTerminal(), `finished before ${m}`).toBe(false);
    playChecked(pos, pos.parseMove(m));
  }
  return pos;
}

describe('solo crossing puzzle', () => {
  it('finds the proven optimum of 27 turns (Bell 2009) with a beam of 5000', () => {
    const r = solveCrossing({ beamWidth: 5000 });
    expect(r.solved).toBe(true);
    expect(r.turns).toBe(27);
    const end = replay(r.moves);
    expect(end.isTerminal()).toBe(true);
    expect(end.placeOf(0)).toBe(0);
    const out = new Float64Array(1);
    end.returns(out);
    expect(out[0]).toBe(1);
  });

  it('gets close with small beams and never beats the proven optimum', () => {
    const r = solveCrossing({ beamWidth: 500 });
    expect(r.solved).toBe(true);
    expect(r.turns).toBeGreaterThanOrEqual(27);
    expect(r.turns).toBeLessThanOrEqual(35);
    expect(replay(r.moves).isTerminal()).toBe(true);
    expect(solveCrossing({ beamWidth: 50, maxTurns: 10 }).solved).toBe(false);
  });
});

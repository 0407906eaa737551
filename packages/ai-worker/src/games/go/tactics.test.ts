import { describe, expect, it } from 'vitest';
import { TacticReader, goTacticPriors } from './tactics.js';
import { stonesPosition as position, vertexPoint as at } from './go-testing.js';

// Every verdict below is GNU Go 3.8's (`attack`, `defend`, and `attack` again after the move named; 2026-12-07).
// A net (geta): white E5 (liberties E6, F5) against black D5, E4, D6, F3, a white stone at G7. GNU Go: attack E5 → F6;
// defend E5 → F5; after black F6 every white reply loses (F5 → G5, E6 → E7, G5 → F5); after black E6 or F5 (the
// liberties, a ladder that G7 breaks) white defends.
const NET_BLACK = ['D5', 'E4', 'D6', 'F3'];
const NET_WHITE = ['E5', 'C3', 'G7'];
// A chain saved by capturing: black E5 in atari (liberty E4) next to white F5, itself in atari at F4. GNU Go: defend
// E5 → F4; after black E4 attack E5 → F4 (the extension is lost); after black F4 attack E5 fails.
const SAVE_BLACK = ['E5', 'F6', 'G5'];
const SAVE_WHITE = ['D5', 'F5', 'E6', 'E3'];
// Three white stones with three liberties (D6, E6, F6) under black's wall: black C5 G5 D4 E4 F4 C7 G7, white D5 E5 F5.
// GNU Go: attack E5 → D6, defend E5 → D6; after black D6, E6, F6, D7, E7 or F7 white cannot save it; after white D6,
// F6 or E7 black cannot capture it (after white E6 black still can, at E7).
const RACE_BLACK = ['C5', 'G5', 'D4', 'E4', 'F4', 'C7', 'G7'];
const RACE_WHITE = ['D5', 'E5', 'F5'];

describe('tactical reading', () => {
  const reader = new TacticReader(9);

  it('reads a net: only the move that does not touch the stone captures it, and the stone could still run', () => {
    const pos = position(NET_BLACK, NET_WHITE, 'black');
    reader.load(pos);
    const e5 = at(pos, 'E5');
    expect(reader.capturable(e5)).toBe(true);
    expect(reader.savable(e5)).toBe(true);
    expect(reader.capturesBy(at(pos, 'F6'), e5)).toBe(true);
    expect(reader.capturesBy(at(pos, 'E6'), e5)).toBe(false);
    expect(reader.capturesBy(at(pos, 'F5'), e5)).toBe(false);
    expect(reader.savesBy(at(pos, 'F5'), e5)).toBe(true);
    // The questions leave the loaded board as it was.
    expect(reader.capturesBy(at(pos, 'F6'), e5)).toBe(true);
  });

  it('saves a chain in atari by capturing the stone that ataris it; the extension alone is lost', () => {
    const pos = position(SAVE_BLACK, SAVE_WHITE, 'black', ['white', 'D4']);
    reader.load(pos);
    const e5 = at(pos, 'E5');
    expect(reader.capturable(e5)).toBe(true);
    expect(reader.savable(e5)).toBe(true);
    expect(reader.savesBy(at(pos, 'F4'), e5)).toBe(true);
    expect(reader.savesBy(at(pos, 'E4'), e5)).toBe(false);
    // White's F5 is in atari too: black to move takes it.
    expect(reader.capturable(at(pos, 'F5'))).toBe(true);
  });

  it("the tree's priors: the saving capture is raised, the lost extension lowered, other moves kept", () => {
    const pos = position(SAVE_BLACK, SAVE_WHITE, 'black', ['white', 'D4']);
    const moves = Int32Array.of(at(pos, 'F4'), at(pos, 'E4'), at(pos, 'B8'));
    const out = Float32Array.of(0.3, 0.3, 0.3);
    goTacticPriors(pos, moves, moves.length, out);
    expect(out[0]).toBeGreaterThanOrEqual(0.55);
    expect(out[1]).toBeCloseTo(0.05, 6);
    expect(out[2]).toBeCloseTo(0.3, 6);
    // A net next to the last move is raised too: white's G7 was the last move, black to play F6.
    const net = position(NET_BLACK, NET_WHITE.filter((v) => v !== 'E5'), 'black', ['white', 'E5']);
    const netMoves = Int32Array.of(at(net, 'F6'), at(net, 'E6'), at(net, 'J1'));
    const netOut = Float32Array.of(0.3, 0.3, 0.3);
    goTacticPriors(net, netMoves, netMoves.length, netOut);
    expect(netOut[0]).toBeGreaterThanOrEqual(0.55);
    expect(netOut[1]).toBeCloseTo(0.3, 6);
    expect(netOut[2]).toBeCloseTo(0.3, 6);
  });

  it('reads a chain of three stones with three liberties anywhere on the board, for both sides', () => {
    // The last move is far away (J1): the chain is read because it is big, not because it is near the last move.
    const black = position(RACE_BLACK, RACE_WHITE, 'black', ['white', 'J1']);
    reader.load(black);
    const e5 = at(black, 'E5');
    expect(reader.capturable(e5)).toBe(true);
    expect(reader.savable(e5)).toBe(true);
    expect(reader.capturesBy(at(black, 'D6'), e5)).toBe(true);
    expect(reader.capturesBy(at(black, 'F6'), e5)).toBe(true);
    expect(reader.capturesBy(at(black, 'H5'), e5)).toBe(false);
    const moves = Int32Array.of(at(black, 'D6'), at(black, 'F6'), at(black, 'A1'));
    const out = Float32Array.of(0.3, 0.3, 0.3);
    goTacticPriors(black, moves, moves.length, out);
    expect(out[0]).toBeGreaterThanOrEqual(0.69);
    expect(out[1]).toBeGreaterThanOrEqual(0.69);
    expect(out[2]).toBeCloseTo(0.3, 6);
    // White to move saves it at D6 (GNU Go's defence), raised as the defence of three stones.
    const white = position(RACE_BLACK, RACE_WHITE, 'white', ['black', 'J1']);
    reader.load(white);
    expect(reader.savesBy(at(white, 'D6'), e5)).toBe(true);
    const whiteMoves = Int32Array.of(at(white, 'D6'), at(white, 'A1'));
    const whiteOut = Float32Array.of(0.3, 0.3);
    goTacticPriors(white, whiteMoves, whiteMoves.length, whiteOut);
    expect(whiteOut[0]).toBeGreaterThanOrEqual(0.69);
    expect(whiteOut[1]).toBeCloseTo(0.3, 6);
  });

  it('a position without a last move, or without short chains near it, keeps its priors', () => {
    const pos = position(NET_BLACK, NET_WHITE, 'black');
    const moves = Int32Array.of(at(pos, 'F6'));
    const out = Float32Array.of(0.3);
    goTacticPriors(pos, moves, 1, out);
    expect(out[0]).toBeCloseTo(0.3, 6);
  });
});

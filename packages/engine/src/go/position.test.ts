import { describe, expect, it } from 'vitest';
import { MAX_MOVES, PASS } from '../core/game.js';
import { BLACK, EMPTY, WHITE } from './board.js';
import { fixedHandicap, maxFixedHandicap } from './handicap.js';
import { GoPosition } from './position.js';
import { goRules, type GoRules } from './rules.js';
import { parseVertex, vertexToText } from './vertex.js';

/** A position from a diagram (top row first, X black, O white, . empty) with `toMove` to play. */
function diagram(rows: string[], rules: Partial<GoRules> = {}, toMove = 0): GoPosition {
  const pos = new GoPosition({ ...rules, size: rows.length });
  rows.forEach((line, r) => {
    [...line.replace(/ /g, '')].forEach((ch, c) => {
      if (ch === 'X') pos.setup(pos.point(c, r), BLACK);
      else if (ch === 'O') pos.setup(pos.point(c, r), WHITE);
    });
  });
  pos.setCurrentPlayer(toMove);
  return pos;
}

/** Plays GTP moves alternately from the side to move (checked). */
function playAll(pos: GoPosition, moves: string): void {
  for (const m of moves.split(/\s+/).filter(Boolean)) pos.playAs(pos.currentPlayer(), pos.parseMove(m));
}

const v = (pos: GoPosition, text: string): number => pos.parseMove(text);

describe('rules value', () => {
  it('fills defaults by scoring and validates', () => {
    expect(goRules()).toEqual({ size: 19, komi: 7.5, ko: 'simple', suicide: false, scoring: 'area', handicapBonus: 'n' });
    expect(goRules({ scoring: 'territory' })).toMatchObject({ komi: 6.5, handicapBonus: 'none' });
    expect(() => goRules({ size: 1 })).toThrow(RangeError);
    expect(() => goRules({ size: 26 })).toThrow(/2 to 25/);
    expect(() => goRules({ komi: 6.25 })).toThrow(/multiple of 0.5/);
    expect(() => goRules({ ko: 'japanese' as never })).toThrow(/ko rule/);
    expect(goRules({ komi: -3.5 }).komi).toBe(-3.5);
  });
});

describe('vertices', () => {
  it('reads and writes GTP vertices, skipping I, row 1 at the bottom', () => {
    expect(vertexToText(19, 0, 18)).toBe('A1');
    expect(vertexToText(19, 8, 0)).toBe('J19');
    expect(vertexToText(25, 24, 0)).toBe('Z25');
    expect(parseVertex(19, 'q16')).toEqual({ col: 15, row: 3 });
    expect(parseVertex(9, ' PASS ')).toBe('pass');
    const pos = new GoPosition({ size: 9 });
    expect(pos.moveToText(pos.parseMove('j9'))).toBe('J9');
    expect(pos.parseMove('Pass')).toBe(PASS);
  });

  it('names the bad token in errors', () => {
    expect(() => parseVertex(19, 'I5')).toThrow(/letter I/);
    expect(() => parseVertex(9, 'K5')).toThrow(/column K is off the 9x9 board/);
    expect(() => parseVertex(9, 'A10')).toThrow(/row 10 is off/);
    expect(() => parseVertex(9, 'A0')).toThrow(/row 0 is off/);
    expect(() => parseVertex(9, 'D')).toThrow(/"D" is not a vertex/);
    expect(() => parseVertex(9, '4D')).toThrow(RangeError);
    expect(() => parseVertex(9, '')).toThrow(RangeError);
    const pos = new GoPosition({ size: 9 });
    expect(() => pos.point(9, 0)).toThrow(RangeError);
    expect(() => pos.moveToText(0)).toThrow(RangeError);
    expect(pos.isLegal(0)).toBe(false);
    expect(pos.isLegal(1.5)).toBe(false);
    expect(pos.isLegal(-7)).toBe(false);
    expect(pos.isLegal(1e9)).toBe(false);
  });
});

describe('captures and liberties', () => {
  it('captures a stone in the corner and counts it', () => {
    const pos = new GoPosition({ size: 5 });
    expect(pos.emptyPoints()).toBe(25);
    playAll(pos, 'A1 B1 E5 A2');
    expect(pos.stoneAt(v(pos, 'A1'))).toBe(EMPTY);
    expect(pos.emptyPoints()).toBe(22);
    expect(pos.captures(1)).toBe(1);
    expect(pos.captures(0)).toBe(0);
    expect(pos.liberties(v(pos, 'B1'))).toBe(3);
    expect(pos.liberties(v(pos, 'A2'))).toBe(3);
    pos.undo();
    expect(pos.stoneAt(v(pos, 'A1'))).toBe(BLACK);
    expect(pos.emptyPoints()).toBe(22);
    expect(pos.liberties(v(pos, 'A1'))).toBe(1);
    expect(pos.captures(1)).toBe(0);
  });

  it('counts shared liberties once when chains merge, and lists chains', () => {
    const pos = diagram(['.....', '.X.X.', '.....', '.....', '.....']);
    expect(pos.liberties(v(pos, 'B4'))).toBe(4);
    pos.play(v(pos, 'C4'));
    expect(pos.liberties(v(pos, 'B4'))).toBe(8);
    const stones = new Int32Array(32);
    expect(pos.chainStones(v(pos, 'D4'), stones)).toBe(3);
    const libs = new Int32Array(32);
    const n = pos.chainLiberties(v(pos, 'C4'), libs);
    expect(Array.from(libs.subarray(0, n), (p) => pos.moveToText(p)).sort()).toEqual(['A4', 'B3', 'B5', 'C3', 'C5', 'D3', 'D5', 'E4']);
    expect(pos.liberties(v(pos, 'A1'))).toBe(0);
  });

  it('analyze lists every captured stone of several chains', () => {
    const pos = diagram(['.XO..', 'XO...', 'O....', '.....', '.....']);
    const a = pos.analyze(v(pos, 'A5'), 1);
    expect(a.legal).toBe(true);
    expect(a.captures.map((p) => pos.moveToText(p)).sort()).toEqual(['A4', 'B5']);
    pos.playAs(1, v(pos, 'A5'));
    expect(pos.captures(1)).toBe(2);
    expect(pos.toString().split('\n')[0]).toBe('O.O..');
  });

  it('snapback: the capture of one stone is answered by a multi-stone recapture, not a ko', () => {
    const snap = diagram(
      ['..XO.', 'XXXO.', 'OOOO.', '.....', '.....'],
      {}, 1,
    );
    // White plays B5 (throw-in, one liberty A5); Black captures it at A5; White snaps back at B5 capturing 5.
    expect(snap.analyze(v(snap, 'B5')).legal).toBe(true);
    snap.play(v(snap, 'B5'));
    expect(snap.liberties(v(snap, 'B5'))).toBe(1);
    snap.play(v(snap, 'A5'));
    expect(snap.captures(0)).toBe(1);
    expect(snap.koPoint()).toBe(-1);
    const a = snap.analyze(v(snap, 'B5'));
    expect(a.legal).toBe(true);
    expect(a.captures.length).toBe(5);
    snap.play(v(snap, 'B5'));
    expect(snap.captures(1)).toBe(5);
  });
});

describe('suicide', () => {
  const shape = ['.O...', 'OXO..', 'O.O..', '.O...', '.....'];
  it('forbids suicide by default, single and multi-stone', () => {
    const pos = diagram(['.O...', 'O....', '.....', '.....', '.....']);
    expect(pos.analyze(v(pos, 'A5')).reason).toBe('suicide');
    const multi = diagram(shape);
    expect(multi.analyze(v(multi, 'B3'))).toEqual({ legal: false, reason: 'suicide', captures: [] });
    expect(multi.isLegal(v(multi, 'B3'))).toBe(false);
    expect(() => multi.playAs(0, v(multi, 'B3'))).toThrow(/illegal move B3 for black: suicide/);
  });

  it('allows multi-stone suicide as an option, never single-stone', () => {
    const pos = diagram(shape, { suicide: true });
    expect(pos.analyze(v(pos, 'B3')).legal).toBe(true);
    pos.play(v(pos, 'B3'));
    expect(pos.stoneAt(v(pos, 'B4'))).toBe(EMPTY);
    expect(pos.stoneAt(v(pos, 'B3'))).toBe(EMPTY);
    expect(pos.captures(1)).toBe(2);
    expect(pos.liberties(v(pos, 'A4'))).toBe(4);
    pos.undo();
    expect(pos.stoneAt(v(pos, 'B4'))).toBe(BLACK);
    expect(pos.captures(1)).toBe(0);
    const single = diagram(['.O...', 'O....', '.....', '.....', '.....'], { suicide: true });
    expect(single.analyze(v(single, 'A5')).reason).toBe('suicide');
  });

  it('a move that captures is never suicide', () => {
    const cap = diagram(['.XO..', 'XO...', 'O....', '.....', '.....'], {}, 1);
    // A5 has no empty neighbour, but it takes the last liberty of A4 and of B5.
    expect(cap.analyze(v(cap, 'A5')).legal).toBe(true);
    cap.play(v(cap, 'A5'));
    expect(cap.liberties(v(cap, 'A5'))).toBe(2);
  });
});

describe('ko and superko', () => {
  const koShape = ['.XO..', 'XO.O.', '.XO..', '.....', '.....'];
  it('forbids the immediate ko recapture and allows it after a threat exchange', () => {
    const pos = diagram(koShape, {}, 0);
    pos.play(v(pos, 'C4'));
    expect(pos.captures(0)).toBe(1);
    expect(pos.koPoint()).toBe(v(pos, 'B4'));
    expect(pos.analyze(v(pos, 'B4')).reason).toBe('ko');
    expect(pos.isLegal(v(pos, 'B4'))).toBe(false);
    // Black may fill the ko point itself (as a move for Black: the ko restricts White only).
    expect(pos.isLegalFor(0, v(pos, 'B4'))).toBe(true);
    pos.play(v(pos, 'E1'));
    pos.play(v(pos, 'E2'));
    expect(pos.koPoint()).toBe(-1);
    expect(pos.analyze(v(pos, 'B4')).legal).toBe(true);
    pos.play(v(pos, 'B4'));
    expect(pos.captures(1)).toBe(1);
    pos.undo();
    pos.undo();
    pos.undo();
    expect(pos.koPoint()).toBe(v(pos, 'B4'));
  });

  it('a pass lifts the ko', () => {
    const pos = diagram(koShape, {}, 0);
    pos.play(v(pos, 'C4'));
    pos.play(PASS);
    pos.play(PASS);
    expect(pos.isTerminal()).toBe(true);
    pos.undo();
    expect(pos.koPoint()).toBe(-1);
  });

  // 3x3: B B3, W B2, B C2, W A2, B A3, W C3 (captures A3 B3). Black's B3 now captures C3 and recreates the
  // position after W A2 — which had Black to move, while now White would be.
  const cycle = 'B3 B2 C2 A2 A3 C3';
  it('positional superko forbids a whole-board repetition that situational superko allows', () => {
    for (const [ko, reason] of [['simple', null], ['positional', 'superko'], ['situational', null]] as const) {
      const pos = new GoPosition({ size: 3, ko });
      playAll(pos, cycle);
      expect(pos.captures(1)).toBe(2);
      const a = pos.analyze(v(pos, 'B3'));
      expect(a.reason, ko).toBe(reason);
      expect(a.legal).toBe(reason === null);
      if (reason === null) expect(a.captures.map((p) => pos.moveToText(p))).toEqual(['C3']);
    }
  });

  it('situational superko forbids a repetition with the same side to move', () => {
    // After the cycle and B3 (legal under SSK) White passes: the board is the one after W A2, Black to move again.
    // Black A3 would now recreate the position after the earlier B A3 with White to move: SSK and PSK forbid it.
    for (const [ko, reason] of [['simple', null], ['situational', 'superko']] as const) {
      const pos = new GoPosition({ size: 3, ko });
      playAll(pos, cycle + ' B3 pass');
      const rep = new GoPosition({ size: 3 });
      playAll(rep, 'B3 B2 C2 A2');
      expect(pos.toString()).toBe(rep.toString());
      expect([pos.hashLo, pos.hashHi]).toEqual([rep.hashLo, rep.hashHi]);
      expect(pos.analyze(v(pos, 'A3')).reason, ko).toBe(reason);
    }
  });

  it('undo restores superko history exactly', () => {
    const pos = new GoPosition({ size: 3, ko: 'positional' });
    playAll(pos, cycle);
    pos.undo();
    pos.undo();
    playAll(pos, 'A3 C3');
    expect(pos.analyze(v(pos, 'B3')).reason).toBe('superko');
  });

  it('setup restarts the superko history', () => {
    const pos = new GoPosition({ size: 3, ko: 'positional' });
    playAll(pos, cycle);
    pos.setup(v(pos, 'A1'), EMPTY);
    expect(pos.analyze(v(pos, 'B3')).legal).toBe(true);
    expect(() => pos.undo()).toThrow(/no move to undo/);
    expect(pos.ply).toBe(6);
  });
});

describe('passes, resignation, results', () => {
  it('two passes end the game and the board is scored', () => {
    const pos = new GoPosition({ size: 5, komi: 0.5 });
    playAll(pos, 'C3 pass');
    expect(pos.isTerminal()).toBe(false);
    expect(pos.passes()).toBe(1);
    pos.play(PASS);
    expect(pos.isTerminal()).toBe(true);
    expect(pos.legalMoves(new Int32Array(MAX_MOVES))).toBe(0);
    const out = new Float64Array(2);
    pos.returns(out);
    expect(Array.from(out)).toEqual([1, -1]);
    expect(pos.scoreMargin()).toBe(24.5);
    // The board rules still answer (a record may continue after passes).
    expect(pos.isLegalFor(1, v(pos, 'A1'))).toBe(true);
    pos.playAs(1, v(pos, 'A1'));
    expect(pos.isTerminal()).toBe(false);
  });

  it('territory scoring counts prisoners, not stones', () => {
    const pos = new GoPosition({ size: 5, scoring: 'territory' });
    playAll(pos, 'A1 B1 E5 A2');
    // White: the A1 point (bordered by White only) and 1 prisoner; the big region touches both colours.
    expect(pos.scoreMargin()).toBe(0 - (1 + 1 + 6.5));
  });

  it('resignation ends the game, undo takes it back', () => {
    const pos = new GoPosition({ size: 9 });
    pos.play(v(pos, 'E5'));
    pos.resign(1);
    expect(pos.isTerminal()).toBe(true);
    expect(pos.resigned()).toBe(1);
    expect(pos.lastMove()).toBe(v(pos, 'E5'));
    const out = new Float64Array(2);
    pos.returns(out);
    expect(Array.from(out)).toEqual([1, -1]);
    expect(() => pos.playAs(1, v(pos, 'D4'))).toThrow(/game is over/);
    pos.undo();
    expect(pos.resigned()).toBe(-1);
    expect(pos.isTerminal()).toBe(false);
  });

  it('previousMove is the move before the last, passes included, and skips a resignation', () => {
    const pos = new GoPosition({ size: 9 });
    expect(pos.previousMove()).toBeNull();
    pos.play(v(pos, 'E5'));
    expect(pos.previousMove()).toBeNull();
    pos.play(PASS);
    expect(pos.previousMove()).toBe(v(pos, 'E5'));
    pos.play(v(pos, 'D4'));
    expect(pos.previousMove()).toBe(PASS);
    pos.resign(1);
    expect(pos.previousMove()).toBe(PASS);
    pos.undo();
    pos.undo();
    expect(pos.previousMove()).toBe(v(pos, 'E5'));
  });

  it('clone is independent and carries the undo history', () => {
    const pos = new GoPosition({ size: 5 });
    playAll(pos, 'A1 B1 E5 A2');
    const c = pos.clone();
    c.undo();
    expect(c.stoneAt(v(c, 'A1'))).toBe(BLACK);
    expect(pos.stoneAt(v(pos, 'A1'))).toBe(EMPTY);
    expect(c.captures(1)).toBe(0);
    expect(pos.captures(1)).toBe(1);
  });

  it('the key covers the side to move', () => {
    const a = new GoPosition({ size: 9 });
    const b = new GoPosition({ size: 9 });
    b.play(PASS);
    expect(a.toString()).toBe(b.toString());
    expect(a.hashLo !== b.hashLo || a.hashHi !== b.hashHi).toBe(true);
  });
});

describe('handicap', () => {
  it('places the GTP fixed handicap on 19x19 in the usual order', () => {
    const text = (n: number) => {
      const pos = new GoPosition({ size: 19 });
      return fixedHandicap(19, n).map((p) => pos.moveToText(p));
    };
    expect(text(2)).toEqual(['D4', 'Q16']);
    expect(text(3)).toEqual(['D4', 'Q16', 'D16']);
    expect(text(4)).toEqual(['D4', 'Q16', 'D16', 'Q4']);
    expect(text(5)).toEqual(['D4', 'Q16', 'D16', 'Q4', 'K10']);
    expect(text(6)).toEqual(['D4', 'Q16', 'D16', 'Q4', 'D10', 'Q10']);
    expect(text(7)).toEqual(['D4', 'Q16', 'D16', 'Q4', 'D10', 'Q10', 'K10']);
    expect(text(8).sort()).toEqual(['D4', 'Q16', 'D16', 'Q4', 'D10', 'Q10', 'K4', 'K16'].sort());
    expect(text(9).sort()).toEqual(['D4', 'Q16', 'D16', 'Q4', 'D10', 'Q10', 'K4', 'K16', 'K10'].sort());
  });

  it('uses the 3-3 stars up to 11x11 and refuses counts GTP does not define', () => {
    const at = (size: number, n: number) => {
      const pos = new GoPosition({ size });
      return fixedHandicap(size, n).map((p) => pos.moveToText(p)).sort();
    };
    // As GNU Go answers `fixed_handicap` (the GTP reference implementation).
    expect(at(9, 9)).toEqual(['C7', 'E7', 'G7', 'C5', 'E5', 'G5', 'C3', 'E3', 'G3'].sort());
    expect(at(9, 5)).toEqual(['C7', 'G7', 'E5', 'C3', 'G3'].sort());
    expect(at(13, 6)).toEqual(['D10', 'K10', 'D7', 'K7', 'D4', 'K4'].sort());
    expect(at(7, 4)).toEqual(['C5', 'E5', 'C3', 'E3'].sort());
    expect(at(8, 2)).toEqual(['F6', 'C3'].sort());
    expect(at(12, 3)).toEqual(['D9', 'J9', 'D4'].sort());
    expect(at(11, 9)).toContain('F6');
    expect(maxFixedHandicap(6)).toBe(0);
    expect(maxFixedHandicap(7)).toBe(4);
    expect(maxFixedHandicap(10)).toBe(4);
    expect(maxFixedHandicap(19)).toBe(9);
    expect(maxFixedHandicap(25)).toBe(9);
    expect(() => fixedHandicap(6, 2)).toThrow(/not defined on a 6x6/);
    expect(() => fixedHandicap(10, 5)).toThrow(/from 2 to 4/);
    expect(() => fixedHandicap(19, 10)).toThrow(/from 2 to 9/);
    expect(() => fixedHandicap(19, 1)).toThrow(RangeError);
  });

  it('placeHandicap sets up the stones, records the count and gives White the move', () => {
    const pos = new GoPosition({ size: 19, komi: 0.5 });
    pos.placeHandicap(fixedHandicap(19, 4));
    expect(pos.handicap).toBe(4);
    expect(pos.currentPlayer()).toBe(1);
    expect(pos.stoneAt(v(pos, 'Q4'))).toBe(BLACK);
    expect(() => pos.undo()).toThrow();
    // Area: 4 stones + 357 empty points bordered by Black only; White gets komi + 4 (bonus N).
    expect(pos.scoreMargin()).toBe(361 - 4.5);
    expect(() => pos.placeHandicap(fixedHandicap(19, 2))).toThrow(/empty board/);
    const free = new GoPosition({ size: 9 });
    expect(() => free.placeHandicap([v(free, 'A1'), v(free, 'A1')])).toThrow(/twice/);
    expect(() => free.placeHandicap([v(free, 'A1')])).toThrow(/2 to 80/);
    free.placeHandicap([v(free, 'A1'), v(free, 'J9'), v(free, 'E5')]);
    expect(free.handicap).toBe(3);
  });
});

describe('legal move generation', () => {
  it('lists every empty point and pass on an empty board', () => {
    const pos = new GoPosition({ size: 9 });
    const moves = new Int32Array(MAX_MOVES);
    expect(pos.legalMoves(moves)).toBe(82);
    expect(moves[81]).toBe(PASS);
    expect(pos.points().length).toBe(81);
  });

  it('occupied points are reported as such', () => {
    const pos = new GoPosition({ size: 9 });
    pos.play(v(pos, 'E5'));
    expect(pos.analyze(v(pos, 'E5'), 1).reason).toBe('occupied');
    expect(() => pos.analyze(0)).toThrow(RangeError);
  });
});

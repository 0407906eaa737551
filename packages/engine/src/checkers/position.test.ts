import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { geometry, holeIndex } from './geometry.js';
import { CHECKERS_LEAVE, CheckersPosition, checkersMove } from './position.js';
import { checkersRules, selfPlayRules } from './rules.js';

const star = geometry('star');
const h = (name: string): number => {
  const i = holeIndex(star, name);
  if (i < 0) throw new Error(`test uses unknown hole ${name}`);
  return i;
};
const holes = (names: string): number[] => names.split(' ').map(h);
const moveTexts = (pos: CheckersPosition): string[] => {
  const buf = new Int32Array(1024);
  const n = pos.legalMoves(buf);
  return Array.from(buf.subarray(0, n), (m) => pos.moveToText(m));
};

describe('checkers geometry', () => {
  it('has 121 star holes: a hexagon of 61 and six points of 10 named as documented', () => {
    expect(star.cells).toBe(121);
    expect(Array.from(star.region).filter((k) => k < 0)).toHaveLength(61);
    for (const list of star.regionCells) expect(list).toHaveLength(10);
    expect(new Set(star.names).size).toBe(121);
    expect(star.rows.map((r) => r.length)).toEqual([1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]);
    expect(star.region[h('a1')]).toBe(0);
    expect(star.region[h('q1')]).toBe(3);
    expect(star.region[h('e13')]).toBe(1);
    expect(star.region[h('m13')]).toBe(2);
    expect(star.region[h('m1')]).toBe(4);
    expect(star.region[h('e1')]).toBe(5);
    expect(star.region[h('i5')]).toBe(-1);
    expect(holeIndex(star, ' I5 ')).toBe(h('i5'));
    expect(holeIndex(star, 'r1')).toBe(-1);
  });

  it('has symmetric neighbours and hop landings two steps in a line, on both boards', () => {
    for (const geo of [star, geometry('square8')]) {
      const half = geo.dirs / 2;
      for (let c = 0; c < geo.cells; c++) {
        for (let d = 0; d < geo.dirs; d++) {
          const nb = geo.neighbour[c * geo.dirs + d];
          const land = geo.landing[c * geo.dirs + d];
          if (nb >= 0) expect(geo.neighbour[nb * geo.dirs + ((d + half) % geo.dirs)]).toBe(c);
          expect(land).toBe(nb < 0 ? -1 : geo.neighbour[nb * geo.dirs + d]);
        }
      }
    }
    expect(star.neighbour.filter((x) => x >= 0).length / star.cells).toBeGreaterThan(5);
  });

  it('names the 8x8 board like chess squares with 24-square home zones', () => {
    const sq = geometry('square8');
    expect(sq.names[0]).toBe('a8');
    expect(sq.names[63]).toBe('h1');
    expect(sq.regionCells[0]).toHaveLength(24);
    expect(sq.regionCells[1]).toHaveLength(24);
  });
});

describe('checkers starts and moves', () => {
  it('seats 2, 3, 4 and 6 players on their points with 10 pieces, each aiming at the opposite point', () => {
    const seats: Record<number, number[]> = { 2: [3, 0], 3: [3, 5, 1], 4: [3, 4, 0, 1], 6: [3, 4, 5, 0, 1, 2] };
    for (const [players, points] of Object.entries(seats)) {
      const pos = new CheckersPosition({ players: Number(players) });
      points.forEach((k, p) => expect(pos.piecesOf(p).map((c) => star.region[c])).toEqual(new Array(10).fill(k)));
      expect(pos.currentPlayer()).toBe(0);
    }
  });

  it('lists the 14 opening moves of the two-player start by name (8 steps, 6 hops)', () => {
    const pos = new CheckersPosition();
    const texts = moveTexts(pos).sort();
    expect(texts).toEqual(
      ['n1-m5', 'n1-m6', 'n2-m6', 'n2-m7', 'n3-m7', 'n3-m8', 'n4-m8', 'n4-m9', 'o1-m5', 'o1-m7', 'o2-m6', 'o2-m8', 'o3-m7', 'o3-m9'].sort(),
    );
  });

  it('chains hops, lists each destination once, and gives the path for animation', () => {
    // q1 hops over p1 to o1, then over o2 to o3; a step to p2 is also possible.
    const pos = new CheckersPosition({ players: 2, stayInGoal: false }, { pieces: [holes('q1'), holes('p1 o2 m7')], toMove: 0 });
    expect(moveTexts(pos).sort()).toEqual(['q1-o1', 'q1-o1-o3', 'q1-p2']);
    expect(pos.destinationsOf(h('q1')).map((c) => star.names[c]).sort()).toEqual(['o1', 'o3', 'p2']);
    expect(pos.destinationsOf(h('p1'))).toEqual([]);
    const move = pos.parseMove('q1-o3');
    expect(pos.isLegal(move)).toBe(true);
    expect(pos.path(move).map((c) => star.names[c])).toEqual(['q1', 'o1', 'o3']);
    expect(pos.parseMove('q1-o1-o3')).toBe(move);
    expect(pos.pathIsPlayable(pos.parsePath('q1-o1-o3'))).toBe(true);
    expect(pos.pathIsPlayable(pos.parsePath('q1-o1'))).toBe(true);
    expect(pos.pathIsPlayable(pos.parsePath('q1-o3'))).toBe(false);
    // g7 is reached from i5 two ways (over i6 then h7, or over h5 then g6): one move, one path.
    const diamond = new CheckersPosition({}, { pieces: [holes('i5'), holes('i6 h7 h5 g6')], toMove: 0 });
    const texts = moveTexts(diamond);
    const ends = texts.map((t) => t.split('-').pop());
    expect(new Set(ends).size).toBe(ends.length);
    expect(texts.filter((t) => t.endsWith('-g7'))).toHaveLength(1);
    expect(texts.find((t) => t.endsWith('-g7'))!.split('-')).toHaveLength(3);
    const pos2 = new CheckersPosition();
    pos2.play(pos2.parseMove('o2-m6'));
    expect(pos2.lastMove()).toBe(checkersMove(h('o2'), h('m6')));
  });

  it('keys positions by pieces and side to move: transpositions agree, the side to move matters', () => {
    const a = new CheckersPosition();
    const b = new CheckersPosition();
    for (const m of ['o2-m6', 'c2-e6', 'n1-m5']) a.play(a.parseMove(m));
    for (const m of ['n1-m5', 'c2-e6', 'o2-m6']) b.play(b.parseMove(m));
    expect([a.hashLo, a.hashHi]).toEqual([b.hashLo, b.hashHi]);
    const start = new CheckersPosition();
    const passed = new CheckersPosition({}, { pieces: start.initialSetup().pieces, toMove: 1 });
    expect([passed.hashLo, passed.hashHi]).not.toEqual([start.hashLo, start.hashHi]);
  });

  it('parses paths and from-to, and names the problem in bad text', () => {
    const pos = new CheckersPosition();
    expect(pos.parseMove('O1-M7')).toBe(checkersMove(h('o1'), h('m7')));
    expect(pos.parseMove('pass')).toBe(PASS);
    expect(() => pos.parseMove('o1')).toThrow(/not a move/);
    expect(() => pos.parseMove('o1-z9')).toThrow(/"z9" is not a hole/);
    expect(() => pos.parseMove('q1-o1-n1')).toThrow(/o1-n1 is not a hop/);
    expect(() => pos.parseMove('q1-o1-q1')).toThrow(/appears twice/);
    expect(pos.isLegal(pos.parseMove('o1-m7'))).toBe(true);
    expect(pos.isLegal(pos.parseMove('a1-b1'))).toBe(false);
    for (const bad of [-5, 1.5, 121 * 128, 127, 15000, NaN]) expect(pos.isLegal(bad)).toBe(false);
    expect(() => pos.moveToText(-7)).toThrow(RangeError);
  });

  it('rejects malformed setups with clear errors and accepts odd piece counts', () => {
    expect(() => new CheckersPosition({ players: 2 }, { pieces: [[0, 1]], toMove: 0 })).toThrow(/rules say 2/);
    expect(() => new CheckersPosition({ players: 2 }, { pieces: [[0, 1], [1]], toMove: 0 })).toThrow(/holds two pieces/);
    expect(() => new CheckersPosition({ players: 2 }, { pieces: [[0, 500], []], toMove: 0 })).toThrow(/not a hole/);
    expect(() => new CheckersPosition({ players: 2 }, { pieces: [[0], []], toMove: 2 })).toThrow(/toMove/);
    expect(() => new CheckersPosition({ players: 5 })).toThrow(/players must be one of/);
    expect(() => checkersRules({ turnCap: -1 })).toThrow(/turnCap/);
    expect(() => checkersRules({ colour: 1 } as never)).toThrow(/unknown rules field "colour"/);
    const odd = new CheckersPosition({ players: 2 }, { pieces: [holes('i5 i6 i7'), []], toMove: 0 });
    expect(odd.piecesOf(0)).toHaveLength(3);
  });
});

describe('checkers rules options', () => {
  it('keeps a piece that entered its goal inside it (stayInGoal), unless the option is off', () => {
    const setup = { pieces: [holes('d1'), holes('q1')], toMove: 0 };
    const locked = new CheckersPosition({}, setup);
    expect(moveTexts(locked).sort()).toEqual(['d1-c1', 'd1-d2']);
    const free = new CheckersPosition({ stayInGoal: false }, setup);
    expect(moveTexts(free).length).toBeGreaterThan(1);
  });

  it('wins by filling the goal with at least one own piece (fill rule), or only with all pieces without it', () => {
    // Player 2 squats on nine holes of player 1's goal; player 1 fills the tenth from e5.
    const goal = Array.from(star.regionCells[0]).filter((c) => c !== h('d1'));
    const setup = { pieces: [holes('e2 i5'), [...goal, h('q1')]], toMove: 0 };
    const pos = new CheckersPosition({}, setup);
    pos.play(pos.parseMove('e2-d1'));
    expect(pos.isTerminal()).toBe(true);
    expect(pos.placeOf(0)).toBe(0);
    const out = new Float64Array(2);
    pos.returns(out);
    expect(Array.from(out)).toEqual([1, -1]);
    pos.undo();
    expect(pos.isTerminal()).toBe(false);
    const strict = new CheckersPosition({ fillGoalWins: false }, setup);
    strict.play(strict.parseMove('e2-d1'));
    expect(strict.isTerminal()).toBe(false);
  });

  it('forbids ending a turn in a third player\'s point but allows hopping through it (noStopInOtherPoints)', () => {
    // Three players: point 4 (lower left: l1-l3, m1-m4 …) is player 3's goal; player 1 stands next to it on l4.
    const setup = { pieces: [holes('l4'), holes('a1'), holes('e13')], toMove: 0 };
    const open = new CheckersPosition({ players: 3 }, setup);
    expect(moveTexts(open)).toEqual(expect.arrayContaining(['l4-l3', 'l4-m4', 'l4-m5']));
    const closed = new CheckersPosition({ players: 3, noStopInOtherPoints: true }, setup);
    expect(moveTexts(closed).filter((t) => star.region[h(t.split('-').pop()!)] === 4)).toEqual([]);
    expect(moveTexts(closed)).toContain('l4-m5');
    // Hopping through the point is fine: l4 over l3 to l2 (inside point 4), then over k2 out to j2.
    const through = new CheckersPosition({ players: 3, noStopInOtherPoints: true }, { pieces: [holes('l4'), holes('a1'), holes('e13 l3 k2')], toMove: 0 });
    expect(moveTexts(through)).toContain('l4-l2-j2');
    expect(moveTexts(through).map((t) => t.split('-').pop())).not.toContain('l2');
  });

  it('makes a stuck player pass, and ends the game when every player left is stuck', () => {
    // Player 1's lone piece on its home tip q1 is walled in by player 2's pieces.
    const setup = { pieces: [holes('q1'), holes('p1 p2 o1 o3 i5')], toMove: 0 };
    const pos = new CheckersPosition({ fillGoalWins: false, stayInGoal: false }, setup);
    expect(moveTexts(pos)).toEqual(['pass']);
    expect(pos.isLegal(PASS)).toBe(true);
    pos.play(PASS);
    expect(pos.currentPlayer()).toBe(1);
    expect(pos.isLegal(PASS)).toBe(false);
  });

  it('ranks finishers, skips them, and plays on until one player is left (1, 0, -1 for three)', () => {
    const mid = new CheckersPosition({ players: 3 }, { pieces: [Array.from(star.regionCells[0]), holes('i1'), holes('m9')], toMove: 0 });
    expect(mid.placeOf(0)).toBe(0);
    expect(mid.currentPlayer()).toBe(1);
    expect(mid.isTerminal()).toBe(false);
    // Player 2 finishes next by filling their goal in one step; player 3 is then last and the game ends.
    const outside = (c: number): number => Array.from({ length: 6 }, (_, d) => star.neighbour[c * 6 + d]).find((x) => x >= 0 && star.region[x] < 0) ?? -1;
    const last = Array.from(star.regionCells[2]).find((c) => outside(c) >= 0)!;
    const goal1 = Array.from(star.regionCells[2]).filter((c) => c !== last);
    const nearby = outside(last);
    const end = new CheckersPosition({ players: 3 }, { pieces: [Array.from(star.regionCells[0]), [...goal1, nearby], holes('i5')], toMove: 1 });
    end.play(checkersMove(nearby, last));
    expect(end.isTerminal()).toBe(true);
    const out = new Float64Array(3);
    end.returns(out);
    expect(Array.from(out)).toEqual([1, 0, -1]);
  });

  it('ends at the turn cap as a draw or by distance to goal', () => {
    const draw = new CheckersPosition({ turnCap: 2 });
    draw.play(draw.parseMove('o1-m7'));
    draw.play(draw.parseMove('c1-e7'));
    expect(draw.isTerminal()).toBe(true);
    const out = new Float64Array(2);
    draw.returns(out);
    expect(Array.from(out)).toEqual([0, 0]);
    const ranked = new CheckersPosition({ turnCap: 1, capOutcome: 'distance' });
    ranked.play(ranked.parseMove('o1-m7'));
    ranked.returns(out);
    expect(Array.from(out)).toEqual([1, -1]);
    expect(ranked.distanceToGoal(0)).toBeLessThan(ranked.distanceToGoal(1));
    // Three players at a cap: by distance, ties share their places; as a draw, everyone unfinished shares.
    const three = new CheckersPosition({ players: 3, turnCap: 1, capOutcome: 'distance' });
    three.play(three.parseMove('o1-m7'));
    const out3 = new Float64Array(3);
    three.returns(out3);
    expect(Array.from(out3)).toEqual([1, -0.5, -0.5]);
    const threeDraw = new CheckersPosition({ players: 3, turnCap: 1 });
    threeDraw.play(threeDraw.parseMove('o1-m7'));
    threeDraw.returns(out3);
    expect(Array.from(out3)).toEqual([0, 0, 0]);
    expect(selfPlayRules({ players: 3 })).toMatchObject({ turnCap: 450, capOutcome: 'distance' });
    expect(checkersRules()).toMatchObject({ turnCap: 0, fillGoalWins: true, stayInGoal: true, noStopInOtherPoints: false });
  });

  it('jumps only opponents on the classic 8x8 board, any piece with jumpOver any', () => {
    const classic = new CheckersPosition({ board: 'square8' });
    expect(moveTexts(classic)).toHaveLength(22);
    expect(moveTexts(classic)).toContain('a3-a4');
    const any = new CheckersPosition({ board: 'square8', jumpOver: 'any' });
    expect(moveTexts(any)).toContain('a2-a4');
    const duel = new CheckersPosition({ board: 'square8' }, { pieces: [[geometry('square8').names.indexOf('d4')], [geometry('square8').names.indexOf('d5')]], toMove: 0 });
    expect(moveTexts(duel)).toContain('d4-d6');
  });
});

describe('a player leaving the game (CHECKERS_LEAVE)', () => {
  const key = (pos: CheckersPosition): string => `${pos.hashLo}:${pos.hashHi}:${pos.currentPlayer()}:${pos.isTerminal()}\n${pos.toString()}\n${moveTexts(pos).join(',')}`;
  const outside = (c: number): number => Array.from({ length: 6 }, (_, d) => star.neighbour[c * 6 + d]).find((x) => x >= 0 && star.region[x] < 0) ?? -1;

  it('reads and writes leave, is legal for the player to move (even when stuck) and never listed', () => {
    const pos = new CheckersPosition({ players: 3 });
    expect(pos.parseMove('leave')).toBe(CHECKERS_LEAVE);
    expect(pos.parseMove(' LEAVE ')).toBe(CHECKERS_LEAVE);
    expect(CHECKERS_LEAVE).toBe(-2);
    expect(CHECKERS_LEAVE).not.toBe(PASS);
    expect(pos.moveToText(CHECKERS_LEAVE)).toBe('leave');
    expect(pos.path(CHECKERS_LEAVE)).toEqual([]);
    expect(pos.isLegal(CHECKERS_LEAVE)).toBe(true);
    expect(moveTexts(pos)).not.toContain('leave');
    const stuck = new CheckersPosition({ fillGoalWins: false, stayInGoal: false }, { pieces: [holes('q1'), holes('p1 p2 o1 o3 i5')], toMove: 0 });
    expect(moveTexts(stuck)).toEqual(['pass']);
    expect(stuck.isLegal(CHECKERS_LEAVE)).toBe(true);
  });

  it('three players: the leaver\'s turns are skipped, their pieces block and can be hopped, undo restores everything', () => {
    // Player 1 (bottom) on i5, player 2 beside it on i6, player 3 far away on e13.
    const pos = new CheckersPosition({ players: 3 }, { pieces: [holes('i5'), holes('i6'), holes('e13')], toMove: 1 });
    const before = key(pos);
    pos.play(CHECKERS_LEAVE);
    expect(pos.hasLeft(1)).toBe(true);
    expect(pos.hasLeft(0) || pos.hasLeft(2)).toBe(false);
    expect(pos.leftPlayers()).toEqual([1]);
    expect(pos.isTerminal()).toBe(false);
    expect(pos.currentPlayer()).toBe(2);
    expect(pos.lastMove()).toBe(CHECKERS_LEAVE);
    expect(pos.history()).toEqual([CHECKERS_LEAVE]);
    expect(pos.pieceAt(h('i6'))).toBe(1);
    expect(key(pos)).not.toBe(before);
    // The same pieces and side to move with nobody gone hash differently: who has left is in the key.
    const same = new CheckersPosition({ players: 3 }, { pieces: [holes('i5'), holes('i6'), holes('e13')], toMove: 2 });
    expect([pos.hashLo, pos.hashHi]).not.toEqual([same.hashLo, same.hashHi]);
    pos.play(pos.parseMove('e13-e12'));
    expect(pos.currentPlayer()).toBe(0);
    const texts = moveTexts(pos);
    expect(texts).not.toContain('i5-i6');
    expect(texts).toContain('i5-i7');
    pos.play(pos.parseMove('i5-i7'));
    expect(pos.currentPlayer()).toBe(2);
    pos.play(pos.parseMove('e12-e11'));
    expect(pos.currentPlayer()).toBe(0);
    expect(pos.pieceAt(h('i6'))).toBe(1);
    for (let i = 0; i < 4; i++) pos.undo();
    expect(key(pos)).toBe(before);
    expect(pos.hasLeft(1)).toBe(false);
    expect(pos.leftPlayers()).toEqual([]);
    // A clone replays the leave.
    pos.play(CHECKERS_LEAVE);
    const copy = pos.clone();
    expect(copy.hasLeft(1)).toBe(true);
    expect([copy.hashLo, copy.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
  });

  it('three players: one leaves, another finishes, the game is over: 1, 0 for the one left racing, -1 for the leaver', () => {
    const last = Array.from(star.regionCells[2]).find((c) => outside(c) >= 0)!;
    const goal1 = Array.from(star.regionCells[2]).filter((c) => c !== last);
    const nearby = outside(last);
    const pos = new CheckersPosition({ players: 3 }, { pieces: [holes('i1'), [...goal1, nearby], holes('i5')], toMove: 2 });
    pos.play(CHECKERS_LEAVE);
    expect(pos.currentPlayer()).toBe(0);
    pos.play(pos.parseMove('i1-h1'));
    expect(pos.currentPlayer()).toBe(1);
    pos.play(checkersMove(nearby, last));
    expect(pos.placeOf(1)).toBe(0);
    expect(pos.isTerminal()).toBe(true);
    expect(pos.isLegal(CHECKERS_LEAVE)).toBe(false);
    const out = new Float64Array(3);
    pos.returns(out);
    expect(Array.from(out)).toEqual([0, 1, -1]);
    expect(pos.placeOf(2)).toBe(-1);
  });

  it('a leaver is never finished by someone else filling their goal', () => {
    // Player 2 (goal: point 2) has one piece there; player 3 fills the rest of that point after player 2 has left.
    const cells = Array.from(star.regionCells[2]);
    const last = cells.find((c) => outside(c) >= 0)!;
    const others = cells.filter((c) => c !== last);
    const pos = new CheckersPosition({ players: 3 }, { pieces: [holes('i5'), [others[0]], [...others.slice(1), outside(last)]], toMove: 1 });
    pos.play(CHECKERS_LEAVE);
    pos.play(checkersMove(outside(last), last));
    expect(pos.placeOf(1)).toBe(-1);
    expect(pos.isTerminal()).toBe(false);
    expect(pos.currentPlayer()).toBe(0);
  });

  it('two players: a leave ends the game and the other wins; undo takes it back', () => {
    const pos = new CheckersPosition();
    const start = key(pos);
    pos.play(CHECKERS_LEAVE);
    expect(pos.isTerminal()).toBe(true);
    expect(pos.legalMoves(new Int32Array(1024))).toBe(0);
    expect(pos.isLegal(CHECKERS_LEAVE)).toBe(false);
    expect(pos.isLegal(PASS)).toBe(false);
    const out = new Float64Array(2);
    pos.returns(out);
    expect(Array.from(out)).toEqual([-1, 1]);
    pos.undo();
    expect(key(pos)).toBe(start);
    expect(pos.isLegal(CHECKERS_LEAVE)).toBe(true);
    pos.play(pos.parseMove('o2-m6'));
    pos.play(CHECKERS_LEAVE);
    pos.returns(out);
    expect(Array.from(out)).toEqual([1, -1]);
    // The solo player may give up the puzzle too: over, unsolved (0, as at the cap).
    const solo = new CheckersPosition({ players: 1 });
    solo.play(CHECKERS_LEAVE);
    expect(solo.isTerminal()).toBe(true);
    const one = new Float64Array(1);
    solo.returns(one);
    expect(one[0]).toBe(0);
  });

  it('ranks leavers last, the first to leave lowest, below everyone still in (four players at a cap)', () => {
    const pos = new CheckersPosition({ players: 4, turnCap: 4 });
    pos.play(pos.parseMove('o2-m6'));
    pos.play(CHECKERS_LEAVE);
    expect(pos.currentPlayer()).toBe(2);
    pos.play(moveTextsFirst(pos));
    pos.play(CHECKERS_LEAVE);
    expect(pos.isTerminal()).toBe(true);
    expect(pos.leftPlayers()).toEqual([1, 3]);
    const out = new Float64Array(4);
    pos.returns(out);
    expect(out[0]).toBeCloseTo(2 / 3, 12);
    expect(out[2]).toBeCloseTo(2 / 3, 12);
    expect(out[3]).toBeCloseTo(-1 / 3, 12);
    expect(out[1]).toBe(-1);
    // Without the cap the game goes on between players 1 and 3, skipping the two who left.
    const open = new CheckersPosition({ players: 4 });
    for (const m of ['o2-m6', 'leave']) open.play(open.parseMove(m));
    open.play(moveTextsFirst(open));
    open.play(CHECKERS_LEAVE);
    expect(open.isTerminal()).toBe(false);
    expect(open.currentPlayer()).toBe(0);
    open.play(moveTextsFirst(open));
    expect(open.currentPlayer()).toBe(2);
  });

  it('keeps a stalemate count across a leave: the players who passed are still stuck', () => {
    // Player 1 walled in on q1 passes; player 2, whose pieces wall in q1 and a1, leaves; player 3 on a1 passes too.
    const pos = new CheckersPosition({ players: 3, fillGoalWins: false, stayInGoal: false }, { pieces: [holes('q1'), holes('p1 p2 o1 o3 b1 b2 c1 c3'), holes('a1')], toMove: 0 });
    pos.play(PASS);
    pos.play(CHECKERS_LEAVE);
    expect(pos.currentPlayer()).toBe(2);
    expect(moveTexts(pos)).toEqual(['pass']);
    pos.play(PASS);
    expect(pos.isTerminal()).toBe(true);
  });
});

function moveTextsFirst(pos: CheckersPosition): number {
  const buf = new Int32Array(1024);
  pos.legalMoves(buf);
  return buf[0];
}

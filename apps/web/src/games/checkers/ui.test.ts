import { CHECKERS_LEAVE, type CheckersPosition } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { HUMAN, Seats } from '../../lib/ai/seats.js';
import type { AiEngine } from '../../lib/ai/engine.js';
import { Session } from '../../lib/session/session.js';
import { format } from '../../i18n.js';
import type { PlayState } from '../types.js';
import { checkersUi, type CheckersSettings } from './ui.js';

const newSession = (s: Partial<CheckersSettings> = {}) => new Session({ definition: checkersUi.definition, ...checkersUi.setup(checkersUi.settings(s)) });
const pos = (s: Session) => s.position() as CheckersPosition;
const hole = (s: Session, name: string) => pos(s).geometry.names.indexOf(name);
const names = (s: Session, cells: Iterable<number>) => [...cells].map((c) => pos(s).geometry.names[c]).sort();
const playText = (s: Session, ...moves: string[]) => {
  for (const m of moves) s.play(s.position().parseMove(m));
};
const state = (session: Session, over: Partial<PlayState> = {}): PlayState => ({ session, selected: null, hint: null, showLegal: true, showForbidden: true, humanTurn: true, ...over });
const noEngine = (): AiEngine => {
  throw new Error('no Qi seat in these tests');
};

describe('Chinese Checkers in the page', () => {
  it('checks the settings: 2, 3, 4 or 6 players on the star, 2 on the 8x8 board', () => {
    expect(checkersUi.defaults()).toEqual({ board: 'star', players: 2 });
    for (const n of [2, 3, 4, 6]) expect(checkersUi.settings({ players: n }).players).toBe(n);
    expect(() => checkersUi.settings({ players: 1 })).toThrow(RangeError);
    expect(() => checkersUi.settings({ players: 5 })).toThrow(RangeError);
    expect(() => checkersUi.settings({ board: 'square8', players: 3 })).toThrow(RangeError);
    expect(checkersUi.settings({ board: 'square8' })).toEqual({ board: 'square8', players: 2 });
  });

  it('colours each camp like the marbles that start in it, and a camp only aimed at faintly', () => {
    const two = checkersUi.layout(newSession().position());
    expect(two.cells).toHaveLength(121);
    const s2 = newSession();
    expect(two.zones!.map((z) => [z.player, !!z.goal])).toEqual([[0, false], [1, false]]);
    expect(names(s2, two.zones![0].cells)).toContain('q1');
    expect(names(s2, two.zones![1].cells)).toContain('a1');
    const s3 = newSession({ players: 3 });
    const three = checkersUi.layout(s3.position());
    // Three homes and the three goals nobody starts in (Red's is the top point).
    expect(three.zones!.filter((z) => !z.goal).map((z) => z.player)).toEqual([0, 1, 2]);
    const redGoal = three.zones!.find((z) => z.goal && z.player === 0)!;
    expect(names(s3, redGoal.cells)).toEqual(['a1', 'b1', 'b2', 'c1', 'c2', 'c3', 'd1', 'd2', 'd3', 'd4']);
    const six = checkersUi.layout(newSession({ players: 6 }).position());
    expect(six.zones!.every((z) => !z.goal)).toBe(true);
    expect(checkersUi.layout(newSession({ board: 'square8' }).position()).cells).toHaveLength(64);
  });

  it('selects a piece, marks its destinations, switches, refuses an unreachable hole and a stuck piece, plays a marked one', () => {
    const s = newSession();
    const n1 = hole(s, 'n1');
    expect(checkersUi.choose(state(s), n1)).toEqual({ kind: 'select', cell: n1 });
    const scene = checkersUi.scene(state(s, { selected: n1 }));
    expect(names(s, scene.marks.filter((m) => m.kind === 'destination').map((m) => m.cell))).toEqual(['m5', 'm6']);
    expect(scene.marks.find((m) => m.kind === 'selected')?.cell).toBe(n1);
    // With a piece chosen every hole answers; without, only the side's own pieces.
    expect(scene.clickable!.size).toBe(121);
    expect(names(s, checkersUi.scene(state(s)).clickable!)).toEqual(names(s, pos(s).piecesOf(0)));
    expect(checkersUi.choose(state(s, { selected: n1 }), n1)).toEqual({ kind: 'select', cell: null });
    expect(checkersUi.choose(state(s, { selected: n1 }), hole(s, 'o1'))).toEqual({ kind: 'select', cell: hole(s, 'o1') });
    const refused = checkersUi.choose(state(s, { selected: n1 }), hole(s, 'i5'));
    expect(refused.kind === 'refuse' && format('en', refused.message)).toBe('i5 cannot be reached from n1: choose a marked hole.');
    const stuck = checkersUi.choose(state(s), hole(s, 'q1'));
    expect(stuck.kind === 'refuse' && format('en', stuck.message)).toBe('The piece on q1 cannot move now.');
    expect(checkersUi.choose(state(s, { selected: n1, humanTurn: false }), hole(s, 'm6'))).toEqual({ kind: 'none' });
    const play = checkersUi.choose(state(s, { selected: n1 }), hole(s, 'm6'));
    expect(play.kind).toBe('play');
    if (play.kind === 'play') s.play(play.move);
    expect(pos(s).pieceAt(hole(s, 'm6'))).toBe(0);
  });

  it('draws and describes a chained hop by its whole path, the same path object while it stands', () => {
    const s = newSession();
    playText(s, 'n1-m6', 'c1-e5', 'o3-m5');
    const a = checkersUi.scene(state(s));
    expect(names(s, a.animatePath!)).toEqual(['m5', 'm7', 'o3']);
    expect(a.paths).toEqual([{ cells: a.animatePath, kind: 'last' }]);
    expect(a.animatePath!.map((c) => pos(s).geometry.names[c])).toEqual(['o3', 'm7', 'm5']);
    // A selection redraws the scene: the path is the same array, so the board does not animate it again.
    expect(checkersUi.scene(state(s, { selected: hole(s, 'e5') })).animatePath).toBe(a.animatePath);
    const n = s.node(s.view.node)!;
    expect(format('en', checkersUi.describeMove(s.position(), n.move, n.player))).toBe('Red moved o3-m7-m5.');
    expect(format('zh', checkersUi.describeMove(s.position(), n.move, n.player))).toBe('红方走 o3-m7-m5。');
    expect(format('en', checkersUi.describeMove(s.position(), CHECKERS_LEAVE, 1))).toBe('Blue left the game.');
  });

  it('a player who leaves is skipped and the others play on; with two, the other wins', () => {
    const s = newSession({ players: 3 });
    const seats = new Seats(s, checkersUi as never, noEngine, [HUMAN, HUMAN, HUMAN]);
    playText(s, 'n1-m6');
    expect(seats.resign()).toBe(true);
    expect(pos(s).hasLeft(1)).toBe(true);
    expect(s.view.over).toBe(false);
    expect(s.view.toMove).toBe(2);
    expect(s.view.line.at(-1)?.text).toBe('leave');
    seats.dispose();

    const two = newSession();
    playText(two, 'n1-m6');
    two.play(CHECKERS_LEAVE);
    expect(two.view.over).toBe(true);
    expect(format('en', checkersUi.result(two)!)).toBe('Red wins');
    const timed = newSession();
    timed.end('time', 0);
    expect(format('en', checkersUi.result(timed)!)).toBe('Blue wins on time');
  });
});

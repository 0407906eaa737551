import { describe, expect, it } from 'vitest';
import { format } from '../../i18n.js';
import { Session } from '../../lib/session/session.js';
import type { PlayState } from '../types.js';
import { gomokuUi } from './ui.js';

/** A session of `rule` on `size` after `moves` (renju points, Black first). */
function game(rule: 'renju' | 'freestyle' | 'standard', moves: string[], size = 15): Session {
  const s = gomokuUi.settings({ size, rule });
  const session = new Session({ definition: gomokuUi.definition, ...gomokuUi.setup(s) });
  for (const m of moves) session.play(session.position().parseMove(m));
  return session;
}
const state = (session: Session, showForbidden = true): PlayState => ({ session, selected: null, hint: null, showLegal: false, showForbidden, humanTurn: true });
const names = (session: Session, cells: number[]) => cells.map((c) => session.position().moveToText(c)).sort();

// Black's stones make open threes through J7 (G7 H7 · J7, J9 J10 · J7) with White far away.
const DOUBLE_THREE = ['G7', 'A15', 'H7', 'C15', 'J9', 'E15', 'J10', 'G15'];

describe('the Gomoku folder', () => {
  it('names cells in renju notation with row 1 at the bottom, and draws the five star points', () => {
    const session = game('renju', []);
    const layout = gomokuUi.layout(session.position());
    expect(layout.cells).toHaveLength(225);
    const top = layout.cells.reduce((a, b) => (b.y < a.y || (b.y === a.y && b.x < a.x) ? b : a));
    expect(top.name).toBe('A15');
    expect(layout.dots).toHaveLength(5);
  });

  it('marks renju forbidden points for Black only, when shown, and words the refusal by kind', () => {
    const session = game('renju', DOUBLE_THREE);
    const forbidden = (show = true) => gomokuUi.scene(state(session, show)).marks.filter((m) => m.kind === 'forbidden').map((m) => m.cell);
    expect(names(session, forbidden())).toEqual(['J7']);
    expect(forbidden(false)).toEqual([]);
    const j7 = session.position().parseMove('J7');
    const choice = gomokuUi.choose(state(session), j7);
    expect(choice.kind).toBe('refuse');
    if (choice.kind === 'refuse') expect(format('en', choice.message)).toBe('J7 is forbidden for Black: it makes two open threes (double three).');
    expect(format('en', gomokuUi.explain(session.position(), session.position().parseMove('G7')))).toBe('G7 is already occupied.');
    // White to move: no marks, and J7 is an ordinary move for White.
    session.play(session.position().parseMove('H8'));
    expect(forbidden()).toEqual([]);
    expect(gomokuUi.choose(state(session), j7)).toEqual({ kind: 'play', move: j7 });
  });

  it('has no forbidden points in freestyle, where the same point is a move', () => {
    const session = game('freestyle', DOUBLE_THREE);
    expect(gomokuUi.scene(state(session)).marks.filter((m) => m.kind === 'forbidden')).toEqual([]);
    const j7 = session.position().parseMove('J7');
    expect(gomokuUi.choose(state(session), j7)).toEqual({ kind: 'play', move: j7 });
  });

  it('highlights the winning row and words the result (an overline says how long it is)', () => {
    const five = game('renju', ['H8', 'A1', 'I8', 'A3', 'J8', 'A5', 'K8', 'A7', 'L8']);
    expect(five.view.over).toBe(true);
    expect(names(five, gomokuUi.scene(state(five)).marks.filter((m) => m.kind === 'win').map((m) => m.cell))).toEqual(['H8', 'I8', 'J8', 'K8', 'L8']);
    expect(format('en', gomokuUi.result(five)!)).toBe('Black wins with five in a row');
    expect(format('zh', gomokuUi.result(five)!)).toBe('黑方五子连珠获胜');

    const six = ['B5', 'B1', 'C5', 'C1', 'D5', 'D1', 'F5', 'F1', 'G5', 'H1', 'E5'];
    const freestyle = game('freestyle', six, 9);
    expect(format('en', gomokuUi.result(freestyle)!)).toBe('Black wins with 6 in a row');
    const exact = game('standard', six, 9);
    expect(exact.view.over).toBe(false);
    expect(gomokuUi.result(exact)).toBeNull();
  });

  it('checks settings through the engine and summarises them', () => {
    expect(gomokuUi.defaults()).toEqual({ size: 15, rule: 'renju' });
    expect(gomokuUi.settings({ size: 19, rule: 'exact-five' })).toEqual({ size: 19, rule: 'standard' });
    expect(() => gomokuUi.settings({ size: 3 })).toThrow(RangeError);
    expect(format('en', gomokuUi.summary({ size: 15, rule: 'renju' }))).toBe('15×15 · renju');
  });
});

import { PASS } from '@qi/engine';
import { describe, expect, it, vi } from 'vitest';
import { Seats } from '../../lib/ai/seats.js';
import type { AiEngine } from '../../lib/ai/engine.js';
import { Session } from '../../lib/session/session.js';
import type { GameUi, PlayState } from '../types.js';
import { reversiUi } from './ui.js';

/** A legal game (seeded random playout) in which White must pass after Black's A8; Black then wins 38–26. */
const LINE = (
  'D3 C3 E6 D6 C5 E3 D7 D8 F2 F6 C2 B5 C4 F3 F5 G5 F7 D2 G2 F8 C6 B2 C1 C7 E2 B3 G6 H2 A5 B4 E1 H7 B1 F1 E8 B7 G8 G3 G4 A2 ' +
  'D1 A1 A7 B8 H5 A3 H3 G7 H6 C8 H8 H4 E7 B6 A6 F4 A8'
).split(' ');

const newSession = () => new Session({ definition: reversiUi.definition, ...reversiUi.setup({}) });
const playAll = (s: Session, moves: string[]) => {
  for (const m of moves) s.play(m === 'PS' ? PASS : s.position().parseMove(m));
};
const state = (session: Session, over: Partial<PlayState> = {}): PlayState => ({ session, selected: null, hint: null, showLegal: true, showForbidden: false, humanTurn: true, ...over });
const noEngine = (): AiEngine => {
  throw new Error('no Qi seat in these tests');
};
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Reversi in the page', () => {
  it('marks the legal moves (when shown), the last move and the discs it flipped', () => {
    const s = newSession();
    const kinds = (p: PlayState, kind: string) => reversiUi.scene(p).marks.filter((m) => m.kind === kind).map((m) => s.position().moveToText(m.cell)).sort();
    expect(kinds(state(s), 'legal')).toEqual(['C4', 'D3', 'E6', 'F5']);
    expect(kinds(state(s, { showLegal: false }), 'legal')).toEqual([]);
    expect(kinds(state(s, { humanTurn: false }), 'legal')).toEqual([]);
    playAll(s, ['D3']);
    expect(kinds(state(s), 'last')).toEqual(['D3']);
    expect(kinds(state(s), 'flipped')).toEqual(['D4']);
    playAll(s, ['C3']);
    expect(kinds(state(s), 'flipped')).toEqual(['D4']);
    s.undo();
    expect(kinds(state(s), 'flipped')).toEqual(['D4']);
  });

  it('words the engine’s refusals and refuses clicks once over', () => {
    const s = newSession();
    const pos = s.position();
    expect(reversiUi.choose(state(s), pos.parseMove('D3'))).toEqual({ kind: 'play', move: pos.parseMove('D3') });
    expect(reversiUi.choose(state(s), pos.parseMove('A1'))).toEqual({ kind: 'refuse', message: { key: 'illegalNoFlip', params: { point: 'A1' } } });
    expect(reversiUi.choose(state(s), pos.parseMove('D4'))).toEqual({ kind: 'refuse', message: { key: 'illegalOccupied', params: { point: 'D4' } } });
    expect(reversiUi.choose(state(s, { humanTurn: false }), pos.parseMove('D3'))).toEqual({ kind: 'none' });
  });

  it('plays the forced pass for a person at the end of the line, not when the moves are stepped back onto it', async () => {
    const s = newSession();
    const seats = new Seats(s, reversiUi as unknown as GameUi<object>, noEngine, [{ kind: 'human' }, { kind: 'human' }], { moveDelayMs: 0 });
    playAll(s, LINE);
    await vi.waitFor(() => expect(s.view.lastMove).toBe(PASS));
    expect(s.view.ply).toBe(LINE.length + 1);
    expect(seats.view.announcement).toEqual({ key: 'reversiPassed', params: { color: '@white' } });
    // Back onto White's forced pass (the pass is the next move of the line): it stays there.
    s.goTo(s.node(s.view.node)!.parent);
    await tick();
    expect(s.view.ply).toBe(LINE.length);
    expect(reversiUi.forced!(s.position())).toBe(PASS);
    s.redo();
    // Undo goes back over the forced pass to Black's A8.
    seats.undo();
    expect(s.view.ply).toBe(LINE.length - 1);
    expect(s.view.toMove).toBe(0);
    seats.dispose();
  });

  it('counts the end: the result line, and the record’s margin by the engine’s scoring', () => {
    const s = newSession();
    playAll(s, [...LINE, 'PS', 'G1', 'H1', 'A4']);
    expect(s.view.over).toBe(true);
    expect(reversiUi.result(s)).toEqual({ key: 'reversiWins', params: { winner: '@black', black: 38, white: 26 } });
    expect(reversiUi.resultCode!(s)).toBe('B+12');
    // A resignation is worded by the record writer (W+R), not counted.
    const r = newSession();
    playAll(r, ['D3']);
    r.end('resign', 1);
    expect(reversiUi.resultCode!(r)).toBeUndefined();
    expect(reversiUi.result(r)).toEqual({ key: 'resultResign', params: { winner: '@black', loser: '@white' } });
  });
});

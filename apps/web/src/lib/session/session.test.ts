import { describe, expect, it } from 'vitest';
import { CHECKERS_LEAVE, PASS, gameDefinition } from '@qi/engine';
import { IllegalMove, Session } from './session.js';

const go9 = () => new Session({ definition: gameDefinition('go'), rules: { size: 9 } });
const text = (s: Session) => s.view.line.slice(0, s.view.ply).map((m) => m.text);

describe('Session', () => {
  it('plays through the engine and refuses an illegal move with the reason given', () => {
    const s = go9();
    const p = (t: string) => s.position().parseMove(t);
    s.play(p('E5'));
    expect(() => s.play(p('E5'), () => 'occupied')).toThrow(IllegalMove);
    expect(() => s.play(p('E5'), () => 'occupied')).toThrow('occupied');
    expect(s.view.ply).toBe(1);
    expect(s.view.toMove).toBe(1);
    expect(s.view.legal.length).toBe(81 - 1 + 1); // every empty point and the pass
  });

  it('undoes, redoes and keeps a branch when another move is played from an earlier position', () => {
    const s = go9();
    const p = (t: string) => s.position().parseMove(t);
    for (const t of ['E5', 'C3', 'G7']) s.play(p(t));
    s.undo();
    s.undo();
    expect(text(s)).toEqual(['E5']);
    expect(s.view.canRedo).toBe(true);
    s.redo();
    expect(text(s)).toEqual(['E5', 'C3']);
    s.undo();
    s.play(p('D4'));
    expect(text(s)).toEqual(['E5', 'D4']);
    s.undo();
    expect(s.view.branches.map((b) => b.text)).toEqual(['C3', 'D4']);
    // Redo follows the branch visited last; goTo reaches any node and the position follows.
    s.redo();
    expect(text(s)).toEqual(['E5', 'D4']);
    const g7 = s.view.line.length; // the line through D4 ends at D4
    expect(g7).toBe(2);
    s.goTo(3); // G7 on the first line
    expect(text(s)).toEqual(['E5', 'C3', 'G7']);
    expect(s.position().toString()).toBe(s.positionAt(3).toString());
  });

  it('takes back to the last turn of a player (against Qi)', () => {
    const s = go9();
    const p = (t: string) => s.position().parseMove(t);
    for (const t of ['E5', 'C3', 'G7', 'D4']) s.play(p(t));
    s.undoTo(0);
    expect(text(s)).toEqual(['E5', 'C3']);
    expect(s.view.toMove).toBe(0);
  });

  it('ends by resignation (undoable), and by the rules with returns', () => {
    const s = go9();
    s.end('resign', 0);
    expect(s.view.over).toBe(true);
    expect(s.view.returns).toEqual([-1, 1]);
    expect(() => s.play(PASS)).toThrow('over');
    s.undo();
    expect(s.view.over).toBe(false);
    s.play(PASS);
    s.play(PASS);
    expect(s.view.over).toBe(true);
    expect(s.view.legal.length).toBe(0);
  });

  it('saves and restores the tree, rechecking every move, and refuses a tampered save naming the move', () => {
    const s = go9();
    const p = (t: string) => s.position().parseMove(t);
    for (const t of ['E5', 'C3', 'G7']) s.play(p(t));
    s.undo();
    s.play(p('D4'));
    const saved = JSON.parse(JSON.stringify(s.save()));
    const back = Session.restore(gameDefinition('go'), saved);
    expect(text(back)).toEqual(['E5', 'C3', 'D4']);
    expect(back.view.node).toBe(s.view.node);
    expect(back.view.line.length).toBe(3);
    const bad = JSON.parse(JSON.stringify(saved));
    bad.tree.nodes[1].move = bad.tree.nodes[0].move; // C3 replaced by E5: occupied
    expect(() => Session.restore(gameDefinition('go'), bad)).toThrow('move 2 (C3) is not legal');
    expect(() => Session.restore(gameDefinition('go'), { ...saved, tree: { nodes: [{ parent: 5, move: 1, text: 'x', player: 0 }] } })).toThrow('bad parent');
    expect(() => Session.restore(gameDefinition('reversi'), saved)).toThrow('saved game is go');
  });

  it('gives the AI {game, rules, start, moves} for every game, Chinese Checkers leaves included', () => {
    const s = new Session({ definition: gameDefinition('checkers'), rules: { players: 3 } });
    const first = s.view.legal[0];
    const firstText = s.position().moveToText(first);
    s.play(first);
    s.play(CHECKERS_LEAVE);
    const setup = s.setup();
    expect(setup.game).toBe('checkers');
    expect(setup.moves).toEqual([firstText, 'leave']);
    expect(s.position().currentPlayer()).toBe(2);
    const handicap = new Session({ definition: gameDefinition('go'), rules: { size: 9 }, start: { handicap: ['G7', 'C3'] } });
    expect(handicap.setup()).toEqual({ game: 'go', rules: handicap.rules, start: { handicap: ['G7', 'C3'] }, moves: [] }); // canonical: board order, top left first
    expect(handicap.view.toMove).toBe(1);
  });
});

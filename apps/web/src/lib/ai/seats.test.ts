import type { PositionSetup, Progress, ThinkLimits } from '@qi/ai-worker';
import { CHECKERS_LEAVE, PASS, gameDefinition } from '@qi/engine';
import { describe, expect, it, vi } from 'vitest';
import { checkersUi } from '../../games/checkers/ui.js';
import { goUi } from '../../games/go/ui.js';
import { goEnd } from '../../games/go/marking.js';
import { reversiUi } from '../../games/reversi/ui.js';
import type { GameUi } from '../../games/types.js';
import { GameClock } from '../clock/clock.js';
import { Session } from '../session/session.js';
import { botEngine, type AiEngine } from './engine.js';
import { PageBot } from './page-bot.js';
import { HUMAN, Seats, type Seat } from './seats.js';

const qi = (level: number): Seat => ({ kind: 'qi', level });
const go9 = () => new Session({ definition: gameDefinition('go'), rules: { size: 9 } });
const asUi = (ui: unknown) => ui as GameUi<object>;

/** An engine whose answers the test decides: each think waits until resolved (stop answers at once). */
function scriptedEngine() {
  const calls: { setup: PositionSetup; limits: ThinkLimits; resolve: (p: Progress) => void }[] = [];
  let stops = 0;
  const dead: string[] = [];
  const progress = (move: number | null, winRate = 0.5): Progress => ({
    algorithm: 'mcts', move, winRate, score: 0, depth: 1, visits: 1000, nodes: 1000, timeMs: 5, pv: [], candidates: [], done: true, reason: 'nodes',
  });
  const engine: AiEngine = {
    think: (setup, limits) => new Promise((resolve) => calls.push({ setup, limits, resolve })),
    hint: () => Promise.resolve(progress(null)),
    analyze: (setup, limits) => new Promise((resolve) => calls.push({ setup, limits, resolve })),
    deadStones: () => Promise.resolve(dead),
    stop: () => {
      stops++;
      const last = calls[calls.length - 1];
      last?.resolve(progress(41, 0.5));
    },
    close: () => undefined,
  };
  return { engine, calls, stops: () => stops, progress, dead };
}

describe('Seats: people and Qi at any game', () => {
  it('person vs Qi level 1 with the real bot: Qi answers a legal move, undo takes back to the person', async () => {
    const session = go9();
    const seats = new Seats(session, asUi(goUi), () => botEngine(new PageBot()), [HUMAN, qi(1)], { moveDelayMs: 0 });
    expect(seats.view.humanTurn).toBe(true);
    seats.play(session.position().parseMove('E5'));
    expect(seats.view.thinking).toBe(1);
    expect(seats.view.humanTurn).toBe(false);
    await vi.waitFor(() => expect(session.view.ply).toBe(2), { timeout: 10_000 });
    expect(session.view.toMove).toBe(0);
    expect(seats.view.humanTurn).toBe(true);
    // Level 1's 30 playouts say nothing about who is winning: no win rate from them.
    expect(seats.view.winRate).toBeNull();
    expect(seats.undo()).toBe(true);
    expect(session.view.ply).toBe(0);
    seats.dispose();
  });

  it('undo while Qi thinks stops the search, drops its late answer and gives the turn back', async () => {
    const s = scriptedEngine();
    const session = go9();
    const seats = new Seats(session, asUi(goUi), () => s.engine, [HUMAN, qi(10)], { moveDelayMs: 0 });
    seats.play(session.position().parseMove('E5'));
    expect(s.calls).toHaveLength(1);
    expect(s.calls[0].limits).toEqual({ level: 10 });
    expect(s.calls[0].setup).toEqual({ game: 'go', rules: expect.objectContaining({ size: 9 }), moves: ['E5'] });
    expect(() => seats.play(session.position().parseMove('C3'))).toThrow('not your turn');
    seats.undo();
    expect(s.stops()).toBe(1);
    expect(session.view.ply).toBe(0);
    expect(seats.view.thinking).toBe(-1);
    await new Promise((r) => setTimeout(r, 0));
    expect(session.view.ply).toBe(0); // the stopped search's move was not played
    expect(seats.view.lastStopMs).toBeGreaterThanOrEqual(0);
    seats.dispose();
  });

  it('a seat changes hands mid-game: a person takes over from Qi (its search stops), then gives it back', async () => {
    const s = scriptedEngine();
    const session = go9();
    const seats = new Seats(session, asUi(goUi), () => s.engine, [HUMAN, qi(3)], { moveDelayMs: 0 });
    seats.play(session.position().parseMove('E5'));
    expect(seats.view.thinking).toBe(1);
    seats.setSeat(1, HUMAN);
    expect(s.stops()).toBe(1);
    expect(seats.view.humanTurn).toBe(true);
    seats.play(session.position().parseMove('C3'));
    seats.setSeat(1, qi(3));
    seats.play(session.position().parseMove('G7'));
    expect(s.calls.at(-1)!.setup.moves).toEqual(['E5', 'C3', 'G7']);
    s.calls.at(-1)!.resolve(s.progress(session.position().parseMove('C7')));
    await vi.waitFor(() => expect(session.view.ply).toBe(4));
    seats.dispose();
  });

  it('Go: two passes with Qi seated fill the marking with Qi’s dead stones; Qi vs Qi then counts', async () => {
    const s = scriptedEngine();
    s.dead.push('C3');
    const session = go9();
    const seats = new Seats(session, asUi(goUi), () => s.engine, [HUMAN, qi(2)], { moveDelayMs: 0 });
    const p = (t: string) => session.position().parseMove(t);
    seats.play(p('E5'));
    s.calls[0].resolve(s.progress(p('C3')));
    await vi.waitFor(() => expect(session.view.ply).toBe(2));
    seats.play(PASS);
    s.calls[1].resolve(s.progress(PASS));
    await vi.waitFor(() => expect(goEnd(session)?.marking.dead()).toEqual([p('C3')]));
    expect(goEnd(session)?.final).toBeNull(); // a person is seated: they count
    seats.dispose();

    const watch = go9();
    const t = scriptedEngine();
    const both = new Seats(watch, asUi(goUi), () => t.engine, [qi(1), qi(1)], { moveDelayMs: 0 });
    t.calls[0].resolve(t.progress(PASS));
    await vi.waitFor(() => expect(t.calls).toHaveLength(2));
    t.calls[1].resolve(t.progress(PASS));
    await vi.waitFor(() => expect(goEnd(watch)?.final).not.toBeNull());
    both.dispose();
  });

  it('Reversi: a forced pass is played for the person, at the end of the line only', async () => {
    // A1 empty, one black disc on B1, white everywhere else: Black cannot move (a forced pass), White can (A1).
    const def = gameDefinition('reversi');
    const session = new Session({ definition: def, start: { board: `-X${'O'.repeat(62)}`, toMove: 'black' } });
    if (!session.position().isLegal(PASS)) return expect.unreachable('the start should force Black to pass');
    const seats = new Seats(session, asUi(reversiUi), () => scriptedEngine().engine, [HUMAN, HUMAN], { moveDelayMs: 0 });
    await vi.waitFor(() => expect(session.view.ply).toBe(1));
    expect(session.view.lastMove).toBe(PASS);
    expect(seats.view.announcement).toEqual({ key: 'reversiPassed', params: { color: '@black' } });
    // Stepping back onto the forced position does not replay the pass over the line already there.
    session.undo();
    await new Promise((r) => setTimeout(r, 20));
    expect(session.view.ply).toBe(0);
    expect(session.view.canRedo).toBe(true);
    seats.dispose();
  });

  it("Qi on the clock thinks for its share of the time left and answers once its move can no longer change", () => {
    const s = scriptedEngine();
    const session = go9();
    const clock = new GameClock({ kind: 'fischer', baseMs: 60_000, incrementMs: 0 }, 2, () => 0);
    const seats = new Seats(session, asUi(goUi), () => s.engine, [HUMAN, qi(10)], { moveDelayMs: 0, clock, now: () => 0 });
    seats.play(session.position().parseMove('E5'));
    expect(s.calls[0].limits).toEqual({ level: 10, timeMs: 2000, stopWhenDecided: true });
    seats.dispose();
  });

  it('Chinese Checkers with 3 players: a flag fall takes the player out and the others play on', async () => {
    let t = 0;
    const session = new Session({ definition: gameDefinition('checkers'), rules: { players: 3 } });
    const clock = new GameClock({ kind: 'fischer', baseMs: 1000, incrementMs: 0 }, 3, () => t);
    const seats = new Seats(session, asUi(checkersUi), () => scriptedEngine().engine, [HUMAN, HUMAN, HUMAN], { moveDelayMs: 0, clock, now: () => t });
    seats.play(session.view.legal[0]); // Red moves: Blue's clock starts
    t += 1500;
    seats.tick();
    expect(session.view.line.at(-1)?.text).toBe('leave');
    expect(session.view.over).toBe(false);
    expect(session.view.toMove).toBe(2);
    expect(seats.view.humanTurn).toBe(true);
    const pos = session.position() as unknown as { hasLeft(p: number): boolean };
    expect(pos.hasLeft(1)).toBe(true);
    expect(CHECKERS_LEAVE).toBe(session.view.lastMove);
    seats.dispose();
  });

  it('Go: Qi resigns by the resignation policy once the game is a third played', () => {
    const s = scriptedEngine();
    const session = go9();
    const buf = session.view;
    for (let i = 0; i < 28; i++) session.play(buf.legal.length > 0 ? session.view.legal.find((m) => m !== PASS)! : PASS);
    const answer = { ...s.progress(session.view.legal[0], 0.01), visits: 5000 };
    const verdicts = [0, 1, 2].map(() => goUi.qiResigns!(session, answer, session.view.toMove));
    expect(verdicts).toEqual([false, false, true]);
  });
});

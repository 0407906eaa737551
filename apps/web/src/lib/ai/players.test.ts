import type { PositionSetup, Progress, ThinkLimits } from '@qi/ai-worker';
import { GoPosition, PASS } from '@qi/engine';
import { describe, expect, it, vi } from 'vitest';
import { GoGame, defaultSettings, type GameSettings } from '../game-store.js';
import { botEngine, type AiEngine } from './engine.js';
import { PageBot } from './page-bot.js';
import { HUMAN, Players, reliable, searchWinRate, type Seat } from './players.js';

const nine: GameSettings = { ...defaultSettings(), size: 9 };
const qi = (level: number): Seat => ({ kind: 'qi', level });

/** The real ai-worker Bot, in process (the page runs the same one in a Web Worker). */
function realEngine(): AiEngine {
  return botEngine(new PageBot());
}

/** An engine whose answers the test decides: each think waits until `answer` (or stop) resolves it. */
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
    deadStones: () => Promise.resolve(dead),
    stop: () => {
      stops++;
      const last = calls[calls.length - 1];
      last?.resolve(progress(last.setup.moves?.length === 0 ? 40 : 41, 0.5));
    },
    close: () => undefined,
  };
  return { engine, calls, stops: () => stops, progress, dead };
}

describe('Players: people and Qi at the board', () => {
  it('human vs Qi level 1: Qi answers with a legal move, undo takes back both moves', async () => {
    const game = new GoGame(nine);
    const players = new Players(game, realEngine, { minMoveMs: 0 });
    players.newGame(nine, [HUMAN, qi(1)], ['', 'Qi level 1']);
    expect(players.view.humanTurn).toBe(true);
    expect(game.playText('E5')).toBe(true);
    expect(players.view.thinking).toBe(1);
    expect(players.view.humanTurn).toBe(false);
    await vi.waitFor(() => expect(game.view.moveNumber).toBe(2), { timeout: 10_000 });
    expect(game.view.toMove).toBe(0);
    expect(game.view.last?.player).toBe(1);
    expect(players.view.thinking).toBe(-1);
    expect(players.view.humanTurn).toBe(true);
    // Level 1's 30 playouts say nothing about who is winning: no win rate is shown from them.
    expect(players.view.winRate).toBeNull();
    expect(players.view.lastThinkMs).toBeGreaterThanOrEqual(0);
    expect(players.undo()).toBe(true);
    expect(game.view.moveNumber).toBe(0);
    expect(game.view.toMove).toBe(0);
    expect(players.view.thinking).toBe(-1);
    players.dispose();
  });

  it('Qi plays Black first when seated there, and Qi vs Qi plays on by itself until paused', async () => {
    const game = new GoGame(nine);
    const players = new Players(game, realEngine, { minMoveMs: 0 });
    players.newGame(nine, [qi(1), qi(1)], ['Qi level 1', 'Qi level 1']);
    await vi.waitFor(() => expect(game.view.moveNumber).toBeGreaterThanOrEqual(6), { timeout: 20_000 });
    players.pause();
    const n = game.view.moveNumber;
    expect(players.view.paused).toBe(true);
    expect(players.view.humanTurn).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(game.view.moveNumber).toBe(n);
    // Undo while watching takes back one move and stays paused.
    players.undo();
    expect(game.view.moveNumber).toBe(n - 1);
    players.resume();
    await vi.waitFor(() => expect(game.view.moveNumber).toBeGreaterThan(n), { timeout: 10_000 });
    players.dispose();
  });

  it('undo while Qi thinks stops the search, drops its late answer and gives the turn back', async () => {
    const s = scriptedEngine();
    const game = new GoGame(nine);
    const players = new Players(game, () => s.engine, { minMoveMs: 0 });
    players.newGame(nine, [HUMAN, qi(10)], ['', 'Qi level 10']);
    game.playText('E5');
    expect(s.calls).toHaveLength(1);
    expect(s.calls[0].limits).toEqual({ level: 10 });
    expect(s.calls[0].setup).toEqual({ game: 'go', rules: expect.objectContaining({ size: 9 }), moves: ['E5'] });
    // The person may not play for Qi meanwhile.
    expect(players.view.humanTurn).toBe(false);
    players.undo();
    expect(s.stops()).toBe(1);
    expect(game.view.moveNumber).toBe(0);
    expect(players.view.thinking).toBe(-1);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(game.view.moveNumber).toBe(0); // the stopped search's move was not played
    expect(players.view.lastStopMs).toBeGreaterThanOrEqual(0);
    players.dispose();
  });

  it('a new game or an opened record stops Qi; leaving closes the engine', async () => {
    const s = scriptedEngine();
    let closed = 0;
    const engine = { ...s.engine, close: () => void closed++ };
    const game = new GoGame(nine);
    const players = new Players(game, () => engine, { minMoveMs: 0 });
    players.newGame(nine, [HUMAN, qi(3)], ['', 'Qi level 3']);
    game.playText('C3');
    expect(s.calls).toHaveLength(1);
    players.newGame(nine, [HUMAN, qi(3)], ['', 'Qi level 3']);
    expect(s.stops()).toBe(1);
    game.playText('D4');
    expect(s.calls).toHaveLength(2);
    game.loadSgf('(;GM[1]FF[4]SZ[9];B[ee])');
    expect(s.stops()).toBe(2);
    // White (Qi) is to move in the opened record, so Qi thinks about it.
    expect(s.calls).toHaveLength(3);
    expect(s.calls[2].setup.moves).toEqual(['E5']);
    players.dispose();
    expect(closed).toBe(1);
  });

  it('Qi passes after a pass: two passes open the marking with Qi\'s dead stones; Qi resigns a lost game', async () => {
    const s = scriptedEngine();
    const game = new GoGame(nine);
    const players = new Players(game, () => s.engine, { minMoveMs: 0, resignFromMove: 0 });
    s.dead.push('C3');
    players.newGame(nine, [HUMAN, qi(2)], ['', 'Qi level 2']);
    game.playText('E5');
    s.calls[0].resolve(s.progress(point('C3'), 0.4));
    await vi.waitFor(() => expect(game.view.moveNumber).toBe(2));
    game.pass();
    s.calls[1].resolve(s.progress(PASS, 0.4));
    await vi.waitFor(() => expect(game.view.phase).toBe('marking'));
    // Marks come from Qi's list in the worker (ai-worker's deadStones; here scripted: the white stone on C3).
    await vi.waitFor(() => expect(game.view.dead.reduce((n, d) => n + d, 0)).toBe(1));
    expect(game.view.dead[6 * 9 + 2]).toBe(1);
    expect(game.view.score).not.toBeNull();
    expect(game.view.phase).toBe('marking'); // a person is playing: they count
    // Resume play goes back to the person's turn, before their pass.
    players.undo();
    expect(game.view.phase).toBe('playing');
    expect(game.view.toMove).toBe(0);
    expect(game.view.moveNumber).toBe(2);
    // Three hopeless searches in a row: Qi resigns.
    const answers = ['J9', 'J7', 'J5'];
    for (const [k, v] of ['A1', 'A3', 'A5'].entries()) {
      game.playText(v);
      s.calls[s.calls.length - 1].resolve(s.progress(point(answers[k]), 0.01));
      await new Promise((r) => setTimeout(r, 0));
    }
    await vi.waitFor(() => expect(game.view.phase).toBe('over'));
    expect(game.view.resigned).toBe(1);
    players.dispose();
  });

  it('a hint marks the suggested point for the person to move, and any move clears it', async () => {
    const game = new GoGame(nine);
    const players = new Players(game, realEngine, { minMoveMs: 0 });
    players.newGame(nine, [HUMAN, HUMAN], ['', '']);
    game.playText('E5');
    players.hint();
    expect(players.view.hinting).toBe(true);
    await vi.waitFor(() => expect(players.view.hint).not.toBeNull(), { timeout: 10_000 });
    const hint = players.view.hint!;
    expect(players.view.winRate?.moveNumber).toBe(1);
    if (hint.move !== 'pass') expect(game.canPlay(hint.move.col, hint.move.row)).toBe(true);
    expect(game.playText(hint.text)).toBe(true);
    expect(players.view.hint).toBeNull();
    players.dispose();
  });

  it('the person may resign while Qi thinks (for their own colour), which stops Qi', () => {
    const s = scriptedEngine();
    const game = new GoGame(nine);
    const players = new Players(game, () => s.engine, { minMoveMs: 0 });
    players.newGame(nine, [qi(4), HUMAN], ['Qi level 4', '']);
    expect(s.calls).toHaveLength(1);
    expect(players.view.thinking).toBe(0);
    expect(players.resign()).toBe(true);
    expect(s.stops()).toBe(1);
    expect(game.view.resigned).toBe(1);
    expect(players.view.thinking).toBe(-1);
    // Undo takes the resignation back to the person's turn: Qi's opening move is still to be played, so Qi thinks.
    players.undo();
    expect(game.view.phase).toBe('playing');
    expect(s.calls).toHaveLength(2);
    players.dispose();
  });

  it('reads the search’s estimate from its best candidate, not from the move a low level picked at random', () => {
    const base = scriptedEngine().progress(3, 1);
    expect(searchWinRate(base)).toBe(1);
    const picked = { ...base, winRate: 1, candidates: [{ move: 2, visits: 20, score: 0, winRate: 0.42, prior: 0 }, { move: 3, visits: 1, score: 0, winRate: 1, prior: 0 }] };
    expect(searchWinRate(picked)).toBe(0.42);
    expect(reliable(picked)).toBe(true);
    expect(reliable({ ...picked, visits: 30, nodes: 30 })).toBe(false);
    expect(reliable({ ...picked, algorithm: 'alphabeta', visits: 0, nodes: 5000 })).toBe(true);
  });

  it('Qi vs Qi ends by two passes with Qi’s dead stones from the real worker bot and the count', async () => {
    const s = scriptedEngine();
    const real = realEngine();
    const game = new GoGame(nine);
    let asked = 0;
    const deadStones = (setup: PositionSetup) => {
      asked++;
      return real.deadStones(setup);
    };
    const players = new Players(game, () => ({ ...s.engine, deadStones }), { minMoveMs: 0 });
    // Setup stones (the worker places them from the setup's start): a lone white stone at A1 in atari inside Black's corner.
    game.loadSgf('(;GM[1]FF[4]SZ[9]AB[ee][bi][bh]AW[ai]PL[B])');
    players.setSeats([qi(1), qi(1)]);
    s.calls[0].resolve(s.progress(PASS, 0.9));
    await vi.waitFor(() => expect(s.calls).toHaveLength(2));
    s.calls[1].resolve(s.progress(PASS, 0.1));
    await vi.waitFor(() => expect(game.view.phase).toBe('over'), { timeout: 10_000 });
    // The white stone is dead by Qi's ownership: Black owns the whole board.
    expect(game.view.dead.reduce((n, d) => n + d, 0)).toBe(1);
    expect(game.view.dead[8 * 9]).toBe(1);
    expect(game.view.score?.result).toBe('B+73.5');
    expect(asked).toBe(1);
    expect(await real.deadStones(game.aiSetup())).toEqual(['A1']);
    players.dispose();
  });

  it('refuses a seat that is not a person or Qi 1–10', () => {
    const players = new Players(new GoGame(nine), realEngine);
    expect(() => players.setSeats([HUMAN, qi(11)])).toThrow('a seat is a person or Qi at level 1 to 10');
    players.dispose();
  });
});

/** The engine's integer for a GTP point of a 9x9 board (what a bot answers). */
const point = (vertex: string): number => new GoPosition({ size: 9 }).parseMove(vertex);

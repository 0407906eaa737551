import { readFileSync } from 'node:fs';
import { gameDefinition } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { format } from '../i18n.js';
import { botEngine } from './ai/engine.js';
import { PageBot } from './ai/page-bot.js';
import { Players } from './ai/players.js';
import { GoGame, defaultSettings, handicapChoices, type GameSettings, type GameView } from './game-store.js';

const nine = (over: Partial<GameSettings> = {}): GameSettings => ({ ...defaultSettings(), size: 9, ...over });

/** Plays typed moves, failing the test on the first refused one. */
function playAll(game: GoGame, moves: string[]): void {
  for (const m of moves) {
    if (!game.playText(m)) throw new Error(`${m} refused: ${format('en', game.view.notice!)}`);
  }
}

const stone = (game: GoGame, vertex: string): number => {
  const { col, row } = vertexOf(game.view, vertex);
  return game.view.stones[row * game.view.size + col];
};

function vertexOf(view: GameView, vertex: string): { col: number; row: number } {
  const col = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.indexOf(vertex[0]);
  return { col, row: view.size - Number(vertex.slice(1)) };
}

describe('GoGame store', () => {
  it('starts an empty 19×19 game with Black to move', () => {
    const game = new GoGame();
    const v = game.view;
    expect(v.size).toBe(19);
    expect(v.stones.every((s) => s === 0)).toBe(true);
    expect(v.toMove).toBe(0);
    expect(v.moveNumber).toBe(0);
    expect(v.phase).toBe('playing');
    expect(v.canUndo).toBe(false);
    expect(v.rules.komi).toBe(7.5);
  });

  it('notifies subscribers at once and after every change, and stops after unsubscribing', () => {
    const game = new GoGame(nine());
    const seen: GameView[] = [];
    const stop = game.subscribe((v) => seen.push(v));
    expect(seen).toHaveLength(1);
    game.play(4, 4);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
    expect(seen[0].stones[4 * 9 + 4]).toBe(0); // snapshots are not mutated afterwards
    stop();
    game.play(3, 3);
    expect(seen).toHaveLength(2);
  });

  it('plays, alternates, captures and describes the move', () => {
    const game = new GoGame(nine());
    playAll(game, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2']);
    expect(stone(game, 'E5')).toBe(2);
    expect(game.view.toMove).toBe(0);
    playAll(game, ['E6']);
    expect(stone(game, 'E5')).toBe(0);
    expect(stone(game, 'E6')).toBe(1);
    expect(game.view.captures).toEqual([1, 0]);
    expect(game.view.moveNumber).toBe(7);
    expect(game.view.last).toMatchObject({ player: 0, text: 'E6', captured: 1 });
    expect(format('en', game.view.announcement!)).toBe('Black played E6 and captured 1.');
    expect(format('zh', game.view.announcement!)).toBe('黑方下在 E6，提 1 子。');
    expect(game.view.notice).toBeNull();
  });

  it('refuses illegal moves with the engine’s reason and changes nothing', () => {
    const game = new GoGame(nine());
    playAll(game, ['A2', 'E5', 'B1']);
    const before = game.view.stones.slice();
    expect(game.canPlay(0, 8)).toBe(false); // A1: suicide for White
    expect(game.playText('A1')).toBe(false);
    expect(game.view.notice).toEqual({ key: 'illegalSuicide', params: { point: 'A1' } });
    expect(game.view.noticeTone).toBe('error');
    expect(format('en', game.view.notice!)).toBe('A1 would be suicide: the stone would have no liberties.');
    expect(game.playText('E5')).toBe(false);
    expect(game.view.notice).toEqual({ key: 'illegalOccupied', params: { point: 'E5' } });
    expect(game.view.stones).toEqual(before);
    expect(game.view.toMove).toBe(1);
    // the next legal move clears the notice
    expect(game.playText('J9')).toBe(true);
    expect(game.view.notice).toBeNull();
  });

  it('refuses the immediate ko recapture', () => {
    const game = new GoGame(nine());
    playAll(game, ['E6', 'D6', 'F5', 'C5', 'E4', 'D4', 'A1', 'E5', 'D5']);
    expect(stone(game, 'E5')).toBe(0);
    expect(game.canPlay(4, 4)).toBe(false);
    expect(game.playText('E5')).toBe(false);
    expect(game.view.notice?.key).toBe('illegalKo');
    playAll(game, ['J9', 'J1']);
    expect(game.playText('E5')).toBe(true); // after a ko threat exchange the recapture is legal
    expect(game.view.captures).toEqual([1, 1]);
  });

  it('refuses a whole-board repetition under positional superko but not under simple ko', () => {
    // 2×2: White's B2 takes three stones, after which Black's A1 would recreate the position after move 2.
    const moves = ['A1', 'B2', 'B1', 'pass', 'A2', 'B2'];
    const superko = new GoGame({ ...defaultSettings(), size: 2, ko: 'positional' });
    playAll(superko, moves);
    expect(superko.view.captures).toEqual([1, 3]);
    expect(superko.playText('A1')).toBe(false);
    expect(superko.view.notice).toEqual({ key: 'illegalSuperko', params: { point: 'A1' } });
    const simple = new GoGame({ ...defaultSettings(), size: 2, ko: 'simple' });
    playAll(simple, moves);
    expect(simple.playText('A1')).toBe(true);
  });

  it('reads typed moves in any case and explains text that is not a move', () => {
    const game = new GoGame(nine());
    expect(game.playText(' d4 ')).toBe(true);
    expect(stone(game, 'D4')).toBe(1);
    for (const bad of ['I5', 'Z1', 'D10', 'hello', '']) {
      expect(game.playText(bad)).toBe(false);
      expect(game.view.notice).toEqual({ key: 'illegalNotAMove', params: { text: bad.trim() } });
    }
    expect(game.playText('PASS')).toBe(true);
    expect(game.view.last).toMatchObject({ player: 1, move: 'pass' });
    expect(format('en', game.view.announcement!)).toBe('White passed.');
  });

  it('undoes moves exactly, captures included', () => {
    const game = new GoGame(nine());
    expect(game.undo()).toBe(false);
    expect(game.view.notice?.key).toBe('nothingToUndo');
    playAll(game, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2']);
    const before = game.view;
    playAll(game, ['E6']);
    expect(game.undo()).toBe(true);
    expect(game.view.stones).toEqual(before.stones);
    expect(game.view.captures).toEqual([0, 0]);
    expect(game.view.toMove).toBe(0);
    expect(game.view.moveNumber).toBe(6);
    expect(game.view.last).toMatchObject({ player: 1, text: 'A2' });
    for (let i = 0; i < 6; i++) game.undo();
    expect(game.view.stones.every((s) => s === 0)).toBe(true);
    expect(game.view.canUndo).toBe(false);
  });

  it('goes from two passes to marking dead stones to a score, and back with undo', () => {
    const game = new GoGame(nine());
    playAll(game, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2', 'E6', 'pass']);
    expect(game.view.phase).toBe('playing');
    expect(game.view.notice).toEqual({ key: 'passAgainHint' });
    playAll(game, ['pass']);
    expect(game.view.phase).toBe('marking');
    expect(game.view.notice?.key).toBe('markingHelp');
    expect(game.canPlay(0, 0)).toBe(false);
    // a live preview of the score with nothing marked: White's two stones own nothing but themselves
    expect(game.view.score).not.toBeNull();
    expect(game.view.score!.rule).toBe('area');

    // clicking a stone marks its whole chain; clicking again revives it
    const a1 = vertexOf(game.view, 'A1');
    expect(game.play(a1.col, a1.row)).toBe(true);
    expect(game.view.dead.reduce((n, d) => n + d, 0)).toBe(2);
    game.play(a1.col, a1.row);
    expect(game.view.dead.reduce((n, d) => n + d, 0)).toBe(0);
    game.toggleDead(a1.col, a1.row);
    expect(game.view.score!.black).toBe(81);
    expect(game.view.score!.white).toBe(7.5);
    expect(game.view.result).toBeNull();

    expect(game.count()).toBe(true);
    expect(game.view.phase).toBe('over');
    expect(game.view.score!.result).toBe('B+73.5');
    expect(game.view.result).toEqual({ key: 'resultBlackPoints', params: { n: '73.5' } });
    expect(format('zh', game.view.result!)).toBe('黑胜 73.5 目');
    expect(game.playText('C3')).toBe(false);
    expect(game.view.notice?.key).toBe('illegalGameOver');

    // undo the count: back to marking with the marks kept; undo again: the last pass is taken back
    game.undo();
    expect(game.view.phase).toBe('marking');
    expect(game.view.dead.reduce((n, d) => n + d, 0)).toBe(2);
    game.undo();
    expect(game.view.phase).toBe('playing');
    expect(game.view.toMove).toBe(0); // Black's pass is taken back
    expect(game.view.score).toBeNull();
  });

  it('scores by territory with prisoners when the game uses territory rules', () => {
    const game = new GoGame(nine({ scoring: 'territory', komi: 6.5 }));
    playAll(game, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2', 'E6', 'pass', 'pass']);
    const a1 = vertexOf(game.view, 'A1');
    game.toggleDead(a1.col, a1.row);
    game.count();
    // territory: 81 points minus Black's 4 stones = 77, plus 1 prisoner and 2 dead stones; White has komi
    expect(game.view.score!.rule).toBe('territory');
    expect(game.view.score!.black).toBe(80);
    expect(game.view.score!.white).toBe(6.5);
    expect(game.view.score!.result).toBe('B+73.5');
  });

  it('estimates dead stones through Qi\'s policy (ai-worker, in the worker) and clears marks', async () => {
    const game = new GoGame(nine());
    const players = new Players(game, () => botEngine(new PageBot()), { minMoveMs: 0 });
    playAll(game, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2', 'E6', 'pass', 'pass']);
    const e6 = vertexOf(game.view, 'E6');
    game.toggleDead(e6.col, e6.row); // a wrong mark, replaced by the estimate
    expect(game.view.dead[e6.row * 9 + e6.col]).toBe(1);
    await players.estimateDead();
    // White's two stones in Black's area are dead; nothing else is
    const dead = [...game.view.dead.keys()].filter((i) => game.view.dead[i]);
    const a1 = vertexOf(game.view, 'A1');
    const a2 = vertexOf(game.view, 'A2');
    expect(dead.sort((x, y) => x - y)).toEqual([a2.row * 9 + a2.col, a1.row * 9 + a1.col]);
    expect(game.view.score!.result).toBe('B+73.5');
    game.clearDead();
    expect(game.view.dead.every((d) => d === 0)).toBe(true);
    // nothing dead: Black has 4 stones + the E5 eye, White 2 stones + 7.5 komi; the rest is shared (dame)
    expect(game.view.score!.result).toBe('W+4.5');
    players.dispose();
  });

  it('ends by resignation, and undo takes the resignation back', () => {
    const game = new GoGame(nine());
    playAll(game, ['E5']);
    expect(game.resign()).toBe(true);
    expect(game.view.phase).toBe('over');
    expect(game.view.resigned).toBe(1);
    expect(game.view.result).toEqual({ key: 'resultBlackResign' });
    expect(format('en', game.view.result!)).toBe('Black wins by resignation');
    expect(game.view.score).toBeNull();
    expect(game.pass()).toBe(false);
    game.undo();
    expect(game.view.phase).toBe('playing');
    expect(game.view.toMove).toBe(1);
    expect(game.view.moveNumber).toBe(1);
  });

  it('places handicap stones on the engine’s points with White to move, not undoable', () => {
    expect(handicapChoices(19)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(handicapChoices(9)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const game = new GoGame({ ...defaultSettings(), handicap: 4, komi: 0.5 });
    for (const v of ['D4', 'Q16', 'D16', 'Q4']) expect(stone(game, v)).toBe(1);
    expect(game.view.stones.reduce((n, s) => n + (s === 1 ? 1 : 0), 0)).toBe(4);
    expect(game.view.handicap).toBe(4);
    expect(game.view.toMove).toBe(1);
    expect(game.view.canUndo).toBe(false);
    game.newGame(nine());
    expect(game.view.size).toBe(9);
    expect(game.view.handicap).toBe(0);
    expect(game.view.stones.every((s) => s === 0)).toBe(true);
  });

  it('passes the chosen rules to the engine, which rejects bad ones', () => {
    const game = new GoGame(nine({ ko: 'situational', scoring: 'territory', komi: 0.5, suicide: true }));
    expect(game.view.rules).toMatchObject({ size: 9, ko: 'situational', scoring: 'territory', komi: 0.5, suicide: true });
    expect(() => game.newGame(nine({ komi: 0.3 }))).toThrow(RangeError);
    expect(game.view.size).toBe(9); // the old game is still there
  });

  it('saves SGF and opens it again to the same game, undo included', () => {
    const game = new GoGame(nine({ ko: 'situational', scoring: 'territory', komi: 6.5, handicap: 2 }));
    playAll(game, ['E5', 'D5', 'F5', 'A1', 'E4', 'A2', 'E6', 'pass']);
    const sgf = game.toSgf(new Date('2026-11-29T12:00:00Z'));
    expect(sgf).toContain('SZ[9]');
    expect(sgf).toContain('KM[6.5]');
    expect(sgf).toContain('HA[2]');
    expect(sgf).toContain('DT[2026-11-29]');
    expect(sgf).toMatch(/AB\[..\]\s*\[..\]/);

    const copy = new GoGame();
    expect(copy.loadSgf(sgf, 'test.sgf')).toBe(true);
    expect(copy.view.stones).toEqual(game.view.stones);
    expect(copy.view.captures).toEqual(game.view.captures);
    expect(copy.view.toMove).toBe(game.view.toMove);
    expect(copy.view.moveNumber).toBe(8);
    expect(copy.view.handicap).toBe(2);
    expect(copy.view.rules).toMatchObject({ size: 9, komi: 6.5, scoring: 'territory', ko: 'situational' });
    expect(copy.view.notice).toEqual({ key: 'sgfLoaded', params: { name: 'test.sgf', n: 8 } });
    copy.undo();
    copy.undo();
    expect(stone(copy, 'E6')).toBe(0);
    expect(copy.view.last).toMatchObject({ player: 0, text: 'A2' });
    expect(copy.view.toMove).toBe(1);
    // and the result of a finished game is written
    playAll(game, ['pass']);
    game.count();
    expect(game.toSgf()).toMatch(/RE\[[BW]\+[\d.]+\]/);
    const resigned = new GoGame(nine());
    playAll(resigned, ['E5']);
    resigned.resign();
    expect(resigned.toSgf()).toContain('RE[B+R]');
    const reopened = new GoGame();
    reopened.loadSgf(resigned.toSgf());
    expect(reopened.view.phase).toBe('over');
    expect(reopened.view.result).toEqual({ key: 'resultBlackResign' });
    reopened.undo();
    expect(reopened.view.phase).toBe('playing');
    expect(reopened.view.moveNumber).toBe(1);
  });

  it('restores a saved game quietly and names the chain a marking click would toggle', () => {
    const game = new GoGame(nine());
    playAll(game, ['D5', 'E5', 'F5', 'A1', 'E4', 'A2', 'E6', 'pass', 'pass']);
    const copy = new GoGame();
    expect(copy.loadSgf(game.toSgf(), 'saved', true)).toBe(true);
    expect(copy.view.phase).toBe('marking');
    expect(copy.view.notice).toEqual({ key: 'markingHelp' }); // guidance stays; only the 'opened' notice is quiet
    game.undo();
    expect(copy.loadSgf(game.toSgf(), 'saved', true)).toBe(true);
    expect(copy.view.phase).toBe('playing');
    expect(copy.view.notice).toBeNull();
    copy.playText('pass');
    const a1 = vertexOf(copy.view, 'A1');
    const a2 = vertexOf(copy.view, 'A2');
    expect(copy.chainAt(a1.col, a1.row)).toEqual(expect.arrayContaining([a1, a2]));
    expect(copy.chainAt(a1.col, a1.row)).toHaveLength(2);
    expect(copy.chainAt(4, 4)).toEqual([]); // E5 is empty after the capture
  });

  it('keeps the current game and says why when an SGF file is malformed', () => {
    const game = new GoGame(nine());
    playAll(game, ['E5']);
    expect(game.loadSgf('(;GM[1]SZ[9];B[ee];W[zz])', 'bad.sgf')).toBe(false);
    expect(game.view.notice?.key).toBe('sgfError');
    expect(format('en', game.view.notice!)).toMatch(/line 1, column \d+/);
    expect(game.loadSgf('(;GM[1]SZ[9]', 'cut.sgf')).toBe(false);
    expect(game.loadSgf('not sgf at all', 'x.sgf')).toBe(false);
    expect(game.view.moveNumber).toBe(1);
    expect(stone(game, 'E5')).toBe(1);
  });

  it('opens a record up to its first illegal move and names it', () => {
    const game = new GoGame();
    expect(game.loadSgf('(;GM[1]FF[4]SZ[9];B[ee];W[dd];B[ee];W[cc])', 'illegal.sgf')).toBe(true);
    expect(game.view.moveNumber).toBe(2);
    expect(game.view.size).toBe(9);
    expect(game.view.noticeTone).toBe('error');
    expect(format('en', game.view.notice!)).toBe('The record stops at move 3: Black E5 is illegal (occupied).');
  });

  it('opens a finished 9×9 tournament game and, with GNU Go’s dead stones, agrees with its score', () => {
    const data = new URL('../../../../../shared/data/go/', import.meta.url);
    const file = 'gnugo-regression/9x9/olympiad2002_game2-9-gnugo-goint-0-1.sgf';
    const expected = readFileSync(new URL('gnugo-final-scores.jsonl', data), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { file: string; chinese_final_score: string; chinese_dead: string[] })
      .find((e) => e.file === file)!;
    const game = new GoGame();
    expect(game.loadSgf(readFileSync(new URL(file, data)), file)).toBe(true);
    expect(game.view.phase).toBe('marking');
    const dead = new Set<number>();
    for (const v of expected.chinese_dead) {
      const { col, row } = vertexOf(game.view, v);
      if (!game.view.dead[row * 9 + col]) game.toggleDead(col, row);
      dead.add(row * 9 + col);
    }
    expect(game.view.dead.reduce((n, d) => n + d, 0)).toBe(dead.size);
    game.count();
    expect(game.view.score!.margin).toBe(Number(expected.chinese_final_score.replace(/^W\+/, '-').replace(/^B\+/, '')));
  });

  it('describes the game for the AI worker: rules, start stones, moves; setup records without alternation as a board', () => {
    const game = new GoGame(nine());
    playAll(game, ['E5', 'C3', 'pass']);
    expect(game.aiSetup()).toEqual({ game: 'go', rules: { ...game.view.rules }, moves: ['E5', 'C3', 'pass'] });
    game.newGame(nine({ handicap: 3, komi: 0.5 }));
    playAll(game, ['E5']);
    const setup = game.aiSetup();
    expect(setup.rules).toMatchObject({ komi: 0.5 });
    expect(gameDefinition('go').create(setup.rules, setup.start).currentPlayer()).toBe(1);
    const stones = (setup.start!.handicap as string[]).map((v) => vertexOf(game.view, v));
    expect(stones).toHaveLength(3);
    for (const { col, row } of stones) expect(game.view.stones[row * 9 + col]).toBe(1);
    expect(setup.moves).toEqual(['E5']);
    // Two black moves in a row (allowed in SGF) cannot be a move list: the current board is the start.
    game.loadSgf('(;GM[1]FF[4]SZ[9]AW[aa];B[ee];B[dd])');
    expect(game.aiSetup()).toEqual({
      game: 'go',
      rules: { ...game.view.rules },
      start: { black: ['D6', 'E5'], white: ['A9'], toMove: 'white' },
      moves: [],
    });
  });

  it('plays engine moves (points and PASS) as the AI answers them, and names the players', () => {
    const game = new GoGame(nine());
    const setup = game.aiSetup();
    expect(setup.moves).toEqual([]);
    const e5 = { col: 4, row: 4 };
    playAll(game, ['E5']);
    expect(game.playMove(-1)).toBe(true); // PASS
    expect(game.view.last?.move).toBe('pass');
    expect(game.playMove(123456)).toBe(false);
    expect(game.view.noticeTone).toBe('error');
    expect(game.vertexOf(-1)).toBe('pass');
    expect(game.moveText(-1)).toBe('pass');
    expect(game.view.stones[e5.row * 9 + e5.col]).toBe(1);
    game.setNames('Ann', 'Qi level 4');
    expect(game.view.names).toEqual(['Ann', 'Qi level 4']);
    expect(game.toSgf()).toContain('PW[Qi level 4]');
  });
});

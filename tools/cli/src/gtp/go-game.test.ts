import { PASS, readGoSgf, scoreArea } from '@qi/engine';
import { Bot, setUpPosition } from '@qi/ai-worker';
import type { GoPosition } from '@qi/engine';
import { describe, expect, it } from 'vitest';
import { GoGame } from './go-game.js';

describe('the GTP game and what it hands the AI', () => {
  it('gives handicap stones as a start with handicap stones: komi as set, the bonus counted by the worker\'s position', () => {
    const game = new GoGame({ size: 9, komi: 0.5 });
    game.placeHandicap(['C3', 'G7'].map((t) => game.position.parseMove(t)));
    expect(game.play(1, game.position.parseMove('E5'))).toBeNull();
    const setup = game.botSetup(0);
    expect(setup).toEqual({ game: 'go', rules: { ...game.rules }, start: { handicap: ['C3', 'G7'] }, moves: ['E5'].map((t) => game.position.parseMove(t)) });
    expect(setup.rules).toMatchObject({ komi: 0.5, handicapBonus: 'n' });
    const bot = new Bot();
    expect(bot.setPosition(setup).toMove).toBe(0);
    // The worker's position counts as the GTP one: two handicap stones are two points for White under area scoring.
    const worker = setUpPosition(setup).pos as GoPosition;
    expect(worker.handicap).toBe(2);
    expect(worker.toString()).toBe(game.position.toString());
    expect(scoreArea(worker, []).handicapBonus).toBe(2);
    expect(worker.scoreMargin()).toBe(game.position.scoreMargin());
  });

  it('puts passes in for a colour moving twice and for the colour asked to move, a pass pair cancelling', () => {
    const game = new GoGame({ size: 9 });
    const p = (t: string) => game.position.parseMove(t);
    game.play(0, p('E5'));
    game.play(0, p('C3'));
    expect(game.botSetup(0).moves).toEqual([p('E5'), PASS, p('C3'), PASS]);
    game.play(1, PASS);
    expect(game.botSetup(0).moves).toEqual([p('E5'), PASS, p('C3'), PASS]);
    expect(game.botSetup(1).moves).toEqual([p('E5'), PASS, p('C3')]);
  });

  it('loads a record with setup stones as its start (AB/AW, PL), and refuses setup after the root', () => {
    const game = new GoGame({ size: 19 });
    game.loadRecord(readGoSgf('(;GM[1]SZ[9]KM[6.5]AB[cc][dd]AW[ee]PL[W];W[ff];B[gg])'));
    expect(game.rules).toMatchObject({ size: 9, komi: 6.5 });
    expect(game.start).toEqual({ black: ['C7', 'D6'], white: ['E5'], toMove: 'white' });
    expect(game.events).toHaveLength(2);
    expect(game.botSetup(1)).toMatchObject({ start: { black: ['C7', 'D6'], white: ['E5'], toMove: 'white' }, moves: [game.position.parseMove('F4'), game.position.parseMove('G3')] });
    expect(() => game.loadRecord(readGoSgf('(;GM[1]SZ[9];B[ee];AB[cc];W[dd])'))).toThrow(/setup after the root \(node 3\)/);
    expect(game.events).toHaveLength(2);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { SgfError } from '../sgf/error.js';
import { games } from '../games.js';
import { alternatingMoves, goDefinition as go } from './definition.js';
import { fixedHandicap } from './handicap.js';
import { readGoSgf, replayGo } from './sgf-go.js';
import { scoreArea } from './score.js';

const DATA = new URL('../../../../../shared/data/go/gnugo-regression/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, DATA));

describe('the Go definition: rules', () => {
  it('fills in the engine\'s defaults (19x19, area, komi 7.5, simple ko, no suicide, bonus n)', () => {
    expect(go.rules()).toEqual({ size: 19, komi: 7.5, ko: 'simple', suicide: false, scoring: 'area', handicapBonus: 'n' });
    expect(go.rules({ scoring: 'territory' })).toMatchObject({ komi: 6.5, handicapBonus: 'none' });
  });

  it('names the bad field', () => {
    expect(() => go.rules({ size: 30 })).toThrow('go rules.size: board size must be a whole number from 2 to 25, got 30');
    expect(() => go.rules({ komi: 0.3 })).toThrow('go rules.komi: komi must be a multiple of 0.5, got 0.3');
    expect(() => go.rules({ ko: 'super' })).toThrow('go rules.ko: ko rule must be simple, positional or situational, got super');
    expect(() => go.rules({ suicide: 'yes' })).toThrow('go rules.suicide: suicide must be true or false, got yes');
    expect(() => go.rules({ handicapBonus: 2 })).toThrow(/^go rules.handicapBonus: /);
    expect(() => go.rules({ sise: 9 })).toThrow('go rules: unknown field "sise" (known: size, komi, ko, suicide, scoring, handicapBonus)');
    expect(() => go.rules(9)).toThrow('go rules must be an object, got 9');
  });
});

describe('the Go definition: starts', () => {
  it('places handicap stones as a handicap: White to move, counted in the area score as the engine does', () => {
    const pos = go.create({ size: 9, komi: 0.5 }, { handicap: ['C3', 'G7'] });
    expect(pos.handicap).toBe(2);
    expect(pos.currentPlayer()).toBe(1);
    expect(pos.ply).toBe(0);
    const direct = go.create({ size: 9, komi: 0.5 });
    direct.placeHandicap(fixedHandicap(9, 2));
    expect(pos.toString()).toBe(direct.toString());
    expect(scoreArea(pos, []).handicapBonus).toBe(2);
    expect(pos.scoreMargin()).toBe(direct.scoreMargin());
  });

  it('places setup stones and the side to move; the start reads back', () => {
    const start = { black: ['C3', 'D4'], white: ['E5'], toMove: 'white' as const };
    const pos = go.create({ size: 9 }, start);
    expect(pos.handicap).toBe(0);
    expect(pos.stoneAt(pos.parseMove('E5'))).toBe(2);
    expect(pos.currentPlayer()).toBe(1);
    expect(go.startOf(pos)).toEqual({ black: ['D4', 'C3'], white: ['E5'], toMove: 'white' });
    // Handicap plus setup: the handicap count survives the round trip.
    const both = go.create({ size: 9 }, { handicap: ['C3', 'G7'], white: ['E5'], toMove: 'b' } as never);
    expect(both.currentPlayer()).toBe(0);
    const back = go.startOf(both)!;
    expect(back).toEqual({ handicap: ['G7', 'C3'], white: ['E5'], toMove: 'black' });
    expect(go.create({ size: 9 }, back).handicap).toBe(2);
  });

  it('refuses a bad start, naming the field', () => {
    const r = go.rules({ size: 9 });
    expect(() => go.start({ black: 'C3' }, r)).toThrow('go start.black must be a list of points, got "C3"');
    expect(() => go.start({ black: ['Z99'] }, r)).toThrow(/^go start.black: "Z99"/);
    expect(() => go.start({ black: ['pass'] }, r)).toThrow('go start.black: a pass is not a point');
    expect(() => go.start({ black: ['C3'], white: ['c3'] }, r)).toThrow('go start.white: point C3 is given twice (also in black)');
    expect(() => go.start({ handicap: ['C3'] }, r)).toThrow('go start.handicap: a handicap is 2 to 80 stones, got 1');
    expect(() => go.start({ toMove: 2 }, r)).toThrow('go start.toMove must be black or white, got 2');
    expect(() => go.start({ stones: [] }, r)).toThrow('go start: unknown field "stones" (known: handicap, black, white, toMove)');
    expect(() => go.create({ size: 9 }, { black: ['A1'], white: ['A2', 'B1'] })).toThrow('go start: the stones at A1 have no liberties');
  });
});

describe('the Go definition: moves where either colour may move', () => {
  it('puts a pass before a move out of turn, or drops the pass that would make two', () => {
    expect(alternatingMoves([{ player: 1, move: 10 }], 0)).toEqual({ moves: [PASS, 10], toMove: 0 });
    expect(alternatingMoves([{ player: 0, move: 10 }, { player: 1, move: PASS }, { player: 1, move: 11 }], 0)).toEqual({ moves: [10, 11], toMove: 0 });
    expect(alternatingMoves([{ player: 0, move: 10 }, { player: 0, move: 11 }], 0)).toEqual({ moves: [10, PASS, 11], toMove: 1 });
    // The colour asked to move last: a pass for the other, or the last pass dropped.
    expect(alternatingMoves([{ player: 0, move: 10 }], 0, 0)).toEqual({ moves: [10, PASS], toMove: 0 });
    expect(alternatingMoves([{ player: 0, move: 10 }, { player: 1, move: PASS }], 0, 1)).toEqual({ moves: [10], toMove: 1 });
  });
});

describe('the Go definition: SGF records (shared data)', () => {
  const records = ['9x9/9x9-1.sgf', 'scoring/score44.sgf', 'scoring/score43.sgf', '13x13/mertin13x13_goliath-gnugo3.W+0.sgf', 'cgos/13435.sgf'];

  it.each(records)('%s: the start and moves give replayGo\'s final board; written and read back the same', (name) => {
    const bytes = file(name);
    const rec = go.record.read(bytes);
    const pos = go.create(rec.rules, rec.start);
    for (const m of rec.moves) pos.play(m);
    const replay = replayGo(readGoSgf(bytes), { ko: rec.rules.ko, suicide: rec.rules.suicide, scoring: rec.rules.scoring });
    expect(replay.errors).toEqual([]);
    expect(pos.toString()).toBe(replay.position.toString());
    expect(pos.handicap).toBe(replay.position.handicap);
    expect([pos.captures(0), pos.captures(1)]).toEqual([replay.position.captures(0), replay.position.captures(1)]);
    const text = go.record.write(rec);
    const back = go.record.read(text);
    expect(back).toEqual(rec);
    expect(go.record.write(back)).toBe(text);
  });

  it('reads game information, rules from RU and KM, HA stones as a handicap', () => {
    const rec = go.record.read(file('scoring/score44.sgf'));
    expect(rec.rules).toMatchObject({ size: 9, komi: 0.5 });
    expect(rec.start).toEqual({ handicap: ['C7', 'G7', 'C3', 'G3'] });
    expect(rec.players).toEqual(['merlin', 'GnuGo (GNU Go 3.1.29)']);
    expect(rec.result).toBe('B+76.5');
    expect(rec.info).toMatchObject({ DT: '2002-03-27', PC: 'NNGS', BR: '21k', WR: '13k*' });
    expect(rec.moves.slice(0, 1).map((m) => go.create({ size: 9 }).moveToText(m))).toEqual(['C5']);
    const cgos = go.record.read(file('cgos/13435.sgf'));
    expect(cgos.rules).toMatchObject({ scoring: 'area', ko: 'positional', suicide: true });
    expect(cgos.info?.RU).toBeDefined();
  });

  it('keeps the two passes that end a record, so the game read is over (GNU Go records end B[tt];W[tt])', () => {
    const rec = go.record.read('(;SZ[9];B[ee];W[cc];B[tt];W[tt])');
    expect(rec.moves.slice(-2)).toEqual([PASS, PASS]);
    expect(games.position({ game: 'go', rules: rec.rules, moves: rec.moves.map((m) => go.create({ size: 9 }).moveToText(m)) }).isTerminal()).toBe(true);
    // A pass pair in the middle still folds (play goes on), and one closing pass stays one pass.
    const middle = go.record.read('(;SZ[9];B[ee];W[tt];B[tt];W[cc];B[tt])');
    expect(middle.moves.filter((m) => m === PASS)).toHaveLength(1);
    const onePass = go.record.read('(;SZ[9];B[ee];W[tt])');
    expect(onePass.moves).toHaveLength(2);
    for (const file2 of ['9x9/olympiad2002_game2-9-gnugo-goint-0-1.sgf']) {
      const r = go.record.read(file(file2));
      expect(games.position({ game: 'go', rules: r.rules, start: r.start, moves: r.moves.map((m) => go.create({ size: r.rules.size }).moveToText(m)) }).isTerminal()).toBe(true);
    }
  });

  it('refuses setup after the root, naming the node', () => {
    expect(() => go.record.read('(;SZ[9];B[ee];AB[cc];W[dd])')).toThrow(SgfError);
    expect(() => go.record.read('(;SZ[9];B[ee];AB[cc];W[dd])')).toThrow(/node 3/);
  });

  it('writes RU for the rule sets SGF names and PL when the side to move is not the natural one', () => {
    const text = go.record.write({ rules: go.rules({ size: 9, ko: 'positional' }), start: { black: ['E5'], toMove: 'white' }, moves: [] });
    expect(text).toContain('RU[Chinese]');
    expect(text).toContain('PL[W]');
    expect(text).toContain('AB[ee]');
    expect(go.record.read(text).start).toEqual({ black: ['E5'], toMove: 'white' });
  });
});

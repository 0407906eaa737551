import { describe, expect, it } from 'vitest';
import { games, gameDefinition } from '../games.js';
import { GameRegistry, checkFields, parseColor, playMoves, type GameDefinition } from './definition.js';
import { MAX_MOVES, PASS, type Position } from './game.js';
import { Rng } from './prng.js';

/** Plays up to `plies` seeded random moves (passes only when nothing else is legal). */
function randomPlies(pos: Position, plies: number, seed: number): number[] {
  const rng = new Rng(seed);
  const buf = new Int32Array(MAX_MOVES);
  const played: number[] = [];
  for (let i = 0; i < plies && !pos.isTerminal(); i++) {
    const n = pos.legalMoves(buf);
    const real: number[] = [];
    for (let k = 0; k < n; k++) if (buf[k] !== PASS) real.push(buf[k]);
    const m = real.length > 0 ? real[rng.int(real.length)] : buf[0];
    pos.play(m);
    played.push(m);
  }
  return played;
}

/** Small boards keep the random games short. */
const SMALL: Record<string, object> = { go: { size: 9 }, gomoku: { size: 9 }, reversi: {}, checkers: { players: 3 } };

describe('the game registry', () => {
  it('holds the four games, and names the known ids for an unknown one', () => {
    expect(games.ids()).toEqual(['go', 'gomoku', 'reversi', 'checkers']);
    expect([...games].map((d) => d.title)).toEqual(['Go', 'Gomoku / Renju', 'Reversi', 'Chinese Checkers']);
    expect(gameDefinition('reversi').id).toBe('reversi');
    expect(() => gameDefinition('chess')).toThrow('unknown game "chess" (known: go, gomoku, reversi, checkers)');
  });

  it('is fixed; other registries take other games, one per id', () => {
    expect(() => games.register(gameDefinition('go'))).toThrow(/fixed/);
    const mine = new GameRegistry([gameDefinition('go')]);
    expect(() => mine.register(gameDefinition('go'))).toThrow('a game "go" is already registered');
    mine.register(gameDefinition('reversi'));
    expect(mine.ids()).toEqual(['go', 'reversi']);
    expect(mine.has('gomoku')).toBe(false);
  });

  it('sets up a position from {game, rules, start, moves}, naming a bad move by number', () => {
    const pos = games.position({ game: 'go', rules: { size: 9 }, start: { handicap: ['C3', 'G7'] }, moves: ['E5', 'D4'] });
    expect(pos.ply).toBe(2);
    expect(pos.currentPlayer()).toBe(1);
    expect(() => games.position({ game: 'go', rules: { size: 9 }, moves: ['E5', 'E5'] })).toThrow('move 2 (E5): illegal move E5');
    expect(() => games.position({ game: 'gomoku', moves: ['Z1'] })).toThrow(/^move 1 \(Z1\): /);
    expect(playMoves(gameDefinition('reversi').create(), ['d3', 18])).toEqual([19, 18]);
  });

  it('checks fields and colours with messages that name them', () => {
    expect(() => checkFields('x', 'go rules', ['size'])).toThrow('go rules must be an object, got "x"');
    expect(() => checkFields({ sise: 9 }, 'go rules', ['size'])).toThrow('go rules: unknown field "sise" (known: size)');
    expect(checkFields(undefined, 'go rules', [])).toEqual({});
    expect(parseColor('B', 'toMove')).toBe(0);
    expect(parseColor('White', 'toMove')).toBe(1);
    expect(parseColor(1, 'toMove')).toBe(1);
    expect(() => parseColor('red', 'go start.toMove')).toThrow('go start.toMove must be black or white, got "red"');
  });
});

describe.each([...games].map((d) => [d.id, d] as [string, GameDefinition]))('the %s definition', (id, def) => {
  const small = SMALL[id];

  it('fills in its defaults and keeps full rules as they are', () => {
    expect(def.rules()).toEqual(def.defaultRules);
    expect(def.rules(def.defaultRules)).toEqual(def.defaultRules);
    const r = def.rules(small);
    expect(def.rules(r)).toEqual(r);
    expect(def.rulesOf(def.create(r))).toEqual(r);
  });

  it('refuses an unknown rules field, naming the game and the field', () => {
    expect(() => def.rules({ colour: 'red' })).toThrow(new RegExp(`^${id} rules: unknown field "colour"`));
    expect(() => def.create({ colour: 'red' } as object)).toThrow(RangeError);
  });

  it('reads the start back: none at the standard start, the board and side to move after random plies', () => {
    expect(def.startOf(def.create(small))).toBeUndefined();
    for (let seed = 1; seed <= 12; seed++) {
      const pos = def.create(small);
      randomPlies(pos, 3 + seed * 3, seed);
      const start = def.startOf(pos);
      expect(start).toBeDefined();
      const again = def.create(def.rulesOf(pos), start);
      expect(again.toString()).toBe(pos.toString());
      expect(again.currentPlayer()).toBe(pos.currentPlayer());
      expect([again.hashLo, again.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
      expect(again.ply).toBe(0);
      // Canonical: checking a start read back changes nothing, and reading it back again gives it again.
      expect(def.start(start, def.rulesOf(pos))).toEqual(start);
      expect(def.startOf(again)).toEqual(start);
    }
  });

  it('writes a record and reads it back: same rules, start and moves, same text', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const rules = def.rules(small);
      const begin = def.create(rules);
      randomPlies(begin, seed, 100 + seed);
      const start = def.startOf(begin);
      const pos = def.create(rules, start);
      const moves = randomPlies(pos, 30, seed);
      const text = def.record!.write({ rules, start, moves, players: ['Ann', 'Bo', 'Cy'].slice(0, pos.playerCount) });
      const back = def.record!.read(text);
      expect(back.rules).toEqual(rules);
      expect(back.start).toEqual(start);
      expect(back.moves).toEqual(moves);
      expect(def.record!.write(back)).toBe(text);
    }
  });

  it('exposes the positions\' notation', () => {
    const pos = def.create(small);
    const buf = new Int32Array(MAX_MOVES);
    const n = pos.legalMoves(buf);
    for (let k = 0; k < n; k++) expect(def.parseMove(pos, def.moveToText(pos, buf[k]))).toBe(buf[k]);
    expect(def.notation.length).toBeGreaterThan(10);
  });
});

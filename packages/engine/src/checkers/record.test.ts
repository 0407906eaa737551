import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/prng.js';
import { CHECKERS_LEAVE, CheckersPosition } from './position.js';
import { CheckersRecordError, checkersRecord, readCheckersRecord, writeCheckersRecord } from './record.js';
import { selfPlayRules } from './rules.js';

function randomGame(rules: ConstructorParameters<typeof CheckersPosition>[0], plies: number, seed: number): CheckersPosition {
  const pos = new CheckersPosition(rules);
  const rng = new Rng(seed);
  const moves = new Int32Array(1024);
  for (let i = 0; i < plies && !pos.isTerminal(); i++) pos.play(moves[rng.int(pos.legalMoves(moves))]);
  return pos;
}

const base = { format: 'qi-checkers', version: 1, rules: { players: 2 }, players: ['Ann', 'Bo'] };
const readErr = (doc: unknown): string => {
  try {
    readCheckersRecord(typeof doc === 'string' ? doc : JSON.stringify(doc));
  } catch (e) {
    expect(e).toBeInstanceOf(CheckersRecordError);
    return (e as Error).message;
  }
  throw new Error('expected the record to be rejected');
};

describe('checkers JSON game record', () => {
  it('round-trips games of every board and player count with full hop paths', () => {
    const configs = [{ players: 2 }, { players: 3 }, { players: 4, noStopInOtherPoints: true }, { players: 6 }, { board: 'square8' as const }, selfPlayRules({ players: 2, turnCap: 40 })];
    configs.forEach((rules, i) => {
      const pos = randomGame(rules, 150, 100 + i);
      const text = writeCheckersRecord(pos);
      const back = readCheckersRecord(text);
      expect(back.moves).toEqual(pos.history());
      expect(back.position.hashLo).toBe(pos.hashLo);
      expect(back.position.hashHi).toBe(pos.hashHi);
      expect(back.record).toEqual(checkersRecord(pos));
      expect(writeCheckersRecord(back.position)).toBe(text);
    });
    const hops = checkersRecord(randomGame({ players: 2 }, 150, 3)).moves.filter((m) => m.split('-').length > 2);
    expect(hops.length).toBeGreaterThan(0);
  });

  it('reads the example record of README.md', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(readme)![1];
    const { position, record } = readCheckersRecord(example);
    expect(record.moves).toEqual(['o2-m6', 'c2-e6', 'n1-m5', 'b1-c2', 'p1-n1-l4']);
    expect(position.ply).toBe(5);
    expect(position.pieceAt(position.geometry.names.indexOf('l4'))).toBe(0);
    expect(position.pieceAt(position.geometry.names.indexOf('p1'))).toBe(-1);
  });

  it('keeps names, composed setups and the result', () => {
    const pos = new CheckersPosition({ turnCap: 2 }, { pieces: [[0, 1], [120]], toMove: 1 });
    const buf = new Int32Array(64);
    pos.legalMoves(buf);
    pos.play(buf[0]);
    pos.legalMoves(buf);
    pos.play(buf[0]);
    const rec = checkersRecord(pos, ['Ann', 'Bo']);
    expect(rec.setup).toEqual({ pieces: [['a1', 'b1'], ['q1']], toMove: 1 });
    expect(rec.result).toEqual({ places: [-1, -1] });
    expect(readCheckersRecord(JSON.stringify(rec)).record).toEqual(rec);
    expect(checkersRecord(new CheckersPosition()).setup).toBeUndefined();
  });

  it('writes and reads leave moves, every move still checked', () => {
    const pos = new CheckersPosition({ players: 3 });
    const buf = new Int32Array(1024);
    const rng = new Rng(9);
    for (let i = 0; i < 40; i++) pos.play(i === 7 ? CHECKERS_LEAVE : buf[rng.int(pos.legalMoves(buf))]);
    const text = writeCheckersRecord(pos, ['Ann', 'Bo', 'Cy']);
    const rec = JSON.parse(text) as { moves: string[] };
    expect(rec.moves[7]).toBe('leave');
    expect(rec.moves.filter((m) => m === 'leave')).toHaveLength(1);
    const back = readCheckersRecord(text);
    expect(back.moves).toEqual(pos.history());
    expect(back.moves[7]).toBe(CHECKERS_LEAVE);
    expect(back.position.hasLeft(1)).toBe(true);
    expect([back.position.hashLo, back.position.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
    expect(writeCheckersRecord(back.position, ['Ann', 'Bo', 'Cy'])).toBe(text);
    // Two players: the leave ends the game; the result says nobody finished; nothing may follow it.
    const duel = { ...base, moves: ['o2-m6', 'LEAVE'] };
    const ended = readCheckersRecord(JSON.stringify(duel));
    expect(ended.position.isTerminal()).toBe(true);
    expect(ended.moves).toEqual([ended.moves[0], CHECKERS_LEAVE]);
    expect(checkersRecord(ended.position, ['Ann', 'Bo'])).toMatchObject({ moves: ['o2-m6', 'leave'], result: { places: [-1, -1] } });
    expect(readErr({ ...base, moves: ['o2-m6', 'leave', 'c2-e6'] })).toMatch(/^move 3 \(c2-e6\): the game was already over/);
    expect(readErr({ ...base, moves: ['leave', 'leave'] })).toMatch(/^move 2 \(leave\): the game was already over/);
  });

  it('rejects bad records with errors naming the problem and the move number', () => {
    expect(readErr('{"format": "qi-checkers",')).toMatch(/^not JSON/);
    expect(readErr([])).toMatch(/JSON object/);
    expect(readErr({ ...base, format: 'pgn' })).toMatch(/format/);
    expect(readErr({ ...base, version: 2 })).toMatch(/version 2/);
    expect(readErr({ ...base, extra: 1, moves: [] })).toMatch(/unknown field "extra"/);
    expect(readErr({ ...base, rules: { players: 5 }, moves: [] })).toMatch(/^rules: .*players/);
    expect(readErr({ ...base, players: ['Ann'], moves: [] })).toMatch(/1 names/);
    expect(readErr({ ...base, moves: 'o2-m6' })).toMatch(/moves must be a list/);
    expect(readErr({ ...base, moves: ['o2-m6', 'c2-z9'] })).toMatch(/^move 2 \(c2-z9\): "z9" is not a hole/);
    expect(readErr({ ...base, moves: ['o2-m6', 'c2-e2'] })).toMatch(/^move 2 \(c2-e2\): not a step or a chain of hops/);
    expect(readErr({ ...base, moves: ['o2-m6', 'o1-m5'] })).toMatch(/^move 2 \(o1-m5\): o1 holds no piece of player 2/);
    const closed = { ...base, rules: { players: 3, noStopInOtherPoints: true }, players: ['A', 'B', 'C'], setup: { pieces: [['l4'], ['a1'], ['e13']], toMove: 0 } };
    expect(readErr({ ...closed, moves: ['l4-l3'] })).toMatch(/^move 1 \(l4-l3\): illegal move for player 1/);
    expect(readCheckersRecord(JSON.stringify({ ...closed, moves: ['l4-m5'] })).moves).toHaveLength(1);
    expect(readErr({ ...base, moves: ['o2-m6', 7] })).toMatch(/^move 2: 7 is not text/);
    expect(readErr({ ...base, moves: ['pass'] })).toMatch(/^move 1 \(pass\): illegal/);
    expect(readErr({ ...base, moves: [], setup: { pieces: [['q1'], ['q1']], toMove: 0 } })).toMatch(/^setup: hole q1 holds two pieces/);
    expect(readErr({ ...base, moves: [], setup: { pieces: [['x1'], []], toMove: 0 } })).toMatch(/"x1" is not a hole/);
    expect(readErr({ ...base, moves: [], result: { places: [0, 1] } })).toMatch(/result.places/);
    const over = { ...base, rules: { players: 2, turnCap: 1 }, moves: ['o2-m6', 'c2-e6'] };
    expect(readErr(over)).toMatch(/^move 2 \(c2-e6\): the game was already over/);
  });

  it('keeps per-move comments aligned with the moves (null for none), validated on read', () => {
    const pos = randomGame({ players: 3 }, 12, 21);
    const n = pos.history().length;
    const comments = Array.from({ length: n }, (_, i) => (i === 0 ? '红方先走 [开局]' : i === 4 ? 'a ] b \\ c\n"quoted"' : null));
    const plain = writeCheckersRecord(pos);
    const text = writeCheckersRecord(pos, undefined, comments);
    const json = JSON.parse(text) as { version: number; comments: unknown[] };
    expect(json.version).toBe(1);
    expect(json.comments).toEqual(comments);
    const back = readCheckersRecord(text);
    expect(back.record.comments).toEqual(comments);
    expect(back.record).toEqual(checkersRecord(pos, undefined, comments));
    expect(writeCheckersRecord(back.position, undefined, back.record.comments)).toBe(text);
    // Shorter lists are padded with null; no comment at all writes no field: the text of a record without them.
    expect(checkersRecord(pos, undefined, ['x']).comments).toEqual(['x', ...new Array(n - 1).fill(null)]);
    expect(writeCheckersRecord(pos, undefined, [null, undefined])).toBe(plain);
    expect(plain).not.toContain('comments');
    expect(readCheckersRecord(plain).record.comments).toBeUndefined();
    expect(() => checkersRecord(pos, undefined, new Array(n + 1).fill('x'))).toThrow(`${n + 1} comments for ${n} moves`);
    // Read: one entry per move at most, each text or null, named by its index.
    const two = { ...base, moves: ['o2-m6', 'c2-e6'] };
    expect(readCheckersRecord(JSON.stringify({ ...two, comments: ['first', null] })).record.comments).toEqual(['first', null]);
    expect(readCheckersRecord(JSON.stringify({ ...two, comments: [null] })).record.comments).toBeUndefined();
    expect(readErr({ ...two, comments: ['ok', 7] })).toBe('comments[1] (move 2): 7 is neither text nor null');
    expect(readErr({ ...two, comments: 'ok' })).toMatch(/^comments must be a list/);
    expect(readErr({ ...two, comments: ['a', 'b', 'c'] })).toBe('comments has 3 entries for 2 moves');
  });
});

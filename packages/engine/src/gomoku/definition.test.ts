import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gomokuDefinition as gomoku } from './definition.js';

const DATA = new URL('../../../../../shared/data/gomoku/', import.meta.url);

interface Puzzle {
  id: string;
  rule: string;
  toMove: 'black' | 'white';
  black: string[];
  white: string[];
  solutionLine: string[] | null;
  status: string;
}

describe('the Gomoku definition', () => {
  it('fills in 15x15 freestyle, takes the rule names the engine takes, and names a bad field', () => {
    expect(gomoku.rules()).toEqual({ size: 15, rule: 'freestyle' });
    expect(gomoku.rules({ rule: 'Exact-Five', size: 9 })).toEqual({ size: 9, rule: 'standard' });
    expect(() => gomoku.rules({ size: 4 })).toThrow('gomoku rules.size must be a whole number from 5 to 20, got 4');
    expect(() => gomoku.rules({ rule: 'caro' })).toThrow('gomoku rules.rule: unknown rule set "caro" (use freestyle, standard or renju)');
    expect(() => gomoku.rules({ black: ['H8'] })).toThrow('gomoku rules: unknown field "black" (known: size, rule)');
  });

  it('makes a position from stones and the side to move, and refuses a bad start naming the field', () => {
    const pos = gomoku.create({ rule: 'renju' }, { black: ['h8', 'I9'], white: ['H9'], toMove: 'white' });
    expect(pos.currentPlayer()).toBe(1);
    expect(pos.rule).toBe('renju');
    expect(gomoku.startOf(pos)).toEqual({ black: ['H8', 'I9'], white: ['H9'] });
    const r = gomoku.rules();
    expect(gomoku.start({ black: ['h8'], toMove: 'w' }, r)).toEqual({ black: ['H8'] });
    expect(() => gomoku.start({ black: 'H8' }, r)).toThrow('gomoku start.black must be a list of points, got "H8"');
    expect(() => gomoku.start({ black: ['H8'], white: ['H8'] }, r)).toThrow('gomoku start: point H8 is given twice (black and white)');
    expect(() => gomoku.start({ black: ['Z1'] }, r)).toThrow(/^gomoku start: black stone: /);
    expect(() => gomoku.start({ toMove: 'red' }, r)).toThrow('gomoku start.toMove must be black or white, got "red"');
  });

  it('shared VCF puzzles: a puzzle as a start plus its solution line, written as SGF and read back', () => {
    const puzzles = readFileSync(new URL('renju-vcf-puzzles.jsonl', DATA), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Puzzle)
      .filter((p) => p.status === 'vcf-solved-by-quintet')
      .slice(0, 20);
    expect(puzzles).toHaveLength(20);
    for (const p of puzzles) {
      const rules = gomoku.rules({ rule: p.rule });
      const start = gomoku.start({ black: p.black, white: p.white, toMove: p.toMove }, rules);
      const pos = gomoku.create(rules, start);
      const moves = p.solutionLine!.map((t) => pos.parseMove(t));
      const text = gomoku.record.write({ rules, start, moves, players: ['attacker', 'defender'], info: { GN: p.id } });
      const back = gomoku.record.read(text);
      expect(back).toEqual({ rules, start, moves, players: ['attacker', 'defender'], info: { GN: p.id } });
      for (const m of back.moves) pos.play(m);
      expect(gomoku.record.write(back)).toBe(text);
    }
  });

  it('comments: each move\'s comment as the C of its node, read back equal (Chinese, brackets, backslashes, newlines)', () => {
    const puzzle = readFileSync(new URL('renju-vcf-puzzles.jsonl', DATA), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Puzzle)
      .find((p) => p.status === 'vcf-solved-by-quintet' && p.solutionLine!.length >= 3)!;
    const rules = gomoku.rules({ rule: puzzle.rule });
    const start = gomoku.start({ black: puzzle.black, white: puzzle.white, toMove: puzzle.toMove }, rules);
    const pos = gomoku.create(rules, start);
    const moves = puzzle.solutionLine!.map((t) => pos.parseMove(t));
    const comments: (string | undefined)[] = ['冲四！', undefined, 'a ] b \\ c\nnext line \\]'];
    const plain = gomoku.record.write({ rules, start, moves, info: { C: '题目 [VCF]' } });
    const text = gomoku.record.write({ rules, start, moves, comments, info: { C: '题目 [VCF]' } });
    expect(text).toContain('CA[UTF-8]');
    expect(text).toContain('C[a \\] b \\\\ c\nnext line \\\\\\]]');
    const back = gomoku.record.read(new TextEncoder().encode(text));
    expect(back.comments).toEqual([...comments, ...new Array(moves.length - 3).fill(undefined)]);
    expect(back.info).toEqual({ C: '题目 [VCF]' });
    expect(gomoku.record.write(back)).toBe(text);
    // Without comments: the same text as ever, and none read.
    expect(plain).not.toMatch(/;[BW]\[[a-t]{2}\]C\[/);
    expect(gomoku.record.read(plain).comments).toBeUndefined();
    // A node without a move: its comment joins the move before (or the root's); a bad comment is refused by index.
    const moveless = gomoku.record.read('(;GM[4]SZ[15]C[root];C[empty board];B[hh]C[centre];C[still the centre];W[hi])');
    expect(moveless.info?.C).toBe('root\n\nempty board');
    expect(moveless.comments).toEqual(['centre\n\nstill the centre', undefined]);
    expect(() => gomoku.record.write({ rules, start, moves, comments: [{} as never] })).toThrow('gomoku record.comments[0] (move 1) must be text, got {}');
    expect(() => gomoku.record.write({ rules, moves: [], comments: ['x'] })).toThrow('gomoku record.comments has 1 entries for 0 moves');
    // A malformed record still says where.
    expect(() => gomoku.record.read('(;GM[4]SZ[15];B[hh]C[ok];B[hi]C[twice])')).toThrow(/move 2: black plays out of turn/);
  });
});

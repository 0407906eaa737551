import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { qi, sgfFile, shared } from '../testing/go-records.js';

// Black owns the left, White the right; a dead white stone at B3 sits in Black's area.
const GAME = '(;GM[1]SZ[5]KM[0.5]AB[aa][ba][ab][cb][ac][cc][ad][bd][cd][ce]AW[da][ea][db][bc][dc][dd][ed][de])';

describe('qi score', () => {
  it('counts area and territory with dead stones given as vertices', async () => {
    const file = sgfFile(GAME);
    const area = await qi('score', file, '--rules', 'area', '--dead', 'B3');
    expect(area).toEqual({
      code: 0,
      out: { black: 14, white: 10.5, komi: 0.5, result: 'B+3.5', dead: ['B3'], rules: 'area', handicapBonus: 0 },
    });
    const territory = await qi('score', file, '--rules', 'territory', '--dead', 'b3', '--komi', '2');
    expect(territory.out).toMatchObject({ black: 5, white: 5, komi: 2, result: '0', dead: ['B3'] });
    const auto = await qi('score', file, '--rules', 'territory', '--auto-dead');
    expect(auto.out).toMatchObject({ result: 'B+1.5', dead: ['B3'] });
    // no KM: the rule's default komi
    const noKomi = await qi('score', sgfFile(GAME.replace('KM[0.5]', '')), '--rules', 'territory');
    expect(noKomi.out.komi).toBe(6.5);
    // without --rules: the record's RU when known, else area
    expect((await qi('score', sgfFile(GAME.replace('SZ[5]', 'SZ[5]RU[Japanese]')))).out.rules).toBe('territory');
    expect((await qi('score', sgfFile(GAME.replace('SZ[5]', 'SZ[5]RU[Chinese]')))).out.rules).toBe('area');
    expect((await qi('score', file)).out.rules).toBe('area');
  });

  it('marks whole chains and gives White the handicap bonus under area counting', async () => {
    const file = sgfFile('(;SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee];B[de];W[ed])');
    const area = await qi('score', file, '--rules', 'area');
    expect(area.out).toMatchObject({ handicapBonus: 2, komi: 0.5 });
    expect(area.out.white).toBe(2 + 0.5 + 2);
    const dead = await qi('score', file, '--rules', 'territory', '--dead', 'E5');
    expect(dead.out.dead).toEqual(['E6', 'E5']);
    expect(dead.out.handicapBonus).toBe(0);
  });

  it('agrees with GNU Go on a shared finished game', async () => {
    const line = readFileSync(fileURLToPath(new URL('../../../../../shared/data/go/gnugo-final-scores.jsonl', import.meta.url)), 'utf8')
      .split('\n')
      .find((l) => l.includes('mertin13x13_DAGN2.sgf'))!;
    const g = JSON.parse(line) as { chinese_dead: string[]; chinese_final_score: string; japanese_final_score: string };
    const file = shared('13x13/mertin13x13_DAGN2.sgf');
    expect((await qi('score', file, '--rules', 'area', '--dead', g.chinese_dead.join(','))).out.result).toBe(g.chinese_final_score);
    expect((await qi('score', file, '--rules', 'territory', '--auto-dead')).out.result).toBe(g.japanese_final_score);
  });

  it('answers bad input with a JSON error and status 1', async () => {
    const file = sgfFile(GAME);
    const cases: [string[], RegExp][] = [
      [['--rules', 'japanese'], /--rules must be area or territory/],
      [['--dead', 'C5'], /no stone at C5/],
      [['--dead', 'Q9'], /off the 5x5 board/],
      [['--dead', 'pass'], /not a stone/],
      [['--dead', 'B3', '--auto-dead'], /not both/],
      [['--komi', 'lots'], /--komi must be a number/],
    ];
    for (const [flags, message] of cases) {
      const r = await qi('score', file, ...flags);
      expect(r.code).toBe(1);
      expect(String(r.out.error)).toMatch(message);
    }
    expect(String((await qi('score', '/nonexistent.sgf')).out.error)).toMatch(/file not found/);
    expect(String((await qi('score', sgfFile('(;SZ[5];B[aa'))).out.error)).toMatch(/unclosed "\[" of property B \(opened at line 1, column 10\)/);
  });
});

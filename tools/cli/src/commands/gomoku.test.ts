import { describe, expect, it } from 'vitest';
import { runCli } from '../main.js';

async function cli(...argv: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  expect(lines.length).toBe(1);
  return { code, out: JSON.parse(lines[0]) as Record<string, unknown> };
}

describe('qi forbidden', () => {
  it('lists renju forbidden points with their kinds', async () => {
    // lfz-007caf655fc5 from the forbidden-positions data: G7 is a double-three.
    const r = await cli('forbidden', '--black', 'H8,J8,F6,H6,J6,J4', '--white', 'H9,G8,K8,I7,K7,I6');
    expect(r.code).toBe(0);
    expect(r.out).toEqual({ forbidden: [{ point: 'G7', kind: 'double-three' }] });
  });
  it('reports double-fours and overlines, any case, spaces allowed', async () => {
    const r = await cli('forbidden', '--black', 'a8, b8, c8, e8, f8 g8', '--white', '');
    expect(r.out).toEqual({ forbidden: [{ point: 'D8', kind: 'overline' }] });
    const four = await cli('forbidden', '--black', 'D8,F8,G8,J8', '--size', '11');
    expect(four.out).toEqual({ forbidden: [{ point: 'H8', kind: 'double-four' }] });
  });
  it('an empty board has none', async () => {
    expect((await cli('forbidden')).out).toEqual({ forbidden: [] });
  });
  it('names bad input', async () => {
    const bad = await cli('forbidden', '--black', 'H8,Z99');
    expect(bad.code).toBe(1);
    expect(bad.out.error).toMatch(/Z99/);
    expect((await cli('forbidden', '--black', 'H8', '--white', 'h8')).out.error).toMatch(/H8 is given twice/);
    expect((await cli('forbidden', '--black', 'O15', '--size', '9')).out.error).toMatch(/O15.*off the 9x9 board/);
    expect((await cli('forbidden', '--size', '30')).out.error).toMatch(/--size must be between 5 and 20/);
    expect((await cli('forbidden', '--rule', 'renju')).out.error).toMatch(/unknown option --rule/);
  });
});

describe('qi vcf / qi vct', () => {
  const black = 'G10,F9,I9,H8,I8,E7,G7,H7,I6';
  const white = 'H11,J10,H9,F8,G8,I7,D6,G6,H6';
  it('solves a renju VCF puzzle (lfz-000c559b13da) with a line ending in the five', async () => {
    const r = await cli('vcf', '--rule', 'renju', '--black', black, '--white', white, '--to-move', 'black');
    expect(r.code).toBe(0);
    expect(r.out.win).toBe(true);
    const line = r.out.line as string[];
    expect(line.length % 2).toBe(1);
    expect(typeof r.out.nodes).toBe('number');
    expect(typeof r.out.ms).toBe('number');
    // The line replays through the CLI's own engine: play it and check the last move wins.
    const { GomokuPosition } = await import('@qi/engine');
    const pos = new GomokuPosition({ rule: 'renju', black: black.split(','), white: white.split(','), toMove: 'black' });
    for (const m of line) pos.play(pos.parseMove(m));
    expect(pos.isTerminal()).toBe(true);
  });
  it('respects --max-depth', async () => {
    const r = await cli('vcf', '--black', black, '--white', white, '--to-move', 'b', '--max-depth', '1');
    expect(r.out.win).toBe(false);
    expect(r.out.line).toEqual([]);
  });
  it('vct finds the Okabe five-moves problem', async () => {
    const r = await cli('vct', '--rule', 'renju', '--black', 'H10,H9,J9,H8,I7', '--white', 'I11,I9,G8,J8,H7', '--to-move', 'black', '--max-depth', '4', '--threat-depth', '1');
    expect(r.code).toBe(0);
    expect(r.out.win).toBe(true);
    expect((r.out.line as string[]).length).toBeGreaterThanOrEqual(5);
  });
  it('names bad input', async () => {
    expect((await cli('vcf', '--rule', 'go')).out.error).toMatch(/unknown rule set "go"/);
    expect((await cli('vcf', '--to-move', 'red')).out.error).toMatch(/"red" is not a colour/);
    expect((await cli('vcf', '--max-depth', '0')).out.error).toMatch(/--max-depth must be between 1 and 255/);
    expect((await cli('vct', '--threat-depth', 'x')).out.error).toMatch(/--threat-depth must be a whole number/);
    expect((await cli('vcf', '--black', 'A1,B1,C1,D1,E1')).out.error).toMatch(/already over/);
    expect((await cli('vcf', 'extra')).out.error).toMatch(/unexpected argument "extra"/);
    const r = await cli('vct', '--threat-depth', '1', '--rule', 'freestyle');
    expect(r.code).toBe(0);
    expect(r.out.win).toBe(false);
  });
});

describe('qi perft gomoku', () => {
  it('counts the empty-board tree', async () => {
    const r = await cli('perft', 'gomoku', '--size', '5', '--depth', '2');
    expect(r.out.nodes).toBe(25 * 24);
    const renju = await cli('perft', 'gomoku', '--rule', 'renju', '--size', '6', '--depth', '2');
    expect(renju.out.nodes).toBe(36 * 35);
    expect((await cli('perft', 'gomoku', '--rule', 'caro', '--depth', '1')).out.error).toMatch(/unknown rule set "caro"/);
  });
});

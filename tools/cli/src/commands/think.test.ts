import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GoPosition, GomokuPosition, ReversiPosition } from '@qi/engine';
import { runCli } from '../main.js';

interface Answer {
  toMove: string;
  move: string | null;
  value: number;
  pv: string[];
  candidates: { move: string; winRate: number }[];
  error?: string;
}

async function think(...argv: string[]): Promise<{ code: number; out: Answer }> {
  const lines: string[] = [];
  const code = await runCli(['think', ...argv], (l) => lines.push(l));
  expect(lines).toHaveLength(1);
  return { code, out: JSON.parse(lines[0]) as Answer };
}

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'qi-think-')), 'game.sgf');
  writeFileSync(path, text);
  return path;
}

describe('qi think', () => {
  it('go: a legal move in GTP notation, with its pv and candidates', async () => {
    const moves = 'C5,D5,G5,E5,D6,F5,E6,A1,F6,A2,D4,A3,F4,A4';
    const { code, out } = await think('--game', 'go', '--size', '9', '--moves', moves, '--nodes', '2000');
    expect(code).toBe(0);
    expect(out.toMove).toBe('black');
    const pos = new GoPosition({ size: 9 });
    for (const m of moves.split(',')) pos.play(pos.parseMove(m));
    expect(pos.isLegal(pos.parseMove(out.move!))).toBe(true);
    expect(out.pv[0]).toBe(out.move);
    expect(out.value).toBeGreaterThanOrEqual(0);
    expect(out.value).toBeLessThanOrEqual(1);
    expect(out.candidates.length).toBeGreaterThan(1);
    for (const c of out.candidates) expect(pos.isLegal(pos.parseMove(c.move))).toBe(true);
  });

  it('go: a record with handicap stones, White to move', async () => {
    const { code, out } = await think('--game', 'go', '--sgf', file('(;GM[1]SZ[9]KM[0.5]HA[2]AB[cc][gg];W[ee];B[ce])'), '--level', '2');
    expect(code).toBe(0);
    expect(out.toMove).toBe('white');
    expect(['C7', 'G3', 'E5', 'C5']).not.toContain(out.move);
  });

  it('gomoku: completes an open four (renju notation)', async () => {
    const { code, out } = await think('--game', 'gomoku', '--rule', 'freestyle', '--moves', 'H8,A1,I8,A2,J8,A3,K8,A15', '--time-ms', '1000');
    expect(code).toBe(0);
    // Renju columns keep the letter I: H8 I8 J8 K8 is four in a row.
    expect(['G8', 'L8']).toContain(out.move);
    expect(out.value).toBe(1);
  });

  it('gomoku: from an SGF record with setup stones, renju', async () => {
    const { code, out } = await think('--game', 'gomoku', '--sgf', file('(;GM[4]SZ[15]RU[renju]AB[hh][ih]AW[hi][ii];B[jh];W[kh])'), '--level', '3');
    expect(code).toBe(0);
    expect(out.toMove).toBe('black');
    // SGF hh is H8 and ih is I8: renju columns keep the letter I.
    const pos = new GomokuPosition({ size: 15, rule: 'renju', black: ['H8', 'I8', 'J8'], white: ['H7', 'I7', 'K8'] });
    expect(pos.isLegal(pos.parseMove(out.move!))).toBe(true);
  });

  it('reversi: from a record\'s start, White to move at the standard board', async () => {
    const { code, out } = await think('--game', 'reversi', '--sgf', file('(;GM[2]SZ[8]PL[W])'), '--level', '2');
    expect(code).toBe(0);
    expect(out.toMove).toBe('white');
    const start = new ReversiPosition('-'.repeat(27) + 'OX------XO' + '-'.repeat(27), 'O');
    expect(start.isLegal(start.parseMove(out.move!))).toBe(true);
  });

  it('reversi: a legal reply to f5', async () => {
    const { code, out } = await think('--game', 'reversi', '--moves', 'f5', '--level', '4');
    expect(code).toBe(0);
    expect(out.toMove).toBe('white');
    const pos = new ReversiPosition();
    pos.play(pos.parseMove('f5'));
    expect(pos.isLegal(pos.parseMove(out.move!))).toBe(true);
  });

  it('checkers: a move from the start', async () => {
    const { code, out } = await think('--game', 'checkers', '--level', '2');
    expect(code).toBe(0);
    expect(out.move).toMatch(/\S/);
    expect(out.pv[0]).toBe(out.move);
  });

  it('names every problem', async () => {
    const cases: [string[], RegExp][] = [
      [[], /--game is required/],
      [['--game', 'chess'], /--game must be one of go, gomoku, reversi, checkers, got "chess"/],
      [['--game', 'go', '--sgf', 'x.sgf', '--moves', 'D4'], /either --sgf or --moves/],
      [['--game', 'go', '--moves', 'D4,D4'], /--moves: move 2 \(D4\) is illegal: occupied/],
      [['--game', 'go', '--moves', 'D4,Z77'], /--moves: move 2: .*Z77/],
      [['--game', 'reversi', '--komi', '5'], /unknown option --komi/],
      [['--game', 'go', '--level', '11'], /--level must be between 1 and 10, got 11/],
      [['--game', 'go', '--sgf', '/nonexistent/game.sgf'], /file not found/],
      [['--game', 'gomoku', '--moves', 'H8,H8'], /move 2/],
      [['--game', 'checkers', '--sgf', 'a.sgf'], /no SGF/],
    ];
    for (const [argv, message] of cases) {
      const { code, out } = await think(...argv);
      expect(code, argv.join(' ')).toBe(1);
      expect(out.error, argv.join(' ')).toMatch(message);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { runCli } from '../main.js';

async function cli(...argv: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  expect(lines).toHaveLength(1);
  return { code, out: JSON.parse(lines[0]) };
}

describe('qi perft checkers', () => {
  it('counts the two-player star start: 14 moves, then the recorded depths', async () => {
    expect((await cli('perft', 'checkers', '--players', '2', '--depth', '1')).out.nodes).toBe(14);
    const r = await cli('perft', 'checkers', '--players', '2', '--depth', '3');
    expect(r.code).toBe(0);
    expect(r.out.nodes).toBe(4760);
    expect(typeof r.out.ms).toBe('number');
    expect((await cli('perft', 'checkers', '--depth', '2')).out.nodes).toBe(196);
  });

  it('takes the player count, the 8x8 board, the jump rule and the rule options', async () => {
    expect((await cli('perft', 'checkers', '--players', '6', '--depth', '3')).out.nodes).toBe(2828);
    expect((await cli('perft', 'checkers', '--board', 'square8', '--depth', '2')).out.nodes).toBe(484);
    expect((await cli('perft', 'checkers', '--board', 'square8', '--jump', 'any', '--depth', '1')).out.nodes).toBe(42);
    expect((await cli('perft', 'checkers', '--players', '3', '--stop-in-other-points', 'off', '--depth', '4')).out.nodes).toBe(65072);
    expect((await cli('perft', 'checkers', '--turn-cap', '1', '--depth', '3')).out.nodes).toBe(14);
    expect((await cli('perft', 'checkers', '--anti-spoiling', 'off', '--depth', '2')).out.nodes).toBe(196);
    expect((await cli('perft', 'checkers', '--depth', '0')).out.nodes).toBe(1);
  });

  it('answers bad options with a JSON error and status 1', async () => {
    const bad: [string[], RegExp][] = [
      [['--players', '5', '--depth', '1'], /players must be one of 1, 2, 3, 4, 6/],
      [['--players', '7', '--depth', '1'], /--players must be between 1 and 6/],
      [['--players', 'two', '--depth', '1'], /--players must be a whole number/],
      [['--board', 'square8', '--players', '3', '--depth', '1'], /players must be one of 1, 2 on the square8 board/],
      [['--board', 'hex', '--depth', '1'], /--board must be star or square8/],
      [['--jump', 'own', '--depth', '1'], /--jump must be any or opponent/],
      [['--anti-spoiling', 'yes', '--depth', '1'], /--anti-spoiling must be on or off/],
      [['--players', '2'], /--depth is required/],
      [['--size', '9', '--depth', '1'], /unknown option --size/],
    ];
    for (const [flags, message] of bad) {
      const r = await cli('perft', 'checkers', ...flags);
      expect(r.code, flags.join(' ')).toBe(1);
      expect(r.out.error, flags.join(' ')).toMatch(message);
    }
  });
});

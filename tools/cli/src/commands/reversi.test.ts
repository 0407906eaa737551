import { describe, expect, it } from 'vitest';
import { runCli } from '../main.js';

async function run(argv: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  expect(lines.length).toBe(1);
  return { code, out: JSON.parse(lines[0]) as Record<string, unknown> };
}

/** FFO #1 (14 empties, black to move): G8 wins by 18. */
const FFO1 = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--';
/** FFO #20 (6 empties, black): H5 +6. */
const FFO20 = 'XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-';

describe('qi perft reversi', () => {
  it('counts the canonical tree from the start', async () => {
    expect((await run(['perft', 'reversi', '--depth', '1'])).out.nodes).toBe(4);
    expect((await run(['perft', 'reversi', '--depth', '6'])).out.nodes).toBe(8200);
    expect((await run(['perft', 'reversi', '--depth', '9'])).out.nodes).toBe(3005288);
  });

  it('counts from a board string, passes and finished games included', async () => {
    const start = '-'.repeat(27) + 'OX------XO' + '-'.repeat(27);
    expect((await run(['perft', 'reversi', '--depth', '5', '--board', start, '--to-move', 'X'])).out.nodes).toBe(1396);
    // White to move from the start board mirrors black's tree.
    expect((await run(['perft', 'reversi', '--depth', '5', '--board', start, '--to-move', 'white'])).out.nodes).toBe(1396);
    // Black must pass, white plays C1, the game is over: 1 leaf at every depth.
    const pass = 'OX' + '-'.repeat(62);
    for (const d of [1, 2, 5]) expect((await run(['perft', 'reversi', '--depth', String(d), '--board', pass, '--to-move', 'b'])).out.nodes).toBe(1);
  });

  it('rejects bad boards and sides with JSON errors', async () => {
    const short = await run(['perft', 'reversi', '--depth', '2', '--board', 'XO', '--to-move', 'X']);
    expect(short.code).toBe(1);
    expect(short.out.error).toMatch(/64 squares, got 2/);
    const side = await run(['perft', 'reversi', '--depth', '2', '--board', FFO1, '--to-move', 'Z']);
    expect(side.out.error).toMatch(/"Z" is not a side to move/);
    const missing = await run(['perft', 'reversi', '--depth', '2', '--board', FFO1]);
    expect(missing.out.error).toMatch(/--to-move/);
    const unknown = await run(['perft', 'reversi', '--depth', '2', '--size', '8']);
    expect(unknown.out.error).toMatch(/unknown option --size/);
  });
});

describe('qi solve reversi', () => {
  it('solves FFO #1 and #20 exactly', async () => {
    const r = await run(['solve', 'reversi', '--board', FFO1, '--to-move', 'X']);
    expect(r.code).toBe(0);
    expect(r.out).toMatchObject({ best: 'G8', score: 18, toMove: 'black', empties: 14 });
    expect(r.out.nodes).toBeGreaterThan(100);
    expect(typeof r.out.ms).toBe('number');
    const s = await run(['solve', 'reversi', '--board', FFO20.toLowerCase(), '--to-move', 'black', '--all-moves']);
    expect(s.out).toMatchObject({ best: 'H5', score: 6 });
    // FFO #20 as listed in ffo-1-39.tsv: H5:+6 G6:-2 F6:-4 H6:-10.
    expect(s.out.moves).toEqual([
      { move: 'H5', score: 6 },
      { move: 'G6', score: -2 },
      { move: 'F6', score: -4 },
      { move: 'H6', score: -10 },
    ]);
  });

  it('says when the side to move must pass and when the game is over', async () => {
    // Rows 1-5 white, a black disc on A6: black cannot move, white A7 takes the last black disc.
    const pass = await run(['solve', 'reversi', '--board', 'O'.repeat(40) + 'X' + '-'.repeat(23), '--to-move', 'X']);
    expect(pass.out).toMatchObject({ best: 'PS', pass: true, score: -64 });
    const over = await run(['solve', 'reversi', '--board', 'X'.repeat(40) + 'O'.repeat(24), '--to-move', 'O']);
    expect(over.out).toMatchObject({ best: null, gameOver: true, score: -16 });
  });

  it('rejects missing and malformed input with JSON errors', async () => {
    const cases: [string[], RegExp][] = [
      [['solve'], /needs a game/],
      [['solve', 'chess', '--board', FFO1, '--to-move', 'X'], /knows no game "chess"/],
      [['solve', 'reversi', '--to-move', 'X'], /--board is required/],
      [['solve', 'reversi', '--board', FFO1], /--to-move is required/],
      [['solve', 'reversi', '--board', FFO1.slice(1), '--to-move', 'X'], /64 squares, got 63/],
      [['solve', 'reversi', '--board', FFO1.replace('X', 'Q'), '--to-move', 'X'], /bad character "Q" at square C1/],
      [['solve', 'reversi', '--board', FFO1, '--to-move', 'red'], /"red" is not a side to move/],
      [['solve', 'reversi', '--board', '-'.repeat(27) + 'OX------XO' + '-'.repeat(27), '--to-move', 'X'], /60 empty squares/],
      [['solve', 'reversi', '--board', FFO1, '--to-move', 'X', '--depth', '3'], /unknown option --depth/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(String(r.out.error)).toMatch(message);
    }
  });
});

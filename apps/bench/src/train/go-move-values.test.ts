import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startGnuGo } from '../gtp/gnugo.js';
import { agreeGoCommand } from '../commands/agree-go.js';
import { goAgreement } from './go-agreement.js';
import { gnugoMoveValues, moveLoss, parseMoveValues } from './go-move-values.js';
import { parseSearched } from './go-paired.js';

describe('GNU Go move values', () => {
  it('reads all_move_values and refuses lines it cannot read', () => {
    const v = parseMoveValues('C7  74.01\nd7 74.00\n\nT19 -1.5\n');
    expect([...v]).toEqual([['C7', 74.01], ['D7', 74], ['T19', -1.5]]);
    expect(() => parseMoveValues('C7 74.01\nsomething else')).toThrow(/cannot read the line "something else"/);
    expect(() => parseMoveValues('I5 3.0')).toThrow(/cannot read/);
  });

  it('values the capture of a chain in atari as GNU Go\'s best move and a far move as losing all of it', async () => {
    const gtp = startGnuGo(['--level', '10', '--chinese-rules'], { commandTimeoutMs: 30_000 });
    try {
      // White's D5-E5 has one liberty, F5; Black to move.
      const moves = ['C5', 'D5', 'D4', 'E5', 'D6', 'pass', 'E4', 'pass', 'E6', 'pass'];
      const v = await gnugoMoveValues(gtp, 9, 7.5, moves);
      console.log(`GNU Go: ${v.move}; values ${JSON.stringify([...v.values])}`);
      expect(v.move).toBe('F5');
      expect(v.best).toBeGreaterThan(4);
      expect(v.values.get('F5')).toBe(v.best);
      expect(moveLoss(v, 'f5')).toBe(0);
      expect(moveLoss(v, 'A1')).toBe(v.best);
      // The engine is reset for each position: the empty board's opening values are nothing like it.
      const open = await gnugoMoveValues(gtp, 9, 7.5, []);
      expect(open.values.size).toBeGreaterThan(10);
      expect(moveLoss(open, open.move)).toBe(0);
    } finally {
      await gtp.close();
    }
  });

  it('gives agree-go the loss of each side\'s moves, the expert\'s own moves at GNU Go\'s level losing least', async () => {
    // A 9x9 game GNU Go level 10 plays against itself here; Black's moves (player "gnugo-L10") are the expert's.
    const dir = mkdtempSync(join(tmpdir(), 'qi-move-values-'));
    const gtp = startGnuGo(['--level', '10', '--chinese-rules'], { commandTimeoutMs: 30_000 });
    try {
      mkdirSync(join(dir, 'm', 'games'), { recursive: true });
      writeFileSync(join(dir, 'm', 'match.json'), JSON.stringify({ game: 'go', gameOptions: { size: 9, komi: 7.5 }, a: { name: 'gnugo-L10' }, b: { name: 'other' } }));
      const played = ['E5', 'C3'];
      // GNU Go's choices are seeded by the clock unless told a seed; with 2 this game runs past ply 40 before a pass.
      await gtp.sendAll(['boardsize 9', 'clear_board', 'komi 7.5', 'set_random_seed 2', 'play B E5', 'play W C3']);
      while (played.length < 44) {
        const move = (await gtp.send(`genmove ${played.length % 2 === 0 ? 'B' : 'W'}`, 60_000)).trim();
        if (/^(pass|resign)$/i.test(move)) break;
        played.push(move);
      }
      expect(played.length).toBeGreaterThan(34);
      // Two copies: agree-go measures on the second (train-go's held-out game with --hold-out 2).
      for (const k of ['0001', '0002']) writeFileSync(join(dir, 'm', 'games', `${k}.result.json`), JSON.stringify({ aFirst: true, result: 'B+R', moves: played }));
      const r = await goAgreement({ from: [dir], expert: 'gnugo', holdOutEvery: 2, playouts: 200, positions: 4, every: 2, seed: 1, log: () => {}, gnugo: gtp });
      expect(r.positions).toBeGreaterThan(0);
      const l = r.loss;
      expect(l).not.toBeNull();
      if (l === null) return;
      console.log(`loss a move on ${l.positions} positions: search ${l.search.toFixed(2)}, model ${l.model.toFixed(2)}, hand ${l.hand.toFixed(2)}, expert ${l.expert.toFixed(2)}`);
      expect(l.positions).toBe(r.positions);
      // The expert is GNU Go itself at the valuing level: its moves are its best ones (up to its random tie-breaks).
      expect(l.expert).toBeLessThan(1);
      for (const x of [l.search, l.model, l.hand]) expect(x).toBeGreaterThanOrEqual(0);
      const lines: string[] = [];
      const io = { out: (s: string) => lines.push(s), err: { write: () => true } } as never;
      const saved = join(dir, 'run.jsonl');
      const args = ['--from', dir, '--hold-out', '2', '--playouts', '200', '--positions', '4', '--every', '2', '--loss'];
      expect(await agreeGoCommand([...args, '--save', saved], io)).toBe(0);
      // The command's run is goAgreement's above: the same moves, and GNU Go (seeded) values them alike.
      expect(parseSearched(readFileSync(saved, 'utf8'), saved)).toEqual(r.searched);
      expect(lines.join('\n')).toMatch(/points lost a move by GNU Go's valuation, on the \d+ positions it valued:\nsearch \d+\.\d\d {2}model's favourite \d+\.\d\d {2}hand priors' favourite \d+\.\d\d {2}the expert 0\.\d\d/);
      // Saved and compared: a rerun (the searches are seeded) differs nowhere; the same positions at another budget pair up.
      lines.length = 0;
      expect(await agreeGoCommand([...args, '--against', saved], io)).toBe(0);
      expect(lines.at(-1)).toBe(`against ${saved}: 4 positions in both, 0 with another move; this run's loss minus that one's +0.00 ± 0.00`);
      lines.length = 0;
      expect(await agreeGoCommand([...args.slice(0, 4), '--playouts', '20', ...args.slice(6), '--against', saved], io)).toBe(0);
      expect(lines.at(-1)).toMatch(new RegExp(`^against ${saved}: 4 positions in both, \\d with another move; this run's loss minus that one's [+-]\\d+\\.\\d\\d ± \\d+\\.\\d\\d$`));
      await expect(agreeGoCommand([...args.slice(0, -1), '--against', saved], io)).rejects.toThrow(/needs --loss/);
      writeFileSync(saved, '{"file":"x"}\n');
      await expect(agreeGoCommand([...args, '--against', saved], io)).rejects.toThrow(/run\.jsonl:1: not a searched position/);
    } finally {
      await gtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

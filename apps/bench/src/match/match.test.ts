import { existsSync, mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSgfGame, readCheckersRecord, readGomokuSgf, readReversiSgf, readGoSgf } from '@qi/engine';
import { sourceBotStart } from '../testing/bot-start.js';
import { benchGame } from './games.js';
import { BotThreads, botMoveTimeMs, clockMainMs, clockMoveCapMs } from './players.js';
import { parseOpenings } from './openings.js';
import { matchOpening, openingOf, runMatch, type MatchOptions } from './run.js';
import { parsePlayerSpec, splitCommand } from './spec.js';

const botStart = sourceBotStart();
// One set of worker threads for every match of this file (a thread takes seconds to start on a busy machine).
const threads = new BotThreads(botStart);
afterAll(() => threads.close());
const out = () => mkdtempSync(join(tmpdir(), 'qi-bench-'));

describe('player specs', () => {
  it('knows the move time of a Qi spec, which outside engines are told', () => {
    expect(botMoveTimeMs(parsePlayerSpec('time:500'), {})).toBe(500);
    // Every level has a time cap (level 10 thinks for it; lower levels stop at their budget or at it).
    expect(botMoveTimeMs(parsePlayerSpec('level:10'), {})).toBe(3000);
    expect(botMoveTimeMs(parsePlayerSpec('level:10+time:1000'), {})).toBe(1000);
    expect(botMoveTimeMs(parsePlayerSpec('nodes:800'), { timeMs: 900 })).toBeUndefined();
    expect(botMoveTimeMs(parsePlayerSpec('depth:3'), {})).toBeUndefined();
    expect(botMoveTimeMs({ kind: 'bot', name: 'x' }, { timeMs: 900 })).toBe(900);
    expect(botMoveTimeMs({ kind: 'bot', name: 'x' }, { nodes: 2000 })).toBeUndefined();
    expect(botMoveTimeMs(parsePlayerSpec('gtp:/bin/true'), { timeMs: 900 })).toBeUndefined();
    // A Go clock's mean: its main time is that for each move the empty board asks of one side.
    expect(botMoveTimeMs(parsePlayerSpec('level:10+clock:3000'), {})).toBe(3000);
    expect(clockMainMs(3000, 13)).toBe(180_000);
    expect(clockMainMs(1000, 9)).toBe(29_000);
    // The forfeit guard must allow a move a fifth of the main time.
    expect(clockMoveCapMs(3000, 13)).toBe(36_000);
  });


  it('parses bots, engines and names; rejects bad parts', () => {
    expect(parsePlayerSpec('level:10')).toEqual({ kind: 'bot', name: 'level:10', level: 10 });
    expect(parsePlayerSpec('strong=level:3+nodes:800+algo:mcts')).toEqual({ kind: 'bot', name: 'strong', level: 3, nodes: 800, algorithm: 'mcts' });
    expect(parsePlayerSpec('gtp:/usr/games/gnugo --mode gtp --level 10')).toEqual({
      kind: 'gtp',
      name: 'gnugo-L10',
      command: ['/usr/games/gnugo', '--mode', 'gtp', '--level', '10'],
    });
    expect(parsePlayerSpec('classic')).toEqual({ kind: 'bot', name: 'classic', algorithm: 'classic' });
    expect(parsePlayerSpec('hand=nodes:30000+eval:hand')).toEqual({ kind: 'bot', name: 'hand', nodes: 30000, evaluation: 'hand' });
    expect(parsePlayerSpec('nodes:30000+eval:trained')).toEqual({ kind: 'bot', name: 'nodes:30000,eval:trained', nodes: 30000 });
    expect(parsePlayerSpec('new=nodes:1+eval:/tmp/w.bin')).toEqual({ kind: 'bot', name: 'new', nodes: 1, evaluation: '/tmp/w.bin' });
    expect(() => parsePlayerSpec('nodes:1+eval:deep')).toThrow(/eval must be hand, trained or the absolute path/);
    expect(splitCommand(`node "my engine.js" 'a b'`)).toEqual(['node', 'my engine.js', 'a b']);
    expect(parsePlayerSpec('level:10+resign:0.05')).toEqual({ kind: 'bot', name: 'level:10,resign:0.05', level: 10, resign: 0.05 });
    expect(() => parsePlayerSpec('level:10+resign:1.5')).toThrow(/resign must be a win rate between 0 and 1, got "1.5"/);
    expect(() => parsePlayerSpec('level:10+resign')).toThrow(/resign must be a win rate/);
    expect(parsePlayerSpec('level:10+clock:3000')).toEqual({ kind: 'bot', name: 'level:10,clock:3000', level: 10, clockMs: 3000 });
    expect(() => parsePlayerSpec('level:10+clock:3000+time:500')).toThrow(/clock: is the move's budget, so it takes no time:, nodes: or depth:/);
    expect(() => parsePlayerSpec('clock:0')).toThrow(/clock/);
    expect(() => parsePlayerSpec('level:11')).toThrow(/1–10/);
    expect(() => parsePlayerSpec('nodes:-5')).toThrow(/nodes/);
    expect(() => parsePlayerSpec('speed:3')).toThrow(/unknown part "speed:3"/);
    expect(() => parsePlayerSpec('gnugo')).toThrow(/kind:value/);
  });

  it('openings are seeded, legal and shared by a pair', () => {
    for (const id of ['go', 'gomoku', 'reversi']) {
      const g = benchGame(id);
      const a = openingOf(g, 7, 3);
      expect(a).toEqual(openingOf(g, 7, 3));
      expect(a.length).toBe(g.openingPlies);
      expect(openingOf(g, 7, 4)).not.toEqual(a);
    }
  });

  it('openings from a file: one a line in the game\'s notation, played in turn; a bad line is named', () => {
    const g = benchGame('gomoku', { rule: 'freestyle' });
    const text = '# balanced-looking openings\nH8, I9, G7\n\n  H8 H9   # a pair of stones\r\nH8,I9,J10,K11\n';
    const set = parseOpenings(text, g, 'book.txt');
    const pos = g.create();
    expect(set.lines.map((l) => l.map((m) => pos.moveToText(m)))).toEqual([['H8', 'I9', 'G7'], ['H8', 'H9'], ['H8', 'I9', 'J10', 'K11']]);
    // Pair k plays line k mod 3, whatever the seed; the records say which.
    expect(matchOpening(g, 1, 4, set)).toEqual({ moves: set.lines[1], note: 'opening 2 of book.txt' });
    expect(matchOpening(g, 9, 4, set).moves).toEqual(set.lines[1]);
    expect(matchOpening(g, 7, 3)).toEqual({ moves: openingOf(g, 7, 3), note: 'seeded random opening' });
    expect(() => parseOpenings('H8,I9\nH8,H8\n', g, 'book.txt')).toThrow(/book\.txt line 2: move 2 \(H8\): illegal move H8/);
    expect(() => parseOpenings('H8,Z99\n', g, 'book.txt')).toThrow(/book\.txt line 1: move 2 \(Z99\)/);
    expect(() => parseOpenings('A1,A15,B1,B15,C1,C15,D1,D15,E1\n', g, 'five.txt')).toThrow(/five\.txt line 1: the opening ends the game/);
    expect(() => parseOpenings('# nothing\n\n', g, 'empty.txt')).toThrow(/empty\.txt: no openings/);
    // The suite kept in the repository reads (22 openings of 3 plies).
    const suite = parseOpenings(readFileSync(new URL('../../openings/gomoku-lost-white.txt', import.meta.url), 'utf8'), g, 'gomoku-lost-white.txt');
    expect(suite.lines.length).toBe(22);
    expect(suite.lines.every((l) => l.length === 3)).toBe(true);
    // Each game's own notation.
    const r = benchGame('reversi');
    expect(parseOpenings('d3 c5\n', r, 'r.txt').lines[0].map((m) => r.create().moveToText(m))[0]).toBe('D3');
  });
});

describe('matches through worker threads', () => {
  it('reversi: 2 games in parallel, colours alternate, records saved with per-move stats', async () => {
    const dir = out();
    const seen: number[] = [];
    const s = await runMatch({
      game: benchGame('reversi'),
      a: parsePlayerSpec('depth:2'),
      b: parsePlayerSpec('depth:1'),
      games: 2,
      concurrency: 2,
      seed: 1,
      budget: {},
      moveDeadlineMs: 20_000,
      outDir: dir,
      threads,
      onGame: (p) => seen.push(p.done),
    });
    expect(seen).toEqual([1, 2]);
    expect(s.results.map((r) => r.aFirst)).toEqual([true, false]);
    expect(s.results[0].moves.slice(0, 4)).toEqual(s.results[1].moves.slice(0, 4));
    expect(s.stats.games).toBe(2);
    for (const r of s.results) {
      const rec = readReversiSgf(readFileSync(join(dir, r.file), 'utf8'));
      expect(rec.moves.length).toBe(r.plies);
      expect(rec.result).toBe(r.result);
      const node = parseSgfGame(readFileSync(join(dir, r.file), 'utf8')).mainLine()[5];
      expect(node.get('QI')).toMatch(/^[\d.]+:\d+:\d+:\d+:[\d.]+$/);
    }
    expect(s.players.a.nodesPerSecond).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'summary.json'))).toBe(true);
  });

  it('a level game is the same game on any thread: its randomness is seeded by the match seed and the game index', async () => {
    // Levels pick among candidates at random. Two runs of one match, on different thread sets (other thread seeds,
    // one game at a time against two at once, threads that already played), play the same moves.
    const play = (t: BotThreads, concurrency: number) =>
      runMatch({
        game: benchGame('reversi'),
        a: parsePlayerSpec('level:1+time:60000'),
        b: parsePlayerSpec('level:2+time:60000'),
        games: 2,
        concurrency,
        seed: 4,
        budget: {},
        moveDeadlineMs: 120_000,
        outDir: out(),
        threads: t,
      });
    const other = new BotThreads(botStart, 77);
    try {
      const first = await play(threads, 1);
      const second = await play(other, 2);
      expect(second.results.map((r) => r.moves)).toEqual(first.results.map((r) => r.moves));
      expect(first.results[0].moves).not.toEqual(first.results[1].moves);
    } finally {
      await other.close();
    }
  });

  /** A one-at-a-time match of the given players, seed and options (Reversi unless `game` says otherwise). */
  const small = (a: string, b: string, o: Partial<MatchOptions> = {}) =>
    runMatch({ game: benchGame('reversi'), a: parsePlayerSpec(a), b: parsePlayerSpec(b), games: 1, concurrency: 1, seed: 6, budget: {}, moveDeadlineMs: 20_000, outDir: out(), threads, ...o });

  it('a stopped match resumes in its folder: finished games kept, the others played, the same games as one run', async () => {
    const dir = out();
    const match = (games: number, outDir: string, resume: boolean, b = 'depth:1', onGame?: MatchOptions['onGame']) => small('depth:2', b, { games, outDir, resume, onGame });
    const first = await match(2, dir, false);
    const firstRecord = readFileSync(join(dir, first.results[1].file), 'utf8');
    let played = 0;
    const resumed = await match(4, dir, true, 'depth:1', (p) => {
      played++;
      expect(p.total).toBe(4);
    });
    expect(played).toBe(2);
    expect(resumed.results.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(resumed.stats.games).toBe(4);
    expect(readFileSync(join(dir, first.results[1].file), 'utf8')).toBe(firstRecord);
    // The same four games as a run that was never stopped.
    const whole = await match(4, out(), false);
    expect(resumed.results.map((r) => r.moves)).toEqual(whole.results.map((r) => r.moves));
    expect(resumed.stats).toEqual(whole.stats);
    // Nothing left to play: a resume only reads.
    const again = await match(4, dir, true);
    expect(again.results.map((r) => r.result)).toEqual(whole.results.map((r) => r.result));
    // Another match in the folder, or a damaged result, is refused by name; nothing stored is touched.
    await expect(match(4, dir, true, 'depth:3')).rejects.toThrow(/holds another match/);
    // Games played by other Qi code are not mixed in.
    const settings = join(dir, 'match.json');
    const saved = readFileSync(settings, 'utf8');
    writeFileSync(settings, saved.replace(/"qiBuild": "[0-9a-f]+"/, '"qiBuild": "0123456789abcdef"'));
    await expect(match(4, dir, true)).rejects.toThrow(/the Qi build changed since .* \(0123456789abcdef, now [0-9a-f]{16}\)/);
    writeFileSync(settings, saved);
    writeFileSync(join(dir, 'games/0003.result.json'), '{"index": 2, "scoreA": 7');
    await expect(match(4, dir, true)).rejects.toThrow(/0003\.result\.json is not a game result.*remove it/);
    expect(readFileSync(join(dir, first.results[1].file), 'utf8')).toBe(firstRecord);
  });

  it('a Go bot with resign: resigns by the resignation policy, after a third of the board, and only in Go', async () => {
    // Both sides resign below a 99% win rate: one of them is below it, so the game ends by resignation.
    const s = await small('nodes:400+resign:0.99', 'nodes:400+resign:0.99', { game: benchGame('go', { size: 9 }), seed: 8 });
    const r = s.results[0];
    expect(r.result).toMatch(/^[BW]\+R$/);
    expect(r.reason).toMatch(/resigned/);
    expect(r.plies).toBeGreaterThanOrEqual(27);
    await expect(small('depth:1+resign:0.05', 'depth:1', { seed: 8 })).resolves.toMatchObject({
      results: [{ reason: expect.stringMatching(/resign: is Go's resignation policy, not for reversi/) }],
    });
  });

  it('a Go bot with clock: spends its main time over the game, and only in Go', async () => {
    // 40 ms a move: 1.16 s for a 9x9 game, against a bot at 400 ms a move.
    const s = await small('clock:40', 'time:400', { game: benchGame('go', { size: 9 }), seed: 8 });
    const r = s.results[0];
    expect(r.reason).not.toMatch(/crash|illegal|time-out/);
    const { a, b } = s.players;
    const times = (r.stats ?? []).filter((m) => m?.player === a.name).map((m) => m?.timeMs ?? 0);
    const median = [...times].sort((x, y) => x - y)[times.length >> 1];
    console.log(`clock:40 on 9x9: ${a.moves} moves, median ${median.toFixed(0)} ms, all ${(a.timeMs / 1000).toFixed(2)} s (main time 1.16 s; the first move starts the thread); time:400 at ${b.msPerMove.toFixed(0)}`);
    expect(a.moves).toBeGreaterThan(10);
    // Without the clock the bot would think the default 3 s a move; with it, the typical move takes a few times
    // the clock's mean at most (five times: a slow machine adds the round trip to each).
    expect(median).toBeLessThan(200);
    expect(b.msPerMove).toBeGreaterThanOrEqual(400);
    await expect(small('clock:40', 'depth:1', { seed: 8 })).resolves.toMatchObject({
      results: [{ reason: expect.stringMatching(/clock: is Go's time management, not for reversi/) }],
    });
  });

  it("the ai-worker's classic baseline bots play through the same harness", async () => {
    const s = await runMatch({
      game: benchGame('reversi'),
      a: parsePlayerSpec('depth:2'),
      b: parsePlayerSpec('classic'),
      games: 2,
      concurrency: 1,
      seed: 2,
      budget: {},
      moveDeadlineMs: 20_000,
      outDir: out(),
      threads,
    });
    expect(s.stats.games).toBe(2);
    for (const r of s.results) expect(r.reason).not.toMatch(/crash|illegal|time-out/);
    expect(s.players.b.moves).toBeGreaterThan(20);
  });

  it('an SPRT with wide hypotheses stops a lopsided match early, whichever side is stronger', async () => {
    const s = await runMatch({
      game: benchGame('reversi'),
      a: parsePlayerSpec('depth:5'),
      b: parsePlayerSpec('depth:1'),
      games: 30,
      concurrency: 1,
      seed: 5,
      budget: {},
      moveDeadlineMs: 20_000,
      sprt: { elo0: -300, elo1: 300, alpha: 0.05, beta: 0.05 },
      outDir: out(),
      threads,
    });
    console.log(`SPRT stopped after ${s.results.length} games: ${s.stoppedBy}`);
    expect(s.stoppedBy).toMatch(/^SPRT accepted H[01]/);
    expect(s.results.length).toBeLessThan(30);
    const { llr, lower, upper } = s.sprt ?? { llr: 0, lower: 0, upper: 0 };
    expect(llr >= upper || llr <= lower).toBe(true);
  });

  it('a match from an openings file: each pair starts from its line, records name it, a resume with other openings is refused', async () => {
    const dir = out();
    const game = benchGame('reversi');
    const openings = parseOpenings('f5 d6\nc4 c3 d3\n', game, 'two.txt');
    const match = (o: Partial<MatchOptions>) => small('depth:2', 'depth:1', { games: 4, outDir: dir, openings, ...o });
    const s = await match({});
    expect(s.options.openings).toEqual({ source: 'two.txt', count: 2 });
    expect(s.results.map((r) => r.moves.slice(0, r.index < 2 ? 2 : 3))).toEqual([['F5', 'D6'], ['F5', 'D6'], ['C4', 'C3', 'D3'], ['C4', 'C3', 'D3']]);
    expect(s.results.map((r) => r.aFirst)).toEqual([true, false, true, false]);
    expect(readFileSync(join(dir, s.results[2].file), 'utf8')).toMatch(/first 3 plies: opening 2 of two\.txt/);
    // The same file resumes (nothing left to play); other openings are another match.
    expect((await match({ resume: true })).results.map((r) => r.moves)).toEqual(s.results.map((r) => r.moves));
    await expect(match({ resume: true, openings: parseOpenings('f5\n', game, 'two.txt') })).rejects.toThrow(/holds another match/);
    await expect(match({ resume: true, openings: undefined })).rejects.toThrow(/holds another match/);
  });

  it('go 9x9, gomoku and chinese checkers: tiny games end with a result and a readable record', async () => {
    for (const [id, a, b] of [
      ['go', 'nodes:40', 'nodes:20'],
      // Gomoku by MCTS playouts: alpha-beta at any depth runs the full-strength threat solvers first (up to millions of
      // solver nodes a move: depth 2 vs 1 made this test 30 s, 75 s on half a core); its path through the harness is the
      // piskvork match of commands.test.ts. A few seconds, and no clock anywhere, so the games repeat on any machine.
      ['gomoku', 'nodes:40+algo:mcts', 'nodes:20+algo:mcts'],
      ['checkers', 'depth:2', 'depth:1'],
    ]) {
      const dir = out();
      const s = await runMatch({
        game: benchGame(id, id === 'checkers' ? {} : { size: id === 'go' ? 9 : 15 }),
        a: parsePlayerSpec(a),
        b: parsePlayerSpec(b),
        games: 2,
        concurrency: 2,
        seed: 3,
        budget: {},
        moveDeadlineMs: 20_000,
        outDir: dir,
        threads,
      });
      expect(s.stats.games).toBe(2);
      for (const r of s.results) {
        expect(r.reason).not.toMatch(/crash|time-out|illegal/);
        const text = readFileSync(join(dir, r.file), 'utf8');
        if (id === 'checkers') {
          // The engine's own record, unchanged, beside the per-move statistics.
          const saved = JSON.parse(text);
          expect(readCheckersRecord(JSON.stringify(saved.record)).moves.length).toBe(r.plies);
          expect(saved.stats.length).toBe(r.plies);
          continue;
        }
        const moves = id === 'go' ? readGoSgf(text).nodes.length - 1 : readGomokuSgf(text).moves.length;
        expect(moves).toBe(r.plies);
      }
    }
  });
});

describe('faulty external engines lose with the reason and the run goes on', () => {
  /** A fake GTP engine: answers setup commands, then plays an occupied point, crashes or hangs. */
  function fakeGtp(behaviour: 'occupied' | 'crash' | 'hang'): string {
    const file = join(out(), 'fake-gtp.mjs');
    writeFileSync(
      file,
      `import { createInterface } from 'node:readline';
const rl = createInterface({ input: process.stdin });
let moves = 0;
rl.on('line', (line) => {
  const [id, cmd] = line.split(' ');
  if (cmd === 'genmove') {
    if (${JSON.stringify(behaviour)} === 'crash') process.exit(3);
    if (${JSON.stringify(behaviour)} === 'hang') return;
    process.stdout.write('=' + id + ' E5\\n\\n');
  } else if (cmd === 'quit') { process.stdout.write('=' + id + '\\n\\n'); process.exit(0); }
  else process.stdout.write('=' + id + '\\n\\n');
});`,
    );
    chmodSync(file, 0o755);
    return `gtp:${process.execPath} ${file}`;
  }

  it('a GTP engine is told the rules and the move time Qi gets (byo-yomi seconds) before the game and before each genmove', async () => {
    const dir = out();
    const log = join(dir, 'commands.log');
    const file = join(dir, 'passer.mjs');
    writeFileSync(
      file,
      `import { createInterface } from 'node:readline';
import { appendFileSync } from 'node:fs';
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const [id, ...rest] = line.split(' ');
  appendFileSync(${JSON.stringify(log)}, rest.join(' ') + '\\n');
  if (rest[0] === 'genmove') process.stdout.write('=' + id + ' pass\\n\\n');
  else if (rest[0] === 'time_left' && rest[1] === 'white') process.stdout.write('?' + id + ' unknown command\\n\\n');
  else if (rest[0] === 'quit') { process.stdout.write('=' + id + '\\n\\n'); process.exit(0); }
  else process.stdout.write('=' + id + '\\n\\n');
});`,
    );
    const s = await runMatch({
      game: benchGame('go', { size: 9, openingPlies: 0 }),
      a: parsePlayerSpec('nodes:30'),
      b: parsePlayerSpec(`gtp:${process.execPath} ${file}`),
      games: 2,
      concurrency: 1,
      seed: 1,
      budget: {},
      moveDeadlineMs: 20_000,
      engineTimeMs: 2500,
      outDir: dir,
      threads,
    });
    // An engine refusing a time command (this one refuses time_left for White) is not at fault.
    expect(s.players.b.faults).toEqual([]);
    const commands = readFileSync(log, 'utf8').split('\n');
    expect(commands.filter((c) => c === 'time_settings 0 3 1').length).toBe(2);
    // Told the ko rule and scoring the harness enforces, in Qi's own extension (another engine may refuse it).
    expect(commands.filter((c) => c === 'qi-rules ko positional').length).toBe(2);
    expect(commands.filter((c) => c === 'qi-rules scoring area').length).toBe(2);
    const genmoves = commands.filter((c) => c.startsWith('genmove'));
    expect(genmoves.length).toBeGreaterThan(0);
    commands.forEach((c, i) => {
      if (c.startsWith('genmove ')) expect(commands[i - 1]).toBe(`time_left ${c.split(' ')[1]} 3 1`);
    });
  });

  it('illegal move, crash and time-out are losses, recorded with the reason', async () => {
    for (const [behaviour, pattern] of [
      ['occupied', /illegal move E5/],
      ['crash', /crash: .*exited with status 3/],
      ['hang', /time-out/],
    ] as const) {
      const s = await runMatch({
        game: benchGame('go', { size: 9, openingPlies: 0 }),
        a: parsePlayerSpec('nodes:30'),
        b: parsePlayerSpec(fakeGtp(behaviour)),
        games: 2,
        concurrency: 1,
        seed: 1,
        budget: {},
        moveDeadlineMs: behaviour === 'hang' ? 1500 : 20_000,
        outDir: out(),
        threads,
      });
      expect(s.stats.games).toBe(2);
      // The fake engine answers E5 to every genmove: legal at most once, so it loses every game.
      expect(s.stats.wins).toBe(2);
      expect(s.results.some((r) => pattern.test(r.reason))).toBe(true);
      expect(s.players.b.faults.length).toBeGreaterThan(0);
    }
  });
});

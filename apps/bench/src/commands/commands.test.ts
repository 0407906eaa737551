/**
 * Smoke runs of every bench command (seconds each): selfplay with 2 tiny games, a 1-game GNU Go match at level 1,
 * a piskvork match against a fake engine, calibration with tiny budgets, the regression suites (quick) against
 * the committed baseline, profile --quick, and the search signature against its committed baseline.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireGnuGo } from '../gtp/gnugo.js';
import { runBench } from '../main.js';
import { ANCHOR_OPPONENTS, outsideAnchors } from './calibrate.js';
import { BotThreads } from '../match/players.js';
import { sourceBotStart } from '../testing/bot-start.js';
import type { CommandIo } from './io.js';

// Worker threads shared by every command of this file (a thread takes seconds to start on a busy machine).
const threads = new BotThreads(sourceBotStart());
afterAll(() => threads.close());

function capture(): { io: CommandIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t) => out.push(t), err: { write: (t: string) => err.push(t), isTTY: false }, botStart: sourceBotStart(), threads }, out, err };
}
const tmp = () => mkdtempSync(join(tmpdir(), 'qi-bench-cmd-'));

describe('bench commands (smoke)', () => {
  it('selfplay: 2 tiny reversi games, summary, records and a self-contained HTML report', async () => {
    const dir = tmp();
    const c = capture();
    const code = await runBench(['selfplay', '--game', 'reversi', '--a', 'depth:2', '--b', 'depth:1', '--games', '2', '--concurrency', '2', '--out', dir, '--sprt', '0,200'], c.io);
    expect(code).toBe(0);
    const text = c.out.join('\n');
    console.log(text);
    expect(text).toMatch(/depth:2 vs depth:1 \(reversi 8x8\): W-D-L \d+-\d+-\d+/);
    expect(text).toMatch(/SPRT: LLR/);
    // Plain progress lines when not on a terminal.
    expect(c.err.join('')).toMatch(/2\/2 +W-D-L/);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    expect(summary.results).toHaveLength(2);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toMatch(/<svg/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(existsSync(join(dir, 'games', '0001.sgf'))).toBe(true);
  });

  it('usage errors exit with status 2 and name the problem', async () => {
    const c = capture();
    expect(await runBench(['selfplay', '--a', 'gtp:gnugo'], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/selfplay plays Qi bots only/);
    expect(await runBench(['match', '--games', 'x'], c.io)).toBe(2);
    expect(await runBench(['match', '--sprt', '5,0'], c.io)).toBe(2);
    expect(await runBench(['match', '--bogus', '1'], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/unknown flag --bogus/);
    expect(await runBench(['match', '--game', 'gomoku', '--openings', join(tmpdir(), 'qi-no-such-openings.txt')], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/--openings: cannot read .*qi-no-such-openings\.txt/);
    const book = join(mkdtempSync(join(tmpdir(), 'qi-openings-')), 'bad.txt');
    writeFileSync(book, 'H8,I9\nH8,I9,H8\n');
    expect(await runBench(['match', '--game', 'gomoku', '--openings', book], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/bad\.txt line 2: move 3 \(H8\): illegal move H8/);
    expect(await runBench(['nonsense'], c.io)).toBe(2);
  });

  it('match: one Go 9x9 game against GNU Go level 1, refereed by GNU Go', async () => {
    const gnugo = requireGnuGo();
    const dir = tmp();
    const c = capture();
    const code = await runBench(['match', '--game', 'go', '--size', '9', '--a', 'nodes:200', '--b', `gtp:${gnugo} --mode gtp --level 1`, '--games', '1', '--out', dir, '--referee', 'gnugo'], c.io);
    expect(code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    console.log(c.out.join('\n'), '\n', summary.results[0].result, summary.results[0].reason, summary.results[0].plies, 'plies');
    expect(summary.results[0].reason).toMatch(/GNU Go final_score|resigned/);
    expect(summary.results[0].result).toMatch(/^(B|W)\+|^0$/);
    expect(summary.players.b.faults).toEqual([]);
  });

  it('match: Gomoku against a piskvork engine (a fake that plays the first empty point), told the move time', async () => {
    const engine = join(tmp(), 'fake-piskvork.mjs');
    const infoLog = join(tmp(), 'info.log');
    writeFileSync(
      engine,
      `import { createInterface } from 'node:readline';
import { appendFileSync } from 'node:fs';
const rl = createInterface({ input: process.stdin });
let size = 15; const taken = new Set(); let board = false; let answered = -Infinity;
const reply = () => { for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (!taken.has(x + ',' + y)) { taken.add(x + ',' + y); console.log('MESSAGE thinking'); answered = performance.now(); console.log(x + ',' + y); return; } };
rl.on('line', (raw) => {
  const line = raw.trim();
  if (answered > -Infinity) { appendFileSync(process.argv[2], 'GAP ' + (performance.now() - answered).toFixed(1) + ' ' + line + '\\n'); answered = -Infinity; }
  if (board) { if (line === 'DONE') { board = false; reply(); } else { const [x, y] = line.split(','); taken.add(x + ',' + y); } return; }
  if (line.startsWith('INFO')) { appendFileSync(process.argv[2], line + '\\n'); return; }
  if (line.startsWith('START')) { size = Number(line.split(' ')[1]); taken.clear(); console.log('OK'); }
  else if (line === 'BEGIN') reply();
  else if (line.startsWith('TURN')) { taken.add(line.split(' ')[1]); reply(); }
  else if (line === 'BOARD') { taken.clear(); board = true; }
  else if (line === 'END') process.exit(0);
});`,
    );
    chmodSync(engine, 0o755);
    const dir = tmp();
    const c = capture();
    const code = await runBench(['match', '--game', 'gomoku', '--a', 'depth:2', '--b', `piskvork:${process.execPath} ${engine} ${infoLog}`, '--games', '2', '--concurrency', '1', '--engine-time-ms', '700', '--out', dir], c.io);
    expect(code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    console.log(c.out.join('\n'));
    // The fake blocks nothing: the Qi bot wins both games by five in a row, never by a fault of the fake.
    expect(summary.stats.wins).toBe(2);
    for (const r of summary.results) expect(r.reason).toMatch(/five in a row/);
    // Fair clocks: the engine is told the move time (and a match allowance it counts down), never the deadline.
    const info = readFileSync(infoLog, 'utf8').split('\n');
    expect(info.filter((l) => l === 'INFO timeout_turn 700').length).toBe(2);
    expect(info.filter((l) => l === 'INFO thread_num 1').length).toBe(2);
    expect(info.filter((l) => /^INFO timeout_match \d+$/.test(l)).length).toBe(2);
    const left = info.filter((l) => l.startsWith('INFO time_left ')).map((l) => Number(l.split(' ')[2]));
    expect(left.length).toBeGreaterThan(4);
    expect(left.every((x) => Number.isInteger(x) && x > 0)).toBe(true);
    expect(info.some((l) => /^INFO timeout_turn (?!700$)/.test(l))).toBe(false);
    // The first line after each answer (END aside) reaches the engine no sooner than ANSWER_GAP_MS = 25 after it:
    // Rapfi misreads lines sent at once. The fake stamps its answer before writing it, so a slow machine only makes
    // the gap longer; without the wait the first line came 2 ms after the answer here.
    const gaps = info.filter((l) => l.startsWith('GAP ') && !l.endsWith(' END')).map((l) => Number(l.split(' ')[1]));
    console.log(`first line after an answer: ${gaps.length} gaps, shortest ${Math.min(...gaps)} ms`);
    expect(gaps.length).toBeGreaterThan(4);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    expect(summary.options.engineTimeMs).toBe(700);
  });

  it('calibrate: levels 1-3 of reversi with tiny budgets, fitted and written as data', async () => {
    const data = tmp();
    const c = capture();
    const code = await runBench(['calibrate', '--game', 'reversi', '--grhino', 'none', '--max-level', '3', '--games', '2', '--concurrency', '1', '--out', tmp(), '--data', data], c.io);
    expect(code).toBe(0);
    console.log(c.out.join('\n'));
    const table = JSON.parse(readFileSync(join(data, 'levels-elo.json'), 'utf8')).games.reversi;
    expect(table.levels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3]);
    expect(table.levels[0].elo).toBe(0);
    expect(table.games).toBe(6);
    // The table is data only (the ai-worker's data/levels-elo.json); no generated module beside it.
    expect(existsSync(join(data, 'levels-elo.ts'))).toBe(false);
  });

  it('calibrate places GNU Go on the Go scale and GRhino on the Reversi one, only when found', () => {
    const none = { gnugo: null, grhino: null };
    expect(outsideAnchors('go', 9, none)).toEqual([]);
    expect(outsideAnchors('reversi', 8, none)).toEqual([]);
    const go = outsideAnchors('go', 13, { gnugo: '/g/gnugo', grhino: '/r/gtp-rhino' });
    expect(go.map((p) => p.name)).toEqual(['gnugo-L1', 'gnugo-L10']);
    expect(go[1]).toEqual({ kind: 'gtp', name: 'gnugo-L10', command: ['/g/gnugo', '--mode', 'gtp', '--level', '10', '--chinese-rules', '--boardsize', '13'] });
    const reversi = outsideAnchors('reversi', 8, { gnugo: '/g/gnugo', grhino: '/r/gtp-rhino' });
    expect(reversi.map((p) => (p.kind === 'gtp' ? p.command.join(' ') : ''))).toEqual([
      '/r/gtp-rhino --level 1',
      '/r/gtp-rhino --level 3',
      '/r/gtp-rhino --level 5 --mid 8 --end 16',
    ]);
    expect(outsideAnchors('gomoku', 15, { gnugo: '/g/gnugo', grhino: '/r/gtp-rhino' })).toEqual([]);
    expect(ANCHOR_OPPONENTS).toEqual([1, 4, 7, 10]);
  });

  it('calibrate --resume keeps the finished pairings, plays the missing one, and names a damaged summary', async () => {
    const out = tmp();
    const data = tmp();
    const first = capture();
    expect(await runBench(['calibrate', '--game', 'reversi', '--grhino', 'none', '--max-level', '3', '--games', '2', '--concurrency', '1', '--out', out, '--data', data], first.io)).toBe(0);
    const before = JSON.parse(readFileSync(join(out, 'calibration.json'), 'utf8')).pairs;
    // Lose one pairing (as a stopped run would) and damage nothing else: only it is played again.
    rmSync(join(out, 'level_2-vs-level_3'), { recursive: true });
    const again = capture();
    expect(await runBench(['calibrate', '--game', 'reversi', '--grhino', 'none', '--max-level', '3', '--games', '2', '--concurrency', '1', '--out', out, '--data', data, '--resume'], again.io)).toBe(0);
    const err = again.err.join('');
    expect(err).toMatch(/level:1 vs level:2: \d-\d-\d from /);
    expect(err).not.toMatch(/level:2 vs level:3: \d-\d-\d from /);
    const after = JSON.parse(readFileSync(join(out, 'calibration.json'), 'utf8')).pairs;
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2].wins + after[2].draws + after[2].losses).toBe(2);
    expect(err).not.toMatch(/another Qi build/);
    // A pairing another build played is kept (a level whose play did not change need not be replayed), and said.
    const settings = join(out, 'level_1-vs-level_3', 'match.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace(/"qiBuild": "[0-9a-f]+"/, '"qiBuild": "0123456789abcdef"'));
    const third = capture();
    expect(await runBench(['calibrate', '--game', 'reversi', '--grhino', 'none', '--max-level', '3', '--games', '2', '--concurrency', '1', '--out', out, '--data', data, '--resume'], third.io)).toBe(0);
    expect(third.err.join('')).toMatch(/level:1 vs level:3: \d-\d-\d from .* played by another Qi build \(0123456789abcdef, now [0-9a-f]{16}\)/);
    expect(third.err.join('')).not.toMatch(/level:1 vs level:2: .*another Qi build/);
    expect(third.out.join('\n')).toMatch(/1 pairing was played by another Qi build/);
    writeFileSync(join(out, 'level_1-vs-level_2', 'summary.json'), '{"players":');
    await expect(runBench(['calibrate', '--game', 'reversi', '--grhino', 'none', '--max-level', '3', '--games', '2', '--concurrency', '1', '--out', out, '--data', data, '--resume'], capture().io)).rejects.toThrow(
      /level_1-vs-level_2.summary\.json: not a match summary/,
    );
  });

  it('regression --quick passes against the committed baseline', async () => {
    const c = capture();
    const code = await runBench(['regression', '--quick'], c.io);
    console.log(c.out.join('\n'));
    expect(code).toBe(0);
    expect(c.out.join('\n')).toMatch(/no regressions against the baseline/);
  });

  it('regression: a failure not in the baseline is a regression, a known one that passes is an improvement', async () => {
    const { compareBaseline } = await import('../regression/run.js');
    const outcome = { name: 'x', source: '', cases: 2, passed: 1, timeMs: 1, failures: [{ id: 'a', why: 'wrong' }], ids: ['a', 'b'] };
    expect(compareBaseline([outcome], { note: '', suites: {} }).regressions).toEqual(['x/a: wrong']);
    expect(compareBaseline([outcome], { note: '', suites: { x: { knownFailures: ['a'] } } }).regressions).toEqual([]);
    expect(compareBaseline([{ ...outcome, failures: [], passed: 2 }], { note: '', suites: { x: { knownFailures: ['a', 'c'] } } }).improvements).toEqual(['x/a']);
  });

  it('profile --quick prints the table compared with the baseline', async () => {
    const c = capture();
    const code = await runBench(['profile', '--quick', '--game', 'reversi'], c.io);
    expect(code).toBe(0);
    const text = c.out.join('\n');
    console.log(text);
    expect(text).toMatch(/baseline/);
    expect(text).toMatch(/cases: \d+ faster, \d+ slower/);
  });

  it('depth: level 10 on seeded Reversi positions, one line each and the means (a node budget, so no clock)', async () => {
    const c = capture();
    const code = await runBench(['depth', '--game', 'reversi', '--nodes', '3000', '--positions', '3', '--seed', '1'], c.io);
    expect(code).toBe(0);
    const text = c.out.join('\n');
    console.log(text);
    expect(text).toMatch(/reversi level 10, 3000 nodes a position, seed 1/);
    const rows = c.out.filter((l) => /^ +\d+ +\d+ +\d+ +\d+ /.test(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const [, plies, depth, nodes] = row.trim().split(/ +/).map(Number);
      expect(plies).toBeGreaterThanOrEqual(8);
      expect(plies).toBeLessThanOrEqual(38);
      expect(depth).toBeGreaterThanOrEqual(1);
      expect(nodes).toBeGreaterThanOrEqual(3000);
    }
    expect(text).toMatch(/mean depth \d+\.\d\d, mean nodes \d+/);
    // The same seed gives the same positions, so the same node-budget searches.
    const again = capture();
    await runBench(['depth', '--nodes', '3000', '--positions', '3', '--seed', '1'], again.io);
    expect(again.out.filter((l) => /^ +\d+ /.test(l)).map((l) => l.slice(0, 33))).toEqual(rows.map((l) => l.slice(0, 33)));
    expect(await runBench(['depth', '--positions', '0'], capture().io)).toBe(2);
  });

  it('signature: the fixed searches keep the node counts of baselines/signature.json', async () => {
    const c = capture();
    const code = await runBench(['signature'], c.io);
    console.log(c.out.join('\n'));
    expect(c.out.join('\n')).not.toMatch(/CHANGED/);
    expect(code).toBe(0);
  });
});

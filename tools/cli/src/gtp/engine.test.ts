import { afterAll, describe, expect, it } from 'vitest';
import { GoPosition } from '@qi/engine';
import { GtpSession } from './session.test-util.js';

// One server (and one AI worker thread) for the tests that think; each test starts from its own clear_board.
const s = new GtpSession({ level: 1 });
afterAll(() => s.close());

describe('qi gtp thinking through the worker', () => {
  it('genmove answers a legal move that the board then holds; undo takes it back', async () => {
    s.send('1 boardsize 9');
    s.send('2 clear_board');
    s.send('3 play b E5');
    s.send('4 genmove w');
    const [, vertex] = await s.waitFor(/=4 (\S+)\n\n/);
    expect(vertex).toMatch(/^([A-HJ][1-9]|pass|resign)$/);
    const check = new GoPosition({ size: 9 });
    check.play(check.parseMove('E5'));
    expect(check.isLegal(check.parseMove(vertex))).toBe(true);
    s.send('5 undo');
    s.send(`6 play w ${vertex}`);
    await s.waitFor(/=6\n\n/);
  });

  it('genmove for the colour not to move, and after handicap stones', async () => {
    s.send('10 clear_board');
    s.send('11 fixed_handicap 4');
    s.send('12 genmove b');
    s.send('13 genmove w');
    const [, b] = await s.waitFor(/=12 (\S+)\n\n/);
    const [, w] = await s.waitFor(/=13 (\S+)\n\n/);
    for (const v of [b, w]) expect(['C3', 'G7', 'C7', 'G3']).not.toContain(v);
  });

  it('lz-analyze streams info lines until the next command, which is answered at once', async () => {
    s.send('20 clear_board');
    s.send('21 play b C3');
    s.send('22 lz-analyze 20');
    await s.waitFor(/=22\n(info move [^\n]+\n){2,}/);
    const t0 = performance.now();
    s.send('23 name');
    await s.waitFor(/\n\n=23 Qi\n\n/);
    const latency = performance.now() - t0;
    console.log(`analysis interrupted and next command answered in ${latency.toFixed(0)} ms`);
    expect(latency).toBeLessThan(1000);
    const block = '=22' + s.out.split('=22')[1].split('=23')[0];
    const lines = block.split('\n');
    expect(lines[0]).toBe('=22');
    const infos = lines.filter((l) => l.startsWith('info '));
    for (const l of infos) {
      expect(l).toMatch(/^(info move [A-HJ][1-9] visits \d+ winrate \d+ prior \d+ order \d+ pv( [A-HJ][1-9]| pass)+ ?)+$/);
    }
    // The response is closed by exactly one blank line before the next one.
    expect(block.endsWith('\n\n')).toBe(true);
    expect(block.endsWith('\n\n\n')).toBe(false);
  });

  it('kata-analyze gives fractions, honours maxmoves and the colour argument', async () => {
    s.send('30 kata-analyze w interval 20 maxmoves 3');
    await s.waitFor(/=30\ninfo move [^\n]+\n/);
    s.send('31 protocol_version');
    await s.waitFor(/=31 2\n\n/);
    const block = s.out.split('=30\n')[1].split('=31')[0];
    const first = block.split('\n')[0];
    expect(first).toMatch(/^info move \S+ visits \d+ winrate 0\.\d{6}|1\.0{6} prior/);
    expect(first.match(/info move/g)!.length).toBeLessThanOrEqual(3);
  });

  it('a command sent right behind an analysis request ends it at once, whenever it arrives', async () => {
    const times: string[] = [];
    for (const [n, delay] of [[80, -1], [82, 0], [84, 5], [86, 30]] as const) {
      const t0 = performance.now();
      s.send(`${n} lz-analyze 10`);
      if (delay >= 0) await new Promise((r) => setTimeout(r, delay));
      s.send(`${n + 1} name`);
      await s.waitFor(new RegExp(`=${n}\n(info [^\n]*\n)*\n=${n + 1} Qi\n\n`), 5000);
      const ms = performance.now() - t0;
      times.push(`${delay < 0 ? 'no wait' : `${delay} ms`}: ${ms.toFixed(0)} ms`);
      // A user-felt latency (the analysis must end at once): a wide margin, the measured times printed below.
      expect(ms, `delay ${delay}`).toBeLessThan(2000);
    }
    console.log(`analysis request, then name after ${times.join(', ')} (request to both answers)`);
  });

  it('a bad analysis request fails like any command', async () => {
    s.send('40 lz-analyze b interval');
    await s.waitFor(/\?40 syntax error: interval needs a value\n\n/);
  });

  it('time_left spreads the clock: a tiny clock gives a fast move', async () => {
    s.send('50 clear_board');
    s.send('51 qi-level 10');
    s.send('52 time_settings 2 0 0');
    s.send('53 time_left b 1 0');
    const t0 = performance.now();
    s.send('54 genmove b');
    await s.waitFor(/=54 \S+\n\n/);
    const ms = performance.now() - t0;
    console.log(`genmove with 1 s left on the clock took ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
    s.send('55 qi-level 1');
    s.send('56 time_settings 0 1 0');
    await s.waitFor(/=56\n\n/);
  });

  it('kgs-genmove_cleanup does not pass while dead stones remain', async () => {
    // White's wall lives with three eyes; its stone D3 in Black's area is dead. Clean-up must remove it.
    s.send('60 boardsize 5');
    s.send('61 komi 0.5');
    for (const v of ['B1', 'B2', 'B3', 'B4', 'B5', 'A2', 'A4', 'D3']) s.send(`play w ${v}`);
    for (const v of ['C1', 'C2', 'C3', 'C4', 'C5']) s.send(`play b ${v}`);
    s.send('play b pass');
    s.send('play w pass');
    s.send('62 final_status_list dead');
    const [, dead] = await s.waitFor(/=62 ([^\n]*)\n\n/);
    expect(dead).toBe('D3');
    s.send('63 kgs-genmove_cleanup b');
    const [, move] = await s.waitFor(/=63 (\S+)\n\n/);
    expect(move).not.toBe('pass');
    s.send('64 boardsize 9');
    await s.waitFor(/=64\n\n/);
  });
});

describe('qi gtp genmove with analysis', () => {
  it('lz-genmove_analyze streams info lines, ends with play and plays the move', async () => {
    s.send('70 boardsize 9');
    s.send('71 clear_board');
    s.send('72 qi-level 5');
    s.send('73 lz-genmove_analyze b 10');
    // At least the finished search's line comes before the play line.
    const [block, move] = await s.waitFor(/=73\n(?:info move [^\n]+\n)+play (\S+)\n\n/);
    expect(block.startsWith('=73\n')).toBe(true);
    expect(move).toMatch(/^([A-HJ][1-9]|pass)$/);
    s.send(`74 play b ${move}`);
    await s.waitFor(/\?74 illegal move\n\n/);
    s.send('75 kata-genmove_analyze q');
    await s.waitFor(/\?75 syntax error\n\n/);
    s.send('76 qi-level 1');
    await s.waitFor(/=76\n\n/);
  });
});

describe('qi gtp resignation', () => {
  it('resigns a hopeless game only after three hopeless searches in a row', async () => {
    s.send('90 boardsize 9');
    s.send('91 komi 0');
    s.send('92 qi-level 5');
    // Black owns columns A-E solidly (with eyes), White has nothing: White cannot win.
    for (let row = 1; row <= 9; row++) for (const col of 'ABCDE') if (!(col === 'B' && row % 3 === 2)) s.send(`play b ${col}${row}`);
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      s.send(`${93 + i} genmove w`);
      const [, move] = await s.waitFor(new RegExp(`=${93 + i} (\\S+)\\n\\n`));
      answers.push(move);
      if (move !== 'resign') s.send('play b pass');
    }
    expect(answers.slice(0, 2)).not.toContain('resign');
    expect(answers[2]).toBe('resign');
    s.send('99 qi-level 1');
    await s.waitFor(/=99\n\n/);
  });
});

describe('qi gtp --nodes', () => {
  it('a fixed playout budget ends the search: no analysis line counts more visits than it', async () => {
    const fixed = new GtpSession({ level: 10, nodes: 3000 });
    try {
      fixed.send('1 boardsize 9');
      fixed.send('2 lz-genmove_analyze b 1');
      const [, block, move] = await fixed.waitFor(/=2\n((?:info move [^\n]+\n)*)play (\S+)\n\n/);
      expect(move).toMatch(/^([A-HJ][1-9]|pass)$/);
      const lines = block.split('\n').filter((l) => l.startsWith('info'));
      // The last line is the finished search's (printed however short the search was).
      expect(lines.length).toBeGreaterThan(0);
      const visits = lines.map((line) => [...line.matchAll(/info move \S+ visits (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0));
      console.log(`qi gtp --nodes 3000: ${lines.length} analysis lines, visits ${visits.join(', ')}`);
      // Level 10 alone searches for seconds: tens of thousands of playouts on 9x9, thousands on any machine.
      for (const v of visits) expect(v).toBeLessThanOrEqual(3000);
    } finally {
      await fixed.close();
    }
  });
});

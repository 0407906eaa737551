import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/prng.js';
import { SgfError } from '../sgf/error.js';
import { parseSgfGame } from '../sgf/parse.js';
import type { KoRule } from './rules.js';
import { readGoSgf, replayGo, ruleSetFromText, writeGoSgf, type GoRecord } from './sgf-go.js';
import { parseVertex } from './vertex.js';

const DATA = new URL('../../../../../shared/data/go/', import.meta.url);
const read = (file: string) => readGoSgf(readFileSync(new URL(file, DATA)));
const errorOf = (f: () => unknown): SgfError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SgfError);
    return e as SgfError;
  }
  throw new Error('expected an SgfError');
};

describe('ground truth: replaying the shared records', () => {
  const expected = readFileSync(new URL('replay-expected.jsonl', DATA), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { file: string; plays: number; captures: [number, number] });

  it('replays all 320 records (simple ko) with no error, GNU Go\'s capture counts and play counts', () => {
    expect(expected).toHaveLength(320);
    const wrong: string[] = [];
    for (const e of expected) {
      const r = replayGo(read(e.file));
      const got = [r.position.captures(0), r.position.captures(1)];
      if (r.errors.length > 0 || got[0] !== e.captures[0] || got[1] !== e.captures[1] || r.moves + r.setup !== e.plays) {
        wrong.push(`${e.file}: ${JSON.stringify({ errors: r.errors, captures: got, plays: r.moves + r.setup })}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('stops gifu2006_gnugo-gorimu.sgf at move 381 (B L7) under both superko rules', () => {
    const record = read('gnugo-regression/19x19/gifu2006_gnugo-gorimu.sgf');
    for (const ko of ['positional', 'situational'] as const) {
      const r = replayGo(record, { ko });
      expect(r.errors).toEqual([{ move: 381, color: 'black', vertex: 'L7', reason: 'superko' }]);
      expect(r.moves).toBe(380);
    }
    expect(replayGo(record, { ko: 'simple' }).errors).toEqual([]);
  });

  const cases = (
    JSON.parse(readFileSync(new URL('superko-cases.json', DATA), 'utf8')) as {
      cases: { file: string; after_mainline_moves: number; color: string; move: string; legal_under: Record<string, boolean> }[];
    }
  ).cases;
  const rules: [string, KoRule][] = [
    ['simple_ko', 'simple'],
    ['positional_superko', 'positional'],
    ['situational_superko', 'situational'],
  ];
  it('judges the 11 CGOS superko cases as listed under each ko rule', () => {
    expect(cases).toHaveLength(11);
    for (const c of cases) {
      for (const [column, ko] of rules) {
        const r = replayGo(read(c.file), { ko });
        expect(r.errors, `${c.file} ${ko}`).toEqual([]);
        expect(r.moves).toBe(c.after_mainline_moves);
        const v = parseVertex(r.position.size, c.move) as { col: number; row: number };
        const verdict = r.position.analyze(r.position.point(v.col, v.row), c.color === 'b' ? 0 : 1);
        expect(verdict.legal, `${c.file} ${c.move} under ${ko}`).toBe(c.legal_under[column]);
      }
    }
  });
});

describe('reading Go records', () => {
  it('reads game information and maps RU to a rule set', () => {
    const r = readGoSgf(
      '(;GM[1]FF[4]SZ[13]KM[5.5]HA[0]RU[Japanese]RE[W+2.5]PB[Ann]BR[3k]PW[Bob \\] Jr]WR[1d]DT[2026-11-29]EV[Cup]GN[Final]C[hello]' +
        ';B[dd];W[];B[tt])',
    );
    expect(r.size).toBe(13);
    expect(r.komi).toBe(5.5);
    expect(r.ruleSet).toEqual({ scoring: 'territory', ko: 'simple', suicide: false });
    expect(r.rulesText).toBe('Japanese');
    expect([r.result, r.black, r.white, r.date, r.event, r.gameName]).toEqual([
      'W+2.5',
      { name: 'Ann', rank: '3k' },
      { name: 'Bob ] Jr', rank: '1d' },
      '2026-11-29',
      'Cup',
      'Final',
    ]);
    expect(r.nodes[0].comment).toBe('hello');
    expect(r.nodes.slice(1).map((n) => n.move)).toEqual([
      { color: 0, vertex: { col: 3, row: 3 } },
      { color: 1, vertex: null },
      { color: 0, vertex: null },
    ]);
    expect(ruleSetFromText('Chinese')?.scoring).toBe('area');
    expect(ruleSetFromText('AGA')).toEqual({ scoring: 'area', ko: 'situational', suicide: false });
    expect(ruleSetFromText('New Zealand')?.suicide).toBe(true);
    expect(ruleSetFromText('Tromp/Taylor')).toEqual({ scoring: 'area', ko: 'positional', suicide: true });
    expect(ruleSetFromText('TT--')?.scoring).toBe('area');
    expect(ruleSetFromText('Korean')?.scoring).toBe('territory');
    expect(ruleSetFromText('house rules')).toBeUndefined();
  });

  it('treats tt as a pass up to 19x19 and as a point above', () => {
    expect(readGoSgf('(;SZ[19];B[tt])').nodes[1].move?.vertex).toBeNull();
    expect(readGoSgf('(;SZ[21];B[tt])').nodes[1].move?.vertex).toEqual({ col: 19, row: 19 });
  });

  it('places HA stones as a handicap (White to move), other setup as is, and follows PL and AE', () => {
    const r = replayGo(readGoSgf('(;SZ[9]HA[2]AB[cc][gg];W[ee])'));
    expect(r.position.handicap).toBe(2);
    expect([r.setup, r.moves, r.position.currentPlayer()]).toEqual([2, 1, 0]);
    const s = replayGo(readGoSgf('(;SZ[9]AB[aa:bb]AW[ii]PL[W];AE[aa];W[cc])'));
    expect(s.position.handicap).toBe(0);
    expect(s.setup).toBe(5);
    const rows = s.position.toString().split('\n').map((l) => l.replace(/\s/g, ''));
    expect([rows[0], rows[1], rows[2], rows[8]]).toEqual(['.X.......', 'XX.......', '..O......', '........O']);
    expect(s.position.currentPlayer()).toBe(0);
  });

  it('reports the first illegal move by number and stops there', () => {
    const r = replayGo(readGoSgf('(;SZ[9];B[cc];W[dd];B[dd];W[ee])'));
    expect(r.errors).toEqual([{ move: 3, color: 'black', vertex: 'D6', reason: 'occupied' }]);
    expect(r.moves).toBe(2);
    // a suicide at the corner A9 (aa) after W B9 and W A8
    const s = replayGo(readGoSgf('(;SZ[9];W[ba];B[ee];W[ab];B[aa])'));
    expect(s.errors).toEqual([{ move: 4, color: 'black', vertex: 'A9', reason: 'suicide' }]);
    // a ko recapture
    const k = replayGo(readGoSgf('(;SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[cc];W[bc];B[cc])'));
    expect(k.errors[0]).toMatchObject({ move: 9, vertex: 'C3', reason: 'ko' });
  });

  it('names the line, column and move of bad coordinates and bad game information', () => {
    const e = errorOf(() => readGoSgf('(;SZ[9]\n;B[cc]\n;W[zz])'));
    expect([e.line, e.column]).toEqual([3, 1]);
    expect(e.message).toContain('move 2: W[zz]');
    expect(e.message).toContain('off the 9x9 board');
    expect(errorOf(() => readGoSgf('(;SZ[9];B[c])')).message).toContain('not an SGF point');
    expect(errorOf(() => readGoSgf('(;SZ[19:13])')).message).toContain('only square boards');
    expect(errorOf(() => readGoSgf('(;SZ[26])')).message).toContain('2 to 25');
    expect(errorOf(() => readGoSgf('(;SZ[1])')).message).toContain('2 to 25');
    expect(errorOf(() => readGoSgf('(;SZ[big])')).message).toContain('not a board size');
    expect(errorOf(() => readGoSgf('(;GM[4]SZ[15])')).message).toContain('not a Go record');
    expect(errorOf(() => readGoSgf('(;SZ[9];B[aa]W[bb])')).message).toContain('both a black and a white move');
    expect(errorOf(() => readGoSgf('(;SZ[9]AB[jj])')).message).toContain('AB:');
    expect(errorOf(() => readGoSgf('(;SZ[9]PL[X])')).message).toContain('PL[X]');
    expect(readGoSgf('(;GM[1])').size).toBe(19);
    const airless = errorOf(() => replayGo(readGoSgf('(;SZ[3]\nAB[aa]AW[ba][ab])')));
    expect([airless.line, airless.column]).toEqual([1, 2]);
    expect(airless.message).toContain('stones at A3 without liberties');
    // HA that does not match the AB stones is plain setup, not a handicap
    expect(replayGo(readGoSgf('(;SZ[3]HA[2]AB[aa][aa])')).position.handicap).toBe(0);
    expect(replayGo(readGoSgf('(;SZ[3]HA[9]AB[aa:cb])')).setup).toBe(6);
    // a KM the rules cannot take stays in the record; the position gets the default komi
    const odd = readGoSgf('(;SZ[9]KM[1e9])');
    expect(odd.komi).toBe(1e9);
    expect(replayGo(odd).position.rules.komi).toBe(7.5);
    expect(replayGo(readGoSgf('(;SZ[9]KM[6.25])')).position.rules.komi).toBe(7.5);
  });
});

describe('writing Go records', () => {
  it('writes handicap stones as AB with HA, komi, result, players and moves, and reads them back', () => {
    const record: GoRecord = {
      size: 19,
      komi: 0.5,
      handicap: 2,
      rulesText: 'Japanese',
      result: 'B+3.5',
      black: { name: 'Ann', rank: '2k' },
      white: { name: 'Bob]', rank: '3d' },
      date: '2026-11-29',
      event: 'Club',
      gameName: 'Game 1',
      nodes: [
        { setup: [{ col: 3, row: 15, stone: 1 }, { col: 15, row: 3, stone: 1 }], line: 0, column: 0, comment: 'start\nhere' },
        { move: { color: 1, vertex: { col: 16, row: 16 } }, setup: [], line: 0, column: 0 },
        { move: { color: 0, vertex: null }, setup: [], line: 0, column: 0 },
      ],
    };
    const text = writeGoSgf(record);
    const root = parseSgfGame(text);
    expect(root.getAll('AB')).toEqual(['dp', 'pd']);
    expect([root.get('HA'), root.get('KM'), root.get('RE'), root.get('CA'), root.get('GM')]).toEqual(['2', '0.5', 'B+3.5', 'UTF-8', '1']);
    expect(root.children[0].get('W')).toBe('qq');
    expect(root.children[0].children[0].get('B')).toBe('');
    const back = readGoSgf(text);
    const strip = (r: GoRecord) => ({ ...r, ruleSet: undefined, nodes: r.nodes.map((n) => ({ ...n, line: 0, column: 0 })) });
    expect(strip(back)).toEqual(strip({ ...record, place: undefined }));
    const r = replayGo(back);
    expect(r.position.handicap).toBe(2);
    expect(r.moves).toBe(2);
  });

  it('round-trips every shared record through the Go reader and writer', () => {
    const expected = readFileSync(new URL('replay-expected.jsonl', DATA), 'utf8').trim().split('\n');
    for (const line of expected.slice(0, 320)) {
      const file = (JSON.parse(line) as { file: string }).file;
      const record = read(file);
      const again = readGoSgf(writeGoSgf(record));
      expect(again.nodes.map((n) => [n.move, n.setup, n.toPlay]), file).toEqual(record.nodes.map((n) => [n.move, n.setup, n.toPlay]));
      expect([again.size, again.komi, again.handicap, again.result, again.black, again.white]).toEqual([
        record.size,
        record.komi,
        record.handicap,
        record.result,
        record.black,
        record.white,
      ]);
    }
  });
});

describe('hostile Go records', () => {
  it('answers 3,000 randomly damaged records with a game or an SgfError, never a crash', () => {
    const rng = new Rng(2026);
    const sources = ['9x9/9x9-4.sgf', 'cgos/13435.sgf', '13x13/mertin13x13_DAGN1.sgf', 'scoring/score44.sgf'].map((f) =>
      readFileSync(new URL(`gnugo-regression/${f}`, DATA)),
    );
    const noise = '()[];\\:ABWtz \n19aZ';
    let parsed = 0;
    let refused = 0;
    for (let k = 0; k < 3000; k++) {
      const bytes = Uint8Array.from(sources[k % sources.length]);
      const edits = 1 + rng.int(8);
      for (let e = 0; e < edits; e++) bytes[rng.int(bytes.length)] = noise.charCodeAt(rng.int(noise.length));
      const cut = rng.int(4) === 0 ? bytes.subarray(0, rng.int(bytes.length)) : bytes;
      try {
        const r = replayGo(readGoSgf(cut), { ko: (['simple', 'positional', 'situational'] as const)[k % 3] });
        expect(r.moves).toBeGreaterThanOrEqual(0);
        parsed++;
      } catch (e) {
        if (!(e instanceof SgfError)) throw e;
        expect(e.message.length).toBeGreaterThan(10);
        refused++;
      }
    }
    expect(parsed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});

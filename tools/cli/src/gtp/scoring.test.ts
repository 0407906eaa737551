import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gameDefinition, readGoSgf, vertexToText, type GoRecord } from '@qi/engine';
import { serveGtp } from './server.js';

// GNU Go's final_score and dead stones for the shared finished games (Japanese counting), against qi gtp's.
const DATA = new URL('../../../../../shared/data/go/', import.meta.url);

interface Finished {
  file: string;
  japanese_komi: string;
  japanese_final_score: string;
  japanese_dead: string[];
  ended_by_two_passes: boolean;
}

/** The GTP commands that set up a record's final position under territory counting, then ask `queries`. */
function commands(record: GoRecord, komi: string, queries: string[]): string[] {
  const size = record.size;
  const out = [`boardsize ${size}`, 'clear_board', 'qi-rules scoring territory', `komi ${komi}`];
  const root = record.nodes[0];
  if (root.setup.length > 0) {
    if (root.setup.some((s) => s.stone !== 1)) throw new Error('only handicap setup is replayed here');
    out.push(`set_free_handicap ${root.setup.map((s) => vertexToText(size, s.col, s.row)).join(' ')}`);
  }
  for (const node of record.nodes) {
    if (!node.move) continue;
    const v = node.move.vertex;
    out.push(`play ${node.move.color === 0 ? 'b' : 'w'} ${v === null ? 'pass' : vertexToText(size, v.col, v.row)}`);
  }
  return [...out, ...queries];
}

/** Runs commands through one server; returns the responses (text after `=`, or the `?` line). */
async function run(lines: string[]): Promise<string[]> {
  const input = new PassThrough();
  let out = '';
  const done = serveGtp(input, (t) => (out += t));
  input.end(lines.map((l) => l + '\n').join(''));
  await done;
  return out
    .split('\n\n')
    .slice(0, -1)
    .map((r) => (r.startsWith('=') ? r.slice(1).trim() : r));
}

describe('qi gtp final_score and final_status_list on finished games', () => {
  const games = readFileSync(new URL('gnugo-final-scores.jsonl', DATA), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Finished)
    .filter((g) => g.ended_by_two_passes);

  it('agree with GNU Go on almost every game (measured, with a floor)', async () => {
    let sameScore = 0, sameDead = 0, sameWinner = 0;
    const differ: string[] = [];
    for (const g of games) {
      const record = readGoSgf(readFileSync(new URL(g.file, DATA)));
      const r = await run(commands(record, g.japanese_komi, ['final_score', 'final_status_list dead']));
      for (const line of r.slice(0, -2)) expect(line, g.file).toBe('');
      const [score, deadText] = r.slice(-2);
      const dead = deadText.split(/\s+/).filter((t) => t !== '').sort();
      // GNU Go writes W+11.0 where Qi writes W+11.
      if (score === g.japanese_final_score.replace(/\.0$/, '')) sameScore++;
      else differ.push(`${g.file}: qi ${score}, gnugo ${g.japanese_final_score}`);
      if (score[0] === g.japanese_final_score[0]) sameWinner++;
      if (JSON.stringify(dead) === JSON.stringify([...g.japanese_dead].sort())) sameDead++;
    }
    console.log(`qi gtp vs GNU Go on ${games.length} finished games: same final_score ${sameScore}, same winner ${sameWinner}, same dead stones ${sameDead}` + `\n${differ.join('\n')}`);
    expect(games).toHaveLength(119);
    // measured when written: same final_score 117, same winner 118, same dead stones 118
    expect(sameDead).toBeGreaterThanOrEqual(115);
    expect(sameScore).toBeGreaterThanOrEqual(114);
    expect(sameWinner).toBeGreaterThanOrEqual(116);
  });

  it('give the same dead stones as the web app\'s path (ai-worker deadStoneVertices on the setup its worker gets) on every finished game', async () => {
    const { deadStoneVertices } = await import('@qi/ai-worker');
    const go = gameDefinition('go');
    let same = 0, sameAsGnuGo = 0;
    for (const g of games) {
      const bytes = readFileSync(new URL(g.file, DATA));
      const r = await run(commands(readGoSgf(bytes), g.japanese_komi, ['final_status_list dead']));
      const gtp = r[r.length - 1].split(/\s+/).filter((t) => t !== '').sort();
      // The page sends its game as {game, rules, start, moves}, read from the SGF by the Go definition.
      const record = go.record!.read(bytes);
      const web = deadStoneVertices({ game: 'go', rules: record.rules, start: record.start, moves: record.moves }).sort();
      expect(web, g.file).toEqual(gtp);
      same++;
      if (JSON.stringify(web) === JSON.stringify([...g.japanese_dead].sort())) sameAsGnuGo++;
    }
    console.log(`GTP and the web app's dead stones: the same in ${same}/${games.length} finished games, GNU Go's in ${sameAsGnuGo}`);
    expect(same).toBe(119);
    // measured when written: 118 (the one policy's agreement with GNU Go, asserted at that floor)
    expect(sameAsGnuGo).toBeGreaterThanOrEqual(118);
  });

  it('lists the seki stones GNU Go lists (katsunari-gnugo2, the one shared game with seki), and seki boards', async () => {
    const g = games.find((x) => x.file.includes('katsunari-gnugo2'))!;
    const record = readGoSgf(readFileSync(new URL(g.file, DATA)));
    const r = await run(commands(record, g.japanese_komi, ['final_status_list dead', 'final_status_list seki', 'final_status_list alive']));
    const [dead, seki, alive] = r.slice(-3).map((t) => t.split(/\s+/).filter((v) => v !== ''));
    expect(dead.sort()).toEqual([...g.japanese_dead].sort());
    // GNU Go 3.8 `final_status_list seki` on this record (the engine's scoring test quotes the same list).
    expect(seki.sort()).toEqual('N7 N6 L5 M5 N5 K4 L4 N4 K3 J2 K2 M2 K1 L1 M1 N1 L3 M3 N3 N2'.split(' ').sort());
    for (const v of seki) expect(alive).not.toContain(v);
    // A seki of two chains sharing two liberties (the engine's scoring test board): nothing dead, 19 in seki.
    const rows = ['.XO.XO.', '.XO.XO.', '.XOOXO.', '.XOOXO.', '.XOOXO.', '.XOOXO.', '.XOOXO.'];
    const plays: string[] = [];
    rows.forEach((row, y) => [...row].forEach((c, x) => c !== '.' && plays.push(`play ${c === 'X' ? 'b' : 'w'} ${vertexToText(7, x, y)}`)));
    const b = await run(['boardsize 7', 'komi 0', ...plays, 'final_status_list dead', 'final_status_list seki', 'qi-rules scoring territory', 'final_score']);
    const [bDead, bSeki, , bScore] = b.slice(-4);
    expect(bDead).toBe('');
    expect(bSeki.split(/\s+/)).toHaveLength(19);
    expect(bScore).toBe('0');
  });

  it('loadsgf takes handicap stones and moves, up to a move number, and names what it cannot take', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qi-gtp-'));
    const file = join(dir, 'game.sgf');
    writeFileSync(file, '(;GM[1]SZ[9]KM[0.5]HA[2]AB[cc][gg];W[ee];B[ce];W[dd])');
    const bad = join(dir, 'bad.sgf');
    writeFileSync(bad, '(;GM[1]SZ[9];B[ee];W[ee])');
    const r = await run([`loadsgf ${file} 3`, 'showboard', `loadsgf ${file}`, 'final_score', 'undo', 'undo', 'undo', 'undo', `loadsgf ${bad}`, 'loadsgf /nonexistent/x.sgf', `loadsgf ${file} 0`]);
    expect(r[0]).toBe('');
    // Up to (not including) move 3: the handicap stones C7 and G3, White E5 and Black C5.
    expect(r[1].split('\n').slice(3, 7).join('\n')).toBe([' 7 . . X . . . . . .  7', ' 6 . . . . . . . . .  6', ' 5 . . X . O . . . .  5', ' 4 . . . . . . . . .  4'].join('\n'));
    expect(r[2]).toBe('');
    expect(r[3]).toMatch(/^[BW]\+\d+(\.5)?$|^0$/);
    expect(r.slice(4, 8)).toEqual(['', '', '', '? cannot undo']);
    expect(r[8]).toBe('? cannot load file: move 2 (E5) is illegal: occupied');
    expect(r[9]).toBe('? cannot load file');
    expect(r[10]).toBe('? syntax error');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { expandPointList, parsePoint, parseSgfGame } from '../sgf/index.js';
import { BLACK, WHITE } from './board.js';
import { GoPosition } from './position.js';
import type { KoRule } from './rules.js';

const DATA = new URL('../../../../../shared/data/go/', import.meta.url);

interface Replay {
  pos: GoPosition;
  moves: number;
  /** First refused move: its number (1-based, counting move nodes) and reason. */
  error: { move: number; vertex: string; reason: string | null } | null;
}

/** Replays an SGF main line (setup stones by setup, moves by playAs) under a ko rule, stopping at the first illegal move. */
function replay(file: string, ko: KoRule = 'simple'): Replay {
  const root = parseSgfGame(readFileSync(new URL(file, DATA)));
  const size = Number(root.get('SZ') ?? '19');
  const pos = new GoPosition({ size, ko });
  let moves = 0;
  for (const node of root.mainLine()) {
    for (const [id, stone] of [['AB', BLACK], ['AW', WHITE], ['AE', 0]] as const) {
      for (const pt of expandPointList(node.getAll(id), size)) pos.setup(pos.point(pt.col, pt.row), stone);
    }
    const pl = node.get('PL');
    if (pl) pos.setCurrentPlayer(/^w/i.test(pl) ? 1 : 0);
    for (const [id, player] of [['B', 0], ['W', 1]] as const) {
      const raw = node.get(id);
      if (raw === undefined) continue;
      moves++;
      let move = PASS;
      if (raw !== '' && !(raw === 'tt' && size <= 19)) {
        const pt = parsePoint(raw, size);
        move = pos.point(pt.col, pt.row);
      }
      const a = pos.analyze(move, player);
      if (!a.legal) return { pos, moves, error: { move: moves, vertex: pos.moveToText(move), reason: a.reason } };
      pos.playAs(player, move);
    }
  }
  return { pos, moves, error: null };
}

describe('Go replays the shared GNU Go records', () => {
  const expected = readFileSync(new URL('replay-expected.jsonl', DATA), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { file: string; errors: number; captures: [number, number] });

  it('all 320 games replay without error with GNU Go capture counts', () => {
    expect(expected.length).toBe(320);
    const wrong: string[] = [];
    for (const e of expected) {
      const r = replay(e.file);
      if (r.error) wrong.push(`${e.file}: move ${r.error.move} ${r.error.reason}`);
      else if (r.pos.captures(0) !== e.captures[0] || r.pos.captures(1) !== e.captures[1]) {
        wrong.push(`${e.file}: captures ${r.pos.captures(0)}/${r.pos.captures(1)}, GNU Go ${e.captures.join('/')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('positional and situational superko refuse the repetition at move 381 of gifu2006_gnugo-gorimu', () => {
    const file = 'gnugo-regression/19x19/gifu2006_gnugo-gorimu.sgf';
    for (const ko of ['positional', 'situational'] as const) {
      const r = replay(file, ko);
      expect(r.error, ko).toEqual({ move: 381, vertex: 'L7', reason: 'superko' });
    }
    expect(replay(file, 'simple').error).toBeNull();
  });

  it('judges the 11 CGOS superko cases as listed under each ko rule', () => {
    const data = JSON.parse(readFileSync(new URL('superko-cases.json', DATA), 'utf8')) as {
      cases: { file: string; color: string; move: string; legal_under: Record<string, boolean> }[];
    };
    expect(data.cases.length).toBe(11);
    const rules: [string, KoRule][] = [['positional_superko', 'positional'], ['situational_superko', 'situational'], ['simple_ko', 'simple']];
    for (const c of data.cases) {
      for (const [column, ko] of rules) {
        const r = replay(c.file, ko);
        expect(r.error, `${c.file} ${ko}`).toBeNull();
        const player = c.color === 'b' ? 0 : 1;
        const legal = r.pos.isLegalFor(player, r.pos.parseMove(c.move));
        expect(legal, `${c.file} ${c.color} ${c.move} under ${ko}`).toBe(c.legal_under[column]);
        const reason = r.pos.analyze(r.pos.parseMove(c.move), player).reason;
        if (c.file.endsWith('/58273.sgf')) expect(reason).toBe('ko');
        else if (c.file.endsWith('/60311.sgf')) expect(reason).toBe('suicide');
        else expect(reason).toBe(legal ? null : 'superko');
      }
    }
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS } from '../core/game.js';
import { SgfError } from '../sgf/error.js';
import { games } from '../games.js';
import { alternatingMoves, goDefinition as go } from './definition.js';
import { fixedHandicap } from './handicap.js';
import { readGoSgf, replayGo } from './sgf-go.js';
import { scoreArea } from './score.js';

const DATA = new URL('../../../../../shared/data/go/gnugo-regression/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, DATA));

describe('the Go definition: rules', () => {
  it('fills in the engine\'s defaults (19x19, area, komi 7.5, simple ko, no suicide, bonus n)', () => {
    expect(go.rules()).toEqual({ size: 19, komi: 7.5, ko: 'simple', suicide: false, scoring: 'area', handicapBonus: 'n' });
    expect(go.rules({ scoring: 'territory' })).toMatchObject({ komi: 6.5, handicapBonus: 'none' });
  });

  it('names the bad field', () => {
    expect(() => go.rules({ size: 30 })).toThrow('go rules.size: board size must be a whole number from 2 to 25, got 30');
    expect(() => go.rules({ komi: 0.3 })).toThrow('go rules.komi: komi must be a multiple of 0.5, got 0.3');
    expect(() => go.rules({ ko: 'super' })).toThrow('go rules.ko: ko rule must be simple, positional or situational, got super');
    expect(() => go.rules({ suicide: 'yes' })).toThrow('go rules.suicide: suicide must be true or false, got yes');
    expect(() => go.rules({ handicapBonus: 2 })).toThrow(/^go rules.handicapBonus: /);
    expect(() => go.rules({ sise: 9 })).toThrow('go rules: unknown field "sise" (known: size, komi, ko, suicide, scoring, handicapBonus)');
    expect(() => go.rules(9)).toThrow('go rules must be an object, got 9');
  });
});

describe('the Go definition: starts', () => {
  it('places handicap stones as a handicap: White to move, counted in the area score as the engine does', () => {
    const pos = go.create({ size: 9, komi: 0.5 }, { handicap: ['C3', 'G7'] });
    expect(pos.handicap).toBe(2);
    expect(pos.currentPlayer()).toBe(1);
    expect(pos.ply).toBe(0);
    const direct = go.create({ size: 9, komi: 0.5 });
    direct.placeHandicap(fixedHandicap(9, 2));
    expect(pos.toString()).toBe(direct.toString());
    expect(scoreArea(pos, []).handicapBonus).toBe(2);
    expect(pos.scoreMargin()).toBe(direct.scoreMargin());
  });

  it('places setup stones and the side to move; the start reads back', () => {
    const start = { black: ['C3', 'D4'], white: ['E5'], toMove: 'white' as const };
    const pos = go.create({ size: 9 }, start);
    expect(pos.handicap).toBe(0);
    expect(pos.stoneAt(pos.parseMove('E5'))).toBe(2);
    expect(pos.currentPlayer()).toBe(1);
    expect(go.startOf(pos)).toEqual({ black: ['D4', 'C3'], white: ['E5'], toMove: 'white' });
    // Handicap plus setup: the handicap count survives the round trip.
    const both = go.create({ size: 9 }, { handicap: ['C3', 'G7'], white: ['E5'], toMove: 'b' } as never);
    expect(both.currentPlayer()).toBe(0);
    const back = go.startOf(both)!;
    expect(back).toEqual({ handicap: ['G7', 'C3'], white: ['E5'], toMove: 'black' });
    expect(go.create({ size: 9 }, back).handicap).toBe(2);
  });

  it('refuses a bad start, naming the field', () => {
    const r = go.rules({ size: 9 });
    expect(() => go.start({ black: 'C3' }, r)).toThrow('go start.black must be a list of points, got "C3"');
    expect(() => go.start({ black: ['Z99'] }, r)).toThrow(/^go start.black: "Z99"/);
    expect(() => go.start({ black: ['pass'] }, r)).toThrow('go start.black: a pass is not a point');
    expect(() => go.start({ black: ['C3'], white: ['c3'] }, r)).toThrow('go start.white: point C3 is given twice (also in black)');
    expect(() => go.start({ handicap: ['C3'] }, r)).toThrow('go start.handicap: a handicap is 2 to 80 stones, got 1');
    expect(() => go.start({ toMove: 2 }, r)).toThrow('go start.toMove must be black or white, got 2');
    expect(() => go.start({ stones: [] }, r)).toThrow('go start: unknown field "stones" (known: handicap, black, white, toMove)');
    expect(() => go.create({ size: 9 }, { black: ['A1'], white: ['A2', 'B1'] })).toThrow('go start: the stones at A1 have no liberties');
  });
});

describe('the Go definition: moves where either colour may move', () => {
  it('puts a pass before a move out of turn, or drops the pass that would make two', () => {
    expect(alternatingMoves([{ player: 1, move: 10 }], 0)).toEqual({ moves: [PASS, 10], toMove: 0 });
    expect(alternatingMoves([{ player: 0, move: 10 }, { player: 1, move: PASS }, { player: 1, move: 11 }], 0)).toEqual({ moves: [10, 11], toMove: 0 });
    expect(alternatingMoves([{ player: 0, move: 10 }, { player: 0, move: 11 }], 0)).toEqual({ moves: [10, PASS, 11], toMove: 1 });
    // The colour asked to move last: a pass for the other, or the last pass dropped.
    expect(alternatingMoves([{ player: 0, move: 10 }], 0, 0)).toEqual({ moves: [10, PASS], toMove: 0 });
    expect(alternatingMoves([{ player: 0, move: 10 }, { player: 1, move: PASS }], 0, 1)).toEqual({ moves: [10], toMove: 1 });
  });
});

describe('the Go definition: SGF records (shared data)', () => {
  const records = ['9x9/9x9-1.sgf', 'scoring/score44.sgf', 'scoring/score43.sgf', '13x13/mertin13x13_goliath-gnugo3.W+0.sgf', 'cgos/13435.sgf'];

  it.each(records)('%s: the start and moves give replayGo\'s final board; written and read back the same', (name) => {
    const bytes = file(name);
    const rec = go.record.read(bytes);
    const pos = go.create(rec.rules, rec.start);
    for (const m of rec.moves) pos.play(m);
    const replay = replayGo(readGoSgf(bytes), { ko: rec.rules.ko, suicide: rec.rules.suicide, scoring: rec.rules.scoring });
    expect(replay.errors).toEqual([]);
    expect(pos.toString()).toBe(replay.position.toString());
    expect(pos.handicap).toBe(replay.position.handicap);
    expect([pos.captures(0), pos.captures(1)]).toEqual([replay.position.captures(0), replay.position.captures(1)]);
    const text = go.record.write(rec);
    const back = go.record.read(text);
    expect(back).toEqual(rec);
    expect(go.record.write(back)).toBe(text);
  });

  it('reads game information, rules from RU and KM, HA stones as a handicap', () => {
    const rec = go.record.read(file('scoring/score44.sgf'));
    expect(rec.rules).toMatchObject({ size: 9, komi: 0.5 });
    expect(rec.start).toEqual({ handicap: ['C7', 'G7', 'C3', 'G3'] });
    expect(rec.players).toEqual(['merlin', 'GnuGo (GNU Go 3.1.29)']);
    expect(rec.result).toBe('B+76.5');
    expect(rec.info).toMatchObject({ DT: '2002-03-27', PC: 'NNGS', BR: '21k', WR: '13k*' });
    expect(rec.moves.slice(0, 1).map((m) => go.create({ size: 9 }).moveToText(m))).toEqual(['C5']);
    const cgos = go.record.read(file('cgos/13435.sgf'));
    expect(cgos.rules).toMatchObject({ scoring: 'area', ko: 'positional', suicide: true });
    expect(cgos.info?.RU).toBeDefined();
  });

  it('keeps the two passes that end a record, so the game read is over (GNU Go records end B[tt];W[tt])', () => {
    const rec = go.record.read('(;SZ[9];B[ee];W[cc];B[tt];W[tt])');
    expect(rec.moves.slice(-2)).toEqual([PASS, PASS]);
    expect(games.position({ game: 'go', rules: rec.rules, moves: rec.moves.map((m) => go.create({ size: 9 }).moveToText(m)) }).isTerminal()).toBe(true);
    // A pass pair in the middle still folds (play goes on), and one closing pass stays one pass.
    const middle = go.record.read('(;SZ[9];B[ee];W[tt];B[tt];W[cc];B[tt])');
    expect(middle.moves.filter((m) => m === PASS)).toHaveLength(1);
    const onePass = go.record.read('(;SZ[9];B[ee];W[tt])');
    expect(onePass.moves).toHaveLength(2);
    // Three closing passes (B[];W[];B[], as in 9x9-1.sgf): the list ends with two, not three (a pass after the end).
    const three = go.record.read('(;SZ[9];B[ee];W[cc];B[]C[b];W[]C[w];B[]C[b again])');
    expect(three.moves.slice(2)).toEqual([PASS, PASS]);
    // Black's first pass folds away (its comment joins C7's); the passes kept are Black's last and White's.
    expect(three.comments).toEqual([undefined, 'b', 'b again', 'w']);
    expect(games.position({ game: 'go', rules: three.rules, moves: three.moves }).isTerminal()).toBe(true);
    for (const file2 of ['9x9/olympiad2002_game2-9-gnugo-goint-0-1.sgf', '9x9/9x9-1.sgf', '13x13/mertin13x13_GAGN2.sgf']) {
      const r = go.record.read(file(file2));
      expect(games.position({ game: 'go', rules: r.rules, start: r.start, moves: r.moves.map((m) => go.create({ size: r.rules.size }).moveToText(m)) }).isTerminal()).toBe(true);
    }
  });

  it('refuses setup after the root, naming the node', () => {
    expect(() => go.record.read('(;SZ[9];B[ee];AB[cc];W[dd])')).toThrow(SgfError);
    expect(() => go.record.read('(;SZ[9];B[ee];AB[cc];W[dd])')).toThrow(/node 3/);
  });

  it('writes RU for the rule sets SGF names and PL when the side to move is not the natural one', () => {
    const text = go.record.write({ rules: go.rules({ size: 9, ko: 'positional' }), start: { black: ['E5'], toMove: 'white' }, moves: [] });
    expect(text).toContain('RU[Chinese]');
    expect(text).toContain('PL[W]');
    expect(text).toContain('AB[ee]');
    expect(go.record.read(text).start).toEqual({ black: ['E5'], toMove: 'white' });
  });
});

describe('the Go definition: comments in SGF records', () => {
  const tricky = ['黑棋这手好棋！', 'a ] bracket, a \\ backslash, \\] both', 'two\nlines\n\nand a blank one', '', '白 [W] 认输\\'];

  it('writes each comment as the C of its move and reads them back equal, escaped and in UTF-8', () => {
    const probe = go.create({ size: 9 });
    const moves = ['E5', 'C3', 'pass', 'G7', 'D4', 'pass', 'pass'].map((t) => probe.parseMove(t));
    const comments = [tricky[0], undefined, tricky[1], tricky[2], tricky[3], tricky[4], '终局'];
    const rec = { rules: go.rules({ size: 9 }), moves, comments, info: { C: '根 ] \\ 注释' } };
    const text = go.record.write(rec);
    expect(text).toContain('CA[UTF-8]');
    expect(text).toContain('C[a \\] bracket, a \\\\ backslash, \\\\\\] both]');
    const back = go.record.read(new TextEncoder().encode(text));
    expect(back.comments).toEqual(comments);
    expect(back.comments).toHaveLength(moves.length);
    expect(back.info?.C).toBe('根 ] \\ 注释');
    expect(back.moves).toEqual(moves);
    expect(go.record.write(back)).toBe(text);
    // Fewer comments than moves: the rest have none, read back as one entry per move.
    const short = go.record.read(go.record.write({ rules: rec.rules, moves, comments: [undefined, 'C3?'] }));
    expect(short.comments).toEqual([undefined, 'C3?', undefined, undefined, undefined, undefined, undefined]);
    // No comments (or only empty entries): no C anywhere, the text as before, no comments read.
    const plain = go.record.write({ rules: rec.rules, moves });
    expect(go.record.write({ rules: rec.rules, moves, comments: [undefined, null as never] })).toBe(plain);
    expect(plain).not.toContain('C[');
    expect(go.record.read(plain).comments).toBeUndefined();
  });

  it('refuses comments that are not text or outnumber the moves, naming the index', () => {
    const rules = go.rules({ size: 9 });
    expect(() => go.record.write({ rules, moves: [40], comments: [5 as never] })).toThrow('go record.comments[0] (move 1) must be text, got 5');
    expect(() => go.record.write({ rules, moves: [40], comments: ['a', 'b'] })).toThrow('go record.comments has 2 entries for 1 moves');
  });

  it('keeps comments on their moves where passes are added or folded; a folded pass\'s or a moveless node\'s comment joins the move before', () => {
    const probe = go.create({ size: 9 });
    const text = (rec: ReturnType<typeof go.record.read>) => rec.moves.map((m) => probe.moveToText(m));
    // White moves twice: a pass is added for Black between, without a comment.
    const added = go.record.read('(;SZ[9]C[start];B[ee]C[one];W[cc]C[two];W[gg]C[three])');
    expect(text(added)).toEqual(['E5', 'C7', 'pass', 'G3']);
    expect(added.comments).toEqual(['one', 'two', undefined, 'three']);
    // A pass pair in the middle folds: the passes' comments join the comment of the move before.
    const folded = go.record.read('(;SZ[9];B[ee]C[e5];W[tt]C[W passes];B[tt]C[B passes];W[cc]C[c7])');
    expect(text(folded)).toEqual(['E5', 'C7']);
    expect(folded.comments).toEqual(['e5\n\nW passes\n\nB passes', 'c7']);
    // A node without a move: its comment joins the move before it, or the root's comment before the first move.
    const moveless = go.record.read('(;SZ[9]C[root];C[before any move];B[ee];;C[after E5];W[cc])');
    expect(moveless.info?.C).toBe('root\n\nbefore any move');
    expect(moveless.comments).toEqual(['after E5', undefined]);
    // The two passes that end a game keep theirs.
    const end = go.record.read('(;SZ[9];B[ee];W[cc];B[tt]C[B passes];W[tt]C[game over])');
    expect(text(end)).toEqual(['E5', 'C7', 'pass', 'pass']);
    expect(end.comments).toEqual([undefined, undefined, 'B passes', 'game over']);
  });

  it('GNU Go records of the shared data: comments of the main line on their moves, round-tripped', () => {
    const aya = go.record.read(file('9x9/olympiad2006_9x9_aya-gnu.sgf'));
    expect(aya.comments).toHaveLength(aya.moves.length);
    const pos = go.create(aya.rules, aya.start);
    const said = aya.comments!.flatMap((c, i) => (c === undefined ? [] : [[i + 1, pos.moveToText(aya.moves[i]), c]]));
    expect(said).toEqual([
      [16, 'C5', 'bbbbbbbbbbaaaaaaaa\n\nGNU Go never play this kind of ko :('],
      [30, 'F6', 'Baaaaaahhhhhhhhhh again |'],
      [44, 'C7', 'ouch'],
    ]);
    // Main line with variations, Black moving twice around empty nodes, and a result comment on the last (moveless) node.
    const goliath = go.record.read(file('13x13/mertin13x13_gnugo-goliath2.W+38.sgf'));
    const c = goliath.comments!;
    expect(c.filter((x) => x !== undefined)).toHaveLength(9);
    expect(c[64]).toBe(' I think B leads by ca. 30 points...');
    expect(c[66]).toBe(' ??');
    expect(c[c.length - 1]).toBe('W+38.5');
    for (const rec of [aya, goliath]) {
      const text = go.record.write(rec);
      const back = go.record.read(text);
      expect(back).toEqual(rec);
      expect(go.record.write(back)).toBe(text);
    }
  });

  it('still names what is wrong in a malformed record with comments', () => {
    expect(() => go.record.read('(;SZ[9];B[ee]C[unclosed')).toThrow(SgfError);
    expect(() => go.record.read('(;SZ[9];B[ee]C[fine];W[zz]C[bad point])')).toThrow(/move 2: W\[zz\]/);
  });
});

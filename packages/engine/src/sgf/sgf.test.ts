import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeSimpleText,
  decodeText,
  escapeText,
  expandPointList,
  parsePoint,
  parseSgf,
  parseSgfGame,
  pointText,
  SgfError,
  SgfNode,
  splitCompose,
  writeSgf,
} from './index.js';

const DATA = new URL('../../../../../shared/data/go/gnugo-regression/', import.meta.url);

/** Same shape, identifiers and raw values (CA excepted, which the writer sets); iterative. */
function sameTree(a: SgfNode, b: SgfNode): boolean {
  const stack: [SgfNode, SgfNode][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    const px = x.properties().filter(([id]) => id !== 'CA');
    const py = y.properties().filter(([id]) => id !== 'CA');
    if (JSON.stringify(px) !== JSON.stringify(py)) return false;
    if (x.children.length !== y.children.length) return false;
    x.children.forEach((c, k) => stack.push([c, y.children[k]]));
  }
  return true;
}

/** Bytes from ASCII strings and single byte values. */
function bytes(...parts: (string | number)[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'number') out.push(p);
    else for (const c of p) out.push(c.charCodeAt(0));
  }
  return Uint8Array.from(out);
}

function errorOf(f: () => unknown): SgfError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SgfError);
    return e as SgfError;
  }
  throw new Error('expected an SgfError');
}

describe('SGF reading', () => {
  it('reads properties, the main line and variations as a tree', () => {
    const root = parseSgfGame('(;GM[1]FF[4]SZ[9]AB[aa][bb];B[cc](;W[dd];B[])(;W[ee]C[two]))');
    expect(root.get('SZ')).toBe('9');
    expect(root.getAll('AB')).toEqual(['aa', 'bb']);
    expect(root.mainLine().map((n) => n.get('B') ?? n.get('W') ?? '-')).toEqual(['-', 'cc', 'dd', '']);
    const branch = root.children[0];
    expect(branch.children).toHaveLength(2);
    expect(branch.children[1].get('W')).toBe('ee');
    expect(branch.children[1].text('C')).toBe('two');
    expect(branch.children[1].parent).toBe(branch);
    expect([...root.walk()].length).toBe(5);
  });

  it('records where each node starts', () => {
    const root = parseSgfGame('(;GM[1]\n  ;B[aa]\r\n;W[bb])');
    const [, b, w] = root.mainLine();
    expect([root.line, root.column, b.line, b.column, w.line, w.column]).toEqual([1, 2, 2, 3, 3, 1]);
  });

  it('reads a collection of several games and skips text around them', () => {
    const { trees, charset } = parseSgf('header text\n(;GM[1];B[aa])\n\n(;GM[4];W[hh])trailer');
    expect(trees.map((t) => t.get('GM'))).toEqual(['1', '4']);
    expect(charset).toBe('text');
  });

  it('keeps escapes raw and decodes Text and SimpleText', () => {
    const root = parseSgfGame('(;C[a \\] b \\\\ c\\\nd\te\nf]PB[x\\\ny\nz]LB[dd:1\\:2])');
    expect(root.get('C')).toBe('a \\] b \\\\ c\\\nd\te\nf');
    expect(root.text('C')).toBe('a ] b \\ cd e\nf');
    expect(root.simpleText('PB')).toBe('xy z');
    expect(splitCompose(root.get('LB')!)).toEqual(['dd', '1\\:2']);
    expect(decodeSimpleText(splitCompose(root.get('LB')!)![1])).toBe('1:2');
    expect(splitCompose('aa')).toBeNull();
    expect(decodeText('a\r\nb\\\r\nc')).toBe('a\nbc');
    expect(escapeText('a]b\\c:d', true)).toBe('a\\]b\\\\c\\:d');
  });

  it('accepts FF[3] identifiers with lower-case letters and merges repeated properties', () => {
    const root = parseSgfGame('(;AddBlack[aa]AB[bb] GaMe[1])');
    expect(root.getAll('AB')).toEqual(['aa', 'bb']);
    expect(root.get('GM')).toBe('1');
  });

  it('decodes bytes as ISO-8859-1 without CA, by CA otherwise, UTF-8 after a BOM', () => {
    const latin = bytes('(;C[caf', 0xe9, 0x80, '])');
    const a = parseSgf(latin);
    expect(a.charset).toBe('ISO-8859-1');
    expect(a.trees[0].text('C')).toBe('caf\u00e9\u0080');
    const utf8 = new TextEncoder().encode('(;CA[UTF-8]PB[李昌镐];B[aa])');
    expect(parseSgfGame(utf8).simpleText('PB')).toBe('李昌镐');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('(;PW[é])')]);
    expect(parseSgfGame(bom).simpleText('PW')).toBe('é');
    // CA[Latin-1] names ISO-8859-1 too, and an unknown label falls back to it
    expect(parseSgfGame(bytes('(;CA[Latin-1]C[', 0xe8, '])')).text('C')).toBe('è');
    expect(parseSgf(bytes('(;CA[no-such-charset]C[', 0xe8, '])')).charset).toBe('ISO-8859-1');
  });

  it('decodes Shift_JIS, whose second bytes may look like "]" or "\\"', () => {
    // 表 is 0x95 0x5C in Shift_JIS: the second byte is a backslash when read as ASCII
    const sjis = bytes('(;CA[Shift_JIS]PB[', 0x95, 0x5c, '])');
    expect(parseSgfGame(sjis).simpleText('PB')).toBe('表');
  });

  it('reads the Latin-1 comment of egc2001_tg-gg.sgf (no CA)', () => {
    const root = parseSgfGame(readFileSync(new URL('19x19/egc2001_tg-gg.sgf', DATA)));
    expect(root.text('C')).toContain('Fichier SGF créé par TurboGo');
  });
});

describe('SGF errors name the line and column', () => {
  const cases: [string, string, number, number][] = [
    ['(;B[aa]', 'unclosed', 1, 8],
    ['(;B[aa', 'unclosed "["', 1, 7],
    ['(;B[aa])\n)', '', 0, 0],
    ['(;GM[1]\n;B[aa]]))', 'unexpected "]"', 2, 7],
    ['(;GM[1]\n;1B[aa])', 'unexpected "1"', 2, 2],
    ['(;GM[1] B;W[aa])', 'has no value', 1, 10],
    ['(;gm[1])', 'bad property identifier "gm"', 1, 3],
    ['(;GM[1]())', 'empty game tree', 1, 9],
    ['(;GM[1](;B[aa]);W[bb])', 'a node cannot follow a variation', 1, 16],
    ['((;GM[1]))', 'expected ";"', 1, 2],
    ['no tree at all', 'no game tree', 1, 15],
    ['', 'no game tree', 1, 1],
  ];
  for (const [text, message, line, column] of cases) {
    it(JSON.stringify(text), () => {
      if (message === '') {
        expect(parseSgf(text).trees).toHaveLength(1); // a stray ')' after the last tree is ignored
        return;
      }
      const e = errorOf(() => parseSgf(text));
      expect(e.message).toContain(message);
      expect([e.line, e.column]).toEqual([line, column]);
    });
  }

  it('refuses files over the size limit and too many nodes', () => {
    expect(errorOf(() => parseSgf(new Uint8Array(9 * 1024 * 1024))).message).toContain('too large');
    expect(errorOf(() => parseSgf('(' + ';'.repeat(2000) + ')', { maxNodes: 1000 })).message).toContain('too many nodes');
    expect(errorOf(() => parseSgf('(;' + 'A'.repeat(100) + '[])')).message).toContain('too long');
  });

  it('survives 100,000 nested variations, reading and writing, without recursion', () => {
    const depth = 100_000;
    const text = '(;GM[1]' + '(;B[aa]'.repeat(depth) + ')'.repeat(depth + 1);
    const root = parseSgfGame(text);
    let n = 0;
    for (const _ of root.walk()) n++;
    expect(n).toBe(depth + 1);
    const again = parseSgfGame(writeSgf(root));
    expect(sameTree(root, again)).toBe(true);
    const unclosed = errorOf(() => parseSgf('(;GM[1]' + '(;B[aa]'.repeat(depth)));
    expect(unclosed.message).toContain(`${depth + 1} unclosed "("`);
  });

  it('fails fast on hostile brackets and backslashes', () => {
    const t0 = performance.now();
    errorOf(() => parseSgf('(;C[' + '\\]'.repeat(1_000_000)));
    errorOf(() => parseSgf('('.repeat(1_000_000)));
    // Linear scans take milliseconds, a quadratic one hours: the bound is generous for any machine, the time printed.
    const ms = performance.now() - t0;
    console.log(`two hostile 1,000,000-character inputs rejected in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(5000);
  });
});

describe('SGF points', () => {
  it('parses, writes and expands points', () => {
    expect(parsePoint('dc', 19)).toEqual({ col: 3, row: 2 });
    expect(parsePoint('AA', 52)).toEqual({ col: 26, row: 26 });
    expect(pointText(3, 2)).toBe('dc');
    expect(pointText(30, 0)).toBe('Ea');
    expect(() => pointText(52, 0)).toThrow(RangeError);
    expect(() => parsePoint('tt', 19)).toThrow(/off the 19x19 board/);
    expect(() => parsePoint('a1', 19)).toThrow(SgfError);
    expect(() => parsePoint('abc', 19)).toThrow(/not an SGF point/);
    expect(expandPointList(['aa:bb', 'dd'], 9)).toEqual([
      { col: 0, row: 0 },
      { col: 1, row: 0 },
      { col: 0, row: 1 },
      { col: 1, row: 1 },
      { col: 3, row: 3 },
    ]);
    expect(() => expandPointList(['bb:aa'], 9)).toThrow(/not a rectangle/);
  });
});

describe('SGF writing', () => {
  it('writes UTF-8 with CA[UTF-8], escapes stray brackets and wraps lines', () => {
    const root = new SgfNode().set('FF', '4').set('GM', '1').set('CA', 'Latin-1').set('SZ', '19').setText('C', 'a]b\\');
    let n = root;
    for (let k = 0; k < 60; k++) n = n.appendChild().set(k % 2 ? 'W' : 'B', pointText(k % 19, (k * 7) % 19));
    root.children[0].appendChild().set('W', 'aa');
    const text = writeSgf(root);
    expect(text.startsWith('(;FF[4]GM[1]CA[UTF-8]SZ[19]C[a\\]b\\\\]\n')).toBe(true);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    const back = parseSgfGame(text);
    expect(back.text('C')).toBe('a]b\\');
    expect(back.get('CA')).toBe('UTF-8');
    expect(sameTree(root, back)).toBe(true);
    expect(back.children[0].children).toHaveLength(2);
    expect(() => new SgfNode().set('b', 'aa')).toThrow(RangeError);
  });

  it('round-trips all 320 shared game records: parse → write → parse gives the same tree', () => {
    let files = 0;
    for (const dir of ['9x9', '13x13', '19x19', 'cgos', 'scoring']) {
      for (const name of readdirSync(new URL(dir + '/', DATA))) {
        const col = parseSgf(readFileSync(new URL(`${dir}/${name}`, DATA)));
        const text = writeSgf(col.trees);
        const again = parseSgf(new TextEncoder().encode(text));
        expect(again.charset).toBe('UTF-8');
        expect(again.trees.length).toBe(col.trees.length);
        col.trees.forEach((t, k) => expect(sameTree(t, again.trees[k]), `${dir}/${name}`).toBe(true));
        files++;
      }
    }
    expect(files).toBe(320);
  });
});

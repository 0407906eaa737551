import { readFileSync, readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { servePiskvork } from './server.js';

const dir = new URL('./fixtures/', import.meta.url);

/** Runs a whole input through a brain and returns its answer lines. */
async function run(input: string): Promise<string[]> {
  const stream = new PassThrough();
  let out = '';
  const done = servePiskvork(stream, (t) => (out += t), { maxTimeMs: 300 });
  stream.end(input);
  await done;
  return out.split('\n').slice(0, -1);
}

describe('qi piskvork transcripts', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.pisk.txt'));
  for (const file of files) {
    it(file, async () => {
      const input: string[] = [];
      const expected: { exact?: string; pattern?: RegExp; line: number }[] = [];
      readFileSync(new URL(file, dir), 'utf8')
        .split('\n')
        .forEach((l, i) => {
          if (l === '' || l.startsWith(';;')) return;
          if (l.startsWith('> ')) input.push(l.slice(2));
          else if (l.startsWith('< ')) expected.push({ exact: l.slice(2), line: i + 1 });
          else if (l.startsWith('~ ')) expected.push({ pattern: new RegExp(l.slice(2)), line: i + 1 });
          else throw new Error(`${file}:${i + 1}: a transcript line starts with '> ', '< ', '~ ' or ';;'`);
        });
      const out = await run(input.map((l) => l + '\n').join(''));
      expect(out.length, out.join('\n')).toBe(expected.length);
      expected.forEach((e, i) => {
        if (e.exact !== undefined) expect(out[i], `${file}:${e.line}`).toBe(e.exact);
        else expect(out[i], `${file}:${e.line}`).toMatch(e.pattern!);
      });
    });
  }

  it('ends on END and on end of input, answering nothing after END', async () => {
    expect(await run('START 15\nEND\nABOUT\n')).toEqual(['OK']);
    expect(await run('START 15\r\nRESTART')).toEqual(['OK', 'OK']);
  });
});

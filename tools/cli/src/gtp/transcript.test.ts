import { readFileSync, readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { serveGtp } from './server.js';

// Transcripts are sent whole (as a pipelining controller would) and the output must match exactly.
const dir = new URL('./fixtures/', import.meta.url);

interface Transcript {
  input: string;
  expected: string;
}

function readTranscript(name: string): Transcript {
  const input: string[] = [];
  const expected: string[] = [];
  readFileSync(new URL(name, dir), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line === '' || line.startsWith(';;')) return;
      if (line === '>' || line.startsWith('> ')) input.push(line.slice(2));
      else if (line === '<' || line.startsWith('< ')) expected.push(line.slice(2));
      else throw new Error(`${name}:${i + 1}: a transcript line starts with '> ', '< ' or ';;'`);
    });
  return { input: input.map((l) => l + '\n').join(''), expected: expected.map((l) => l + '\n').join('') };
}

const running: Promise<void>[] = [];
afterAll(async () => {
  await Promise.all(running);
});

/** Runs a whole transcript through a server and returns everything it wrote. */
async function run(input: string): Promise<string> {
  const stream = new PassThrough();
  let out = '';
  const done = serveGtp(stream, (t) => (out += t));
  running.push(done);
  stream.end(input);
  await done;
  return out;
}

describe('qi gtp transcripts', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.gtp.txt'));
  it('has transcripts', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
  });
  for (const file of files) {
    it(file, async () => {
      const t = readTranscript(file);
      expect(await run(t.input)).toBe(t.expected);
    });
  }

  it('survives garbage: control characters, long lines, binary noise, CRLF, a missing final newline', async () => {
    const noise = ['\x00\x01\x02', 'é∂ƒ 😀', 'x'.repeat(100_000), '=1 2', '? oops', '\r', '12345', '-1 name', 'play', 'genmove', 'genmove q'];
    const out = await run(noise.join('\n') + '\n1 name\r\n2 protocol_version');
    expect(out.endsWith('=1 Qi\n\n=2 2\n\n')).toBe(true);
    // One response per line that carries a command (the empty and the lone-CR lines carry none).
    expect(out.match(/^[=?]/gm)?.length).toBe(noise.length - 2 + 2);
    expect(out).toContain('?12345 unknown command\n\n');
    expect(out).toContain('? syntax error\n\n');
    expect(out).toContain('? invalid color\n\n');
  });
});

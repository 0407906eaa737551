import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { parseCommandLine } from './framing.js';
import { serveGtp } from './server.js';

// Random command lines from GTP's vocabulary with random, often wrong, arguments: one response each, no crash.
const NAMES = [
  'boardsize', 'clear_board', 'komi', 'play', 'undo', 'showboard', 'fixed_handicap', 'place_free_handicap',
  'set_free_handicap', 'final_score', 'final_status_list', 'time_settings', 'time_left', 'kgs-time_settings',
  'qi-level', 'qi-rules', 'known_command', 'name', 'frobnicate', 'list_commands', 'protocol_version',
];
const WORDS = ['b', 'w', 'black', 'x', 'A1', 'E5', 'T19', 'I3', 'pass', 'PASS', 'j9', '0', '1', '2', '5', '9', '19', '26', '-3', '6.5', '0.25', 'ko', 'simple', 'positional', 'scoring', 'territory', 'suicide', 'on', 'dead', 'alive', 'seki', 'absolute', 'byoyomi', '#', '\t', 'é'];

function randomLine(rng: Rng): string {
  const parts: string[] = [];
  if (rng.float() < 0.3) parts.push(String(rng.int(1000)));
  parts.push(NAMES[rng.int(NAMES.length)]);
  const n = rng.int(4);
  for (let i = 0; i < n; i++) parts.push(WORDS[rng.int(WORDS.length)]);
  return parts.join(' ');
}

describe('qi gtp fuzz', () => {
  it('answers every one of 3000 random command lines once, with its id, and keeps going', async () => {
    const rng = new Rng(20261129);
    const lines = Array.from({ length: 3000 }, () => randomLine(rng));
    const input = new PassThrough();
    let out = '';
    const done = serveGtp(input, (t) => (out += t));
    input.end(lines.join('\n') + '\n1 name\n');
    await done;
    const commands = lines.map(parseCommandLine).filter((c) => c !== null);
    const heads = out.match(/^[=?]\d*/gm) ?? [];
    expect(heads).toHaveLength(commands.length + 1);
    commands.forEach((c, i) => expect(heads[i].slice(1), lines[i]).toBe(c!.id));
    expect(out.endsWith('=1 Qi\n\n')).toBe(true);
    expect(out).not.toContain('internal error');
  });
});

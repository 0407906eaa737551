import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Rng } from '@qi/engine';
import { servePiskvork } from './server.js';

// Random manager lines, mostly malformed: every answer is a move, OK, ERROR, UNKNOWN or ABOUT, nothing crashes.
const WORDS = ['START', 'RESTART', 'BEGIN', 'TURN', 'BOARD', 'DONE', 'INFO', 'TAKEBACK', 'ABOUT', 'RECTSTART', 'PLAY', 'turn', 'SWAP2BOARD', ''];
const ARGS = ['15', '20', '4', '7,7', '0,0', '14,14', '15,15', '-1,3', 'x,y', '3', '1,1,1', '2,2,2', '3,3,3', '5,5,9', 'timeout_turn 50', 'rule 4', 'rule 1', 'rule 8', 'time_left 30', 'max_memory 0', 'folder /x', ''];

describe('qi piskvork fuzz', () => {
  it('answers 600 random lines without crashing', async () => {
    const rng = new Rng(4242);
    const lines: string[] = ['START 15'];
    for (let i = 0; i < 600; i++) {
      const w = WORDS[rng.int(WORDS.length)];
      lines.push(w === 'INFO' ? `INFO ${ARGS[rng.int(ARGS.length)]}` : `${w} ${ARGS[rng.int(ARGS.length)]}`.trim());
    }
    lines.push('DONE', 'END', 'ABOUT');
    const input = new PassThrough();
    let out = '';
    const done = servePiskvork(input, (t) => (out += t), { level: 1, maxTimeMs: 30 });
    input.end(lines.join('\n') + '\n');
    await done;
    const answers = out.split('\n').slice(0, -1);
    expect(answers.length).toBeGreaterThan(100);
    for (const a of answers) expect(a).toMatch(/^(OK|\d{1,2},\d{1,2}|ERROR .+|UNKNOWN .+|name=".*)$/);
    expect(out).not.toContain('internal');
  });
});

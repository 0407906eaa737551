import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { GomokuPosition } from '@qi/engine';
import { qiArgs } from '../testing/spawn.js';

/** A brain process answering one line per request. */
class Brain {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly lines: string[] = [];
  private waiting: (() => void) | null = null;
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    this.child = spawn(process.execPath, qiArgs(...args));
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d: string) => {
      this.buffer += d;
      let nl;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, nl));
        this.buffer = this.buffer.slice(nl + 1);
      }
      this.waiting?.();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  send(line: string): void {
    this.child.stdin.write(line + '\n');
  }

  /** The next answer line (MESSAGE/DEBUG lines skipped), within `timeoutMs`. */
  async answer(timeoutMs = 20_000): Promise<string> {
    const t0 = performance.now();
    for (;;) {
      const l = this.lines.shift();
      if (l !== undefined && !/^(MESSAGE|DEBUG)\b/.test(l)) return l;
      if (l !== undefined) continue;
      if (performance.now() - t0 > timeoutMs) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        this.waiting = r;
        setTimeout(r, 50);
      });
    }
  }

  async request(line: string): Promise<string> {
    this.send(line);
    return this.answer();
  }

  kill(): void {
    this.child.kill();
  }
}

const brains: Brain[] = [];
afterAll(() => brains.forEach((b) => b.kill()));

/** Plays one game between two brains; returns the final position and the longest answer time. */
async function playGame(rule: number, size: number, turnMs: number): Promise<{ pos: GomokuPosition; worstMs: number; plies: number }> {
  const pair = [new Brain(['piskvork', '--level', '6']), new Brain(['piskvork', '--level', '6'])];
  brains.push(...pair);
  for (const b of pair) {
    b.send(`INFO rule ${rule}`);
    b.send(`INFO timeout_turn ${turnMs}`);
    b.send('INFO timeout_match 0');
    expect(await b.request(`START ${size}`)).toBe('OK');
  }
  const pos = new GomokuPosition({ size, rule: rule === 4 ? 'renju' : rule === 1 ? 'standard' : 'freestyle' });
  let worstMs = 0;
  let last = '';
  while (!pos.isTerminal()) {
    const mover = pair[pos.ply % 2];
    const t0 = performance.now();
    const answer = await mover.request(pos.ply === 0 ? 'BEGIN' : `TURN ${last}`);
    worstMs = Math.max(worstMs, performance.now() - t0);
    const m = /^(\d+),(\d+)$/.exec(answer);
    expect(m, `answer "${answer}" at ply ${pos.ply}`).not.toBeNull();
    const [x, y] = [Number(m![1]), Number(m![2])];
    const p = pos.geo.point(x, size - 1 - y);
    // Occupied points and, under renju, black's forbidden points are not legal.
    expect(pos.isLegal(p), `${answer} at ply ${pos.ply}`).toBe(true);
    pos.play(p);
    last = answer;
  }
  for (const b of pair) b.send('END');
  for (const b of pair) expect(await b.exited).toBe(0);
  return { pos, worstMs, plies: pos.ply };
}

describe('pbrain-qi', () => {
  it('is qi piskvork under the name the Gomocup manager runs', async () => {
    const register = new URL('../testing/register.mjs', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', register, new URL('../pbrain.ts', import.meta.url).pathname, '--max-time-ms', '100']);
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.end('START 15\nBEGIN\nTURN 8,8\nEND\n');
    expect(await exited).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['OK', '7,7']);
    expect(lines[2]).toMatch(/^\d{1,2},\d{1,2}$/);
  });
});

describe('two qi piskvork processes', () => {
  it('play complete freestyle and renju games within the turn time', async () => {
    const turnMs = 300;
    for (const [rule, size] of [[0, 15], [4, 15], [1, 20]] as const) {
      const g = await playGame(rule, size, turnMs);
      const r = g.pos.result();
      console.log(`rule ${rule} on ${size}x${size}: ${g.plies} plies, ${r === 0 ? 'first player' : r === 1 ? 'second player' : 'draw'}; slowest answer ${g.worstMs.toFixed(0)} ms (turn limit ${turnMs} ms)`);
      expect([0, 1, 2]).toContain(r);
      // The first answer includes the worker thread's start when the manager sends no START time; it has START.
      expect(g.worstMs).toBeLessThan(turnMs + 600);
    }
  });
});

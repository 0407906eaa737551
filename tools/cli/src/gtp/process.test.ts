import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { qiArgs } from '../testing/spawn.js';

// The bench's GTP controller and GNU Go launcher, loaded by path: they belong to apps/bench, not to this package.
interface Client {
  send(command: string, timeoutMs?: number): Promise<string>;
  close(graceMs?: number): Promise<void>;
}
interface ClientModule {
  GtpClient: { start(executable: string, args: readonly string[], options?: Record<string, unknown>): Client };
  GtpFailure: new (...a: never[]) => Error;
}
const bench = new URL('../../../../apps/bench/src/gtp/', import.meta.url);
const { GtpClient } = (await import(new URL('client.ts', bench).href)) as ClientModule;
const { startGnuGo } = (await import(new URL('gnugo.ts', bench).href)) as { startGnuGo(args: readonly string[], o?: Record<string, unknown>): Client };

const open: Client[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

function startQi(...args: string[]): Client {
  const c = GtpClient.start(process.execPath, qiArgs('gtp', ...args), { name: 'qi', commandTimeoutMs: 30_000 });
  open.push(c);
  return c;
}

/** Starts `qi gtp`, measures the time to its first answer, quits (after thinking when asked) and waits for the exit. */
async function startAndQuit(think: boolean): Promise<{ firstMs: number; exitMs: number; code: number | null }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, qiArgs('gtp', '--level', '1'), { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let firstMs = -1;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (out.includes(text)) {
          child.stdout.off('data', check);
          resolve();
        }
      };
      child.stdout.on('data', check);
      check();
    });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    if (firstMs < 0) firstMs = performance.now() - t0;
    out += d;
  });
  child.stdin.write('1 protocol_version\n');
  await waitFor('=1 2\n\n');
  if (think) {
    child.stdin.write('2 boardsize 9\n3 genmove b\n');
    await waitFor('=3 ');
  }
  const tq = performance.now();
  child.stdin.write('9 quit\n');
  const code = await exited;
  expect(out.endsWith('=9\n\n')).toBe(true);
  return { firstMs, exitMs: performance.now() - tq, code };
}

describe('qi gtp as a process', () => {
  it('answers its first command fast and exits on quit, worker or not', async () => {
    await startAndQuit(false); // fills the transpile cache of the source run
    const idle = await startAndQuit(false);
    console.log(`qi gtp (from source, cached): first response after ${idle.firstMs.toFixed(0)} ms; exit ${idle.exitMs.toFixed(0)} ms after quit`);
    expect(idle.code).toBe(0);
    // The target is 1 s; the margin covers a loaded 2-core machine.
    expect(idle.firstMs).toBeLessThan(5000);
    const busy = await startAndQuit(true);
    console.log(`after a genmove (worker running): exit ${busy.exitMs.toFixed(0)} ms after quit`);
    expect(busy.code).toBe(0);
    expect(busy.exitMs).toBeLessThan(5000);
  });

  it('plays short 9x9 games against gnugo --level 1, every move checked by the other side', async () => {
    const results: string[] = [];
    const t0 = performance.now();
    for (let g = 0; g < 3; g++) {
      const qi = startQi('--level', g === 2 ? '3' : '1', '--resign', '0.02');
      const gnu = startGnuGo(['--level', '1', '--chinese-rules'], { commandTimeoutMs: 30_000 });
      open.push(gnu);
      const qiColor = g % 2 === 0 ? 'b' : 'w';
      for (const c of [qi, gnu]) for (const cmd of ['boardsize 9', 'clear_board', 'komi 7.5']) await c.send(cmd);
      let color = 'b';
      if (g === 2) {
        // Game 3: GNU Go places two handicap stones, Qi takes them through set_free_handicap; White starts.
        const stones = await gnu.send('fixed_handicap 2');
        expect(await qi.send(`set_free_handicap ${stones}`)).toBe('');
        expect(await qi.send('komi 0.5')).toBe('');
        await gnu.send('komi 0.5');
        color = 'w';
      }
      let passes = 0;
      let plies = 0;
      let end = '';
      while (plies < 160) {
        const [mover, other] = color === qiColor ? [qi, gnu] : [gnu, qi];
        const move = (await mover.send(`genmove ${color}`)).toLowerCase();
        plies++;
        if (move === 'resign') {
          end = `${color} resigned`;
          break;
        }
        // A GtpFailure here ("illegal move") fails the test: the other engine refused the move.
        await other.send(`play ${color} ${move}`);
        passes = move === 'pass' ? passes + 1 : 0;
        if (passes === 2) {
          end = 'two passes';
          break;
        }
        color = color === 'b' ? 'w' : 'b';
      }
      const [qiScore, gnuScore] = [await qi.send('final_score'), await gnu.send('final_score')];
      expect(qiScore).toMatch(/^(B\+|W\+)\d+(\.5)?$|^0$/);
      results.push(`game ${g + 1}: qi ${qiColor === 'b' ? 'black' : 'white'}, ${plies} plies, ${end || 'ply cap'}; qi says ${qiScore}, gnugo says ${gnuScore}`);
      await qi.close();
      await gnu.close();
    }
    console.log(results.join('\n') + `\n(${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  });
});

import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { GtpClient, GtpEngineError, GtpFailure } from './client.js';
import { DEFAULT_GNUGO, gnugoPath, requireGnuGo } from './gnugo.js';

const fake = fileURLToPath(new URL('./fixtures/fake-gtp-engine.mjs', import.meta.url));
const started: GtpClient[] = [];

function startFake(flags: string[] = [], commandTimeoutMs = 5_000, quitGraceMs = 1_000): GtpClient {
  const client = GtpClient.start(process.execPath, [fake, ...flags], { name: 'fake', commandTimeoutMs, quitGraceMs });
  started.push(client);
  return client;
}

/** Resolves when the process with this id no longer exists (polling for up to 10 s: generous for a loaded machine). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 500; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((c) => c.kill()));
});

describe('GtpClient framing', () => {
  it('returns the text of one-line and multi-line responses without the =id prefix', async () => {
    const gtp = startFake();
    expect(await gtp.send('echo hello world')).toBe('hello world');
    expect(await gtp.send('multi')).toBe('first line\n second line\nthird line');
    expect(await gtp.send('showboard')).toBe('\n  A B\n2 . .\n1 . .');
    expect(await gtp.send('quit')).toBe('');
  });

  it('accepts CR LF line ends and output arriving in pieces', async () => {
    const gtp = startFake(['--crlf']);
    expect(await gtp.send('multi')).toBe('first line\n second line\nthird line');
    expect(await gtp.send('split')).toBe('parts');
    expect(await gtp.send('echo after')).toBe('after');
  });

  it('matches pipelined commands to their responses in order', async () => {
    const gtp = startFake();
    const answers = await gtp.sendAll(['echo 1', 'slow 50', 'multi', 'echo 4']);
    expect(answers).toEqual(['1', 'done', 'first line\n second line\nthird line', '4']);
  });

  it('turns ? responses into GtpFailure and stays usable', async () => {
    const gtp = startFake();
    const error = await gtp.send('fail').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GtpFailure);
    expect((error as GtpFailure).reason).toBe('unknown command');
    expect((error as GtpFailure).message).toBe('fake: `fail` failed: unknown command');
    expect(await gtp.send('echo still here')).toBe('still here');
    expect(gtp.alive).toBe(true);
  });

  it('refuses a command that is empty or spans lines without sending it', async () => {
    const gtp = startFake();
    await expect(gtp.send('echo a\necho b')).rejects.toThrow(RangeError);
    await expect(gtp.send('  ')).rejects.toThrow(/one non-empty line/);
    expect(await gtp.send('echo ok')).toBe('ok');
  });

  it('times out a hung command with its name and id, kills the engine and fails later commands fast', async () => {
    const gtp = startFake([], 300);
    const pid = gtp.pid!;
    // The first answer waits for the engine process to start (more than 300 ms on a slow machine): a long deadline.
    expect(await gtp.send('echo warm', 30_000)).toBe('warm');
    const t0 = Date.now();
    await expect(gtp.send('hang')).rejects.toThrow('fake: no response to `hang` (id 2) within 300 ms');
    const ms = Date.now() - t0;
    console.log(`hung command failed after ${ms} ms (deadline 300 ms)`);
    expect(ms).toBeLessThan(3_000);
    expect(gtp.alive).toBe(false);
    await expect(gtp.send('echo late')).rejects.toThrow(GtpEngineError);
    expect(await gone(pid)).toBe(true);
  });

  it('fails every pending command when the engine crashes, quoting its stderr', async () => {
    const gtp = startFake();
    const queued = gtp.sendAll(['echo 1', 'crash', 'echo 3']);
    await expect(queued).rejects.toThrow(/fake exited with status 3; its stderr ended with: fatal: the fake engine crashed on purpose/);
    await expect(gtp.send('echo 4')).rejects.toThrow(/exited with status 3/);
  });

  it('treats a response with the wrong id or output that is not GTP as a broken engine', async () => {
    const wrong = startFake();
    await expect(wrong.send('wrongid')).rejects.toThrow('fake: response id 101 does not match `wrongid` (id 1)');
    const garbage = startFake();
    await expect(garbage.send('garbage')).rejects.toThrow('fake: expected a response starting with = or ?, got "this is not GTP"');
    const banner = startFake(['--banner']);
    await expect(banner.send('echo x')).rejects.toThrow(/got "Welcome to the fake engine"/);
  });

  it('reports an executable that does not exist on the first command', async () => {
    const gtp = GtpClient.start('/nonexistent/engine', [], { name: 'ghost' });
    started.push(gtp);
    await expect(gtp.send('name')).rejects.toThrow('ghost could not be started: not found at /nonexistent/engine');
    await gtp.close();
  });
});

describe('GtpClient shutdown', () => {
  it('closes an engine that obeys quit without killing it', async () => {
    // A kill would come after the 20 s grace; an engine that obeys quit is gone in milliseconds (any machine: < 10 s).
    const gtp = startFake([], 5_000, 20_000);
    const pid = gtp.pid!;
    await gtp.send('echo x');
    const t0 = Date.now();
    await gtp.close();
    const ms = Date.now() - t0;
    console.log(`engine exited ${ms} ms after quit`);
    expect(ms).toBeLessThan(10_000);
    expect(await gone(pid)).toBe(true);
    await expect(gtp.send('echo y')).rejects.toThrow('fake was closed');
  });

  it('kills an engine that ignores quit after the grace period', async () => {
    const gtp = startFake(['--ignore-quit'], 5_000, 300);
    const pid = gtp.pid!;
    await gtp.send('echo x');
    const t0 = Date.now();
    await gtp.close();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(await gone(pid)).toBe(true);
  });

  it('kills a hung engine on close, failing the command it was stuck on', async () => {
    const gtp = startFake(['--ignore-quit'], 60_000, 300);
    const hung = expect(gtp.send('hang')).rejects.toThrow('fake was closed');
    await gtp.close();
    await hung;
  });
});

describe('GNU Go location', () => {
  it('uses $QI_GNUGO when set and the Debian path otherwise', () => {
    expect(gnugoPath({})).toBe(DEFAULT_GNUGO);
    expect(gnugoPath({ QI_GNUGO: '/opt/gnugo/bin/gnugo' })).toBe('/opt/gnugo/bin/gnugo');
  });

  it('names the missing path and how to install GNU Go', () => {
    expect(() => requireGnuGo({ QI_GNUGO: '/nonexistent/gnugo' })).toThrow(
      'GNU Go not found at /nonexistent/gnugo: install it with `apt-get install gnugo` (see README prerequisites)',
    );
    expect(() => requireGnuGo({ QI_GNUGO: '/tmp' })).toThrow(/GNU Go not found at \/tmp/);
  });
});

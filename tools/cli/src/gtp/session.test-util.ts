import { PassThrough } from 'node:stream';
import { serveGtp } from './server.js';
import type { GtpOptions } from './engine.js';

/** A GTP server in this process with a line-at-a-time input, for tests that need timing between commands. */
export class GtpSession {
  private readonly input = new PassThrough();
  out = '';
  readonly done: Promise<void>;

  constructor(options: GtpOptions = {}) {
    this.done = serveGtp(this.input, (t) => (this.out += t), options);
  }

  /** Sends one line. */
  send(line: string): void {
    this.input.write(line + '\n');
  }

  /** Waits until the output matches `pattern` (polling), failing after `timeoutMs`. */
  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    const t0 = performance.now();
    for (;;) {
      const m = this.out.match(pattern);
      if (m) return m;
      if (performance.now() - t0 > timeoutMs) throw new Error(`no ${pattern} in output within ${timeoutMs} ms:\n${this.out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Ends the input and waits for the server (and its worker) to finish. */
  async close(): Promise<void> {
    this.input.end();
    await this.done;
  }
}

/**
 * A GTP v2 controller for an engine running as a child process (GNU Go, `qi gtp`, any GTP engine).
 *
 * Commands get increasing numeric ids and may be pipelined: responses are matched to commands in order and
 * their ids are checked. Every command has a deadline, so a hung engine becomes an error naming the command
 * instead of a hung test or match; after a time-out, a crash or garbled output the engine is killed and every
 * later command fails fast with the same reason. `close()` sends `quit`, then kills after a grace period, so
 * the controlling process can always exit.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** How to start and talk to a GTP engine. */
export interface GtpEngineOptions {
  /** Shown in error messages (default: the executable's base name). */
  name?: string;
  /** Milliseconds to wait for each response unless `send` is given another deadline (default 10 000). */
  commandTimeoutMs?: number;
  /** Milliseconds `close()` waits for the engine to exit after `quit` before killing it (default 2 000). */
  quitGraceMs?: number;
  /** Working directory of the engine. */
  cwd?: string;
  /** Environment of the engine (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

/** The engine answered a command with a GTP failure (`? message`); the engine is still usable. */
export class GtpFailure extends Error {
  /** The command that failed, as sent. */
  readonly command: string;
  /** The engine's error text, e.g. "illegal move". */
  readonly reason: string;

  constructor(engine: string, command: string, reason: string) {
    super(`${engine}: \`${command}\` failed: ${reason}`);
    this.name = 'GtpFailure';
    this.command = command;
    this.reason = reason;
  }
}

/** The engine cannot be used any more: it failed to start, exited, hung or broke the protocol. */
export class GtpEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GtpEngineError';
  }
}

interface Pending {
  id: number;
  command: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const STDERR_TAIL = 2000;

/** A running GTP engine process; create it with `GtpClient.start`. */
export class GtpClient {
  /** The name used in error messages. */
  readonly name: string;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly timeoutMs: number;
  private readonly graceMs: number;
  private readonly pending: Pending[] = [];
  private nextId = 1;
  private buffer = '';
  /** Lines of the response being read (empty when between responses). */
  private lines: string[] = [];
  private stderrTail = '';
  private broken: GtpEngineError | null = null;
  private exited = false;
  private closing = false;
  private readonly exit: Promise<void>;

  private constructor(executable: string, args: readonly string[], options: GtpEngineOptions) {
    this.name = options.name ?? executable.split(/[\\/]/).pop() ?? executable;
    this.timeoutMs = options.commandTimeoutMs ?? 10_000;
    this.graceMs = options.quitGraceMs ?? 2_000;
    this.child = spawn(executable, [...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    // Writing to an engine that has just died raises EPIPE here; the exit handler reports the real cause.
    this.child.stdin.on('error', () => {});
    this.exit = new Promise<void>((resolve) => {
      this.child.on('error', (error: NodeJS.ErrnoException) => {
        const why = error.code === 'ENOENT' ? `not found at ${executable}` : error.message;
        this.fail(`${this.name} could not be started: ${why}`);
        if (this.child.pid === undefined) {
          this.exited = true;
          resolve();
        }
      });
      this.child.on('exit', (code, signal) => {
        this.exited = true;
        const how = signal !== null ? `was killed by ${signal}` : `exited with status ${code}`;
        this.fail(this.closing ? `${this.name} was closed` : `${this.name} ${how}${this.stderrHint()}`);
        resolve();
      });
    });
  }

  /** Starts `executable args…` and returns its controller at once (a start failure fails the first command). */
  static start(executable: string, args: readonly string[] = [], options: GtpEngineOptions = {}): GtpClient {
    return new GtpClient(executable, args, options);
  }

  /** Whether the engine can still take commands. */
  get alive(): boolean {
    return this.broken === null;
  }

  /** The process id of the engine, if it started. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * Sends one command and resolves with the response text (without `=id`, multi-line responses joined by
   * newlines). Rejects with GtpFailure on `?`, with GtpEngineError when the engine dies, hangs or garbles output.
   */
  send(command: string, timeoutMs: number = this.timeoutMs): Promise<string> {
    const text = command.trim();
    if (text === '' || /[\r\n]/.test(text)) {
      return Promise.reject(new RangeError(`a GTP command is one non-empty line, got ${JSON.stringify(command)}`));
    }
    if (this.broken !== null) return Promise.reject(this.broken);
    if (this.closing && text !== 'quit') return Promise.reject(new GtpEngineError(`${this.name} was closed`));
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(`${this.name}: no response to \`${text}\` (id ${id}) within ${timeoutMs} ms${this.stderrHint()}`);
      }, timeoutMs);
      this.pending.push({ id, command: text, resolve, reject, timer });
      this.child.stdin.write(`${id} ${text}\n`);
    });
  }

  /** Sends several commands at once (pipelined) and resolves with their responses in order. */
  sendAll(commands: readonly string[], timeoutMs: number = this.timeoutMs): Promise<string[]> {
    return Promise.all(commands.map((c) => this.send(c, timeoutMs)));
  }

  /**
   * Shuts the engine down: `quit`, then SIGKILL if it has not exited after the grace period. Always resolves,
   * once the process is gone; pending commands fail.
   */
  async close(graceMs: number = this.graceMs): Promise<void> {
    if (this.exited) return;
    this.closing = true;
    if (this.broken === null) {
      // A busy engine gets only end-of-input (a late quit answer could race its pending responses); an idle one
      // gets quit. Either reply may never come: the exit, or the kill below, settles everything.
      if (this.pending.length === 0) this.send('quit', graceMs).catch(() => {});
      this.child.stdin.end();
    }
    const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(killer);
    this.fail(`${this.name} was closed`);
  }

  /** Kills the engine at once and waits until it is gone. */
  async kill(): Promise<void> {
    this.fail(`${this.name} was killed`);
    await this.exit;
  }

  private stderrHint(): string {
    const tail = this.stderrTail.trim();
    return tail === '' ? '' : `; its stderr ended with: ${tail.slice(-500)}`;
  }

  /** Marks the engine unusable, rejects everything pending and makes sure the process goes away. */
  private fail(message: string): void {
    if (this.broken === null) this.broken = new GtpEngineError(message);
    for (const p of this.pending.splice(0)) {
      clearTimeout(p.timer);
      p.reject(this.broken);
    }
    if (!this.exited && this.child.pid !== undefined) this.child.kill('SIGKILL');
  }

  private receive(chunk: string): void {
    // GTP §2.1: CR and other control characters are dropped, tabs read as spaces.
    this.buffer += chunk.replace(/\t/g, ' ').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0 && this.broken === null) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (this.lines.length === 0) {
      if (line.trim() === '') return; // stray blank lines between responses carry nothing
      if (line[0] !== '=' && line[0] !== '?') {
        this.fail(`${this.name}: expected a response starting with = or ?, got ${JSON.stringify(line.slice(0, 200))}`);
        return;
      }
      this.lines.push(line);
      return;
    }
    if (line.trim() !== '') {
      this.lines.push(line);
      return;
    }
    const lines = this.lines;
    this.lines = [];
    this.complete(lines);
  }

  private complete(lines: string[]): void {
    const head = /^([=?])(\d*)(.*)$/.exec(lines[0])!;
    const [, status, idText, rest] = head;
    const p = this.pending.shift();
    if (p === undefined) {
      this.fail(`${this.name}: response ${JSON.stringify(lines[0].slice(0, 200))} to no command`);
      return;
    }
    clearTimeout(p.timer);
    if (idText !== '' && Number(idText) !== p.id) {
      // The response belongs to another command: everything after it would be misattributed.
      this.pending.unshift(p);
      this.fail(`${this.name}: response id ${idText} does not match \`${p.command}\` (id ${p.id})`);
      return;
    }
    const text = [rest.trimStart(), ...lines.slice(1)].join('\n').trimEnd();
    if (status === '=') p.resolve(text);
    else p.reject(new GtpFailure(this.name, p.command, text));
  }
}

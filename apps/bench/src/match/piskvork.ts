/**
 * A controller for piskvork (Gomocup) protocol engines running as child processes: START, INFO, BEGIN, TURN,
 * BOARD … DONE, END. MESSAGE / DEBUG lines are logged, not answers; ERROR and UNKNOWN fail the request. Every
 * request has a deadline; after a time-out or exit the engine is killed and later requests fail at once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * Nothing is written to an engine sooner than this after its last answer. Rapfi can misread a line that arrives
 * while it is still finishing its move (it read `INFO` and then took `time_left …` for a command, forfeiting 5 of
 * 600 self-play games at 200 ms a move); a pause this short costs a match nothing.
 */
export const ANSWER_GAP_MS = 25;

/** A running piskvork engine. */
export class PiskvorkClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiting: { resolve: (line: string) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null = null;
  private broken: Error | null = null;
  private stderrTail = '';
  /** When the last answer arrived (performance.now()), and the lines held back until ANSWER_GAP_MS after it. */
  private answeredAt = -Infinity;
  private held = '';
  private heldTimer: NodeJS.Timeout | null = null;
  private readonly exit: Promise<void>;
  /** Informational lines the engine printed (MESSAGE, DEBUG), most recent last, at most 50. */
  readonly messages: string[] = [];

  /** Starts `command[0] command[1…]`. */
  constructor(
    command: readonly string[],
    readonly name: string,
  ) {
    this.child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-1000);
    });
    this.child.stdin.on('error', () => {});
    this.exit = new Promise((resolve) => {
      this.child.on('error', (e: NodeJS.ErrnoException) => {
        this.fail(`${name} could not be started: ${e.code === 'ENOENT' ? `not found at ${command[0]}` : e.message}`);
        if (this.child.pid === undefined) resolve();
      });
      this.child.on('exit', (code, signal) => {
        this.fail(`${name} ${signal !== null ? `was killed by ${signal}` : `exited with status ${code}`}${this.hint()}`);
        resolve();
      });
    });
  }

  /** Whether the engine can still take requests. */
  get alive(): boolean {
    return this.broken === null;
  }

  /** START size: resolves when the engine answers OK (an ERROR or other answer rejects). */
  async start(size: number, timeoutMs: number): Promise<void> {
    const answer = await this.request(`START ${size}`, timeoutMs);
    if (answer.trim().toUpperCase() !== 'OK') throw new Error(`${this.name}: START ${size} answered "${answer}"`);
  }

  /** Sends an INFO line (no answer expected). */
  info(text: string): void {
    this.write(`INFO ${text}`);
  }

  /** Sends `text` (one or more lines) and resolves with the next answer line (not MESSAGE/DEBUG). */
  request(text: string, timeoutMs: number): Promise<string> {
    if (this.broken !== null) return Promise.reject(this.broken);
    if (this.waiting !== null) return Promise.reject(new Error(`${this.name}: a request is already waiting`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(`${this.name}: no answer to ${text.split('\n')[0]} within ${timeoutMs} ms`), timeoutMs);
      this.waiting = { resolve, reject, timer };
      this.write(text);
    });
  }

  /** END, then a kill after a grace period; resolves once the process is gone. */
  async close(graceMs = 1000): Promise<void> {
    if (this.broken === null) this.write('END');
    this.flush(); // END need not wait for the gap: the engine is going away
    this.child.stdin.end();
    const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(killer);
  }

  /** Kills the engine at once. */
  kill(): void {
    this.fail(`${this.name} was killed`);
  }

  private write(text: string): void {
    this.held += text.replace(/\n/g, '\r\n') + '\r\n';
    if (this.heldTimer !== null) return; // behind lines already waiting, in order
    const wait = this.answeredAt + ANSWER_GAP_MS - performance.now();
    if (wait <= 0) this.flush();
    else this.heldTimer = setTimeout(() => this.flush(), Math.ceil(wait));
  }

  private flush(): void {
    if (this.heldTimer !== null) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    const text = this.held;
    this.held = '';
    if (text !== '' && this.broken === null) this.child.stdin.write(text);
  }

  private hint(): string {
    const t = this.stderrTail.trim();
    return t === '' ? '' : `; its stderr ended with: ${t.slice(-300)}`;
  }

  private fail(message: string): void {
    if (this.broken === null) this.broken = new Error(message);
    this.flush(); // broken now: drops what was held
    const w = this.waiting;
    this.waiting = null;
    if (w !== null) {
      clearTimeout(w.timer);
      w.reject(this.broken);
    }
    if (this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined) this.child.kill('SIGKILL');
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      if (line.trim() === '') continue;
      if (/^(MESSAGE|DEBUG)\b/i.test(line)) {
        this.messages.push(line);
        if (this.messages.length > 50) this.messages.shift();
        continue;
      }
      const w = this.waiting;
      if (w === null) continue; // an answer nobody asked for (e.g. a late move after a time-out) is dropped
      this.answeredAt = performance.now();
      this.waiting = null;
      clearTimeout(w.timer);
      if (/^(ERROR|UNKNOWN)\b/i.test(line)) w.reject(new Error(`${this.name}: ${line}`));
      else w.resolve(line);
    }
  }
}

/**
 * A small WebSocket client for this package's own tests: it keeps every server frame until a test takes it, so a
 * test waits for "the next ack", "the event of version 7" or "the close" and fails naming what it waited for.
 */
import WebSocket from 'ws';
import { PROTOCOL_VERSION, type AckMessage, type ClientMessage, type CreateMessage, type ServerMessage } from '@qi/protocol';

/** A frame kept until taken, and the close once it came. */
export class TestClient {
  private readonly inbox: ServerMessage[] = [];
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private seq = 0;
  /** Resolves with the close code and reason when the server (or we) closed the socket. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      const w = this.waiters.find((x) => x.pred(m));
      if (w) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(m);
      } else this.inbox.push(m);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  /** Connects to `url`'s /ws and (unless told not to) says hello and waits for welcome. */
  static async open(url: string, hello = true): Promise<TestClient> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const c = new TestClient(ws);
    if (hello) {
      c.send({ t: 'hello', protocol: PROTOCOL_VERSION });
      await c.next((m) => m.t === 'welcome', 'welcome');
    }
    return c;
  }

  /** Sends a message (an object as JSON, a string as is). */
  send(m: ClientMessage | Record<string, unknown> | string): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The first frame (kept or to come) matching `pred`, taken out; rejects after `timeoutMs` naming `what`. */
  next(pred: (m: ServerMessage) => boolean, what: string, timeoutMs = 10_000): Promise<ServerMessage> {
    const i = this.inbox.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x.resolve !== done);
        reject(new Error(`timed out waiting for ${what}; kept: ${JSON.stringify(this.inbox).slice(0, 800)}`));
      }, timeoutMs);
      const done = (m: ServerMessage): void => {
        clearTimeout(timer);
        resolve(m);
      };
      this.waiters.push({ pred, resolve: done });
    });
  }

  /** The next frame of type `t`. */
  async take<T extends ServerMessage['t']>(t: T, timeoutMs?: number): Promise<Extract<ServerMessage, { t: T }>> {
    return (await this.next((m) => m.t === t, t, timeoutMs)) as Extract<ServerMessage, { t: T }>;
  }

  /** The event of `room` at `version`. */
  async event(room: string, version: number, timeoutMs?: number): Promise<Extract<ServerMessage, { t: 'event' }>> {
    return (await this.next((m) => m.t === 'event' && m.room === room && m.version === version, `event ${version} of ${room}`, timeoutMs)) as Extract<ServerMessage, { t: 'event' }>;
  }

  /** The next event of `room` of kind `kind`. */
  async eventOf(room: string, kind: string, timeoutMs?: number): Promise<Extract<ServerMessage, { t: 'event' }>> {
    return (await this.next((m) => m.t === 'event' && m.room === room && m.event.kind === kind, `a ${kind} event of ${room}`, timeoutMs)) as Extract<ServerMessage, { t: 'event' }>;
  }

  /** Sends a room action with a fresh ack id (unless given) and waits for its ack. */
  async act(m: Record<string, unknown>, ack = `a${++this.seq}`): Promise<AckMessage> {
    this.send({ ...m, ack });
    return (await this.next((x) => x.t === 'ack' && x.ack === ack, `ack ${ack}`)) as AckMessage;
  }

  /** Frames kept and not taken yet. */
  kept(): readonly ServerMessage[] {
    return this.inbox;
  }

  /** Forgets the frames kept. */
  drain(): void {
    this.inbox.length = 0;
  }

  /** Closes the socket and waits for the close. */
  async close(): Promise<void> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
    await this.closed;
  }
}

/** A create message with defaults (two human seats, the creator in seat 0, no clock, listed). */
export function createMessage(game: CreateMessage['game'], fields: Partial<CreateMessage> = {}): CreateMessage {
  return { t: 'create', req: 1, game, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: true, name: 'Ann', seat: 0, ...fields };
}

/** Creates a room from `creator` and seats `other` at seat 1; returns the room id, both tokens and the version. */
export async function twoPlayers(creator: TestClient, other: TestClient, game: CreateMessage['game'], fields: Partial<CreateMessage> = {}): Promise<{ room: string; code: string; tokens: string[]; version: number }> {
  creator.send(createMessage(game, fields));
  const created = await creator.take('created');
  await creator.take('snapshot');
  other.send({ t: 'join', req: 2, room: created.room, seat: 1, name: 'Bob' });
  const joined = await other.take('joined');
  const snap = await other.take('snapshot');
  if (snap.snapshot.status !== 'playing') throw new Error(`room not started: ${snap.snapshot.status}`);
  // The creator heard of the second seat and the start as events: taken here so tests see only what follows.
  await creator.event(created.room, snap.snapshot.version);
  creator.drain();
  return { room: created.room, code: created.code, tokens: [created.token!, joined.token!], version: snap.snapshot.version };
}

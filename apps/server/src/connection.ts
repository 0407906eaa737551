/**
 * One WebSocket connection: the hello, the heartbeat (pongs to the client's pings, ws pings of our own to measure
 * the round trip for lag compensation, closing a connection silent for idleMs), the size and rate limits, the
 * parse of every frame, then dispatch to the hub. Nothing a client sends can throw out of here.
 */
import type { WebSocket, RawData } from 'ws';
import { PROTOCOL_VERSION, parseClientMessage, type ClientMessage, type Limits, type ServerMessage } from '@qi/protocol';
import type { Peer, RoomService } from './hub.js';
import type { TimeSource } from './time.js';

/** WebSocket close codes the server uses. */
export const CLOSE = { normal: 1000, goingAway: 1001, protocol: 1002, policy: 1008, tooBig: 1009, tryLater: 1013 } as const;

/** Round trips kept for the median. */
const RTT_SAMPLES = 5;
/**
 * A client that sends this many bursts of frames beyond its burst — counted from a dropped frame on, until a calm
 * second without a drop — is closed: a flood, or a client staying over the rate.
 */
const FAR_OVER = 3;
/** A second without a dropped frame forgives the earlier drops. */
const CALM_MS = 1000;
/** Bytes queued to a client that stops reading before the server gives up on it. */
const MAX_BUFFERED = 4 * 1024 * 1024;

let nextId = 1;

/** Serves one WebSocket for the hub. */
export class Connection implements Peer {
  readonly id = nextId++;
  private greeted = false;
  private tokens: number;
  private refilledAt: number;
  /** Frames sent since the first drop after a calm second: dropped ones, and those the refill let through meanwhile. */
  private overflow = 0;
  private lastDropAt = 0;
  private lastFrameAt: number;
  private readonly rtts: number[] = [];
  private pingSentAt = 0;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closed = false;

  /** Serves `ws` (from `ip`) under `limits`; `time` stamps serverTime. */
  constructor(
    private readonly ws: WebSocket,
    readonly ip: string,
    private readonly hub: RoomService,
    private readonly limits: Limits,
    private readonly time: TimeSource,
    private readonly onClose: (c: Connection) => void,
  ) {
    this.tokens = limits.messageBurst;
    this.refilledAt = Date.now();
    this.lastFrameAt = Date.now();
    ws.on('message', (data, isBinary) => {
      try {
        this.frame(data, isBinary);
      } catch (e) {
        // Never reached by any input we know of; if it is, the connection answers instead of the process dying.
        console.error(e);
        this.send({ t: 'error', code: 'server', reason: 'the server failed on this message' });
      }
    });
    ws.on('pong', () => this.pong());
    ws.on('close', () => this.gone());
    ws.on('error', () => this.gone());
    // Real time, not the room clock: heartbeats are about the network.
    this.heartbeat = setInterval(() => this.beat(), Math.max(100, Math.min(limits.pingMs, limits.idleMs / 2)));
    this.heartbeat.unref?.();
  }

  /** Sends a message (dropped when the socket is not open; a client that reads nothing is closed). */
  send(message: ServerMessage): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED) return this.close(CLOSE.tryLater, 'too far behind');
    this.ws.send(JSON.stringify(message));
  }

  /** Half the median of the last round trips (0 before any). */
  lagMs(): number {
    if (this.rtts.length === 0) return 0;
    const sorted = [...this.rtts].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] / 2;
  }

  /** Closes the connection with a WebSocket close code. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
    this.gone();
  }

  private gone(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.greeted) this.hub.disconnect(this);
    this.onClose(this);
  }

  private beat(): void {
    const now = Date.now();
    if (now - this.lastFrameAt > this.limits.idleMs) return this.close(CLOSE.goingAway, `nothing received for ${this.limits.idleMs} ms`);
    if (this.ws.readyState === this.ws.OPEN) {
      this.pingSentAt = now;
      this.ws.ping();
    }
  }

  private pong(): void {
    if (this.pingSentAt === 0) return;
    this.rtts.push(Date.now() - this.pingSentAt);
    if (this.rtts.length > RTT_SAMPLES) this.rtts.shift();
    this.pingSentAt = 0;
  }

  /** The token bucket: one more frame is allowed, dropped, or the last straw (the connection is closed). */
  private admit(): 'ok' | 'drop' | 'close' {
    const now = Date.now();
    this.tokens = Math.min(this.limits.messageBurst, this.tokens + ((now - this.refilledAt) * this.limits.messagesPerSecond) / 1000);
    this.refilledAt = now;
    const storm = now - this.lastDropAt <= CALM_MS;
    let verdict: 'ok' | 'drop';
    if (this.tokens >= 1) {
      this.tokens -= 1;
      if (storm) this.overflow++;
      verdict = 'ok';
    } else {
      if (!storm) this.overflow = 0;
      this.overflow++;
      this.lastDropAt = now;
      verdict = 'drop';
    }
    return this.overflow >= FAR_OVER * this.limits.messageBurst ? 'close' : verdict;
  }

  private frame(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    this.lastFrameAt = Date.now();
    const admitted = this.admit();
    if (admitted === 'close') return this.close(CLOSE.policy, 'far too many messages');
    if (admitted === 'drop') {
      return this.send({ t: 'error', code: 'rate', reason: `more than ${this.limits.messagesPerSecond} messages a second (burst ${this.limits.messageBurst}): message dropped` });
    }
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
    if (size > this.limits.maxMessageBytes) return this.send({ t: 'error', code: 'too-large', reason: `message over ${this.limits.maxMessageBytes} bytes` });
    if (isBinary) return this.send({ t: 'error', code: 'malformed', reason: 'messages must be text frames of JSON' });
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const parsed = parseClientMessage(text, this.limits);
    if (!parsed.ok) {
      if (parsed.ack !== undefined) return this.send({ t: 'ack', ack: parsed.ack, ok: false, code: parsed.code, reason: parsed.reason });
      const m: ServerMessage = { t: 'error', code: parsed.code, reason: parsed.reason };
      if (parsed.req !== undefined) m.req = parsed.req;
      return this.send(m);
    }
    this.dispatch(parsed.message);
  }

  private dispatch(m: ClientMessage): void {
    if (!this.greeted) {
      if (m.t !== 'hello') return this.send({ t: 'error', code: 'protocol', reason: 'say hello first: {"t":"hello","protocol":1}' });
      if (m.protocol !== PROTOCOL_VERSION) {
        this.send({ t: 'error', code: 'protocol', reason: `this server speaks protocol ${PROTOCOL_VERSION}, not ${m.protocol}` });
        return this.close(CLOSE.protocol, 'protocol version');
      }
      this.greeted = true;
      this.hub.connect(this);
      return this.send({ t: 'welcome', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), limits: this.limits });
    }
    const fail = (e: unknown): void => {
      this.send({ t: 'error', code: 'server', reason: 'the server failed on this message' });
      console.error(e);
    };
    switch (m.t) {
      case 'hello':
        return this.send({ t: 'error', code: 'protocol', reason: 'hello was already said on this connection' });
      case 'ping':
        return this.send({ t: 'pong', id: m.id, clientTime: m.clientTime, serverTime: this.time.now() });
      case 'lobby':
        return this.hub.lobby(this, m.watch);
      case 'create':
        return void this.hub.create(this, m).catch(fail);
      case 'join':
        return void this.hub.join(this, m).catch(fail);
      case 'leave':
        return this.hub.leave(this, m.room);
      case 'move':
      case 'resign':
      case 'takeback':
      case 'chat':
        return void this.hub.action(this, m).catch(fail);
    }
  }
}

import { DEFAULT_LIMITS, type ClientMessage, type ServerMessage } from '@qi/protocol';
import type { SocketLike } from './connection.js';

/**
 * A scripted stand-in for the Qi server in unit tests: every socket the connection opens is a FakeSocket the test
 * opens, answers and closes by hand (no network, no browser). Time comes from vitest's fake timers.
 */

/** One fake WebSocket: what the client sent, and the server's side of it. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  closedByClient: { code?: number; reason?: string } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(code?: number, reason?: string): void {
    this.closedByClient = { code, reason };
    this.readyState = 3;
  }

  /** The server accepts the socket (the client says hello). */
  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** The server sends a frame. */
  push(m: ServerMessage | string): void {
    this.onmessage?.({ data: typeof m === 'string' ? m : JSON.stringify(m) });
  }

  /** Accepts and welcomes at server time `serverTime`. */
  welcome(serverTime = Date.now(), limits = DEFAULT_LIMITS): void {
    this.accept();
    this.push({ t: 'welcome', protocol: 1, serverTime, limits });
  }

  /** The network or the server drops the socket. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }

  /** The client's frames of one kind. */
  of<T extends ClientMessage['t']>(t: T): Extract<ClientMessage, { t: T }>[] {
    return this.sent.filter((m): m is Extract<ClientMessage, { t: T }> => m.t === t);
  }
}

/** A socket factory that records every socket opened. */
export function fakeSockets(): { open: (url: string) => FakeSocket; sockets: FakeSocket[]; last: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    last: () => {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket opened yet');
      return s;
    },
  };
}

/**
 * A loopback TCP proxy to cut a client's network on purpose. Playwright's `context.setOffline(true)` stops new
 * requests but leaves open WebSockets working, so a browser test that must lose its connection points the page at
 * this proxy (`http://127.0.0.1:<proxy.port>/`, which forwards HTTP and the WebSocket alike to the server) and
 * calls `cut()`:
 *
 *   const proxy = await startProxy(server.port);
 *   await page.goto(proxy.url);          // the page's WebSocket is ws://127.0.0.1:<proxy.port>/ws, through it
 *   proxy.cut();                         // every open connection destroyed; new ones refused
 *   await sleep(5000); proxy.restore();  // the client's back-off reconnects through it again
 *   await proxy.close();
 *
 * `cut('silent')` instead keeps the connections open but moves no byte either way (a network that drops packets:
 * only a heartbeat timeout notices), and `restore()` lets the held bytes flow again. It depends on nothing but
 * `node:net`, so any package's tests can import this file directly.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** How `cut()` cuts: destroy the connections (the peer sees a reset/close at once), or hold them silent. */
export type CutMode = 'reset' | 'silent';

/** A running proxy. */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** `http://127.0.0.1:<port>`: open this instead of the server's own address. */
  readonly url: string;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Connections accepted in all (refused ones included), and refused while cut. */
  readonly accepted: number;
  readonly refused: number;
  /** Whether the proxy is cut. */
  readonly isCut: boolean;
  /** Cuts the network: 'reset' (default) destroys every open connection; 'silent' freezes them. New ones are refused until restore(). */
  cut(mode?: CutMode): void;
  /** Accepts and forwards connections again (silent ones resume where they stopped). */
  restore(): void;
  /** Forwards new connections to another port (a server restarted elsewhere). */
  setTarget(port: number): void;
  /** Destroys every connection and stops listening. */
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

/** Starts a proxy on a free 127.0.0.1 port forwarding every TCP connection to 127.0.0.1:`targetPort`. */
export async function startProxy(targetPort: number, host = '127.0.0.1'): Promise<TcpProxy> {
  let target = targetPort;
  let cutMode: CutMode | null = null;
  let accepted = 0;
  let refused = 0;
  const pairs = new Set<Pair>();

  const drop = (p: Pair): void => {
    pairs.delete(p);
    p.client.destroy();
    p.upstream.destroy();
  };

  const server: Server = createServer({ noDelay: true }, (client) => {
    accepted++;
    if (cutMode !== null) {
      refused++;
      // A reset, as a host that is unreachable or refusing looks to a browser.
      client.resetAndDestroy();
      return;
    }
    const upstream = connect({ port: target, host, noDelay: true });
    const pair: Pair = { client, upstream };
    pairs.add(pair);
    // Manual forwarding (not pipe) so that a silent cut can pause both directions and resume them intact.
    client.on('data', (d) => {
      if (!upstream.write(d)) client.pause();
    });
    upstream.on('data', (d) => {
      if (!client.write(d)) upstream.pause();
    });
    upstream.on('drain', () => cutMode === null && client.resume());
    client.on('drain', () => cutMode === null && upstream.resume());
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', () => drop(pair));
    upstream.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    upstream.on('close', () => drop(pair));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP address');
  const port = address.port;

  return {
    port,
    url: `http://${host}:${port}`,
    get open() {
      return pairs.size;
    },
    get accepted() {
      return accepted;
    },
    get refused() {
      return refused;
    },
    get isCut() {
      return cutMode !== null;
    },
    cut(mode: CutMode = 'reset') {
      cutMode = mode;
      for (const p of [...pairs]) {
        if (mode === 'reset') {
          pairs.delete(p);
          p.client.resetAndDestroy();
          p.upstream.destroy();
        } else {
          p.client.pause();
          p.upstream.pause();
        }
      }
    },
    restore() {
      cutMode = null;
      for (const p of pairs) {
        p.client.resume();
        p.upstream.resume();
      }
    },
    setTarget(next: number) {
      target = next;
    },
    close() {
      for (const p of [...pairs]) drop(p);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

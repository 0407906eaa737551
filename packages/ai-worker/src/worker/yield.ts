/**
 * Yields to the event loop with a macrotask, so that messages waiting for this thread (a stop request) are
 * handled between search slices. setImmediate in Node; a MessageChannel message in browsers (no 4 ms clamp).
 */

interface Port {
  onmessage: ((event: unknown) => void) | null;
  postMessage(message: unknown): void;
}

let channel: { port1: Port; port2: Port } | null = null;
let waiting: (() => void)[] = [];

/** Resolves after pending messages and events of this thread have had their turn. */
export function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    if (channel === null) {
      channel = new MessageChannel() as unknown as { port1: Port; port2: Port };
      channel.port1.onmessage = () => {
        const ready = waiting;
        waiting = [];
        for (const r of ready) r();
      };
    }
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

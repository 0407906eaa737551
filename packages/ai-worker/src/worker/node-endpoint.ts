import type { Endpoint } from 'comlink';

/** The part of a worker_threads Worker, MessagePort or parentPort that comlink needs. */
export interface NodePort {
  postMessage(value: unknown, transferList?: readonly never[]): void;
  on(event: 'message', listener: (value: unknown) => void): unknown;
  off(event: 'message', listener: (value: unknown) => void): unknown;
  start?(): void;
}

type Listener = ((event: { data: unknown }) => void) | { handleEvent(event: { data: unknown }): void };

/**
 * A typed comlink endpoint over Node's worker_threads (comlink's own node adapter ships without types): Node
 * hands listeners the message itself, comlink expects an event with the message in `data`.
 */
export function nodeEndpoint(port: NodePort): Endpoint {
  const wrappers = new Map<Listener, (value: unknown) => void>();
  const endpoint = {
    postMessage(message: unknown, transfer?: unknown[]): void {
      port.postMessage(message, transfer as never[] | undefined);
    },
    addEventListener(type: string, listener: Listener | null): void {
      if (type !== 'message' || listener === null || wrappers.has(listener)) return;
      const wrapper = (data: unknown): void => {
        if (typeof listener === 'function') listener({ data });
        else listener.handleEvent({ data });
      };
      wrappers.set(listener, wrapper);
      port.on('message', wrapper);
    },
    removeEventListener(type: string, listener: Listener | null): void {
      if (type !== 'message' || listener === null) return;
      const wrapper = wrappers.get(listener);
      if (wrapper === undefined) return;
      port.off('message', wrapper);
      wrappers.delete(listener);
    },
    start(): void {
      port.start?.();
    },
  };
  return endpoint as unknown as Endpoint;
}

/**
 * Messaging between server processes, behind one small interface with two implementations: in-process (this
 * file: one process, or several hubs in one test process sharing it) and Redis (redis.ts). A bus of channels
 * (publish/subscribe of strings, in order per publisher) and leases (a key held by one value for a while:
 * acquired only when free, renewed and released only by its holder).
 */

/** Channels of strings. Delivery is at most once and in publish order per publisher. */
export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` for every message of `channel` from now on. */
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
}

/** Leases: a key held by one value until it lapses (`ttlMs` after its last acquire or renewal). */
export interface Leases {
  /** Takes `key` for `value` when nobody holds it (SET NX PX); whether it was taken. */
  acquire(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Extends the leases still held by their values; for each, whether it was still held. */
  renew(entries: readonly { key: string; value: string }[], ttlMs: number): Promise<boolean[]>;
  /** The values holding these keys (null: free). */
  get(keys: readonly string[]): Promise<(string | null)[]>;
  /** Frees `key` if `value` still holds it. */
  release(key: string, value: string): Promise<void>;
  /** Sets `key` to `value` for `ttlMs` whoever held it (a process's own key: its lobby). */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The keys starting with `prefix` that are held. */
  keys(prefix: string): Promise<string[]>;
}

/** A bus and leases, closed together. */
export interface Messaging {
  kind: 'in-process' | 'redis';
  bus: Bus;
  leases: Leases;
  close(): Promise<void>;
}

/** In-process messaging: handlers called on a later microtask (never inside publish), leases in a map with lapse times. */
export function memoryMessaging(now: () => number = Date.now): Messaging {
  const handlers = new Map<string, ((m: string) => void)[]>();
  const held = new Map<string, { value: string; until: number }>();
  const current = (key: string): string | null => {
    const h = held.get(key);
    if (!h) return null;
    if (h.until <= now()) {
      held.delete(key);
      return null;
    }
    return h.value;
  };
  let closed = false;
  const live = (): void => {
    if (closed) throw new Error('messaging is closed');
  };
  return {
    kind: 'in-process',
    bus: {
      async publish(channel, message) {
        live();
        for (const h of handlers.get(channel) ?? []) queueMicrotask(() => h(message));
      },
      async subscribe(channel, handler) {
        live();
        const list = handlers.get(channel) ?? [];
        list.push(handler);
        handlers.set(channel, list);
      },
    },
    leases: {
      async acquire(key, value, ttlMs) {
        live();
        if (current(key) !== null) return false;
        held.set(key, { value, until: now() + ttlMs });
        return true;
      },
      async renew(entries, ttlMs) {
        live();
        return entries.map(({ key, value }) => {
          if (current(key) !== value) return false;
          held.set(key, { value, until: now() + ttlMs });
          return true;
        });
      },
      async get(keys) {
        live();
        return keys.map(current);
      },
      async release(key, value) {
        live();
        if (current(key) === value) held.delete(key);
      },
      async put(key, value, ttlMs) {
        live();
        held.set(key, { value, until: now() + ttlMs });
      },
      async keys(prefix) {
        live();
        return [...held.keys()].filter((k) => k.startsWith(prefix) && current(k) !== null);
      },
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}

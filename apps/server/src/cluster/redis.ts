/**
 * Messaging over Redis (ioredis): pub/sub on a second connection, leases with SET NX PX, renewed and released by
 * small Lua scripts that compare the holder first (so a process that lost a lease can neither extend nor free
 * the new holder's). Commands fail at once while Redis is unreachable (no offline queue): an outage is an error,
 * never a hang; the connections reconnect by themselves and the subscriptions are restored.
 */
import { Redis } from 'ioredis';
import type { Messaging } from './messaging.js';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** Options of the Redis messaging. */
export interface RedisMessagingOptions {
  url: string;
  /** How long to wait for the first connection, ms (default 5000). */
  connectTimeoutMs?: number;
  log?: (line: string) => void;
}

/** Connects to Redis (two connections: commands and subscriptions); rejects with a clear message when it cannot. */
export async function redisMessaging(options: RedisMessagingOptions): Promise<Messaging> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const make = (): Redis =>
    new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
    });
  const cmd = make();
  const sub = make();
  let lastError = '';
  let lastLogged = 0;
  for (const c of [cmd, sub]) {
    // An error event without a listener would crash the process; a down Redis is logged, at most every 5 s.
    c.on('error', (e: Error) => {
      const now = Date.now();
      if (e.message !== lastError || now - lastLogged > 5000) log(`redis: ${e.message}`);
      lastError = e.message;
      lastLogged = now;
    });
  }
  try {
    await Promise.all([cmd.connect(), sub.connect()]);
  } catch (e) {
    cmd.disconnect();
    sub.disconnect();
    throw new Error(`cannot connect to Redis at ${redactUrl(options.url)}: ${(e as Error).message}`);
  }
  cmd.defineCommand('qiRenew', { numberOfKeys: 1, lua: RENEW });
  cmd.defineCommand('qiRelease', { numberOfKeys: 1, lua: RELEASE });
  const handlers = new Map<string, ((m: string) => void)[]>();
  sub.on('message', (channel: string, message: string) => {
    for (const h of handlers.get(channel) ?? []) {
      try {
        h(message);
      } catch (e) {
        log(`redis: a handler of ${channel} failed: ${(e as Error).stack ?? String(e)}`);
      }
    }
  });
  type Scripted = Redis & { qiRenew(key: string, value: string, ttl: number): Promise<number>; qiRelease(key: string, value: string): Promise<number> };
  const scripted = cmd as Scripted;
  return {
    kind: 'redis',
    bus: {
      async publish(channel, message) {
        await cmd.publish(channel, message);
      },
      async subscribe(channel, handler) {
        const list = handlers.get(channel) ?? [];
        list.push(handler);
        handlers.set(channel, list);
        if (list.length === 1) await sub.subscribe(channel);
      },
    },
    leases: {
      async acquire(key, value, ttlMs) {
        return (await cmd.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
      },
      async renew(entries, ttlMs) {
        if (entries.length === 0) return [];
        const p = cmd.pipeline();
        for (const e of entries) (p as unknown as { qiRenew(k: string, v: string, t: number): void }).qiRenew(e.key, e.value, ttlMs);
        const results = (await p.exec()) ?? [];
        return entries.map((_, i) => {
          const r = results[i];
          if (!r) return false;
          if (r[0]) throw r[0];
          return Number(r[1]) === 1;
        });
      },
      async get(keys) {
        if (keys.length === 0) return [];
        return cmd.mget(...keys);
      },
      async release(key, value) {
        await scripted.qiRelease(key, value);
      },
      async put(key, value, ttlMs) {
        await cmd.set(key, value, 'PX', ttlMs);
      },
      async keys(prefix) {
        const found = new Set<string>();
        let cursor = '0';
        do {
          const [next, batch] = await cmd.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 1000);
          for (const k of batch) found.add(k);
          cursor = next;
        } while (cursor !== '0');
        return [...found];
      },
    },
    async close() {
      await Promise.allSettled([cmd.quit(), sub.quit()]);
      cmd.disconnect();
      sub.disconnect();
    },
  };
}

/** The URL without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable URL)';
  }
}

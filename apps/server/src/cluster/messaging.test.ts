/** The messaging contract on both implementations: in-process, and a real redis-server started for the test. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '@qi/test-services';
import { memoryMessaging, type Messaging } from './messaging.js';
import { redisMessaging } from './redis.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  await redis?.close();
}, 30_000);

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function contract(name: string, open: () => Promise<[Messaging, Messaging, () => Promise<void>]>): void {
  describe(`Messaging contract: ${name}`, () => {
    it('delivers in order to every subscriber of a channel, only there', async () => {
      const [a, b, done] = await open();
      const got: string[] = [];
      const other: string[] = [];
      await b.bus.subscribe('c1', (m) => got.push(m));
      await b.bus.subscribe('c2', (m) => other.push(m));
      for (let i = 0; i < 50; i++) await a.bus.publish('c1', `m${i}`);
      for (let t = 0; t < 200 && got.length < 50; t++) await wait(10);
      expect(got).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
      expect(other).toEqual([]);
      await done();
    });

    it('leases: one holder at a time; only the holder renews or releases; a lease lapses', async () => {
      const [a, b, done] = await open();
      const key = `lease-${name}-${Math.random()}`;
      expect(await a.leases.acquire(key, 'A', 300)).toBe(true);
      expect(await b.leases.acquire(key, 'B', 300)).toBe(false);
      expect(await b.leases.get([key, `${key}-none`])).toEqual(['A', null]);
      expect(await b.leases.renew([{ key, value: 'B' }], 300)).toEqual([false]);
      await b.leases.release(key, 'B');
      expect(await a.leases.get([key])).toEqual(['A']);
      expect(await a.leases.renew([{ key, value: 'A' }], 300)).toEqual([true]);
      await wait(500);
      expect(await a.leases.get([key])).toEqual([null]);
      expect(await a.leases.renew([{ key, value: 'A' }], 300)).toEqual([false]);
      expect(await b.leases.acquire(key, 'B', 5000)).toBe(true);
      await b.leases.release(key, 'B');
      expect(await a.leases.acquire(key, 'A', 5000)).toBe(true);
      // put overwrites whoever held the key; keys lists the held keys of a prefix (a '*' in it is literal).
      await b.leases.put(key, 'B', 300);
      expect(await a.leases.get([key])).toEqual(['B']);
      await a.leases.put(`${key}*x`, 'x', 300);
      await a.leases.put(`${key}-other`, 'y', 300);
      expect((await b.leases.keys(`${key}*`)).sort()).toEqual([`${key}*x`]);
      expect((await b.leases.keys(key)).sort()).toEqual([key, `${key}*x`, `${key}-other`].sort());
      await done();
    });
  });
}

contract('in-process', async () => {
  const m = memoryMessaging();
  return [m, m, () => m.close()];
});
contract('Redis', async () => {
  const a = await redisMessaging({ url: redis.url });
  const b = await redisMessaging({ url: redis.url });
  return [a, b, async () => void (await Promise.all([a.close(), b.close()]))];
});

describe('Redis messaging', () => {
  it('an unreachable Redis is a clear error at connect', async () => {
    await expect(redisMessaging({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 1000, log: () => undefined })).rejects.toThrow(/cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/);
  });
});

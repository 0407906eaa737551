/** The PostgreSQL store: the Store contract on a real PostgreSQL started for the test; migrations twice are harmless; an unreachable database is a clear error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '@qi/test-services';
import { storeContract } from './contract.js';
import { openPostgresStore } from './postgres.js';

let pgServer: TestPostgres;
beforeAll(async () => {
  pgServer = await startPostgres();
}, 120_000);
afterAll(async () => {
  await pgServer?.close();
}, 60_000);

storeContract('PostgreSQL', () => ({ open: () => openPostgresStore({ url: pgServer.url, log: () => undefined }) }));

describe('PostgresStore', () => {
  it('runs its migrations once though two processes open it together', async () => {
    const [a, b] = await Promise.all([openPostgresStore({ url: pgServer.url }), openPostgresStore({ url: pgServer.url })]);
    expect(await a.playingIds()).toEqual(await b.playingIds());
    await Promise.all([a.close(), b.close()]);
  });

  it('an unreachable database fails the open with a clear message, quickly', async () => {
    const url = pgServer.url.replace(/:(\d+)\//, ':1/');
    await expect(openPostgresStore({ url, connectTimeoutMs: 2000 })).rejects.toThrow(/cannot open the PostgreSQL store at postgres:\/\/qi@127\.0\.0\.1:1\/qi/);
  });
});

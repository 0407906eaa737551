/** The SQLite store: the Store contract on a file (WAL), and a database made before the owner epoch migrated. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { storeContract } from './contract.js';
import { openSqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'qi-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let k = 0;
storeContract('SQLite', () => {
  const path = join(dir, `${++k}/b/qi.sqlite`);
  return { open: async () => openSqliteStore({ path, durability: 'full' }) };
});

describe('SqliteStore', () => {
  it('is in WAL mode, and adds the owner epoch to a database made without it', async () => {
    const path = join(dir, 'old.sqlite');
    const old = new Database(path);
    old.exec("CREATE TABLE rooms (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, game TEXT NOT NULL, config TEXT NOT NULL, listed INTEGER NOT NULL, created_at INTEGER NOT NULL, version INTEGER NOT NULL, status TEXT NOT NULL, clocks TEXT, finished TEXT, ended_at INTEGER); INSERT INTO rooms VALUES ('oldroom00000', 'OLDOLD', 'go', '{}', 0, 1, 0, 'waiting', NULL, NULL, NULL)");
    old.close();
    const store = openSqliteStore({ path });
    expect(await store.claim('oldroom00000')).toBe(1);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});

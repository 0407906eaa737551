// idb checks values against the global IDB* classes, which Node lacks: the auto import installs fake-indexeddb's.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { wrap } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXPORT_FORMAT,
  UnreadableGameError,
  newGameId,
  openStore,
  type GameKind,
  type GameStore,
  type StoredGame,
} from './store.js';

let opened: GameStore[] = [];
afterEach(() => {
  for (const store of opened) store.close();
  opened = [];
  vi.restoreAllMocks();
});

/** A store on a fresh fake IndexedDB (or the given factory), closed after the test. */
async function fresh(factory: IDBFactory = new IDBFactory()): Promise<GameStore> {
  const store = await openStore('qi', factory);
  opened.push(store);
  return store;
}

let clock = 1_000_000;
function game(over: Partial<StoredGame> = {}): StoredGame {
  clock += 1000;
  return {
    id: newGameId(),
    game: 'go',
    title: 'Go 9×9',
    createdAt: clock,
    updatedAt: clock,
    finished: false,
    moves: 0,
    session: { sgf: '(;SZ[9])', cursor: [] },
    seats: ['human', 'qi:3'],
    ...over,
  };
}

/** Puts a raw value into the games store, bypassing every check (as a future version or damage would). */
async function putRaw(factory: IDBFactory, value: unknown): Promise<void> {
  const db = (await wrap(factory.open('qi', 1))) as unknown as { put(store: string, v: unknown): Promise<unknown>; close(): void };
  await db.put('games', value);
  db.close();
}

describe('games', () => {
  it('saves, reads back, lists newest first and deletes', async () => {
    const store = await fresh();
    expect(store.persistent).toBe(true);
    expect(store.reason).toBeUndefined();
    const a = game({ title: 'a' });
    const b = game({ title: 'b', game: 'gomoku' });
    const c = game({ title: 'c', clock: { black: 1000 }, settings: { size: 9 }, result: 'B+R', finished: true, moves: 40 });
    await store.saveGame(b);
    await store.saveGame(c);
    await store.saveGame(a);
    expect(await store.getGame(c.id)).toEqual(c);
    expect((await store.listGames()).map((g) => g.title)).toEqual(['c', 'b', 'a']);
    expect((await store.listGames({ limit: 2 })).map((g) => g.title)).toEqual(['c', 'b']);
    expect(await store.listGames({ limit: 0 })).toEqual([]);
    expect((await store.listGames({ game: 'go' })).map((g) => g.title)).toEqual(['c', 'a']);

    // saving again with a later updatedAt moves the game to the top
    await store.saveGame({ ...a, updatedAt: clock + 10_000, moves: 1 });
    expect((await store.listGames()).map((g) => g.title)).toEqual(['a', 'c', 'b']);
    expect((await store.getGame(a.id))?.moves).toBe(1);

    await store.deleteGame(b.id);
    expect(await store.getGame(b.id)).toBeUndefined();
    expect((await store.listGames()).map((g) => g.title)).toEqual(['a', 'c']);
    await store.deleteGame('no such game'); // nothing to delete: fine
  });

  it('survives a reopen (the reload)', async () => {
    const factory = new IDBFactory();
    const first = await openStore('qi', factory);
    const g = game();
    await first.saveGame(g);
    await first.setSetting('lang', 'zh');
    first.close();
    const second = await fresh(factory);
    expect(await second.getGame(g.id)).toEqual(g);
    expect(await second.getSetting('lang', 'en')).toBe('zh');
  });

  it('filters finished games and finds the current game of each kind', async () => {
    const store = await fresh();
    const oldGo = game({ title: 'old go' });
    const newGo = game({ title: 'new go' });
    const doneGo = game({ title: 'done go', finished: true, result: 'W+3.5' });
    const reversi = game({ title: 'reversi', game: 'reversi' });
    for (const g of [oldGo, newGo, doneGo, reversi]) await store.saveGame(g);
    expect((await store.currentGame('go'))?.title).toBe('new go');
    expect((await store.currentGame('reversi'))?.title).toBe('reversi');
    expect(await store.currentGame('checkers')).toBeUndefined();
    expect(await store.currentGame('chess' as GameKind)).toBeUndefined();
    expect((await store.listGames({ finished: true })).map((g) => g.title)).toEqual(['done go']);
    expect((await store.listGames({ finished: false, game: 'go' })).map((g) => g.title)).toEqual(['new go', 'old go']);
  });

  it('refuses malformed games with an Error that says why, storing nothing', async () => {
    const store = await fresh();
    await expect(store.saveGame({ ...game(), game: 'chess' } as unknown as StoredGame)).rejects.toThrow(/'game' must be one of/);
    await expect(store.saveGame({ ...game(), moves: -1 })).rejects.toThrow(/'moves'/);
    await expect(store.saveGame({ ...game(), updatedAt: NaN })).rejects.toThrow(/'updatedAt'/);
    await expect(store.saveGame({ ...game(), id: '' })).rejects.toThrow(/'id'/);
    await expect(store.saveGame(null as unknown as StoredGame)).rejects.toThrow(/not an object/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(store.saveGame(game({ session: cyclic }))).rejects.toThrow(/not plain JSON/);
    await expect(store.saveGame(game({ session: () => 1 }))).rejects.toThrow(/'session' is missing once written as JSON/);
    expect(await store.listGames()).toEqual([]);
    // lookups with nonsense never throw
    expect(await store.getGame(42 as unknown as string)).toBeUndefined();
    await store.deleteGame(undefined as unknown as string);
  });

  it('stores plain JSON: extra fields dropped, later changes to the caller’s object not seen', async () => {
    const store = await fresh();
    const g = { ...game(), extra: 'dropped', session: { when: new Date(0), list: [1, 2] } };
    await store.saveGame(g);
    g.session.list.push(3);
    const back = await store.getGame(g.id);
    expect(back).not.toHaveProperty('extra');
    expect(back?.session).toEqual({ when: '1970-01-01T00:00:00.000Z', list: [1, 2] });
  });

  it('a failed write (full storage) rejects naming the problem and leaves the other games intact', async () => {
    const store = await fresh();
    const kept = game({ title: 'kept' });
    await store.saveGame(kept);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('quota reached', 'QuotaExceededError');
    });
    const lost = game({ title: 'new' });
    await expect(store.saveGame(lost)).rejects.toThrow(/Could not save game .*storage is full/);
    await expect(store.saveGame({ ...kept, title: 'changed', updatedAt: clock + 5 })).rejects.toThrow(/storage is full/);
    put.mockRestore();
    expect(await store.listGames()).toEqual([kept]);
    await store.saveGame(lost); // the store still works afterwards
    expect((await store.listGames()).map((g) => g.title)).toEqual(['new', 'kept']);
  });

  it('skips a corrupt or future record in lists, reports it from getGame, and keeps it', async () => {
    const factory = new IDBFactory();
    const store = await fresh(factory);
    const good = game({ title: 'good' });
    await store.saveGame(good);
    await putRaw(factory, { id: 'future', game: 'shogi', title: 'x', createdAt: clock, updatedAt: clock + 99, finished: false, moves: 0, session: {}, seats: [] });
    await putRaw(factory, { id: 'broken', updatedAt: clock + 98 });
    await putRaw(factory, { id: 'no-time', game: 'go' }); // not even in the byUpdated index
    expect(await store.listGames()).toEqual([good]);
    expect(await store.currentGame('go')).toEqual(good);
    await expect(store.getGame('future')).rejects.toThrow(UnreadableGameError);
    await expect(store.getGame('broken')).rejects.toThrow(/'game' must be one of.*left untouched/);
    const exported = JSON.parse(await store.exportGames()) as { games: StoredGame[] };
    expect(exported.games.map((g) => g.id)).toEqual([good.id]);
    // an import never replaces the unreadable record
    const result = await store.importGames(JSON.stringify({ format: EXPORT_FORMAT, version: 1, games: [game({ id: 'future', updatedAt: clock + 1e6 })] }));
    expect(result).toMatchObject({ added: 0, skipped: 1 });
    expect(result.errors[0]).toMatch(/cannot be read by this version; it is kept/);
    await expect(store.getGame('future')).rejects.toThrow(UnreadableGameError);
  });
});

describe('settings', () => {
  it('round-trips JSON values and falls back when missing or of another kind', async () => {
    const store = await fresh();
    expect(await store.getSetting('lang', 'en')).toBe('en');
    await store.setSetting('lang', 'zh');
    await store.setSetting('go.options', { size: 13, komi: 6.5 });
    await store.setSetting('seats', ['human', 'qi:5']);
    await store.setSetting('sound', false);
    expect(await store.getSetting('lang', 'en')).toBe('zh');
    expect(await store.getSetting('go.options', { size: 19, komi: 7.5 })).toEqual({ size: 13, komi: 6.5 });
    expect(await store.getSetting('seats', [] as string[])).toEqual(['human', 'qi:5']);
    expect(await store.getSetting('sound', true)).toBe(false);
    // a stored value of another JSON kind than the fallback is not trusted
    expect(await store.getSetting('lang', 0)).toBe(0);
    expect(await store.getSetting('seats', {})).toEqual({});
    expect(await store.getSetting('go.options', null)).toEqual({ size: 13, komi: 6.5 });
    // or a custom check decides
    const isSize = (v: unknown): v is number => v === 9 || v === 13 || v === 19;
    await store.setSetting('size', 12);
    expect(await store.getSetting('size', 19, isSize)).toBe(19);
    await store.setSetting('size', 13);
    expect(await store.getSetting('size', 19, isSize)).toBe(13);
  });

  it('refuses what is not JSON or has no valid key, and bad keys read as the fallback', async () => {
    const store = await fresh();
    await expect(store.setSetting('x', undefined)).rejects.toThrow(/no JSON value/);
    await expect(store.setSetting('x', 10n)).rejects.toThrow(/not plain JSON/);
    await expect(store.setSetting('', 1)).rejects.toThrow(/key/);
    expect(await store.getSetting('', 'fallback')).toBe('fallback');
    expect(await store.getSetting(null as unknown as string, 7)).toBe(7);
  });
});

describe('export and import', () => {
  it('round-trips every game into a fresh store', async () => {
    const source = await fresh();
    const games = [game({ title: 'a' }), game({ title: 'b', game: 'checkers', finished: true, result: '1-0', clock: { a: 1 } })];
    for (const g of games) await source.saveGame(g);
    const text = await source.exportGames();
    const file = JSON.parse(text) as { format: string; version: number; exportedAt: number };
    expect(file).toMatchObject({ format: 'qi-games', version: 1 });
    expect(typeof file.exportedAt).toBe('number');

    const target = await fresh();
    expect(await target.importGames(text)).toEqual({ added: 2, skipped: 0, errors: [] });
    expect(await target.listGames()).toEqual(await source.listGames());
    // importing the same file again adds nothing
    expect(await target.importGames(text)).toEqual({ added: 0, skipped: 2, errors: [] });
  });

  it('reports malformed files without throwing', async () => {
    const store = await fresh();
    await store.saveGame(game());
    const bad = ['', '{', 'null', '[]', '{"format":"other","version":1,"games":[]}', '{"format":"qi-games","games":[]}',
      '{"format":"qi-games","version":1,"games":{}}', '{"format":"qi-games","version":2,"games":[]}'];
    for (const text of bad) {
      const result = await store.importGames(text);
      expect(result.added).toBe(0);
      expect(result.errors).toHaveLength(1);
    }
    expect((await store.importGames('{"format":"qi-games","version":2,"games":[]}')).errors[0]).toMatch(/newer version of Qi/);
    expect((await store.importGames(undefined as unknown as string)).errors).toEqual(['Not a text file']);
    expect(await store.listGames()).toHaveLength(1);
  });

  it('reports malformed records and stores the others', async () => {
    const store = await fresh();
    const ok1 = game({ title: 'ok1' });
    const ok2 = game({ title: 'ok2' });
    const text = JSON.stringify({
      format: EXPORT_FORMAT,
      version: 1,
      games: [ok1, { ...game(), moves: 1.5 }, 'a string', { ...game(), session: undefined }, ok2, { ...game(), game: 'chess', id: 'c1' }],
    });
    const result = await store.importGames(text);
    expect(result.added).toBe(2);
    expect(result.skipped).toBe(0);
    expect(result.errors).toHaveLength(4);
    expect(result.errors[0]).toMatch(/^Game 2 .*'moves'/);
    expect(result.errors[1]).toMatch(/^Game 3 .*not an object/);
    expect(result.errors[2]).toMatch(/^Game 4 .*'session' is missing/);
    expect(result.errors[3]).toMatch(/^Game 6 \(id "c1"\).*'game'/);
    expect((await store.listGames()).map((g) => g.title)).toEqual(['ok2', 'ok1']);
  });

  it('reports games an import could not write (full storage) and keeps what was stored', async () => {
    const store = await fresh();
    const kept = game({ title: 'kept' });
    await store.saveGame(kept);
    const incoming = [game({ title: 'x' }), { ...kept, title: 'newer kept', updatedAt: kept.updatedAt + 1e6 }];
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('quota reached', 'QuotaExceededError');
    });
    const result = await store.importGames(JSON.stringify({ format: EXPORT_FORMAT, version: 1, games: incoming }));
    vi.restoreAllMocks();
    expect(result.added).toBe(0);
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toMatch(/^Game 1 .*not stored: the browser's storage is full/);
    expect(await store.listGames()).toEqual([kept]);
  });

  it('never overwrites a newer record with an older one, but a newer one replaces an older one', async () => {
    const store = await fresh();
    const base = game({ title: 'stored', moves: 10 });
    await store.saveGame(base);
    const other = game({ title: 'other', moves: 5 });
    await store.saveGame(other);
    const file = (games: StoredGame[]) => JSON.stringify({ format: EXPORT_FORMAT, version: 1, games });
    const older = { ...base, title: 'older', updatedAt: base.updatedAt - 1, moves: 3 };
    const same = { ...base, title: 'same time' };
    const newerOther = { ...other, title: 'newer', updatedAt: other.updatedAt + 1, moves: 6 };
    expect(await store.importGames(file([older, same, newerOther]))).toEqual({ added: 1, skipped: 2, errors: [] });
    expect((await store.getGame(base.id))?.title).toBe('stored');
    expect((await store.getGame(other.id))?.title).toBe('newer');
    // duplicates inside one file: the newest wins whatever the order
    const v1 = { ...base, title: 'v1', updatedAt: base.updatedAt + 10 };
    const v2 = { ...base, title: 'v2', updatedAt: base.updatedAt + 20 };
    await store.importGames(file([v2, v1]));
    expect((await store.getGame(base.id))?.title).toBe('v2');
  });
});

describe('without IndexedDB', () => {
  const behaves = async (store: GameStore) => {
    expect(store.persistent).toBe(false);
    expect(store.reason).toMatch(/IndexedDB/);
    const a = game({ title: 'a' });
    const b = game({ title: 'b', finished: true });
    await store.saveGame(a);
    await store.saveGame(b);
    expect(await store.getGame(a.id)).toEqual(a);
    expect((await store.listGames()).map((g) => g.title)).toEqual(['b', 'a']);
    expect((await store.currentGame('go'))?.title).toBe('a');
    await store.setSetting('lang', 'zh');
    expect(await store.getSetting('lang', 'en')).toBe('zh');
    const other = await openStore('qi', throwingFactory());
    opened.push(other);
    expect(await other.importGames(await store.exportGames())).toEqual({ added: 2, skipped: 0, errors: [] });
    await store.deleteGame(a.id);
    expect(await store.listGames()).toHaveLength(1);
    await expect(store.saveGame({ ...a, moves: -2 })).rejects.toThrow(/'moves'/);
  };

  const throwingFactory = () =>
    ({
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    }) as unknown as IDBFactory;

  it('falls back to memory when open throws', async () => {
    const store = await fresh(throwingFactory());
    expect(store.reason).toMatch(/SecurityError/);
    await behaves(store);
  });

  it('falls back to memory when open fails (a newer database version)', async () => {
    const factory = new IDBFactory();
    const db = (await wrap(factory.open('qi', 5))) as unknown as { close(): void };
    db.close();
    const store = await fresh(factory);
    expect(store.reason).toMatch(/VersionError/);
    await behaves(store);
  });

  it('falls back to memory when open never answers (blocked by another tab)', async () => {
    const factory = new IDBFactory();
    // another tab holds the database and ignores a pending deletion, so every later open waits behind it
    const other = (await wrap(factory.open('qi', 1))) as unknown as { close(): void };
    factory.deleteDatabase('qi');
    const store = await openStore('qi', factory, { timeoutMs: 50 });
    opened.push(store);
    expect(store.reason).toMatch(/no answer in 50 ms/);
    await behaves(store);
    other.close();
  });

  it('uses the global indexedDB through openDB when no factory is given', async () => {
    const store = await openStore(`qi-global-${newGameId()}`);
    opened.push(store);
    expect(store.persistent).toBe(true);
    const g = game();
    await store.saveGame(g);
    expect(await store.getGame(g.id)).toEqual(g);
  });
});

describe('closing and ids', () => {
  it('rejects calls after close, without throwing synchronously', async () => {
    const store = await openStore('qi', new IDBFactory());
    store.close();
    store.close();
    await expect(store.saveGame(game())).rejects.toThrow(/closed/);
    await expect(store.listGames()).rejects.toThrow(/closed/);
    expect(await store.getSetting('lang', 'en')).toBe('en');
    expect((await store.importGames('{}')).errors).toEqual(['The store is closed']);
  });

  it('says so when a newer version in another tab takes the database over', async () => {
    const factory = new IDBFactory();
    const store = await fresh(factory);
    await store.saveGame(game());
    const newer = (await wrap(factory.open('qi', 2))) as unknown as { close(): void };
    newer.close();
    await expect(store.saveGame(game())).rejects.toThrow(/newer version of Qi was opened in another tab/);
  });

  it('makes distinct ids, with or without crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 100 }, newGameId));
    expect(ids.size).toBe(100);
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const fallback = Array.from({ length: 100 }, newGameId);
      expect(new Set(fallback).size).toBe(100);
      expect(fallback[0]).toMatch(/^[0-9a-z]+-[0-9a-z]{21,}$/);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});

import { openDB, wrap, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Persistence of games and settings in IndexedDB, through the small `idb` wrapper.
 *
 * Database `qi`, version 1, two object stores:
 * - `games`: one {@link StoredGame} per game, keyPath `id`, indexes `byUpdated` (on `updatedAt`) and `byGame` (on
 *   `game`). The session, seats, clock and settings inside a record are opaque JSON here (the session's SavedSession
 *   and so on); this module only checks the fields it sorts and filters by.
 * - `settings`: key → JSON value (language, seats, options per game, …).
 *
 * Robustness rules, each one tested in store.test.ts:
 * - `openStore` never throws: when IndexedDB is missing, refused (private mode, sandbox), too new (a later Qi has
 *   upgraded the database) or blocked for `timeoutMs`, it returns an in-memory store with the same API and
 *   `persistent: false` plus a `reason` the UI can show.
 * - Every write is validated first; a write that fails (full storage, a closed connection) rejects with an Error
 *   naming the game or key and the problem, and touches no other record (one transaction per write).
 * - A stored record that fails validation (written by a future version, or damaged) is skipped by `listGames` and
 *   `currentGame`, left out of `exportGames`, makes `getGame` reject with an {@link UnreadableGameError}, and is never
 *   overwritten by an import: nothing already stored is lost.
 * - `importGames` validates every record; malformed ones are reported in `errors`, not stored; a record never
 *   replaces a stored one with the same id unless its `updatedAt` is later.
 * - `saveGame` always writes (the app is the authority on its own games); the caller stamps `updatedAt`.
 *
 * Records are normalised to plain JSON on save (what `exportGames` writes is what was stored); fields other than
 * those of {@link StoredGame} are dropped.
 */

/** The kinds of game Qi stores. */
export const GAME_KINDS = ['go', 'gomoku', 'reversi', 'checkers'] as const;

/** One kind of game. */
export type GameKind = (typeof GAME_KINDS)[number];

/** One game as stored: what the games list shows, plus the opaque JSON to resume it. */
export interface StoredGame {
  id: string;
  game: GameKind;
  title: string;
  createdAt: number;
  updatedAt: number;
  finished: boolean;
  result?: string;
  moves: number;
  /** The session's JSON (SavedSession), opaque here. */
  session: unknown;
  seats: unknown;
  clock?: unknown;
  settings?: unknown;
}

/** Filters for {@link GameStore.listGames}; every field is optional. */
export interface ListOptions {
  game?: GameKind;
  finished?: boolean;
  limit?: number;
}

/** What {@link GameStore.importGames} did: records stored (new or newer), records kept out, and the reasons. */
export interface ImportResult {
  added: number;
  skipped: number;
  errors: string[];
}

/** Options of {@link openStore}. */
export interface OpenOptions {
  /** How long to wait for IndexedDB to open before falling back to memory (it can hang when blocked). */
  timeoutMs?: number;
}

/** The games and settings of the app; every method is async and rejects only with an Error that says why. */
export interface GameStore {
  /** False when IndexedDB could not be used and everything lives in memory until the page closes. */
  readonly persistent: boolean;
  /** Why the store is not persistent (absent when it is). */
  readonly reason?: string;
  /** Stores a game, replacing the one with the same id. */
  saveGame(game: StoredGame): Promise<void>;
  /** The game with this id, undefined when there is none; rejects with UnreadableGameError for an unreadable one. */
  getGame(id: string): Promise<StoredGame | undefined>;
  /** Games newest first (by `updatedAt`), filtered by kind and finished, at most `limit`; unreadable ones skipped. */
  listGames(options?: ListOptions): Promise<StoredGame[]>;
  /** Deletes the game with this id (nothing happens when there is none). */
  deleteGame(id: string): Promise<void>;
  /** The newest unfinished game of this kind, the one to resume. */
  currentGame(game: GameKind): Promise<StoredGame | undefined>;
  /** The setting, or `fallback` when it is missing, unreadable or fails `check` (by default: the fallback's JSON kind). */
  getSetting<T>(key: string, fallback: T, check?: (value: unknown) => value is T): Promise<T>;
  /** Remembers a JSON value under this key. */
  setSetting(key: string, value: unknown): Promise<void>;
  /** Every readable game as one JSON string `{ format: 'qi-games', version: 1, exportedAt, games }`. */
  exportGames(): Promise<string>;
  /** Adds the games of an export; never throws for bad text, reports it in `errors`. */
  importGames(text: string): Promise<ImportResult>;
  /** Closes the database; later calls reject. */
  close(): void;
}

/** The format tag of an export file. */
export const EXPORT_FORMAT = 'qi-games';

/** The version of the export format this module writes and the newest it reads. */
export const EXPORT_VERSION = 1;

/** The rejection of getGame for a record that is stored but cannot be read by this version (left untouched). */
export class UnreadableGameError extends Error {
  override name = 'UnreadableGameError';
}

/** A fresh id for a game: a UUID when the browser offers one (secure contexts only), else time + random. */
export function newGameId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  let random = '';
  if (typeof c?.getRandomValues === 'function') {
    for (const n of c.getRandomValues(new Uint32Array(3))) random += n.toString(36).padStart(7, '0');
  } else {
    for (let i = 0; i < 3; i++) random += Math.floor(Math.random() * 2 ** 32).toString(36).padStart(7, '0');
  }
  return `${Date.now().toString(36)}-${random}`;
}

/** Opens the store; falls back to memory (never throws) when IndexedDB cannot be used. */
export async function openStore(name = 'qi', factory?: IDBFactory, options: OpenOptions = {}): Promise<GameStore> {
  let idb: IDBFactory | undefined;
  let usesGlobal = false;
  try {
    usesGlobal = factory === undefined;
    // reading `indexedDB` itself throws a SecurityError in some sandboxed frames
    idb = factory ?? (typeof indexedDB === 'undefined' ? undefined : (indexedDB ?? undefined));
  } catch (e) {
    return new Store(new MemoryBackend(), `IndexedDB is not accessible (${describe(e)})`);
  }
  if (!idb) return new Store(new MemoryBackend(), 'this browser offers no IndexedDB');
  try {
    const db = await openWithTimeout(name, idb, usesGlobal, options.timeoutMs ?? 5000);
    return new Store(new IdbBackend(db));
  } catch (e) {
    return new Store(new MemoryBackend(), `IndexedDB could not be opened (${describe(e)})`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

const MAX_ID = 200;
const MAX_TEXT = 1000;
const MAX_TIME = 8.64e15; // the largest Date

const isKind = (v: unknown): v is GameKind => typeof v === 'string' && (GAME_KINDS as readonly string[]).includes(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_TIME;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

/** The problem with a would-be StoredGame, or undefined when its fields are sound (opaque fields only present). */
function problemOf(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'not an object';
  const r = v as Record<string, unknown>;
  if (!isId(r.id)) return `'id' must be a non-empty string of at most ${MAX_ID} characters`;
  if (!isKind(r.game)) return `'game' must be one of ${GAME_KINDS.join(', ')}`;
  if (typeof r.title !== 'string' || r.title.length > MAX_TEXT) return `'title' must be a string of at most ${MAX_TEXT} characters`;
  if (!isTime(r.createdAt)) return "'createdAt' must be a time in milliseconds";
  if (!isTime(r.updatedAt)) return "'updatedAt' must be a time in milliseconds";
  if (typeof r.finished !== 'boolean') return "'finished' must be true or false";
  if (r.result !== undefined && (typeof r.result !== 'string' || r.result.length > MAX_TEXT)) {
    return `'result' must be a string of at most ${MAX_TEXT} characters`;
  }
  if (typeof r.moves !== 'number' || !Number.isSafeInteger(r.moves) || r.moves < 0) return "'moves' must be a whole number ≥ 0";
  if (r.session === undefined || r.session === null) return "'session' is missing";
  if (r.seats === undefined) return "'seats' is missing";
  return undefined;
}

/** The record reduced to the fields of StoredGame (call after problemOf said it is sound). */
function pick(r: StoredGame): StoredGame {
  const out: StoredGame = {
    id: r.id,
    game: r.game,
    title: r.title,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    finished: r.finished,
    moves: r.moves,
    session: r.session,
    seats: r.seats,
  };
  if (r.result !== undefined) out.result = r.result;
  if (r.clock !== undefined) out.clock = r.clock;
  if (r.settings !== undefined) out.settings = r.settings;
  return out;
}

/** A sound record as plain JSON, or an Error saying what is wrong with it. */
function normalise(game: unknown, what: string): StoredGame {
  const problem = problemOf(game);
  if (problem) throw new Error(`${what}: ${problem}`);
  let text: string;
  try {
    text = JSON.stringify(pick(game as StoredGame));
  } catch (e) {
    throw new Error(`${what}: not plain JSON (${describe(e)})`, { cause: e });
  }
  const out = JSON.parse(text) as StoredGame;
  const after = problemOf(out); // e.g. a session of only undefined values, which JSON drops
  if (after) throw new Error(`${what}: ${after} once written as JSON`);
  return out;
}

/** A value as plain JSON, or an Error when it has none (undefined, a function, a cycle, a BigInt). */
function jsonValue(value: unknown, what: string): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new Error(`${what}: not plain JSON (${describe(e)})`, { cause: e });
  }
  if (text === undefined) throw new Error(`${what}: no JSON value`);
  return JSON.parse(text);
}

/** null, array, or typeof: the JSON kind a setting must keep to replace its fallback. */
const jsonKind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A short description of anything thrown. */
function describe(e: unknown): string {
  if (e && typeof e === 'object' && 'name' in e && 'message' in e) {
    const { name, message } = e as { name: unknown; message: unknown };
    if (name === 'QuotaExceededError') return `the browser's storage is full (${String(message || name)})`;
    if (!message) return String(name);
    return name === 'Error' ? String(message) : `${String(name)}: ${String(message)}`;
  }
  return String(e);
}

/** An Error for a failed operation, naming what failed and why, with the original as its cause. */
const failure = (what: string, e: unknown): Error => new Error(`${what}: ${describe(e)}`, { cause: e });

const quoted = (id: unknown): string => (typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : '?');

// ---------------------------------------------------------------------------------------------------------------
// Backends: the raw operations; the Store above them validates and words errors.

type PutOutcome = 'added' | 'skipped' | 'unreadable';

interface Backend {
  put(game: StoredGame): Promise<void>;
  get(id: string): Promise<unknown>;
  /** Raw records newest first by updatedAt (records without a valid updatedAt are not visited); stops on false. */
  scan(visit: (raw: unknown) => boolean): Promise<void>;
  delete(id: string): Promise<void>;
  /** Stores the record unless one with its id is as new or newer, or cannot be read (then it is kept). */
  putIfNewer(game: StoredGame): Promise<PutOutcome>;
  getSetting(key: string): Promise<unknown>;
  setSetting(key: string, value: unknown): Promise<void>;
  close(): void;
}

/** The newer-wins rule of imports, shared by both backends. */
function importOutcome(existing: unknown, game: StoredGame): PutOutcome {
  if (existing === undefined) return 'added';
  if (problemOf(existing)) return 'unreadable';
  return (existing as StoredGame).updatedAt < game.updatedAt ? 'added' : 'skipped';
}

interface QiDB extends DBSchema {
  games: { key: string; value: StoredGame; indexes: { byUpdated: number; byGame: string } };
  settings: { key: string; value: unknown };
}

const DB_VERSION = 1;

/** Opens the database (idb's openDB on the global factory, idb's wrap on a given one), giving up after timeoutMs. */
function openWithTimeout(name: string, factory: IDBFactory, usesGlobal: boolean, timeoutMs: number): Promise<IDBPDatabase<QiDB>> {
  const opening = usesGlobal ? openDB<QiDB>(name, DB_VERSION, { upgrade }) : openDBWith(factory, name);
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error(`no answer in ${timeoutMs} ms (another tab may be blocking it)`));
    }, timeoutMs);
    opening.then(
      (db) => {
        clearTimeout(timer);
        if (late) db.close();
        else resolve(db);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Creates the stores and indexes of each version the database has not reached yet. */
function upgrade(database: IDBPDatabase<QiDB>, oldVersion: number): void {
  if (oldVersion < 1) {
    const games = database.createObjectStore('games', { keyPath: 'id' });
    games.createIndex('byUpdated', 'updatedAt');
    games.createIndex('byGame', 'game');
    database.createObjectStore('settings');
  }
}

/** idb's openDB on a given factory (openDB itself always uses the global `indexedDB`). */
function openDBWith(factory: IDBFactory, name: string): Promise<IDBPDatabase<QiDB>> {
  const request = factory.open(name, DB_VERSION);
  const opening = wrap(request) as unknown as Promise<IDBPDatabase<QiDB>>;
  request.addEventListener('upgradeneeded', (event) => {
    upgrade(wrap(request.result) as unknown as IDBPDatabase<QiDB>, event.oldVersion);
  });
  return opening;
}

class IdbBackend implements Backend {
  private gone?: string;

  constructor(private readonly db: IDBPDatabase<QiDB>) {
    // A later Qi in another tab wants to upgrade the database: let it, and say so on every later call.
    db.addEventListener('versionchange', () => {
      this.gone = 'a newer version of Qi was opened in another tab; reload this page';
      db.close();
    });
    db.addEventListener('close', () => {
      this.gone ??= 'the browser closed the database (storage cleared?); reload this page';
    });
  }

  /** The database, or an Error once another tab or the browser has taken it away. */
  private live(): IDBPDatabase<QiDB> {
    if (this.gone) throw new Error(this.gone);
    return this.db;
  }

  async put(game: StoredGame): Promise<void> {
    const tx = this.live().transaction('games', 'readwrite');
    await Promise.all([tx.store.put(game), tx.done]);
  }

  get(id: string): Promise<unknown> {
    return this.live().transaction('games', 'readonly').store.get(id);
  }

  async scan(visit: (raw: unknown) => boolean): Promise<void> {
    const tx = this.live().transaction('games', 'readonly');
    tx.done.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    let cursor = await tx.store.index('byUpdated').openCursor(null, 'prev');
    while (cursor && visit(cursor.value)) cursor = await cursor.continue();
    await tx.done;
  }

  async delete(id: string): Promise<void> {
    const tx = this.live().transaction('games', 'readwrite');
    await Promise.all([tx.store.delete(id), tx.done]);
  }

  async putIfNewer(game: StoredGame): Promise<PutOutcome> {
    // the read and the write share one transaction, so no other write can slip in between
    const tx = this.live().transaction('games', 'readwrite');
    tx.done.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    const outcome = importOutcome(await tx.store.get(game.id), game);
    if (outcome === 'added') await tx.store.put(game);
    await tx.done;
    return outcome;
  }

  getSetting(key: string): Promise<unknown> {
    return this.live().transaction('settings', 'readonly').store.get(key);
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    const tx = this.live().transaction('settings', 'readwrite');
    await Promise.all([tx.store.put(value, key), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}

/** The same operations on Maps; values are copied in and out, as IndexedDB does. */
class MemoryBackend implements Backend {
  private readonly games = new Map<string, StoredGame>();
  private readonly settings = new Map<string, unknown>();

  async put(game: StoredGame): Promise<void> {
    this.games.set(game.id, structuredClone(game));
  }

  async get(id: string): Promise<unknown> {
    const game = this.games.get(id);
    return game === undefined ? undefined : structuredClone(game);
  }

  async scan(visit: (raw: unknown) => boolean): Promise<void> {
    // the order of the byUpdated index read backwards: updatedAt, then id, both descending
    const all = [...this.games.values()].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    for (const game of all) if (!visit(structuredClone(game))) break;
  }

  async delete(id: string): Promise<void> {
    this.games.delete(id);
  }

  async putIfNewer(game: StoredGame): Promise<PutOutcome> {
    const outcome = importOutcome(this.games.get(game.id), game);
    if (outcome === 'added') this.games.set(game.id, structuredClone(game));
    return outcome;
  }

  async getSetting(key: string): Promise<unknown> {
    const value = this.settings.get(key);
    return value === undefined ? undefined : structuredClone(value);
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    this.settings.set(key, structuredClone(value));
  }

  close(): void {}
}

// ---------------------------------------------------------------------------------------------------------------
// The store: validation and error wording over either backend.

const MAX_IMPORT_ERRORS = 50;

class Store implements GameStore {
  readonly persistent: boolean;
  readonly reason?: string;
  private closed = false;

  constructor(
    private readonly backend: Backend,
    reason?: string,
  ) {
    this.persistent = reason === undefined;
    if (reason !== undefined) this.reason = reason;
  }

  private open(what: string): void {
    if (this.closed) throw new Error(`${what}: the store is closed`);
  }

  async saveGame(game: StoredGame): Promise<void> {
    const what = `Could not save game ${quoted((game as { id?: unknown } | null)?.id)}`;
    this.open(what);
    const record = normalise(game, what);
    try {
      await this.backend.put(record);
    } catch (e) {
      throw failure(what, e);
    }
  }

  async getGame(id: string): Promise<StoredGame | undefined> {
    if (!isId(id)) return undefined;
    const what = `Could not read game ${quoted(id)}`;
    this.open(what);
    let raw: unknown;
    try {
      raw = await this.backend.get(id);
    } catch (e) {
      throw failure(what, e);
    }
    if (raw === undefined) return undefined;
    const problem = problemOf(raw);
    if (problem) {
      throw new UnreadableGameError(`${what}: ${problem} (it may come from a newer version of Qi; it is left untouched)`);
    }
    return pick(raw as StoredGame);
  }

  async listGames(options: ListOptions = {}): Promise<StoredGame[]> {
    const what = 'Could not list the games';
    this.open(what);
    const { game, finished } = options ?? {};
    const limit = typeof options?.limit === 'number' && !Number.isNaN(options.limit) ? Math.max(0, Math.floor(options.limit)) : Infinity;
    const out: StoredGame[] = [];
    if (limit === 0) return out;
    try {
      await this.backend.scan((raw) => {
        if (problemOf(raw)) return true;
        const record = raw as StoredGame;
        if (game !== undefined && record.game !== game) return true;
        if (finished !== undefined && record.finished !== finished) return true;
        out.push(pick(record));
        return out.length < limit;
      });
    } catch (e) {
      throw failure(what, e);
    }
    return out;
  }

  async deleteGame(id: string): Promise<void> {
    if (!isId(id)) return;
    const what = `Could not delete game ${quoted(id)}`;
    this.open(what);
    try {
      await this.backend.delete(id);
    } catch (e) {
      throw failure(what, e);
    }
  }

  async currentGame(game: GameKind): Promise<StoredGame | undefined> {
    if (!isKind(game)) return undefined;
    return (await this.listGames({ game, finished: false, limit: 1 }))[0];
  }

  async getSetting<T>(key: string, fallback: T, check?: (value: unknown) => value is T): Promise<T> {
    if (this.closed || !isId(key)) return fallback;
    let raw: unknown;
    try {
      raw = await this.backend.getSetting(key);
    } catch {
      return fallback; // a setting that cannot be read is as good as never set
    }
    if (raw === undefined) return fallback;
    if (check) return check(raw) ? raw : fallback;
    if (fallback === undefined || fallback === null) return raw as T;
    return jsonKind(raw) === jsonKind(fallback) ? (raw as T) : fallback;
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    const what = `Could not save setting ${quoted(key)}`;
    if (!isId(key)) throw new Error(`${what}: the key must be a non-empty string of at most ${MAX_ID} characters`);
    this.open(what);
    const json = jsonValue(value, what);
    try {
      await this.backend.setSetting(key, json);
    } catch (e) {
      throw failure(what, e);
    }
  }

  async exportGames(): Promise<string> {
    const games = await this.listGames();
    return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: Date.now(), games });
  }

  async importGames(text: string): Promise<ImportResult> {
    const result: ImportResult = { added: 0, skipped: 0, errors: [] };
    const report = (message: string) => {
      if (result.errors.length < MAX_IMPORT_ERRORS) result.errors.push(message);
      else if (result.errors.length === MAX_IMPORT_ERRORS) result.errors.push('… and more problems');
    };
    if (this.closed) return { ...result, errors: ['The store is closed'] };
    if (typeof text !== 'string') return { ...result, errors: ['Not a text file'] };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return { ...result, errors: [`Not a Qi games file: not JSON (${describe(e)})`] };
    }
    const file = data as { format?: unknown; version?: unknown; games?: unknown } | null;
    if (typeof file !== 'object' || file === null || file.format !== EXPORT_FORMAT) {
      return { ...result, errors: [`Not a Qi games file: no "format": "${EXPORT_FORMAT}"`] };
    }
    if (typeof file.version !== 'number' || !Number.isInteger(file.version) || file.version < 1) {
      return { ...result, errors: ['Not a Qi games file: no valid "version"'] };
    }
    if (file.version > EXPORT_VERSION) {
      return { ...result, errors: [`This file was made by a newer version of Qi (format version ${file.version}); update Qi to read it`] };
    }
    if (!Array.isArray(file.games)) return { ...result, errors: ['Not a Qi games file: "games" is not a list'] };
    for (const [i, raw] of file.games.entries()) {
      const what = `Game ${i + 1} (id ${quoted((raw as { id?: unknown } | null)?.id)})`;
      let record: StoredGame;
      try {
        record = normalise(raw, what);
      } catch (e) {
        report((e as Error).message);
        continue;
      }
      try {
        const outcome = await this.backend.putIfNewer(record);
        if (outcome === 'added') result.added++;
        else result.skipped++;
        if (outcome === 'unreadable') report(`${what}: a stored game with this id cannot be read by this version; it is kept, not replaced`);
      } catch (e) {
        report(failure(`${what}: not stored`, e).message);
      }
    }
    return result;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.backend.close();
    } catch {
      // already closed (e.g. by a newer version in another tab)
    }
  }
}

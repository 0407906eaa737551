/**
 * The seat tokens this browser holds, in localStorage `qi.online.tokens` as {roomId: {token, seat, code?}}: a
 * reload, a new tab or a reconnect resumes the same seat with it. Unreadable storage reads as empty and a refused
 * write is ignored (the seat then lasts as long as the page).
 */

/** One room's seat as stored. */
export interface StoredSeat {
  token: string;
  seat: number;
  /** The room's six-letter code, so that a code typed in the lobby finds the token too. */
  code?: string;
}

const KEY = 'qi.online.tokens';
/** Rooms remembered at most (the oldest are forgotten first). */
const MAX_ROOMS = 100;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const defaultStore = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** Every stored seat (bad entries left out). */
export function readTokens(storage: Store | null = defaultStore()): Record<string, StoredSeat> {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
  const out: Record<string, StoredSeat> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  for (const [room, v] of Object.entries(raw as Record<string, unknown>)) {
    const e = v as Partial<StoredSeat> | null;
    if (!e || typeof e.token !== 'string' || !Number.isInteger(e.seat)) continue;
    out[room] = { token: e.token, seat: e.seat as number, ...(typeof e.code === 'string' ? { code: e.code } : {}) };
  }
  return out;
}

/** The seat stored for a room id or code, with the room's id. */
export function findToken(idOrCode: string, storage: Store | null = defaultStore()): (StoredSeat & { room: string }) | null {
  const all = readTokens(storage);
  if (all[idOrCode]) return { ...all[idOrCode], room: idOrCode };
  const code = idOrCode.toUpperCase();
  for (const [room, e] of Object.entries(all)) if (e.code !== undefined && e.code.toUpperCase() === code) return { ...e, room };
  return null;
}

/** Remembers a room's seat token. */
export function saveToken(room: string, seat: StoredSeat, storage: Store | null = defaultStore()): void {
  const all = readTokens(storage);
  delete all[room];
  all[room] = seat;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ROOMS))) delete all[k];
  try {
    storage?.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage refused: the seat is held for this page only
  }
}

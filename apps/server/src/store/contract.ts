/**
 * The Store contract, run against every implementation (sqlite.test.ts, postgres.test.ts): events kept with their
 * versions, a write that does not fit refused whole, the same data after a reopen, lookups by id and code, the
 * finished list, and the owner epoch (claim, a stale owner's append refused inside its transaction).
 */
import { describe, expect, it } from 'vitest';
import type { FinishedRoom } from '@qi/protocol';
import type { RoomConfig } from '../room/config.js';
import type { RoomRowState, StoredEvent } from '../room/room.js';
import { isStaleOwner, type Store } from './store.js';

/** How a contract run opens stores: `open()` (again) a store on the same database. */
export interface StoreFactory {
  /** Opens (again) the store on the same database. */
  open(): Promise<Store>;
}

let n = 0;
const config = (): RoomConfig => {
  n++;
  const id = `room${String(n).padStart(8, '0')}`;
  return { id, code: `C${String(n).padStart(5, '0')}`.replace(/0/g, 'Z').replace(/1/g, 'Y'), game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: true, createdAt: n };
};
const row = (version: number, status: RoomRowState['status'] = 'playing', finished: FinishedRoom | null = null): RoomRowState => ({ version, status, clocks: null, finished });
const seat = (version: number, s: number): StoredEvent => ({ version, at: version, seat: s, ack: null, event: { kind: 'seat', seat: s, name: `P${s}` }, private: { tokenHash: `h${s}` } });
const move = (version: number, s: number, m: string, ack: string | null = null): StoredEvent => ({ version, at: 1_700_000_000_000 + version, seat: s, ack, event: { kind: 'move', seat: s, move: m, clocks: null } });

/** Defines the contract's tests for one implementation. */
export function storeContract(name: string, factory: () => StoreFactory): void {
  describe(`Store contract: ${name}`, () => {
    it('keeps events with their versions, refuses a write that does not fit whole, and reads the same after a reopen', async () => {
      const f = factory();
      const store = await f.open();
      const c = config();
      await store.createRoom(c, [seat(1, 0)], row(1, 'waiting'));
      await store.append(c.id, [seat(2, 1), { version: 3, at: 3, seat: null, ack: null, event: { kind: 'start', clocks: null } }], row(3));
      await store.append(c.id, [move(4, 0, 'E5', 'm1')], row(4));
      // Version 4 again: the whole write is refused and nothing of it stays.
      await expect(store.append(c.id, [{ version: 5, at: 5, seat: 1, ack: null, event: { kind: 'chat', line: { seat: 1, name: 'P1', text: 'x', at: 5 } } }, seat(4, 1)], row(5))).rejects.toThrow();
      // A row version that does not move forward is refused too.
      await expect(store.append(c.id, [move(5, 1, 'D4')], row(4))).rejects.toThrow();
      await expect(store.append('nosuchroom00', [move(1, 0, 'D4')], row(1))).rejects.toThrow();
      expect(await store.codeTaken(c.code)).toBe(true);
      expect(await store.codeTaken('QQQQQQ')).toBe(false);
      await store.close();
      await expect(store.loadUnfinished()).rejects.toThrow('closed');

      const again = await f.open();
      const room = (await again.loadUnfinished()).find((r) => r.config.id === c.id)!;
      expect(room.config).toEqual(c);
      expect(room.events.map((e) => [e.version, e.event.kind, e.ack])).toEqual([
        [1, 'seat', null],
        [2, 'seat', null],
        [3, 'start', null],
        [4, 'move', 'm1'],
      ]);
      expect(room.events[0].private).toEqual({ tokenHash: 'h0' });
      expect(room.events[3].at).toBe(1_700_000_000_004);
      expect(room.events[3].private).toBeUndefined();
      expect(room.row).toEqual(row(4));
      expect((await again.loadRoom(c.code.toLowerCase()))?.config.id).toBe(c.id);
      expect(await again.loadRoom('nothinghere0')).toBeNull();
      expect(await again.roomId(c.id)).toBe(c.id);
      expect(await again.roomId(c.code.toLowerCase())).toBe(c.id);
      expect(await again.roomId('nothinghere0')).toBeNull();
      expect(await again.playingIds()).toContain(c.id);
      await again.close();
    });

    it('lists finished listed games newest first, and no longer counts them unfinished', async () => {
      const store = await factory().open();
      const ids: string[] = [];
      for (let k = 0; k < 3; k++) {
        const c = { ...config(), listed: k !== 1 };
        ids.push(c.id);
        await store.createRoom(c, [seat(1, 0)], row(1, 'waiting'));
        const finished: FinishedRoom = { room: c.id, game: 'go', summary: '9×9', names: ['a', 'b'], result: { returns: [1, -1], reason: 'resign', code: 'B+R', seat: 1 }, moves: 0, endedAt: 2_000_000_000_000 + k };
        await store.append(c.id, [seat(2, 1)], row(2, 'over', finished));
      }
      const list = await store.finished(50);
      const mine = list.filter((f) => ids.includes(f.room)).map((f) => f.room);
      expect(mine).toEqual([ids[2], ids[0]]);
      const unfinished = await store.playingIds();
      for (const id of ids) expect(unfinished).not.toContain(id);
      await store.close();
    });

    it('fences owners: claim increments the epoch; an append with a stale epoch is refused and writes nothing', async () => {
      const store = await factory().open();
      const c = config();
      await store.createRoom(c, [seat(1, 0)], row(1, 'waiting'));
      // The creator owns epoch 1.
      await store.append(c.id, [seat(2, 1)], row(2), 1);
      const e2 = await store.claim(c.id);
      expect(e2).toBe(2);
      expect(await store.claim('nosuchroom00')).toBeNull();
      // The old owner (epoch 1) and the new one (epoch 2) both try version 3: only the new one writes.
      const stale = await store.append(c.id, [move(3, 0, 'E5', 'old')], row(3), 1).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isStaleOwner(stale)).toBe(true);
      await store.append(c.id, [move(3, 0, 'D4', 'new')], row(3), 2);
      // Concurrent appends of the same version by the owner: exactly one is stored.
      const results = await Promise.allSettled([store.append(c.id, [move(4, 1, 'C3', 'x')], row(4), 2), store.append(c.id, [move(4, 1, 'C4', 'y')], row(4), 2)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      // Without an epoch (one process) the fence is not checked.
      await store.append(c.id, [move(5, 0, 'B2')], row(5));
      const s = (await store.loadRoom(c.id))!;
      expect(s.events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
      expect(s.events[2].ack).toBe('new');
      expect(s.row?.version).toBe(5);
      await store.close();
    });
  });
}

/**
 * Where rooms are kept: a small interface so that the hub never sees a database (issue #15 adds PostgreSQL
 * behind it). Every method returns a promise; a rejected write means nothing of it was stored.
 */
import type { FinishedRoom } from '@qi/protocol';
import type { RoomConfig } from '../room/config.js';
import type { RoomRowState, StoredEvent } from '../room/room.js';

/** A room as stored: its config, its events in version order, and its row (version, status, clocks). */
export interface StoredRoom {
  config: RoomConfig;
  events: StoredEvent[];
  row: RoomRowState | null;
}

/** The rooms' storage. Writes are atomic: a room's events and its row change together or not at all. */
export interface Store {
  /** Stores a new room with its first events (the creator's seat, maybe the start) in one transaction. */
  createRoom(config: RoomConfig, events: readonly StoredEvent[], row: RoomRowState): Promise<void>;
  /** Appends a room's events and updates its row in one transaction (durable before the promise resolves). */
  append(room: string, events: readonly StoredEvent[], row: RoomRowState): Promise<void>;
  /** Every room not over yet (restored at start). */
  loadUnfinished(): Promise<StoredRoom[]>;
  /** One room by id or code (codes are matched in capitals), or null. */
  loadRoom(idOrCode: string): Promise<StoredRoom | null>;
  /** Whether a room has this code. */
  codeTaken(code: string): Promise<boolean>;
  /** The most recent finished listed games, newest first. */
  finished(limit: number): Promise<FinishedRoom[]>;
  /** Closes the storage (pending writes done). */
  close(): Promise<void>;
}

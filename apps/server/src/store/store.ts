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

/** A write refused because another process has taken the room over since (its owner epoch moved on). */
export class StaleOwnerError extends Error {
  readonly code = 'stale-owner';
  constructor(room: string, epoch: number) {
    super(`room ${room} has been taken over by another process (epoch ${epoch} is stale)`);
    this.name = 'StaleOwnerError';
  }
}

/** Whether an error is a StaleOwnerError (also across module copies). */
export function isStaleOwner(e: unknown): boolean {
  return e instanceof Error && (e as { code?: unknown }).code === 'stale-owner';
}

/** The rooms' storage. Writes are atomic: a room's events and its row change together or not at all. */
export interface Store {
  /** Stores a new room with its first events (the creator's seat, maybe the start) in one transaction; its owner epoch is 1. */
  createRoom(config: RoomConfig, events: readonly StoredEvent[], row: RoomRowState): Promise<void>;
  /**
   * Appends a room's events and updates its row in one transaction (durable before the promise resolves). With an
   * `epoch` (several server processes) the write is refused with a StaleOwnerError unless the room's stored
   * owner epoch is still that one: a process that lost the room can never write to it again.
   */
  append(room: string, events: readonly StoredEvent[], row: RoomRowState, epoch?: number): Promise<void>;
  /** Takes a room over: increments its owner epoch and returns it (the fencing token of later appends), null when there is no such room. */
  claim(room: string): Promise<number | null>;
  /** The id of the room with this id or code (codes in any case), or null. */
  roomId(idOrCode: string): Promise<string | null>;
  /** The ids of the rooms being played (status playing: the ones whose clocks and Qi seats need an owner). */
  playingIds(): Promise<string[]>;
  /** Every room not over yet (restored at start). */
  loadUnfinished(): Promise<StoredRoom[]>;
  /** One room by id or code (codes are matched in capitals), or null. */
  loadRoom(idOrCode: string): Promise<StoredRoom | null>;
  /** Whether a room has this code. */
  codeTaken(code: string): Promise<boolean>;
  /** The most recent finished listed games, newest first. */
  finished(limit: number): Promise<FinishedRoom[]>;
  /** Numbers worth watching (PostgreSQL: its pool's connections), for /health. */
  stats?(): Record<string, number>;
  /** Closes the storage (pending writes done). */
  close(): Promise<void>;
}

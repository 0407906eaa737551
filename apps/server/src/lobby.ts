/**
 * The lobby: who watches it, what it lists (the listed rooms waiting or playing, the last finished listed games),
 * and how often it is sent — now on watching, then at most once every LOBBY_EVERY_MS after changes.
 */
import type { FinishedRoom, LobbyRoom, ServerMessage } from '@qi/protocol';

/** Finished games the lobby lists. */
export const FINISHED_LISTED = 50;
/** Rooms the lobby lists at most (the newest). */
export const ROOMS_LISTED = 200;
/** The lobby is sent at most this often (ms): two messages a second. */
export const LOBBY_EVERY_MS = 500;

/** Something the lobby can be sent to. */
export interface LobbyPeer {
  send(message: ServerMessage): void;
}

/** The lobby's watchers and its list of finished games. */
export class Lobby {
  private readonly watchers = new Set<LobbyPeer>();
  private finished: FinishedRoom[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sentAt = 0;
  private closed = false;

  /** A lobby listing `rooms()` (listed rooms not over, newest first). */
  constructor(private readonly rooms: () => LobbyRoom[]) {}

  /** The finished games listed at start (newest first, from the store). */
  setFinished(list: readonly FinishedRoom[]): void {
    this.finished = list.slice(0, FINISHED_LISTED);
  }

  /** A game just finished (listed rooms only). */
  addFinished(f: FinishedRoom): void {
    this.finished = [f, ...this.finished.filter((x) => x.room !== f.room)].slice(0, FINISHED_LISTED);
    this.changed();
  }

  /** Starts (sending the lobby at once) or stops sending `peer` the lobby. */
  watch(peer: LobbyPeer, on: boolean): void {
    if (!on) {
      this.watchers.delete(peer);
      return;
    }
    this.watchers.add(peer);
    peer.send(this.message());
  }

  /** The lobby as sent. */
  message(): ServerMessage {
    return { t: 'lobby', rooms: this.rooms().slice(0, ROOMS_LISTED), finished: this.finished };
  }

  /** Something the lobby shows changed: its watchers hear of it soon (real time: this is about the network). */
  changed(): void {
    if (this.watchers.size === 0 || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sentAt = Date.now();
      const m = this.message();
      for (const p of this.watchers) p.send(m);
    }, Math.max(0, this.sentAt + LOBBY_EVERY_MS - Date.now()));
    this.timer.unref?.();
  }

  /** Stops sending. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** The answers a room gave each seat's recent ack ids: a repeated id gets the same answer and changes nothing. */
import type { AckMessage } from '@qi/protocol';

/** Ack ids remembered per seat. */
export const ACKS_PER_SEAT = 128;

/** Per seat, the last ACKS_PER_SEAT ack ids and their answers (oldest forgotten first). */
export class AckCache {
  private readonly bySeat = new Map<number, Map<string, AckMessage>>();

  /** The answer already given to `ack` from `seat`, if it is still remembered. */
  get(seat: number, ack: string): AckMessage | undefined {
    return this.bySeat.get(seat)?.get(ack);
  }

  /** Remembers the answer to `ack` from `seat`. */
  set(seat: number, ack: string, answer: AckMessage): void {
    let m = this.bySeat.get(seat);
    if (!m) this.bySeat.set(seat, (m = new Map()));
    m.delete(ack);
    m.set(ack, answer);
    while (m.size > ACKS_PER_SEAT) m.delete(m.keys().next().value as string);
  }
}

/** Room ids, short codes and seat tokens: random, and tokens kept only as hashes. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Code letters without the look-alikes (no I, L, O, 0, 1). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function pick(alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** A new room id: 12 random base62 characters. */
export function newRoomId(): string {
  return pick(BASE62, 12);
}

/** A new room code: 6 characters people can read out and type. */
export function newRoomCode(): string {
  return pick(CODE_ALPHABET, 6);
}

/** Whether `text` could be a room code (6 code letters, any case). */
export function looksLikeCode(text: string): boolean {
  return text.length === 6 && [...text.toUpperCase()].every((c) => CODE_ALPHABET.includes(c));
}

/** A new seat token: 24 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The stored form of a token (SHA-256, hex): the database never holds a token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Load, small: 40 concurrent games on one real server for about 10 s, each making a move every second on average
 * (seeded exponential gaps, random legal moves from a local engine position). Asserts correctness only: every
 * game's stored moves are exactly the moves its clients had acked, in order, none lost or duplicated, none refused.
 * Prints moves/s and the p50/p99 round trip (send → ack) without asserting them (they depend on the machine).
 */
import { describe, expect, it } from 'vitest';
import { formatReport, runLoad } from '../tools/load-run.js';
import { loadServerArgs } from '../tools/load.js';

const GAMES = 40;
const SECONDS = 10;

describe('load (small)', () => {
  it(`${GAMES} games for ${SECONDS} s: no move lost, duplicated or refused`, { timeout: 180_000 }, async () => {
    const report = await runLoad({ games: GAMES, seconds: SECONDS, meanGapMs: 1000, seed: 40, serverArgs: loadServerArgs(GAMES), log: () => undefined });
    console.log(`load (small):\n  ${formatReport(report).join('\n  ')}`);
    expect(report.errors).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.mismatched).toBe(0);
    expect(report.refused).toBe(0);
    // It really ran: a count, not a speed (40 games × 10 s / 1 s ≈ 400 moves; a tenth of it on the slowest machine).
    expect(report.acked).toBeGreaterThan(GAMES);
  });
});

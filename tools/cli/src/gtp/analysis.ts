import type { GoPosition } from '@qi/engine';
import type { Progress } from '@qi/ai-worker';
import { GtpError } from './framing.js';

/** What an `lz-analyze` / `kata-analyze` command asks for. */
export interface AnalyzeRequest {
  /** The side to analyse for. */
  player: 0 | 1;
  /** Minimum time between two info lines, ms (the worker reports at most 5 times a second). */
  intervalMs: number;
  /** At most this many candidates per line (0: all the worker reports, up to 10). */
  maxMoves: number;
}

/**
 * Parses `[color] [interval] [interval N] [maxmoves N]` (interval in centiseconds, as Leela Zero and KataGo take
 * it); other KataGo keys (minmoves, ownership, pvVisits …) take a value and are accepted but ignored.
 */
export function parseAnalyzeArgs(args: readonly string[], toMove: 0 | 1): AnalyzeRequest {
  const req: AnalyzeRequest = { player: toMove, intervalMs: 1000, maxMoves: 0 };
  let i = 0;
  const color = args[0]?.toLowerCase();
  if (color === 'b' || color === 'black' || color === 'w' || color === 'white') {
    req.player = color[0] === 'b' ? 0 : 1;
    i++;
  }
  if (i < args.length && /^\d+$/.test(args[i])) req.intervalMs = Number(args[i++]) * 10;
  while (i < args.length) {
    const key = args[i];
    const value = args[i + 1];
    if (value === undefined) throw new GtpError(`syntax error: ${key} needs a value`);
    if (key === 'interval' || key === 'maxmoves') {
      if (!/^\d+$/.test(value)) throw new GtpError(`syntax error: ${key} must be a whole number`);
      if (key === 'interval') req.intervalMs = Number(value) * 10;
      else req.maxMoves = Number(value);
    } else if (!/^[a-zA-Z_]+$/.test(key)) throw new GtpError(`syntax error: unexpected "${key}"`);
    i += 2;
  }
  return req;
}

/**
 * One analysis line: `info move D4 visits N winrate W prior P order K pv D4 …` per candidate, best first.
 * lz-analyze gives win rate and prior as integers in 1/10000, kata-analyze as fractions; only the best move
 * has a principal variation beyond itself.
 */
export function analysisLine(p: Progress, pos: GoPosition, kata: boolean, maxMoves: number): string {
  const list = maxMoves > 0 ? p.candidates.slice(0, maxMoves) : p.candidates;
  const parts: string[] = [];
  list.forEach((c, order) => {
    const move = text(pos, c.move);
    if (move === null) return;
    const pv = p.move === c.move && p.pv.length > 0 ? p.pv : [c.move];
    const pvText = pv.map((m) => text(pos, m)).filter((t): t is string => t !== null);
    const winrate = kata ? c.winRate.toFixed(6) : String(Math.round(c.winRate * 10000));
    const prior = kata ? c.prior.toFixed(6) : String(Math.round(c.prior * 10000));
    parts.push(`info move ${move} visits ${c.visits} winrate ${winrate} prior ${prior} order ${order} pv ${pvText.join(' ')}`);
  });
  return parts.join(' ');
}

function text(pos: GoPosition, move: number): string | null {
  try {
    return pos.moveToText(move);
  } catch {
    return null;
  }
}

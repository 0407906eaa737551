import { GomokuPosition, parseGomokuRule, type GomokuRule } from '@qi/engine';
import { flagInt, flagString, parseColor, UsageError, type Args } from '../args.js';

/** Flags every Gomoku command reads to build its position. */
export const GOMOKU_POSITION_FLAGS = ['black', 'white', 'size', 'to-move'] as const;

/** Splits a `--black H8,J9` list (commas and/or spaces; empty means none). */
function pointList(args: Args, name: string): string[] {
  const v = flagString(args, name, '')!;
  return v.split(/[\s,]+/).filter((t) => t !== '');
}

/** Builds the position the flags describe, turning engine errors (bad or overlapping points) into usage errors. */
export function gomokuPosition(args: Args, rule: GomokuRule): GomokuPosition {
  const size = flagInt(args, 'size', 5, 20, 15)!;
  const toMoveText = flagString(args, 'to-move');
  const toMove = toMoveText === undefined ? undefined : parseColor(toMoveText);
  try {
    return new GomokuPosition({ size, rule, black: pointList(args, 'black'), white: pointList(args, 'white'), toMove });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The `--rule` flag (renju when absent). */
export function gomokuRule(args: Args): GomokuRule {
  const text = flagString(args, 'rule', 'renju')!;
  try {
    return parseGomokuRule(text);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

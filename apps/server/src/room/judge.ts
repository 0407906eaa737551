/**
 * A move's text judged by the engine: the move it is, in the game's normal spelling, or why it is refused in the
 * engine's own terms (Go's occupied/suicide/ko/superko, Renju's forbidden kinds, Reversi's flips-nothing, Chinese
 * Checkers' hop paths checked hop by hop). The words follow the web app's refusals (apps/web/src/games/*\/strings).
 */
import { CHECKERS_LEAVE, CheckersPosition, GoPosition, GomokuPosition, PASS, ReversiPosition, checkersMove, type Position } from '@qi/engine';

/** A move accepted (engine integer and normalised text) or refused (code and a sentence). */
export type Verdict = { ok: true; move: number; text: string } | { ok: false; code: 'illegal' | 'bad-path'; reason: string };

const GO_REASON: Record<string, (point: string) => string> = {
  occupied: (p) => `${p} is already occupied.`,
  suicide: (p) => `${p} would be suicide: the stone would have no liberties.`,
  ko: (p) => `${p} retakes the ko at once (ko): play elsewhere first.`,
  superko: (p) => `${p} would repeat an earlier position (superko).`,
};

const RENJU_REASON: Record<string, string> = {
  'double-three': 'it makes two open threes',
  'double-four': 'it makes two fours',
  overline: 'it makes six or more in a row',
};

/** Judges `text` as the next move on `pos` (a game not over: the room checks that first). */
export function judgeMove(pos: Position, text: string): Verdict {
  if (pos instanceof CheckersPosition) return judgeCheckers(pos, text);
  let move: number;
  try {
    move = pos.parseMove(text);
  } catch (e) {
    return { ok: false, code: 'illegal', reason: (e as Error).message };
  }
  const point = move === PASS ? 'pass' : pos.moveToText(move);
  if (pos.isLegal(move)) return { ok: true, move, text: point };
  return { ok: false, code: 'illegal', reason: refusal(pos, move, point) };
}

function refusal(pos: Position, move: number, point: string): string {
  if (move === PASS) return 'pass is allowed only when you have no move.';
  if (pos instanceof GoPosition) {
    const reason = pos.analyze(move).reason ?? 'occupied';
    return (GO_REASON[reason] ?? GO_REASON.occupied)(point);
  }
  if (pos instanceof GomokuPosition) {
    if (pos.stoneAt(move) !== 0) return `${point} is already occupied.`;
    const kind = pos.currentPlayer() === 0 ? pos.forbiddenKind(move) : null;
    if (kind !== null) return `${point} is forbidden for Black (forbidden ${kind}): ${RENJU_REASON[kind]}.`;
    return `${point} is not a move here.`;
  }
  if (pos instanceof ReversiPosition) {
    if (move >= 0 && move < 64 && pos.colourAt(move) >= 0) return `${point} is already occupied.`;
    return `${point} flips nothing: a move must outflank at least one of the opponent's discs.`;
  }
  return `${point} is not a legal move here.`;
}

function judgeCheckers(pos: CheckersPosition, text: string): Verdict {
  const t = text.trim().toLowerCase();
  if (t === 'leave') return { ok: true, move: CHECKERS_LEAVE, text: 'leave' };
  if (t === 'pass') {
    return pos.isLegal(PASS) ? { ok: true, move: PASS, text: 'pass' } : { ok: false, code: 'illegal', reason: 'pass is allowed only when you have no move.' };
  }
  let path: number[];
  try {
    path = pos.parsePath(text);
  } catch (e) {
    return { ok: false, code: 'bad-path', reason: (e as Error).message };
  }
  const names = path.map((c) => pos.geometry.names[c]);
  const written = names.join('-');
  if (pos.pieceAt(path[0]) !== pos.currentPlayer()) {
    return { ok: false, code: 'bad-path', reason: `${written}: ${names[0]} does not hold one of your pieces.` };
  }
  // The path's prefixes name the first hop that cannot be made (an empty hole to jump, a taken landing hole).
  for (let i = 2; i <= path.length; i++) {
    if (!pos.pathIsPlayable(path.slice(0, i))) {
      const hop = `${names[i - 2]}-${names[i - 1]}`;
      const why = pos.pieceAt(path[i - 1]) >= 0 ? `${names[i - 1]} is taken` : i === 2 && path.length === 2 ? 'it is neither a step to a neighbouring hole nor a hop over a piece' : 'there is no piece to hop over (or hopping it is not allowed)';
      return { ok: false, code: 'bad-path', reason: `${written}: the hop ${hop} cannot be made: ${why}.` };
    }
  }
  const move = checkersMove(path[0], path[path.length - 1]);
  if (!pos.isLegal(move)) return { ok: false, code: 'illegal', reason: `${written} is not allowed by the rules here (a piece may not end its turn there).` };
  return { ok: true, move, text: written };
}

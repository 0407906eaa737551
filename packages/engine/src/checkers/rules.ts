import type { BoardKind } from './geometry.js';

/** The rules of one Chinese Checkers game, as a plain value (JSON-able; stored in game records). */
export interface CheckersRules {
  /** 'star': the 121-hole star; 'square8': the 8x8 board of the classic MFC 跳棋 program. */
  board: BoardKind;
  /** Players: 2, 3, 4 or 6 on the star, 2 on the square board; 1 = a solo puzzle with no opponents. */
  players: number;
  /** Anti-spoiling: you win when every hole of your goal is occupied and at least one piece there is yours. */
  fillGoalWins: boolean;
  /** Anti-spoiling: a piece that has entered its goal may not end a turn outside it again. */
  stayInGoal: boolean;
  /** No ending a turn in a point that is another player's home or goal (passing through by hops is fine). */
  noStopInOtherPoints: boolean;
  /** What a hop may jump: 'any' piece (star rule) or only an 'opponent' piece (the classic square-board rule). */
  jumpOver: 'any' | 'opponent';
  /** End the game after this many turns in total (0 = no cap). */
  turnCap: number;
  /** At the cap (or when every player left is stuck): a 'draw' among the unfinished, or ranked by 'distance'. */
  capOutcome: 'draw' | 'distance';
}

const KEYS: readonly (keyof CheckersRules)[] = [
  'board',
  'players',
  'fillGoalWins',
  'stayInGoal',
  'noStopInOtherPoints',
  'jumpOver',
  'turnCap',
  'capOutcome',
];

/** Player counts each board supports (1 = solo puzzle). */
export const PLAYER_COUNTS: Readonly<Record<BoardKind, readonly number[]>> = {
  star: [1, 2, 3, 4, 6],
  square8: [1, 2],
};

/**
 * Full, validated rules from a partial value: anti-spoiling on, no cap, hops over any piece on the star and over
 * opponents only on the square board. Throws a RangeError naming the bad field (unknown fields included).
 */
export function checkersRules(partial: Partial<CheckersRules> = {}): CheckersRules {
  if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) throw new RangeError('rules must be an object');
  for (const k of Object.keys(partial)) {
    if (!(KEYS as readonly string[]).includes(k)) throw new RangeError(`unknown rules field "${k}" (known: ${KEYS.join(', ')})`);
  }
  const board = partial.board ?? 'star';
  if (board !== 'star' && board !== 'square8') throw new RangeError(`rules.board must be "star" or "square8", got ${JSON.stringify(board)}`);
  const players = partial.players ?? 2;
  if (!PLAYER_COUNTS[board].includes(players)) {
    throw new RangeError(`rules.players must be one of ${PLAYER_COUNTS[board].join(', ')} on the ${board} board, got ${JSON.stringify(players)}`);
  }
  const rules: CheckersRules = {
    board,
    players,
    fillGoalWins: bool(partial, 'fillGoalWins', true),
    stayInGoal: bool(partial, 'stayInGoal', true),
    noStopInOtherPoints: bool(partial, 'noStopInOtherPoints', false),
    jumpOver: partial.jumpOver ?? (board === 'star' ? 'any' : 'opponent'),
    turnCap: partial.turnCap ?? 0,
    capOutcome: partial.capOutcome ?? 'draw',
  };
  if (rules.jumpOver !== 'any' && rules.jumpOver !== 'opponent') {
    throw new RangeError(`rules.jumpOver must be "any" or "opponent", got ${JSON.stringify(rules.jumpOver)}`);
  }
  if (!Number.isInteger(rules.turnCap) || rules.turnCap < 0 || rules.turnCap > 1_000_000) {
    throw new RangeError(`rules.turnCap must be a whole number from 0 (no cap) to 1000000, got ${JSON.stringify(rules.turnCap)}`);
  }
  if (rules.capOutcome !== 'draw' && rules.capOutcome !== 'distance') {
    throw new RangeError(`rules.capOutcome must be "draw" or "distance", got ${JSON.stringify(rules.capOutcome)}`);
  }
  return rules;
}

function bool(partial: Partial<CheckersRules>, key: 'fillGoalWins' | 'stayInGoal' | 'noStopInOtherPoints', fallback: boolean): boolean {
  const v = partial[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new RangeError(`rules.${key} must be true or false, got ${JSON.stringify(v)}`);
  return v;
}

/** Turns per player allowed in self-play before the cap ranks the players by distance to their goals. */
export const SELF_PLAY_TURNS_PER_PLAYER = 150;

/** Rules for bots playing each other: like `checkersRules`, plus a turn cap ranking players by distance. */
export function selfPlayRules(partial: Partial<CheckersRules> = {}): CheckersRules {
  const base = checkersRules(partial);
  return checkersRules({
    ...base,
    turnCap: partial.turnCap ?? SELF_PLAY_TURNS_PER_PLAYER * Math.max(1, base.players),
    capOutcome: partial.capOutcome ?? 'distance',
  });
}

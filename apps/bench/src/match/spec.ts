/**
 * Player specs as the command line writes them:
 *   level:10            a Qi bot at level 10 (its documented budget and randomness)
 *   nodes:5000          a Qi bot with 5000 playouts/nodes a move (full strength, no randomness)
 *   time:1000           a Qi bot with 1000 ms a move;  depth:6  alpha-beta to depth 6
 *   level:3+nodes:800   combined: the level's randomness, 800 nodes;  +algo:mcts picks the search
 *   nodes:30000+eval:hand   Reversi with the hand-written evaluation (the baseline of the trained one; a thread of its own);
 *                       eval:/abs/path/reversi-weights.bin another training's weights
 *   level:10+clock:3000   Go under a clock: main time of 3000 ms for each move a game asks of one side at the start
 *                       (29 on 9x9, 60 on 13x13, 127 on 19x19), shared out as `qi gtp` does under time_settings:
 *                       easy moves end early, unsettled ones think on (up to 2.5 times their share)
 *   level:10+resign:0.05  Go: resigns by Qi's resignation policy (three reliable searches in a row below that win rate,
 *                       after a third of the board's moves; as `qi gtp --resign`), so a lost game ends like a human's
 *   classic             the game's classic baseline bot (greedy Reversi, depth-4 Gomoku, depth-3 Chinese Checkers,
 *                       random Go), where the ai-worker provides one (`algorithm: 'classic'`)
 *   gtp:/usr/games/gnugo --mode gtp --level 10       any GTP engine (child process): Go, or Reversi (Othello GTP, GRhino)
 *   piskvork:/path/to/engine args                    any piskvork (Gomocup) engine (child process)
 * An optional `name=` prefix names the player in reports: `strong=level:10`.
 */

/** A parsed spec. */
export type PlayerSpec =
  | { kind: 'bot'; name: string; level?: number; nodes?: number; timeMs?: number; depth?: number; algorithm?: 'mcts' | 'alphabeta' | 'classic'; evaluation?: string; resign?: number; clockMs?: number }
  | { kind: 'gtp'; name: string; command: string[] }
  | { kind: 'piskvork'; name: string; command: string[] };

/** Splits a command line into words (double or single quotes group; no other shell syntax). */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let has = false;
  for (const ch of text) {
    if (quote !== null) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      has = true;
    } else if (/\s/.test(ch)) {
      if (has || cur !== '') words.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
      has = true;
    }
  }
  if (quote !== null) throw new Error(`unterminated ${quote} quote in command "${text}"`);
  if (has || cur !== '') words.push(cur);
  return words;
}

function positiveInt(key: string, value: string, spec: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`player spec "${spec}": ${key} must be a whole number ≥ 1, got "${value}"`);
  return n;
}

/** Throws when a spec cannot play the game `gameId` (resign: and clock: are Go's). */
export function checkSpecForGame(spec: PlayerSpec, gameId: string): void {
  if (spec.kind === 'bot' && spec.resign !== undefined && gameId !== 'go') throw new Error(`${spec.name}: resign: is Go's resignation policy, not for ${gameId}`);
  if (spec.kind === 'bot' && spec.clockMs !== undefined && gameId !== 'go') throw new Error(`${spec.name}: clock: is Go's time management, not for ${gameId}`);
}

/** Parses a spec; an Error names the bad part. */
export function parsePlayerSpec(input: string): PlayerSpec {
  let text = input.trim();
  let name: string | undefined;
  const named = /^([A-Za-z0-9_.-]+)=(.*)$/s.exec(text);
  if (named !== null && !/^(gtp|piskvork):/.test(text)) {
    name = named[1];
    text = named[2];
  }
  const colon = text.indexOf(':');
  if (colon < 0 && text !== 'classic') throw new Error(`player spec "${input}": expected kind:value such as level:10, nodes:5000, gtp:<command>, piskvork:<command>`);
  const kind = text.slice(0, colon);
  if (kind === 'gtp' || kind === 'piskvork') {
    const command = splitCommand(text.slice(colon + 1));
    if (command.length === 0) throw new Error(`player spec "${input}": no command after ${kind}:`);
    const base = command[0].split('/').pop() ?? command[0];
    const level = command.indexOf('--level');
    return { kind, name: name ?? (level >= 0 && command[level + 1] ? `${base}-L${command[level + 1]}` : base), command };
  }
  const spec: PlayerSpec = { kind: 'bot', name: '' };
  if (text === 'classic') return { kind: 'bot', name: name ?? 'classic', algorithm: 'classic' };
  for (const part of text.split('+')) {
    const c = part.indexOf(':');
    const key = c < 0 ? part : part.slice(0, c);
    const value = c < 0 ? '' : part.slice(c + 1);
    if (key === 'level') {
      const l = positiveInt(key, value, input);
      if (l > 10) throw new Error(`player spec "${input}": level must be 1–10, got ${l}`);
      spec.level = l;
    } else if (key === 'nodes') spec.nodes = positiveInt(key, value, input);
    else if (key === 'time') spec.timeMs = positiveInt(key, value, input);
    else if (key === 'clock') spec.clockMs = positiveInt(key, value, input);
    else if (key === 'depth') spec.depth = positiveInt(key, value, input);
    else if (key === 'algo') {
      if (value !== 'mcts' && value !== 'alphabeta' && value !== 'classic') throw new Error(`player spec "${input}": algo must be mcts, alphabeta or classic, got "${value}"`);
      spec.algorithm = value;
    } else if (key === 'eval') {
      if (value !== 'hand' && value !== 'trained' && !value.startsWith('/')) {
        throw new Error(`player spec "${input}": eval must be hand, trained or the absolute path of a weights file, got "${value}"`);
      }
      if (value !== 'trained') spec.evaluation = value;
    } else if (key === 'resign') {
      const r = Number(value);
      if (value === '' || !(r > 0 && r < 1)) throw new Error(`player spec "${input}": resign must be a win rate between 0 and 1, got "${value}"`);
      spec.resign = r;
    } else throw new Error(`player spec "${input}": unknown part "${part}" (use level:N, nodes:N, time:MS, clock:MS, depth:N, algo:mcts|alphabeta|classic, eval:hand|trained|/path.bin, resign:R, classic, gtp:…, piskvork:…)`);
  }
  if (spec.clockMs !== undefined && (spec.timeMs !== undefined || spec.nodes !== undefined || spec.depth !== undefined)) {
    throw new Error(`player spec "${input}": clock: is the move's budget, so it takes no time:, nodes: or depth:`);
  }
  spec.name = name ?? text.replace(/\+/g, ',');
  return spec;
}

import { checkFields, colorOf, joinComments, moveComments, parseColor, stringList, within, type GameRecord, type RecordedGame } from '../core/definition.js';
import { PASS } from '../core/game.js';
import { SgfError } from '../sgf/error.js';
import { BLACK, WHITE } from './board.js';
import { GoPosition } from './position.js';
import { goRules, type GoRules } from './rules.js';
import { readGoSgf, writeGoSgf, type GoRecord, type GoRecordNode, type GoSetupStone } from './sgf-go.js';

/**
 * Where a Go game starts: handicap stones (placed first, as a handicap: White moves next and, by the rules'
 * handicapBonus, gets points for them), then setup stones (SGF AB/AW), then the side to move. Points are GTP
 * vertices. Prisoners and the ko point are not part of a start.
 */
export interface GoStart {
  /** Handicap stones, 2 or more (each list canonically in board order, top left first). */
  handicap?: string[];
  /** Black setup stones. */
  black?: string[];
  /** White setup stones. */
  white?: string[];
  /** The side to move (default Black; White after handicap stones). */
  toMove?: 'black' | 'white';
}

const RULE_FIELDS: readonly (keyof GoRules)[] = ['size', 'komi', 'ko', 'suicide', 'scoring', 'handicapBonus'];
const START_FIELDS: readonly (keyof GoStart)[] = ['handicap', 'black', 'white', 'toMove'];

function rules(partial?: unknown): GoRules {
  const p = checkFields(partial, 'go rules', RULE_FIELDS);
  // Each field is valid or not on its own (komi's default depends on scoring, its validity does not).
  for (const k of Object.keys(p)) within(`go rules.${k}`, () => goRules({ [k]: p[k] }));
  return goRules(p as Partial<GoRules>);
}

function start(value: unknown, r: GoRules): GoStart {
  const v = checkFields(value, 'go start', START_FIELDS);
  const probe = new GoPosition({ size: r.size });
  const seen = new Map<number, string>();
  const out: GoStart = {};
  for (const field of ['handicap', 'black', 'white'] as const) {
    const list = stringList(v[field], `go start.${field}`);
    if (list === undefined || list.length === 0) continue;
    for (const text of list) {
      const p = within(`go start.${field}`, () => probe.parseMove(text));
      if (p === PASS) throw new RangeError(`go start.${field}: a pass is not a point`);
      const again = seen.get(p);
      if (again !== undefined) throw new RangeError(`go start.${field}: point ${probe.moveToText(p)} is given twice (also in ${again})`);
      seen.set(p, field);
    }
    // Canonical: board order, top left first.
    out[field] = list
      .map((t) => probe.parseMove(t))
      .sort((a, b) => a - b)
      .map((p) => probe.moveToText(p));
  }
  const n = r.size * r.size;
  if (out.handicap && (out.handicap.length < 2 || out.handicap.length > n - 1)) {
    throw new RangeError(`go start.handicap: a handicap is 2 to ${n - 1} stones, got ${out.handicap.length}`);
  }
  // Canonical: toMove only when it is not the natural side (White after handicap stones, else Black).
  if (v.toMove !== undefined) {
    const player = parseColor(v.toMove, 'go start.toMove');
    if (player !== (out.handicap ? 1 : 0)) out.toMove = colorOf(player);
  }
  return out;
}

function create(partial?: Partial<GoRules>, s?: GoStart): GoPosition {
  const r = rules(partial);
  const pos = new GoPosition(r);
  if (s === undefined) return pos;
  const st = start(s, r);
  if (st.handicap) pos.placeHandicap(st.handicap.map((t) => pos.parseMove(t)));
  for (const t of st.black ?? []) pos.setup(pos.parseMove(t), BLACK);
  for (const t of st.white ?? []) pos.setup(pos.parseMove(t), WHITE);
  for (const p of pos.points()) {
    if (pos.stoneAt(p) !== 0 && pos.liberties(p) === 0) throw new RangeError(`go start: the stones at ${pos.moveToText(p)} have no liberties`);
  }
  if (st.toMove !== undefined) {
    const player = parseColor(st.toMove, 'go start.toMove');
    if (player !== pos.currentPlayer()) pos.setCurrentPlayer(player);
  }
  return pos;
}

/**
 * The board as a start (toMove only when it is not the natural one: White after handicap stones, else Black).
 * The handicap count survives when the board still holds at least that many black stones
 * (that many of them become the handicap stones, the rest setup stones); otherwise it is dropped.
 */
function startOf(pos: GoPosition): GoStart | undefined {
  const black: string[] = [];
  const white: string[] = [];
  for (const p of pos.points()) {
    const c = pos.stoneAt(p);
    if (c === BLACK) black.push(pos.moveToText(p));
    else if (c === WHITE) white.push(pos.moveToText(p));
  }
  const toMove = colorOf(pos.currentPlayer());
  if (black.length + white.length === 0 && toMove === 'black') return undefined;
  const out: GoStart = {};
  const h = pos.handicap;
  if (h >= 2 && black.length >= h) out.handicap = black.splice(0, h);
  if (black.length > 0) out.black = black;
  if (white.length > 0) out.white = white;
  if (toMove !== (out.handicap ? 'white' : 'black')) out.toMove = toMove;
  return out;
}

/** A colour's move in a sequence where either colour may move at any time (SGF, GTP). */
export interface GoEvent {
  player: 0 | 1;
  move: number;
}

/**
 * The moves of `events` as strictly alternating moves from `first` to move, which is what `play` takes: a colour
 * moving out of turn gets a pass for the other colour before it, and when that pass would follow a pass (the two
 * would end the game) the earlier pass is dropped instead; so does a pass that gives `last` (when given) the move
 * at the end. The board and the side to move come out the same; only the pass count and the history superko
 * looks at differ by those passes. Returns the moves and who is to move after them.
 */
export function alternatingMoves(events: readonly GoEvent[], first: 0 | 1, last?: 0 | 1): { moves: number[]; toMove: 0 | 1 } {
  const { moves, toMove } = alternate(events, first, last);
  return { moves, toMove };
}

/** alternatingMoves, also telling where each move came from: `from[j]` is the index in `events` of moves[j], -1 for an added pass. */
function alternate(events: readonly GoEvent[], first: 0 | 1, last?: 0 | 1): { moves: number[]; toMove: 0 | 1; from: number[] } {
  const moves: number[] = [];
  const from: number[] = [];
  let toMove = first;
  const push = (move: number, source: number): void => {
    if (move === PASS && moves.length > 0 && moves[moves.length - 1] === PASS) {
      moves.pop();
      from.pop();
    } else {
      moves.push(move);
      from.push(source);
    }
    toMove = (toMove ^ 1) as 0 | 1;
  };
  events.forEach((e, k) => {
    if (e.player !== toMove) push(PASS, -1);
    push(e.move, k);
  });
  // `last` to move at the end (a GTP genmove for either colour): a pass for the other one when it is not.
  if (last !== undefined && toMove !== last) push(PASS, -1);
  return { moves, toMove, from };
}

/** The RU text of the rule sets SGF names, when `r` is one of them. */
function ruleSetName(r: GoRules): string | undefined {
  const named: [string, GoRules['scoring'], GoRules['ko'], boolean][] = [
    ['Japanese', 'territory', 'simple', false],
    ['Chinese', 'area', 'positional', false],
    ['AGA', 'area', 'situational', false],
    ['NZ', 'area', 'situational', true],
    ['Tromp-Taylor', 'area', 'positional', true],
  ];
  return named.find(([, scoring, ko, suicide]) => r.scoring === scoring && r.ko === ko && r.suicide === suicide)?.[0];
}

/**
 * The start a Go record's root gives (HA stones as a handicap when HA counts exactly the root's black stones and
 * it has no white ones, as replayGo does; other AB/AW as setup stones; the side to move from PL, else whoever
 * moves first, else White after a handicap and Black otherwise), and the main line's moves by colour (`first`:
 * the side to move at the start). Setup after the root throws an SgfError naming the node: it is not a start
 * followed by moves. Undefined start: an empty board with Black to move.
 */
export function goRecordStart(rec: GoRecord): { start: GoStart | undefined; events: GoEvent[]; first: 0 | 1 } {
  const root = rec.nodes[0];
  const probe = new GoPosition({ size: rec.size });
  const text = (s: GoSetupStone): string => probe.moveToText(probe.point(s.col, s.row));
  const s: GoStart = {};
  const stones = root?.setup.filter((st) => st.stone !== 0) ?? [];
  const isHandicap = rec.handicap >= 2 && stones.length === rec.handicap && stones.every((st) => st.stone === BLACK);
  if (isHandicap) s.handicap = stones.map(text);
  else {
    const black = stones.filter((st) => st.stone === BLACK).map(text);
    const white = stones.filter((st) => st.stone === WHITE).map(text);
    if (black.length > 0) s.black = black;
    if (white.length > 0) s.white = white;
  }
  const events: GoEvent[] = [];
  rec.nodes.forEach((node, k) => {
    if (k > 0 && (node.setup.length > 0 || node.toPlay !== undefined)) {
      throw new SgfError(`setup after the root (node ${k + 1}) cannot be read as a start and moves`, node.line, node.column);
    }
    if (node.move === undefined) return;
    const v = node.move.vertex;
    events.push({ player: node.move.color, move: v === null ? PASS : probe.point(v.col, v.row) });
  });
  const natural: 0 | 1 = isHandicap ? 1 : 0;
  const first: 0 | 1 = root?.toPlay ?? events[0]?.player ?? natural;
  if (first !== natural) s.toMove = colorOf(first);
  return { start: Object.keys(s).length > 0 ? s : undefined, events, first };
}

/**
 * Reads a Go SGF: rules from SZ, KM and RU (a rule set Qi knows gives scoring, ko and suicide; otherwise the
 * defaults), the root's setup and side to move as the start (goRecordStart), and the main line's moves made
 * alternating (see alternatingMoves), each node's C as the comment of its move (see commentsOf: comments of
 * nodes without a move and of folded passes join the comment before them), the root's C as `info.C`. Moves are
 * checked for legality only when played.
 */
function readRecord(input: string | Uint8Array): GameRecord<GoRules, GoStart> {
  const rec = readGoSgf(input);
  const partial: Partial<GoRules> = { size: rec.size, ...(rec.ruleSet ?? {}) };
  if (rec.komi !== undefined && Number.isInteger(rec.komi * 2) && Math.abs(rec.komi) <= 1000) partial.komi = rec.komi;
  const r = goRules(partial);
  const { start: s, events, first } = goRecordStart(rec);
  const root = rec.nodes[0];
  const info: Record<string, string> = {};
  const put = (id: string, value: string | undefined) => {
    if (value !== undefined) info[id] = value;
  };
  put('DT', rec.date);
  put('EV', rec.event);
  put('GN', rec.gameName);
  put('PC', rec.place);
  put('BR', rec.black.rank);
  put('WR', rec.white.rank);
  put('RU', rec.rulesText);
  put('C', root?.comment);
  const { moves, from } = alternate(events, first);
  // Two passes in a row at the end of the main line end the game, and the record keeps them. (alternatingMoves folds a
  // pass that follows a pass, so that play can go on after passes in the middle of a record, as GTP sessions do.)
  const n = events.length;
  const endsByPasses = n >= 2 && events[n - 1].move === PASS && events[n - 2].move === PASS && events[n - 1].player !== events[n - 2].player;
  if (endsByPasses) {
    // As many passes as make the list end with a pair (a record ending B[];W[];B[] keeps one of its passes, and a
    // third pass would follow the end); those put back are the two events' passes not kept yet, with their comments.
    const m = moves.length;
    const kept = m >= 1 && moves[m - 1] === PASS ? (m >= 2 && moves[m - 2] === PASS ? 2 : 1) : 0;
    const missing = [n - 2, n - 1].filter((e) => !from.includes(e));
    for (let k = kept; k < 2; k++) {
      moves.push(PASS);
      from.push(missing.shift() ?? -1);
    }
  }
  const out: GameRecord<GoRules, GoStart> = { rules: r, moves, info };
  const comments = commentsOf(rec, from, events.length, info);
  if (comments !== undefined) out.comments = comments;
  if (s !== undefined) out.start = within('SGF root', () => start(s, r));
  if (rec.black.name !== undefined || rec.white.name !== undefined) out.players = [rec.black.name ?? '', rec.white.name ?? ''];
  if (rec.result !== undefined) out.result = rec.result;
  return out;
}

/**
 * The comments of a record's nodes on the alternating moves read from it (`from`: see alternate). A move's comment
 * stays on that move, wherever passes were added or folded around it. The comment of a node that is no move of the
 * list — a node without a move, or a pass folded away with the pass before it — is about the board as the list
 * shows it there, so it joins the comment of the last move kept before it (joinComments: a blank line between),
 * or the root's comment (`info.C`) before the first one. The root's own comment is `info.C` (also when the root
 * holds a move). Undefined when no move has a comment.
 */
function commentsOf(rec: GoRecord, from: readonly number[], events: number, info: Record<string, string>): (string | undefined)[] | undefined {
  const at = new Array<number>(events).fill(-1);
  from.forEach((e, j) => {
    if (e >= 0) at[e] = j;
  });
  const comments = new Array<string | undefined>(from.length).fill(undefined);
  let event = -1;
  let shown = -1; // the move the list shows after the nodes so far (-1: the start)
  rec.nodes.forEach((node, k) => {
    if (node.move !== undefined) {
      event++;
      if (at[event] >= 0) shown = at[event];
    }
    if (k === 0 || node.comment === undefined) return;
    if (shown < 0) {
      const c = joinComments(info.C, node.comment);
      if (c !== undefined) info.C = c;
    } else comments[shown] = joinComments(comments[shown], node.comment);
  });
  return comments.some((c) => c !== undefined) ? comments : undefined;
}

/**
 * Writes a Go SGF (FF[4] GM[1]): SZ, KM, HA and the start's stones in the root (handicap and black stones as AB,
 * white as AW, PL when the side to move is not the natural one), RU as `info.RU` or the name of the rule set the
 * rules are (Japanese, Chinese, AGA, NZ, Tromp-Taylor), `info.C` as the root's C, then one node per move, with
 * `comments[i]` as its C.
 */
function writeRecord(record: GameRecord<GoRules, GoStart>): string {
  const r = rules(record.rules);
  const s = record.start === undefined ? {} : start(record.start, r);
  const pos = create(r, s);
  const vertex = (t: string) => {
    const p = pos.parseMove(t);
    return { col: pos.col(p), row: pos.row(p) };
  };
  const root: GoRecordNode = { setup: [], line: 0, column: 0 };
  for (const t of [...(s.handicap ?? []), ...(s.black ?? [])]) root.setup.push({ ...vertex(t), stone: BLACK });
  for (const t of s.white ?? []) root.setup.push({ ...vertex(t), stone: WHITE });
  // PL when the reader would not infer the side to move: White after HA stones alone, Black otherwise.
  const natural = s.handicap && !s.black && !s.white ? 1 : 0;
  if (pos.currentPlayer() !== natural) root.toPlay = pos.currentPlayer() as 0 | 1;
  const info = record.info ?? {};
  if (info.C !== undefined) root.comment = info.C;
  const players = record.players ?? [];
  const rec: GoRecord = {
    size: r.size,
    komi: r.komi,
    handicap: s.handicap?.length ?? 0,
    rulesText: info.RU ?? ruleSetName(r),
    result: record.result,
    black: { name: players[0] || undefined, rank: info.BR },
    white: { name: players[1] || undefined, rank: info.WR },
    date: info.DT,
    event: info.EV,
    gameName: info.GN,
    place: info.PC,
    nodes: [root],
  };
  const comments = moveComments(record, 'go');
  let player = pos.currentPlayer() as 0 | 1;
  record.moves.forEach((m, i) => {
    const node: GoRecordNode = { move: { color: player, vertex: m === PASS ? null : { col: pos.col(m), row: pos.row(m) } }, setup: [], line: 0, column: 0 };
    const c = comments?.[i];
    if (c !== undefined) node.comment = c;
    rec.nodes.push(node);
    player = (player ^ 1) as 0 | 1;
  });
  return writeGoSgf(rec);
}

/** Go: rules GoRules (goRules' defaults), starts GoStart, GTP vertices, SGF GM[1] records. */
export const goDefinition: RecordedGame<GoRules, GoStart, GoPosition> = {
  id: 'go',
  title: 'Go',
  defaultRules: Object.freeze(goRules()),
  rules,
  start,
  create,
  rulesOf: (pos) => ({ ...pos.rules }),
  startOf,
  notation: 'GTP vertices: a column letter A-Z without I and a row number from 1 at the bottom (D4), or pass',
  moveToText: (pos, move) => pos.moveToText(move),
  parseMove: (pos, text) => pos.parseMove(text),
  record: { name: 'SGF FF[4] GM[1]', extension: 'sgf', read: readRecord, write: writeRecord },
};

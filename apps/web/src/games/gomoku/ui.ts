import { GomokuPosition, gomokuDefinition, type ForbiddenKind, type GomokuRule } from '@qi/engine';
import { intersectionLayout } from '../../lib/board/grid.js';
import type { BoardScene, Mark, Piece } from '../../lib/board/types.js';
import type { Message } from '../../i18n.js';
import type { GameUi } from '../types.js';
import { colourParam, endingMessage } from '../common.js';
import Settings from './Settings.svelte';
import Panel from './Panel.svelte';

/** What the New-game form sets for Gomoku. */
export interface GomokuSettings {
  size: number;
  rule: GomokuRule;
}

/** Board sizes offered in the form (the engine plays 5–20). */
export const GOMOKU_SIZES = [15, 19, 13, 11, 9];

const FORBIDDEN_KEY: Record<ForbiddenKind, 'forbiddenDoubleThree' | 'forbiddenDoubleFour' | 'forbiddenOverline'> = {
  'double-three': 'forbiddenDoubleThree',
  'double-four': 'forbiddenDoubleFour',
  overline: 'forbiddenOverline',
};

function settings(value: unknown): GomokuSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<GomokuSettings>;
  const rules = gomokuDefinition.rules({ size: v.size ?? 15, rule: v.rule ?? 'renju' });
  return { size: rules.size, rule: rules.rule };
}

/** The decorative dots: the centre (tengen) and four star points three lines in, as renju boards have them. */
function dots(size: number): { col: number; row: number }[] {
  const out: { col: number; row: number }[] = [];
  const mid = (size - 1) / 2;
  if (size % 2 === 1) out.push({ col: mid, row: mid });
  const edge = size >= 13 ? 3 : 2;
  if (size >= 9) for (const a of [edge, size - 1 - edge]) for (const b of [edge, size - 1 - edge]) out.push({ col: a, row: b });
  return out;
}

/** Gomoku / Renju (五子棋): freestyle, exact five, and renju with Black's forbidden points shown and refused. */
export const gomokuUi: GameUi<GomokuSettings> = {
  id: 'gomoku',
  definition: gomokuDefinition,
  style: 'gomoku',
  title: 'gameGomoku',
  blurb: 'blurbGomoku',
  defaults: () => settings({}),
  settings,
  setup: (s) => ({ rules: { size: s.size, rule: s.rule } }),
  players: () => 2,
  eloKey: (s) => ({ game: 'gomoku', variant: `gomoku ${s.size}x${s.size} ${s.rule}`, players: 2 }),
  colour: (player) => (player === 0 ? 'black' : 'white'),
  summary: (s) => ({ key: 'gomokuSummary', params: { size: s.size, rule: `@rule_${s.rule}` } }),
  layout(pos) {
    const g = pos as GomokuPosition;
    const size = g.geo.size;
    // The engine counts rows from the bottom (row 1 is the bottom line); the screen from the top.
    return intersectionLayout('gomoku', size, (col, row) => {
      const id = g.geo.point(col, size - 1 - row);
      return { id, name: g.moveToText(id) };
    }, dots(size));
  },
  scene(state): BoardScene {
    const session = state.session;
    const g = session.position() as GomokuPosition;
    const pieces: Piece[] = [];
    const marks: Mark[] = [];
    for (const p of g.geo.points) {
      const c = g.stoneAt(p);
      if (c !== 0) pieces.push({ cell: p, player: c - 1 });
    }
    const last = g.lastMove();
    if (last !== null) marks.push({ cell: last, kind: 'last' });
    for (const p of g.winningLine()) marks.push({ cell: p, kind: 'win' });
    const over = session.view.over;
    if (!over && g.rule === 'renju' && g.currentPlayer() === 0 && state.showForbidden) {
      for (const f of g.forbiddenPoints()) marks.push({ cell: f.point, kind: 'forbidden' });
    }
    if (state.hint !== null) marks.push({ cell: state.hint, kind: 'hint' });
    const playable = new Set<number>();
    const clickable = new Set<number>();
    if (!over && state.humanTurn) {
      for (const m of session.view.legal) playable.add(m);
      // Every empty point answers a click, so a forbidden point is refused with its reason.
      for (const p of g.geo.points) if (g.stoneAt(p) === 0) clickable.add(p);
    }
    return { pieces, marks, paths: [], ghostCells: playable, ghostPlayer: g.currentPlayer(), clickable, animatePath: null };
  },
  choose(state, cell) {
    const session = state.session;
    if (session.view.over) return { kind: 'refuse', message: { key: 'illegalGameOver' } };
    if (!state.humanTurn) return { kind: 'none' };
    const pos = session.position();
    return pos.isLegal(cell) ? { kind: 'play', move: cell } : { kind: 'refuse', message: gomokuUi.explain(pos, cell) };
  },
  explain(pos, move): Message {
    const g = pos as GomokuPosition;
    if (g.isTerminal()) return { key: 'illegalGameOver' };
    const point = g.moveToText(move);
    if (g.stoneAt(move) !== 0) return { key: 'illegalOccupied', params: { point } };
    const kind = g.currentPlayer() === 0 ? g.forbiddenKind(move) : null;
    if (kind !== null) return { key: FORBIDDEN_KEY[kind], params: { point } };
    return { key: 'illegalNotAMove', params: { text: point } };
  },
  describeCell(pos, cell): Message {
    const g = pos as GomokuPosition;
    const c = g.stoneAt(cell);
    return { key: 'cursorAt', params: { point: g.moveToText(cell), content: c === 0 ? '@pointEmpty' : c === 1 ? '@pointBlack' : '@pointWhite' } };
  },
  describeMove: (pos, move, player): Message => ({ key: 'playedMove', params: { color: colourParam(player), point: pos.moveToText(move) } }),
  result(session): Message | null {
    const v = session.view;
    if (v.ending) return endingMessage(v.ending.kind, v.ending.player);
    if (!v.returns) return null;
    if (v.returns[0] === v.returns[1]) return { key: 'resultDrawn' };
    const winner = colourParam(v.returns[0] > 0 ? 0 : 1);
    // Six or more wins where the rule lets it (freestyle, White in renju): the result says how many.
    const n = (session.position() as GomokuPosition).winningLine().length;
    return n > 5 ? { key: 'resultOverline', params: { winner, n } } : { key: 'resultFive', params: { winner } };
  },
  Settings,
  Panel,
  canPass: false,
  reviewNodes: [20_000, 80_000, 300_000],
  moveExample: 'H8',
  recordFile: { label: 'recordSgf', extension: 'sgf', mime: 'application/x-go-sgf' },
};

import { PASS, ReversiPosition, reversiDefinition } from '@qi/engine';
import { squareLayout } from '../../lib/board/grid.js';
import type { BoardScene, Mark, Piece } from '../../lib/board/types.js';
import type { Session } from '../../lib/session/session.js';
import type { Message } from '../../i18n.js';
import type { GameUi } from '../types.js';
import { colourParam, endingMessage } from '../common.js';
import Settings from './Settings.svelte';
import Panel from './Panel.svelte';

/** Reversi has one board and one rule: nothing to set but who plays (the seats). */
export type ReversiSettings = Record<string, never>;

/** The discs the last move turned: those of the other colour before it that are the mover's now (cached per node). */
const flipCache = new WeakMap<Session, { node: number; cells: number[] }>();
function flippedByLastMove(session: Session): number[] {
  const node = session.view.node;
  const hit = flipCache.get(session);
  if (hit && hit.node === node) return hit.cells;
  const cells: number[] = [];
  const here = session.node(node);
  if (here && here.parent >= 0 && here.move !== PASS) {
    const before = session.positionAt(here.parent) as ReversiPosition;
    const now = session.position() as ReversiPosition;
    for (let sq = 0; sq < 64; sq++) {
      const a = before.colourAt(sq), b = now.colourAt(sq);
      if (a >= 0 && b >= 0 && a !== b) cells.push(sq);
    }
  }
  flipCache.set(session, { node, cells });
  return cells;
}

/** Reversi / Othello (黑白棋): legal moves shown, flips animated, forced passes played for the player. */
export const reversiUi: GameUi<ReversiSettings> = {
  id: 'reversi',
  definition: reversiDefinition,
  style: 'reversi',
  title: 'gameReversi',
  blurb: 'blurbReversi',
  defaults: () => ({}),
  settings: () => ({}),
  setup: () => ({ rules: {} }),
  players: () => 2,
  eloKey: () => ({ game: 'reversi', variant: 'reversi 8x8', players: 2 }),
  colour: (player) => (player === 0 ? 'black' : 'white'),
  summary: () => ({ key: 'reversiSummary' }),
  layout(pos) {
    return squareLayout('reversi', 8, (col, row) => {
      const id = row * 8 + col;
      return { id, name: pos.moveToText(id) };
    }, [
      { col: 2, row: 2 },
      { col: 6, row: 2 },
      { col: 2, row: 6 },
      { col: 6, row: 6 },
    ]);
  },
  scene(state): BoardScene {
    const session = state.session;
    const r = session.position() as ReversiPosition;
    const pieces: Piece[] = [];
    const marks: Mark[] = [];
    for (let sq = 0; sq < 64; sq++) {
      const c = r.colourAt(sq);
      if (c >= 0) pieces.push({ cell: sq, player: c });
    }
    const last = r.lastMove();
    if (last !== null && last !== PASS) marks.push({ cell: last, kind: 'last' });
    for (const sq of flippedByLastMove(session)) marks.push({ cell: sq, kind: 'flipped' });
    if (state.hint !== null && state.hint !== PASS) marks.push({ cell: state.hint, kind: 'hint' });
    const playable = new Set<number>();
    if (!session.view.over && state.humanTurn) {
      for (const m of session.view.legal) if (m !== PASS) playable.add(m);
      if (state.showLegal) for (const m of playable) marks.push({ cell: m, kind: 'legal', player: r.currentPlayer() });
    }
    const clickable = new Set<number>();
    if (!session.view.over && state.humanTurn) for (let sq = 0; sq < 64; sq++) if (r.colourAt(sq) < 0) clickable.add(sq);
    return { pieces, marks, paths: [], ghostCells: playable, ghostPlayer: r.currentPlayer(), clickable, animatePath: null };
  },
  choose(state, cell) {
    const session = state.session;
    if (session.view.over) return { kind: 'refuse', message: { key: 'illegalGameOver' } };
    if (!state.humanTurn) return { kind: 'none' };
    const pos = session.position();
    return pos.isLegal(cell) ? { kind: 'play', move: cell } : { kind: 'refuse', message: reversiUi.explain(pos, cell) };
  },
  explain(pos, move): Message {
    const r = pos as ReversiPosition;
    if (r.isTerminal()) return { key: 'illegalGameOver' };
    const point = r.moveToText(move);
    if (move >= 0 && move < 64 && r.colourAt(move) >= 0) return { key: 'illegalOccupied', params: { point } };
    return { key: 'illegalNoFlip', params: { point } };
  },
  forced(pos) {
    // The engine offers PASS exactly when the side to move has no move: then it is played without asking.
    return !pos.isTerminal() && pos.isLegal(PASS) ? PASS : null;
  },
  describeCell(pos, cell): Message {
    const c = (pos as ReversiPosition).colourAt(cell);
    return { key: 'cursorAt', params: { point: pos.moveToText(cell), content: c < 0 ? '@pointEmpty' : c === 0 ? '@discBlack' : '@discWhite' } };
  },
  describeMove(pos, move, player): Message {
    const color = colourParam(player);
    if (move === PASS) return { key: 'reversiPassed', params: { color } };
    return { key: 'playedMove', params: { color, point: pos.moveToText(move) } };
  },
  result(session): Message | null {
    const v = session.view;
    if (v.ending) return endingMessage(v.ending.kind, v.ending.player);
    if (!v.returns) return null;
    const r = session.position() as ReversiPosition;
    const black = r.discs(0), white = r.discs(1);
    if (v.returns[0] === v.returns[1]) return { key: 'reversiDraw', params: { black, white } };
    return { key: 'reversiWins', params: { winner: colourParam(v.returns[0] > 0 ? 0 : 1), black, white } };
  },
  resultCode(session) {
    // SGF GM[2] writes the margin by standard scoring, the empty squares going to the winner (the engine's score).
    const v = session.view;
    if (v.ending || !v.returns) return undefined;
    const score = (session.position() as ReversiPosition).score();
    return score === 0 ? '0' : score > 0 ? `B+${score}` : `W+${-score}`;
  },
  Settings,
  Panel,
  canPass: false,
  reviewNodes: [20_000, 80_000, 300_000],
  moveExample: 'D3',
  recordFile: { label: 'recordSgf', extension: 'sgf', mime: 'application/x-go-sgf' },
};

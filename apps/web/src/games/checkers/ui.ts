import { CHECKERS_LEAVE, CheckersPosition, PASS, checkersDefinition, checkersMove, moveFrom, moveTo, type BoardKind } from '@qi/engine';
import type { BoardCell, BoardLayout, BoardScene, Mark, Piece } from '../../lib/board/types.js';
import type { Session } from '../../lib/session/session.js';
import type { Message, MessageKey } from '../../i18n.js';
import type { GameUi } from '../types.js';
import Settings from './Settings.svelte';
import Panel from './Panel.svelte';

/** What the New-game form sets for Chinese Checkers. */
export interface CheckersSettings {
  board: BoardKind;
  players: number;
}

const COLOUR_KEYS: readonly MessageKey[] = ['colourRed', 'colourBlue', 'colourGreen', 'colourYellow', 'colourPurple', 'colourOrange'];

/** The i18n parameter naming a player by the colour of their marbles. */
export const playerParam = (player: number): string => `@${COLOUR_KEYS[player] ?? 'colourRed'}`;

function settings(value: unknown): CheckersSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<CheckersSettings>;
  const rules = checkersDefinition.rules({ board: v.board ?? 'star', players: v.players ?? 2 });
  if (rules.players < 2) throw new RangeError('checkers players: the app seats 2 to 6 players');
  return { board: rules.board, players: rules.players };
}

/** The last move's hop path, kept per node so that the board animates it once (the same array while it stands). */
const lastPaths = new WeakMap<Session, { node: number; path: number[] | null }>();
function lastPath(session: Session): number[] | null {
  const node = session.view.node;
  const hit = lastPaths.get(session);
  if (hit && hit.node === node) return hit.path;
  // The path of a move is the engine's answer in the position it was played from (the piece has moved since).
  const here = session.node(node);
  const path = here === undefined || here.parent < 0 || here.move < 0 ? null : (session.positionAt(here.parent) as CheckersPosition).path(here.move);
  lastPaths.set(session, { node, path });
  return path;
}

function layoutOf(pos: CheckersPosition): BoardLayout {
  const geo = pos.geometry;
  const star = geo.kind === 'star';
  const dy = star ? Math.sqrt(3) / 2 : 1;
  const pad = 0.9;
  const cells: BoardCell[] = [];
  let maxX = 0;
  geo.rows.forEach((row, r) => {
    for (const hole of row) {
      const x = pad + geo.column[hole] / 2;
      maxX = Math.max(maxX, x);
      cells.push({ id: hole, x, y: pad + r * dy, name: geo.names[hole] });
    }
  });
  const at = new Map(cells.map((c) => [c.id, c]));
  const lines: BoardLayout['lines'] = [];
  for (const c of cells) {
    for (let d = 0; d < geo.dirs; d++) {
      const n = geo.neighbour[c.id * geo.dirs + d];
      if (n <= c.id) continue;
      const o = at.get(n)!;
      // The square board draws its rows and files only; its diagonal steps need no line to be seen.
      if (!star && o.x !== c.x && o.y !== c.y) continue;
      lines.push({ x1: c.x, y1: c.y, x2: o.x, y2: o.y });
    }
  }
  const labels: BoardLayout['labels'] = [];
  geo.rows.forEach((row, r) => {
    const first = at.get(row[0])!;
    const name = geo.names[row[0]];
    labels.push({ x: first.x - 0.75, y: first.y, text: star ? name.replace(/\d+$/, '') : name.replace(/^[a-z]+/, '') });
  });
  if (!star) for (const hole of geo.rows[geo.rows.length - 1]) labels.push({ x: at.get(hole)!.x, y: pad + (geo.rows.length - 1) * dy + 0.75, text: geo.names[hole].replace(/\d+$/, '') });
  // Each camp in the colour of the marbles that start there; a camp nobody starts in (3 players) is faintly tinted
  // for the player aiming at it.
  const seats = geo.seats[pos.playerCount] ?? [];
  const zones: NonNullable<BoardLayout['zones']> = seats.map((home, player) => ({ cells: Array.from(geo.regionCells[home]), player }));
  seats.forEach((home, player) => {
    const goal = geo.opposite[home];
    if (!seats.includes(goal)) zones.push({ cells: Array.from(geo.regionCells[goal]), player, goal: true });
  });
  return {
    style: 'checkers',
    width: maxX + pad,
    height: pad * 2 + (geo.rows.length - 1) * dy,
    cells,
    lines,
    dots: [],
    zones,
    labels,
    radius: 0.4,
  };
}

/** Chinese Checkers (跳棋): 2, 3, 4 or 6 players on the star, 2 on the 8x8 board; select a piece, then a hole. */
export const checkersUi: GameUi<CheckersSettings> = {
  id: 'checkers',
  definition: checkersDefinition,
  style: 'checkers',
  title: 'gameCheckers',
  blurb: 'blurbCheckers',
  defaults: () => settings({}),
  settings,
  setup: (s) => ({ rules: { board: s.board, players: s.players } }),
  players: (s) => s.players,
  eloKey: (s) => ({ game: 'checkers', variant: s.board === 'star' ? `chinese checkers, ${s.players} players` : `chinese checkers 8x8, ${s.players} players`, players: s.players }),
  colour: (player) => COLOUR_KEYS[player] ?? 'colourRed',
  summary: (s) => ({ key: s.board === 'star' ? 'checkersSummaryStar' : 'checkersSummarySquare', params: { n: s.players } }),
  layout: (pos) => layoutOf(pos as CheckersPosition),
  scene(state): BoardScene {
    const session = state.session;
    const pos = session.position() as CheckersPosition;
    const pieces: Piece[] = [];
    const marks: Mark[] = [];
    for (let hole = 0; hole < pos.geometry.cells; hole++) {
      const p = pos.pieceAt(hole);
      if (p >= 0) pieces.push({ cell: hole, player: p });
    }
    const path = lastPath(session);
    const paths: BoardScene['paths'] = [];
    if (path) {
      marks.push({ cell: path[0], kind: 'last' });
      paths.push({ cells: path, kind: 'last' });
    }
    if (state.hint !== null && state.hint >= 0) {
      // The suggested piece ringed, the hole to go to marked, the hop path between them.
      marks.push({ cell: moveFrom(state.hint), kind: 'highlight' }, { cell: moveTo(state.hint), kind: 'hint' });
      paths.push({ cells: pos.path(state.hint), kind: 'hint' });
    }
    const clickable = new Set<number>();
    if (!session.view.over && state.humanTurn) {
      const me = pos.currentPlayer();
      for (const m of session.view.legal) if (m !== PASS) clickable.add(moveFrom(m));
      if (state.selected !== null && pos.pieceAt(state.selected) === me) {
        marks.push({ cell: state.selected, kind: 'selected' });
        for (const to of pos.destinationsOf(state.selected)) marks.push({ cell: to, kind: 'destination', player: me });
        // With a piece chosen every hole answers: a marked one plays, any other is refused with the reason.
        for (let hole = 0; hole < pos.geometry.cells; hole++) clickable.add(hole);
      }
      // Every own piece answers a click (one that cannot move is refused with a reason).
      for (const hole of pos.piecesOf(me)) clickable.add(hole);
    }
    return { pieces, marks, paths, ghostCells: new Set(), ghostPlayer: pos.currentPlayer(), clickable, animatePath: path };
  },
  choose(state, cell) {
    const session = state.session;
    if (session.view.over) return { kind: 'refuse', message: { key: 'illegalGameOver' } };
    if (!state.humanTurn) return { kind: 'none' };
    const pos = session.position() as CheckersPosition;
    const me = pos.currentPlayer();
    if (pos.pieceAt(cell) === me) {
      if (state.selected === cell) return { kind: 'select', cell: null };
      if (pos.destinationsOf(cell).length === 0) return { kind: 'refuse', message: { key: 'checkersStuck', params: { hole: pos.geometry.names[cell] } } };
      return { kind: 'select', cell };
    }
    if (state.selected === null) return { kind: 'none' };
    const move = checkersMove(state.selected, cell);
    return pos.isLegal(move) ? { kind: 'play', move } : { kind: 'refuse', message: checkersUi.explain(pos, move) };
  },
  explain(pos, move): Message {
    const c = pos as CheckersPosition;
    if (c.isTerminal()) return { key: 'illegalGameOver' };
    return { key: 'checkersUnreachable', params: { from: c.geometry.names[moveFrom(move)] ?? '?', to: c.geometry.names[moveTo(move)] ?? '?' } };
  },
  resignMove: CHECKERS_LEAVE,
  forced(pos) {
    return !pos.isTerminal() && pos.isLegal(PASS) ? PASS : null;
  },
  describeCell(pos, cell): Message {
    const c = pos as CheckersPosition;
    const p = c.pieceAt(cell);
    return { key: 'cursorAt', params: { point: c.geometry.names[cell], content: p < 0 ? '@holeEmpty' : playerParam(p) } };
  },
  describeMove(pos, move, player): Message {
    if (move === PASS) return { key: 'checkersPassed', params: { color: playerParam(player) } };
    if (move === CHECKERS_LEAVE) return { key: 'checkersLeft', params: { color: playerParam(player) } };
    // Called just after the move: its hop path is read in the position it was played from.
    const before = (pos as CheckersPosition).clone();
    if (before.lastMove() === move) before.undo();
    return { key: 'checkersMoved', params: { color: playerParam(player), path: before.moveToText(move) } };
  },
  result(session): Message | null {
    const v = session.view;
    // Only two-player games end by an ending (3+ players leave and play on): the other player wins, by colour.
    if (v.ending) return { key: v.ending.kind === 'resign' ? 'resultResign' : 'resultTime', params: { winner: playerParam(1 - v.ending.player) } };
    if (!v.returns) return null;
    const best = Math.max(...v.returns);
    const winners = v.returns.flatMap((r, p) => (r === best ? [p] : []));
    if (winners.length !== 1) return { key: 'resultDrawn' };
    return { key: 'checkersWinner', params: { winner: playerParam(winners[0]) } };
  },
  Settings,
  Panel,
  canPass: false,
  moveCell: (move) => (move >= 0 ? moveTo(move) : null),
  variationGhosts: false,
  reviewNodes: [20_000, 80_000, 300_000],
  moveExample: 'n2-j2',
  recordFile: { label: 'recordJson', extension: 'json', mime: 'application/json' },
};

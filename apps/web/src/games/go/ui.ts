import { GoPosition, PASS, fixedHandicap, goDefinition, goRules, type KoRule, type Scoring } from '@qi/engine';
import { intersectionLayout } from '../../lib/board/grid.js';
import type { BoardScene, Mark, Piece } from '../../lib/board/types.js';
import type { Message } from '../../i18n.js';
import type { GameUi, PlayState } from '../types.js';
import { colourParam, endingMessage } from '../common.js';
import { Resignation } from '@qi/ai-worker/go-resign';
import type { Session } from '../../lib/session/session.js';
import { count, goEnd, markDead, reopen, toggleChain } from './marking.js';
import { starPoints } from './star-points.js';
import Settings from './Settings.svelte';
import Panel from './Panel.svelte';

/** What the New-game form sets for Go. */
export interface GoSettings {
  size: number;
  komi: number;
  scoring: Scoring;
  ko: KoRule;
  suicide: boolean;
  /** Handicap stones (0 or 2–9). */
  handicap: number;
  /** Where they go: the engine's fixed points for the size, or chosen by Black before the first move. */
  placement: 'fixed' | 'free';
}

/** Board sizes offered in the form (the engine plays 2–25). */
export const GO_SIZES = [9, 13, 19];

/** Handicap counts the engine allows on a board size (its fixed-handicap table). */
export function handicapChoices(size: number): number[] {
  const out: number[] = [];
  for (let n = 2; n <= 9; n++) {
    try {
      fixedHandicap(size, n);
      out.push(n);
    } catch {
      // the engine refuses this count on this size
    }
  }
  return out;
}

/** The default komi of a scoring rule (the engine's). */
export function defaultKomi(scoring: Scoring): number {
  return goRules({ scoring }).komi;
}

const REASON: Record<string, 'illegalOccupied' | 'illegalSuicide' | 'illegalKo' | 'illegalSuperko'> = {
  occupied: 'illegalOccupied',
  suicide: 'illegalSuicide',
  ko: 'illegalKo',
  superko: 'illegalSuperko',
};

function settings(value: unknown): GoSettings {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<GoSettings>;
  const rules = goDefinition.rules({
    size: v.size ?? 19,
    scoring: v.scoring ?? 'area',
    ...(v.komi !== undefined ? { komi: v.komi } : {}),
    ...(v.ko !== undefined ? { ko: v.ko } : {}),
    ...(v.suicide !== undefined ? { suicide: v.suicide } : {}),
  });
  const handicap = v.handicap ?? 0;
  if (handicap !== 0 && !handicapChoices(rules.size).includes(handicap)) throw new RangeError(`go handicap: ${handicap} stones cannot be placed on ${rules.size}x${rules.size}`);
  const placement = v.placement === 'free' ? 'free' : 'fixed';
  return { size: rules.size, komi: rules.komi, scoring: rules.scoring, ko: rules.ko, suicide: rules.suicide, handicap, placement };
}

/** The marking each session already asked Qi to fill (by node), and each session's resignation policy. */
const asked = new WeakMap<Session, number>();
const resigners = new WeakMap<Session, Resignation>();

/** Go (围棋): the whole game through the engine, dead-stone marking and the count included. */
export const goUi: GameUi<GoSettings> = {
  id: 'go',
  definition: goDefinition,
  style: 'go',
  title: 'gameGo',
  blurb: 'blurbGo',
  defaults: () => settings({ size: 19 }),
  settings,
  setup(s) {
    const rules = { size: s.size, komi: s.komi, scoring: s.scoring, ko: s.ko, suicide: s.suicide };
    if (s.handicap < 2) return { rules };
    const probe = new GoPosition({ size: s.size });
    return { rules, start: { handicap: fixedHandicap(s.size, s.handicap).map((p) => probe.moveToText(p)) } };
  },
  placement: (s) => (s.placement === 'free' && s.handicap >= 2 ? s.handicap : 0),
  setupPlaced(s, cells) {
    const rules = { size: s.size, komi: s.komi, scoring: s.scoring, ko: s.ko, suicide: s.suicide };
    const probe = new GoPosition({ size: s.size });
    return { rules, start: { handicap: cells.map((p) => probe.moveToText(p)) } };
  },
  players: () => 2,
  eloKey: (s) => ({ game: 'go', variant: `go ${s.size}x${s.size} komi ${s.komi} ${s.scoring} scoring`, players: 2 }),
  colour: (player) => (player === 0 ? 'black' : 'white'),
  summary: (s) => ({
    key: 'goSummary',
    params: { size: s.size, scoring: s.scoring === 'area' ? '@scoringArea' : '@scoringTerritory', komi: s.komi, ko: `@ko_${s.ko}` },
  }),
  layout(pos) {
    const g = pos as GoPosition;
    return intersectionLayout('go', g.size, (col, row) => {
      const id = g.point(col, row);
      return { id, name: g.moveToText(id) };
    }, starPoints(g.size));
  },
  scene(state: PlayState): BoardScene {
    const session = state.session;
    const pos = session.position() as GoPosition;
    const end = goEnd(session);
    const pieces: Piece[] = [];
    const marks: Mark[] = [];
    const size = pos.size;
    const score = end ? (end.final ?? end.marking.score()) : null;
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const p = pos.point(col, row);
        const c = pos.stoneAt(p);
        const dead = end !== null && c !== 0 && end.marking.isDead(p);
        if (c !== 0) pieces.push({ cell: p, player: c - 1, dead });
        const owner = score?.owners[row * size + col] ?? 0;
        if (owner !== 0 && (c === 0 || dead)) marks.push({ cell: p, kind: 'territory', player: owner - 1 });
      }
    }
    if (end && !end.final) for (const p of end.marking.warnings()) marks.push({ cell: p, kind: 'warning' });
    const last = pos.lastMove();
    if (last !== null && last !== PASS) marks.push({ cell: last, kind: 'last' });
    if (state.hint !== null && state.hint !== PASS) marks.push({ cell: state.hint, kind: 'hint' });
    const playable = new Set<number>();
    if (!session.view.over && state.humanTurn) for (const m of session.view.legal) if (m !== PASS) playable.add(m);
    return {
      pieces,
      marks,
      paths: [],
      ghostCells: playable,
      ghostPlayer: pos.currentPlayer(),
      // While marking any stone may be clicked; during play only the legal points.
      clickable: end && !end.final ? null : playable,
      animatePath: null,
    };
  },
  choose(state, cell) {
    const session = state.session;
    const end = goEnd(session);
    if (end) {
      if (!end.final) toggleChain(session, cell);
      return { kind: 'none' };
    }
    if (session.view.over) return { kind: 'refuse', message: { key: 'illegalGameOver' } };
    if (!state.humanTurn) return { kind: 'none' };
    const pos = session.position();
    return pos.isLegal(cell) ? { kind: 'play', move: cell } : { kind: 'refuse', message: goUi.explain(pos, cell) };
  },
  explain(pos, move): Message {
    const g = pos as GoPosition;
    if (pos.isTerminal()) return { key: 'illegalGameOver' };
    const reason = g.analyze(move).reason ?? 'occupied';
    return { key: REASON[reason] ?? 'illegalOccupied', params: { point: g.moveToText(move) } };
  },
  describeCell(pos, cell): Message {
    const g = pos as GoPosition;
    const c = g.stoneAt(cell);
    return { key: 'cursorAt', params: { point: g.moveToText(cell), content: c === 0 ? '@pointEmpty' : c === 1 ? '@pointBlack' : '@pointWhite' } };
  },
  describeMove(pos, move, player): Message {
    const color = colourParam(player);
    if (move === PASS) return { key: 'playedPass', params: { color } };
    return { key: 'playedMove', params: { color, point: pos.moveToText(move) } };
  },
  result(session): Message | null {
    const ending = session.view.ending;
    if (ending) return endingMessage(ending.kind, ending.player);
    const end = goEnd(session);
    if (!end?.final) return null;
    const m = /^([BW])\+(.+)$/.exec(end.final.result);
    if (!m) return { key: 'resultDraw' };
    return { key: m[1] === 'B' ? 'resultBlackPoints' : 'resultWhitePoints', params: { n: m[2] } };
  },
  resultCode: (session) => goEnd(session)?.final?.result,
  saveExtra(session) {
    const end = goEnd(session);
    return end ? { dead: end.marking.dead(), counted: end.final !== null } : null;
  },
  restoreExtra(session, extra) {
    const e = extra as { dead?: unknown; counted?: unknown } | null;
    if (!e || !Array.isArray(e.dead) || !e.dead.every((p) => Number.isInteger(p))) return;
    if (markDead(session, e.dead as number[], true) && e.counted === true) count(session);
  },
  undoExtra: (session) => reopen(session),
  afterChange(session, seats) {
    // Two passes with Qi seated: Qi's dead stones become the marks unless someone changed one; Qi vs Qi counts.
    const end = goEnd(session);
    if (!end || end.final || !seats.anyQi || asked.get(session) === end.node) return;
    asked.set(session, end.node);
    const node = end.node;
    const pos = session.position();
    seats.deadStones().then(
      (dead) => {
        const now = goEnd(session);
        if (!now || now.node !== node || now.final) return;
        if (!now.touched) markDead(session, dead.map((v) => pos.parseMove(v)), false);
        if (seats.allQi) count(session);
      },
      () => {
        if (seats.allQi) count(session);
      },
    );
  },
  qiResigns(session, answer, player) {
    let r = resigners.get(session);
    if (!r) resigners.set(session, (r = new Resignation()));
    const pos = session.position() as GoPosition;
    return r.note(answer, player as 0 | 1, session.view.ply, pos.size);
  },
  Settings,
  Panel,
  canPass: true,
  reviewNodes: [600, 2500, 10000],
  moveExample: 'D4 / pass',
  recordFile: { label: 'recordSgf', extension: 'sgf', mime: 'application/x-go-sgf' },
};

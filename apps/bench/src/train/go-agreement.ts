/**
 * How often Qi's Go search plays the move an expert played, on positions of the games train-go held out: a cheap
 * proxy (minutes, not the hours of a 19x19 match) for whether the tree's priors steer the search where a strong player
 * looks. Also counts how often the move-prediction model's and the hand priors' favourite is the expert's move, on
 * the same positions, so the search's number reads against what its priors alone would play. With GNU Go at hand,
 * also the points each of those moves loses by GNU Go's own valuation (go-move-values.ts): agreement counts only
 * exact hits, while the loss says how far off a miss is.
 */
import { GoPosition, MAX_MOVES, PASS } from '@qi/engine';
import { Mcts, gameEntry, goModelScores, goPriors, goTreeMoves } from '@qi/ai-worker';
import { readGoGames } from './go.js';
import { gnugoMoveValues, moveLoss } from './go-move-values.js';
import type { GtpClient } from '../gtp/client.js';

/** What goAgreement measures and on which positions. */
export interface GoAgreementOptions {
  /** Folders searched for bench match folders (as train-go's --from: the same folders give the same held-out games). */
  from: readonly string[];
  /** The player whose moves are the answers: its name contains this. */
  expert: string;
  /** The games used are those train-go with this --hold-out leaves out of the fit (index mod n = n − 1). */
  holdOutEvery: number;
  /** Playouts of each search. */
  playouts: number;
  /** Positions measured at most. */
  positions: number;
  /** One position every this many plies of a game, from ply 20 to ten before its end (the expert to move). */
  every: number;
  /** Seed of each search. */
  seed: number;
  /** Progress lines. */
  log: (line: string) => void;
  /** GNU Go, to value the moves (see GoMoveLoss); none: no loss measured. */
  gnugo?: GtpClient;
  /**
   * Only these positions, by game file (as readGoGames names it under `from`) and ply, in every game whatever the
   * hold-out (e.g. the plies of the falls `swings-go --save` found: go-swings.ts unseenFallPlies).
   */
  only?: ReadonlyMap<string, ReadonlySet<number>>;
}

/** Mean points lost a position by GNU Go's valuation (go-move-values.ts), over the positions it valued. */
export interface GoMoveLoss {
  /** Positions GNU Go listed moves for (it lists none when it would pass). */
  positions: number;
  search: number;
  model: number;
  hand: number;
  /** The expert's own moves. */
  expert: number;
}

/** Counts over the positions measured. */
export interface GoAgreementResult {
  positions: number;
  /** Positions where the search played the expert's move. */
  search: number;
  /** Where the model's most likely move was the expert's. */
  model: number;
  /** Where the hand priors' favourite was the expert's. */
  hand: number;
  /** Mean wall time of one search, in ms. */
  msPerSearch: number;
  /** The moves' losses by GNU Go's valuation, when `gnugo` was given. */
  loss: GoMoveLoss | null;
  /** Each position measured, in order: what the search played there and what GNU Go said it lost. */
  searched: GoSearchedPosition[];
}

/** One measured position: its game and ply, the search's move, and its loss (null: no GNU Go, or nothing valued). */
export interface GoSearchedPosition {
  file: string;
  ply: number;
  move: string;
  loss: number | null;
}

const FIRST_PLY = 20;
const LAST_PLIES = 10;

/** Measures the agreement (see the module comment); throws when no held-out game has a position to measure. */
export async function goAgreement(o: GoAgreementOptions): Promise<GoAgreementResult> {
  const only = o.only;
  const games = readGoGames(o.from, o.expert).filter((t, i) => (only === undefined ? i % o.holdOutEvery === o.holdOutEvery - 1 : only.has(t.file)));
  const moves = new Int32Array(MAX_MOVES);
  const scores = new Float64Array(MAX_MOVES);
  const priors = new Float32Array(MAX_MOVES);
  const r: GoAgreementResult = { positions: 0, search: 0, model: 0, hand: 0, msPerSearch: 0, loss: null, searched: [] };
  const loss: GoMoveLoss = { positions: 0, search: 0, model: 0, hand: 0, expert: 0 };
  let searchMs = 0;
  for (const t of games) {
    if (r.positions >= o.positions) break;
    const g = new GoPosition({ size: t.size, komi: t.komi });
    const wanted = only?.get(t.file);
    const end = wanted === undefined ? t.moves.length - LAST_PLIES : t.moves.length;
    for (let i = 0; i < end && r.positions < o.positions; i++) {
      const move = g.parseMove(t.moves[i]);
      if (move !== PASS && !g.isLegal(move)) throw new Error(`agree-go: ${t.file}: move ${i + 1} (${t.moves[i]}) is illegal`);
      const chosen = wanted === undefined ? i >= FIRST_PLY && (i - FIRST_PLY) % o.every === 0 : wanted.has(i);
      if (chosen && move !== PASS && t.expert[g.currentPlayer()]) {
        const n = goTreeMoves(g, moves);
        goModelScores(g, moves, n, scores);
        goPriors(g, moves, n, priors);
        let modelBest = -1, handBest = -1;
        for (let k = 0; k < n; k++) {
          if (moves[k] === PASS) continue;
          if (modelBest < 0 || scores[k] > scores[modelBest]) modelBest = k;
          if (handBest < 0 || priors[k] > priors[handBest]) handBest = k;
        }
        if (modelBest >= 0 && moves[modelBest] === move) r.model++;
        if (handBest >= 0 && moves[handBest] === move) r.hand++;
        const options = gameEntry('go').mcts?.(g);
        if (options === undefined) throw new Error('agree-go: Go has no MCTS settings');
        const start = performance.now();
        const found = new Mcts({ ...options, seed: o.seed }).search(g, { nodes: o.playouts });
        searchMs += performance.now() - start;
        if (found.move === move) r.search++;
        r.positions++;
        const searched: GoSearchedPosition = { file: t.file, ply: i, move: found.move === null ? '' : g.moveToText(found.move), loss: null };
        r.searched.push(searched);
        if (o.gnugo !== undefined && modelBest >= 0 && found.move !== null) {
          const v = await gnugoMoveValues(o.gnugo, t.size, t.komi, t.moves.slice(0, i));
          if (v.values.size > 0) {
            loss.positions++;
            searched.loss = moveLoss(v, searched.move);
            loss.search += searched.loss;
            loss.model += moveLoss(v, g.moveToText(moves[modelBest]));
            loss.hand += moveLoss(v, g.moveToText(moves[handBest]));
            loss.expert += moveLoss(v, t.moves[i]);
          }
        }
        if (r.positions % 10 === 0) o.log(`${r.positions} positions: search ${r.search}, model ${r.model}, hand ${r.hand}${o.gnugo ? `; GNU Go's loss of the search's moves ${(loss.search / Math.max(1, loss.positions)).toFixed(2)} a position` : ''}`);
      }
      g.play(move);
      if (g.isTerminal()) break;
    }
  }
  if (r.positions === 0) {
    const which = only === undefined ? 'the held-out games' : 'the positions asked for';
    throw new Error(`agree-go: no position to measure in ${which} of "${o.expert}" under ${o.from.join(', ')}`);
  }
  r.msPerSearch = searchMs / r.positions;
  if (o.gnugo !== undefined) {
    const k = Math.max(1, loss.positions);
    r.loss = { positions: loss.positions, search: loss.search / k, model: loss.model / k, hand: loss.hand / k, expert: loss.expert / k };
  }
  return r;
}

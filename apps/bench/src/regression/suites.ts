/**
 * Regression suites: fixed positions with known answers. Ground truth comes from ../shared/data (read in place,
 * never copied) and from the engine's recorded perft values; the AI tactics cases are written here. Each case
 * is a function returning null (pass) or what went wrong.
 */
import { readFileSync } from 'node:fs';
import {
  GomokuPosition,
  MAX_MOVES,
  ReversiPosition,
  gameDefinition,
  games,
  perft,
  readGoSgf,
  replayGo,
  type GoRecord,
  type KoRule,
} from '@qi/engine';
import { Bot, solveEndgame, solveVcf } from '@qi/ai-worker';

/** One case: an id stable across runs and the check. */
export interface RegressionCase {
  id: string;
  run(): Promise<string | null> | string | null;
}

/** A named group of cases. */
export interface RegressionSuite {
  name: string;
  /** Ground truth it checks, for the printout. */
  source: string;
  /** The cases; `quick` gives a subset for the smoke run. */
  cases(quick: boolean): RegressionCase[];
}

/** The shared data folder: $QI_SHARED_DATA, else ../shared/data beside the checkout. */
export function sharedData(): string {
  const env = process.env.QI_SHARED_DATA?.trim();
  if (env) return env.endsWith('/') ? env : `${env}/`;
  // apps/bench/{src,dist}/regression → the checkout's parent holds shared/.
  return new URL('../../../../../shared/data/', import.meta.url).pathname;
}

function lines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
}

const reversiFfo: RegressionSuite = {
  name: 'reversi-ffo',
  source: 'shared/data/reversi/ffo-1-39.tsv: best move and exact score (exact solver)',
  cases(quick) {
    const rows = lines(`${sharedData()}reversi/ffo-1-39.tsv`).slice(1).map((l) => l.split('\t'));
    // The easy ones: up to 20 empties in the full run, 16 in the quick one.
    return rows
      .filter((r) => Number(r[1]) <= (quick ? 16 : 20))
      .map(([id, , board, toMove, best, score]) => ({
        id: `ffo-${id}`,
        run: () => {
          const pos = new ReversiPosition(board, toMove);
          const r = solveEndgame(pos);
          const move = r.move === null ? 'none' : pos.moveToText(r.move).toUpperCase();
          if (r.score !== Number(score)) return `score ${r.score}, expected ${score}`;
          if (!best.toUpperCase().split(/[ ,]+/).includes(move)) return `best move ${move}, expected one of ${best}`;
          return null;
        },
      }));
  },
};

interface VcfPuzzle {
  id: string;
  rule: string;
  toMove: 'black' | 'white';
  black: string[];
  white: string[];
  task: string;
  solverWin: boolean;
}

const gomokuVcf: RegressionSuite = {
  name: 'gomoku-vcf',
  source: 'shared/data/gomoku/renju-vcf-puzzles.jsonl: a win by continuous fours exists where quintet found one',
  cases(quick) {
    const all = lines(`${sharedData()}gomoku/renju-vcf-puzzles.jsonl`).map((l) => JSON.parse(l) as VcfPuzzle);
    // Every 45th puzzle (41 of them) for the quick run, every 6th for the full one: spread over the collections.
    const step = quick ? 45 : 6;
    return all
      .filter((p, i) => i % step === 0 && p.solverWin)
      .map((p) => ({
        id: p.id,
        run: () => {
          const pos = new GomokuPosition({ rule: p.rule as 'renju', black: p.black, white: p.white, toMove: p.toMove });
          const r = solveVcf(pos, { maxNodes: 2_000_000 });
          if (!r.win) return r.aborted ? 'node budget ran out' : 'no VCF found';
          // The line must be playable: every move legal in turn, ending the game.
          for (const m of r.line) {
            if (!pos.isLegal(m)) return `line move ${pos.moveToText(m)} is illegal`;
            pos.play(m);
          }
          return pos.isTerminal() ? null : 'the line does not end the game';
        },
      }));
  },
};

interface ForbiddenCase {
  id: string;
  black: string[];
  white: string[];
  forbidden: { point: string; kind: string }[];
}

const gomokuForbidden: RegressionSuite = {
  name: 'gomoku-forbidden',
  source: 'shared/data/gomoku/renju-forbidden-positions.jsonl: every renju forbidden point and its kind',
  cases(quick) {
    const all = lines(`${sharedData()}gomoku/renju-forbidden-positions.jsonl`).map((l) => JSON.parse(l) as ForbiddenCase);
    return all
      .filter((_, i) => !quick || i % 10 === 0)
      .map((c) => ({
        id: c.id,
        run: () => {
          const pos = new GomokuPosition({ rule: 'renju', black: c.black, white: c.white, toMove: 'black' });
          const got = pos
            .forbiddenPoints()
            .map((f) => `${pos.moveToText(f.point)}:${f.kind}`)
            .sort();
          const want = c.forbidden.map((f) => `${pos.moveToText(pos.parseMove(f.point))}:${f.kind}`).sort();
          return got.join(' ') === want.join(' ') ? null : `forbidden ${got.join(' ') || 'none'}, expected ${want.join(' ') || 'none'}`;
        },
      }));
  },
};

interface SuperkoCase {
  file: string;
  after_mainline_moves: number;
  color: 'b' | 'w';
  move: string;
  legal_under: { positional_superko: boolean; situational_superko: boolean; simple_ko: boolean };
}

/** A record cut after its first `moves` moves. */
function truncated(record: GoRecord, moves: number): GoRecord {
  let seen = 0;
  const nodes = record.nodes.filter((n, i) => {
    if (i === 0) return true;
    if (n.move) seen++;
    return seen <= moves;
  });
  return { ...record, nodes };
}

const goSuperko: RegressionSuite = {
  name: 'go-superko',
  source: 'shared/data/go/superko-cases.json: legality under positional, situational and simple ko (GNU Go verdicts)',
  cases() {
    const data = JSON.parse(readFileSync(`${sharedData()}go/superko-cases.json`, 'utf8')) as { cases: SuperkoCase[] };
    const rules: [KoRule, keyof SuperkoCase['legal_under']][] = [
      ['positional', 'positional_superko'],
      ['situational', 'situational_superko'],
      ['simple', 'simple_ko'],
    ];
    return data.cases.flatMap((c, k) =>
      rules.map(([ko, key]) => ({
        id: `superko-${k + 1}-${ko}`,
        run: () => {
          const record = truncated(readGoSgf(readFileSync(`${sharedData()}go/${c.file}`)), c.after_mainline_moves);
          const replay = replayGo(record, { ko, suicide: /tromp|taylor|new zealand/i.test(record.rulesText ?? '') });
          if (replay.errors.length > 0) return `replay stopped at move ${replay.errors[0].move}: ${replay.errors[0].reason}`;
          const pos = replay.position;
          const player = c.color === 'b' ? 0 : 1;
          const legal = pos.isLegalFor(player, pos.parseMove(c.move));
          return legal === c.legal_under[key] ? null : `${c.move} ${legal ? 'legal' : 'illegal'} under ${ko} ko, GNU Go says ${c.legal_under[key] ? 'legal' : 'illegal'}`;
        },
      })),
    );
  },
};

interface ReplayCase {
  file: string;
  plays: number;
  errors: number;
  captures: [number, number];
}

const goReplay: RegressionSuite = {
  name: 'go-replay',
  source: 'shared/data/go/replay-expected.jsonl: moves and setup stones played, and captures, of SGF replays',
  cases(quick) {
    const all = lines(`${sharedData()}go/replay-expected.jsonl`).map((l) => JSON.parse(l) as ReplayCase);
    return all
      .filter((c, i) => c.errors === 0 && (!quick || i % 8 === 0))
      .map((c) => ({
        id: c.file.replace(/^gnugo-regression\//, ''),
        run: () => {
          // As GNU Go replayed them: simple ko; `plays` counts the moves and the setup stones sent.
          const replay = replayGo(readGoSgf(readFileSync(`${sharedData()}go/${c.file}`)), { ko: 'simple' });
          if (replay.errors.length > 0) return `replay stopped at move ${replay.errors[0].move}: ${replay.errors[0].reason}`;
          if (replay.moves + replay.setup !== c.plays) return `${replay.moves} moves + ${replay.setup} setup stones, expected ${c.plays}`;
          const caps = [replay.position.captures(0), replay.position.captures(1)];
          return caps[0] === c.captures[0] && caps[1] === c.captures[1] ? null : `captures ${caps.join('/')}, expected ${c.captures.join('/')}`;
        },
      }));
  },
};

const checkers: RegressionSuite = {
  name: 'checkers-perft',
  source: 'the 2-player opening count (14) and packages/engine/src/checkers/perft.json',
  cases(quick) {
    const recorded = JSON.parse(readFileSync(new URL('../../../../packages/engine/src/checkers/perft.json', import.meta.url), 'utf8')) as {
      cases: { name: string; rules: Record<string, unknown>; nodes: number[] }[];
    };
    const openings: RegressionCase = {
      id: 'opening-count-2p',
      run: () => {
        const n = gameDefinition('checkers').create({ players: 2 }).legalMoves(new Int32Array(MAX_MOVES));
        return n === 14 ? null : `${n} opening moves, expected 14`;
      },
    };
    const perfts = recorded.cases.map((c) => ({
      id: `perft ${c.name}`,
      run: () => {
        const depth = Math.min(c.nodes.length, quick ? 2 : 3);
        for (let d = 1; d <= depth; d++) {
          const n = perft(gameDefinition('checkers').create(c.rules), d);
          if (n !== c.nodes[d - 1]) return `perft ${d} = ${n}, recorded ${c.nodes[d - 1]}`;
        }
        return null;
      },
    }));
    return [openings, ...perfts];
  },
};

/** Plays the bot on `moves` from the start of `game` and checks its choice. */
async function botChoice(game: string, rules: Record<string, unknown> | undefined, moves: string[], limits: { nodes?: number; depth?: number; timeMs?: number }): Promise<string> {
  const bot = new Bot({ slices: false, sharedStop: false });
  bot.setPosition({ game, rules, moves });
  const r = await bot.think(limits);
  return r.move === null ? 'none' : r.move === -1 ? 'pass' : textOf(game, rules, moves, r.move);
}

function textOf(game: string, rules: Record<string, unknown> | undefined, moves: string[], move: number): string {
  return games.position({ game, rules, moves }).moveToText(move).toUpperCase();
}

/** The go-capture-race moves: walls on rows 4 (Black) and 7 (White) across A–H, then the racing rows 6 and 5 across A–G. */
function captureRace(): string[] {
  const moves: string[] = [];
  for (const col of 'ABCDEFGH') moves.push(`${col}4`, `${col}7`);
  for (const col of 'ABCDEFG') moves.push(`${col}6`, `${col}5`);
  return moves;
}

/** AI tactics written for the bench: each position has one right answer a sound search must find. */
const aiTactics: RegressionSuite = {
  name: 'ai-tactics',
  source: 'positions written for the bench (the AI must find the only good move)',
  cases() {
    const tactic = (id: string, game: string, rules: Record<string, unknown> | undefined, moves: string[], limits: { nodes?: number; depth?: number }, answers: string[]): RegressionCase => ({
      id,
      run: async () => {
        const got = await botChoice(game, rules, moves, limits);
        return answers.includes(got) ? null : `played ${got}, expected ${answers.join(' or ')}`;
      },
    });
    const corner = ["D3","C5","D6","E7","E6","F6","B5","B4","G7","D2","C2","F5","D8","G6","B3","F8","H7","A3","F7","E3","F3","B6","B7","F4","E2","C1","F2","E1","G5","G2","D1","E8","D7","C8","G3","H4","F1","H6","H2","A6","H5","B1","C4","C3","A2","B2","H3","C7"];
    return [
      // A capture race that decides the game: Black's A6–G6 and White's A5–G5, between Black's wall on row 4 and
      // White's on row 7, each have one liberty (H6 and H5), Black to move. H5 captures seven (Black's win rate about
      // 0.8 at 10,000 playouts); H6 gives Black two liberties against one and wins the race next move; anything else
      // lets White take seven with H6 and win (about 0.99). This replaced a five-stone race on rows 3–6 where, at komi
      // 7.5, even the capture lost (GNU Go 10 playing both sides on after F4: W+8.5): with no winning move the search
      // ranked losing moves by noise, so a playout change flipped it.
      tactic('go-capture-race', 'go', { size: 9, komi: 7.5 }, captureRace(), { nodes: 10000 }, ['H5', 'H6']),
      // Gomoku: White's open three G7 G8 G9 must be blocked (at either end or one further out).
      tactic('gomoku-must-block-open-three', 'gomoku', { size: 15, rule: 'freestyle' }, ['H8', 'G7', 'A1', 'G8', 'A15', 'G9'], { depth: 4 }, ['G6', 'G10', 'G5', 'G11']),
      // Gomoku: Black's open four H8–H11 wins at once.
      tactic('gomoku-win-with-five', 'gomoku', { size: 15, rule: 'freestyle' }, ['H8', 'A1', 'H9', 'A3', 'H10', 'A5', 'H11', 'A7'], { depth: 2 }, ['H12', 'H7']),
      // Reversi (12 empties, found by seeded random play and the exact solver): the A1 corner wins by 18, every other move loses.
      tactic('reversi-corner-grab', 'reversi', undefined, corner, { depth: 12 }, ['A1']),
    ];
  },
};

/** Every regression suite. */
export const regressionSuites: readonly RegressionSuite[] = [reversiFfo, gomokuVcf, gomokuForbidden, goSuperko, goReplay, checkers, aiTactics];

import { GomokuPosition, MAX_MOVES, type Position } from '@qi/engine';
import { VcfSolver } from './vcf.js';
import { VctSolver } from './vct.js';
import { now } from '../../core/limits.js';
import { WIN } from '../../core/score.js';
import type { Presolved, Presolver, SolveRunner } from '../../core/presolve.js';
import { gomokuSearchMoves, setLeafVcf, setRootMoves } from './knowledge.js';

/** The share of the move's time the opponent-VCT checks of the root moves may take. */
const VCT_DEFENCE_SHARE = 0.4;

/** Threat-solver nodes in one slice of a presolve without a time limit (about 1000 a ms here: 15–30 ms). */
const THREAT_SLICE_NODES = 1 << 14;

/** Points searched per node (and checked by the defence test at the root). */
export const GOMOKU_WIDTH = 10;

/** What a level may use of the threat solvers: VCF length (attacker moves, the five included), VCT, the defence check. */
export interface ThreatBudget {
  vcfDepth: number;
  vcfNodes: number;
  vct: boolean;
  vctNodes: number;
  defence: boolean;
  defenceNodes: number;
  vctDefenceNodes: number;
  /** Whether the search's leaves probe for a short VCF (knowledge.ts). */
  leafVcf: boolean;
}

/**
 * Per level: a beginner only sees a five in one, then short VCFs, the VCF defence check from level 4, full VCF
 * from level 7, VCT and a VCF probe at the search's leaves from level 8 (full strength: everything, budgets
 * growing with the time allowed). The probe starts at 8, not with full VCFs at 7: from 7 it made level 7 as strong
 * as 8 (bench calibrate 2026-12-06: 878 and 872), and each level should rate above the one below.
 */
export function threatBudget(timeMs: number | undefined, level: number | undefined): ThreatBudget {
  const lv = level ?? 10;
  // Node budgets follow the time: the solvers search about 1000 nodes a ms here (measured on bench positions
  // under load), so at 1 s a move the own VCT gets ~150 ms and each opponent-VCT check ~50 ms; a stop
  // interrupts them within a slice (the Bot's runner).
  const t = timeMs ?? 3000;
  return {
    vcfDepth: lv <= 2 ? 1 : lv <= 3 ? 2 : lv <= 6 ? 4 : 40,
    vcfNodes: clamp(t * 100, 20_000, 400_000),
    vct: lv >= 8,
    vctNodes: clamp(t * 150, 10_000, 500_000),
    defence: lv >= 4,
    defenceNodes: clamp(t * 20, 2_000, 60_000),
    vctDefenceNodes: clamp(t * 50, 5_000, 150_000),
    leafVcf: lv >= 8,
  };
}

/**
 * The engine's threat solvers in front of alpha-beta: a VCF (then a VCT) of the side to move is played at once;
 * otherwise every candidate after which the opponent has a VCF is dropped from the root (it loses by force).
 * From level 8, when the opponent has a VCT threat (a VCT with a free move), the moves after which it still has
 * one are dropped too (within a share of the time; the threat line's points are tried as well and may be
 * searched although they rank below the width); when every move loses, those with the longest refutation stay.
 * Renju forbidden points are the engine's: the solvers never let black play one. The solvers play on a copy of
 * the position (the bot's stays as it is between slices); once the runner says the presolve is over, moves not
 * checked yet count as safe.
 */
export function gomokuThreats(): Presolver {
  const vcf = new VcfSolver(16);
  const vct = new VctSolver(16);
  const list = new Int32Array(MAX_MOVES);
  return {
    async presolve(pos: Position, timeMs: number | undefined, level: number | undefined, runner: SolveRunner): Promise<Presolved | null> {
      const b = threatBudget(timeMs, level);
      setLeafVcf(b.leafVcf);
      if (pos.isTerminal() || (pos as GomokuPosition).stoneCount() === 0) return null;
      const g = pos.clone() as GomokuPosition;
      setRootMoves(g, null);
      let nodes = 0;
      const own = await runner.run((l) => vcf.solve(g, { maxDepth: b.vcfDepth, ...l }), b.vcfNodes, THREAT_SLICE_NODES);
      nodes += own.nodes;
      // A VCF is a proof: a win in the line's plies (the defender's replies are forced).
      if (own.win && g.isLegal(own.line[0])) {
        return { move: own.line[0], score: WIN - own.line.length, pv: own.line, nodes, proven: { kind: 'win', plies: own.line.length } };
      }
      if (b.vct && !runner.over()) {
        const t = await runner.run((l) => vct.solve(g, l), b.vctNodes, THREAT_SLICE_NODES);
        nodes += t.nodes;
        // A VCT is a strong claim, not a proof (see VctSolver): report it as a near-win, not a proven one.
        if (t.win && g.isLegal(t.line[0])) return { move: t.line[0], score: 4_000_000, pv: t.line, nodes };
      }
      if (!b.defence || runner.over()) return null;
      const n = gomokuSearchMoves(g, list, GOMOKU_WIDTH);
      if (n <= 1) return n === 1 ? { rootMoves: [list[0]], nodes } : null;
      const safe: number[] = [];
      for (let i = 0; i < n; i++) {
        g.play(list[i]);
        const r = g.isTerminal() || runner.over() ? null : await runner.run((l) => vcf.solve(g, l), b.defenceNodes, THREAT_SLICE_NODES);
        g.undo();
        if (r !== null) nodes += r.nodes;
        if (r === null || !r.win) safe.push(list[i]);
      }
      if (safe.length === 0) return { nodes };
      // Then the opponent's VCT threat: what it would win with a free move. Without one, the moves are not checked
      // (a stone of ours helps the opponent only by lifting a renju ban, rarely); with one, the moves that stop it are kept: the ranked safe ones and
      // the points of its line (which may rank below the width), each checked while a share of the time is left
      // (without a time limit: the node budgets alone, so that a fixed-depth search repeats).
      if (b.vct && safe.length > 1 && !runner.over()) {
        const t0 = now();
        const share = timeMs === undefined ? Infinity : timeMs * VCT_DEFENCE_SHARE;
        const turned = passed(g);
        const threat = await runner.run((l) => vct.solve(turned, l), b.vctNodes, THREAT_SLICE_NODES);
        nodes += threat.nodes;
        if (threat.win) {
          const tried = [...safe];
          for (const p of threat.line) if (!tried.includes(p) && g.isLegal(p)) tried.push(p);
          const keep: number[] = [];
          // The length of each refuted move's refutation: when every move is refuted, the longest ones are kept
          // (the solvers deepen iteratively, so a line is about the shortest win: the latest loss, and the
          // hardest for a weaker opponent to find).
          const refuted = new Int32Array(tried.length);
          let longest = 0;
          for (let i = 0; i < tried.length; i++) {
            if (now() - t0 > share || runner.over()) {
              // Not checked: a ranked move stays a candidate, an unranked line point does not.
              if (i < safe.length) keep.push(tried[i]);
              continue;
            }
            g.play(tried[i]);
            let r = g.isTerminal() ? null : await runner.run((l) => vcf.solve(g, l), b.defenceNodes, THREAT_SLICE_NODES);
            if (r !== null && !r.win) r = await runner.run((l) => vct.solve(g, l), b.vctDefenceNodes, THREAT_SLICE_NODES);
            g.undo();
            if (r !== null) nodes += r.nodes;
            if (r === null || !r.win) keep.push(tried[i]);
            else {
              refuted[i] = r.line.length;
              longest = Math.max(longest, r.line.length);
            }
          }
          if (keep.length === 0) for (let i = 0; i < tried.length; i++) if (refuted[i] === longest) keep.push(tried[i]);
          if (keep.length > 0 && keep.length < tried.length) {
            setRootMoves(g, keep);
            return { rootMoves: keep, nodes };
          }
        }
      }
      return safe.length === n ? { nodes } : { rootMoves: safe, nodes };
    },
  };
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.round(x)));
}

/** The same stones with the other side to move: what the opponent could do with a free move. */
function passed(g: GomokuPosition): GomokuPosition {
  const black: number[] = [];
  const white: number[] = [];
  for (const p of g.geo.points) {
    const c = g.stoneAt(p);
    if (c === 1) black.push(p);
    else if (c === 2) white.push(p);
  }
  return new GomokuPosition({ size: g.geo.size, rule: g.rule, black, white, toMove: g.currentPlayer() === 0 ? 'white' : 'black' });
}

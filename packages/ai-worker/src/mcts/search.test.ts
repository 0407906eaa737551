import { describe, expect, it } from 'vitest';
import { MAX_MOVES, Rng, type Position } from '@qi/engine';
import { WIN_BOUND } from '../core/score.js';
import { MnkGame } from '../testing/mnk.js';
import { NimGame } from '../testing/nim.js';
import { minimaxMoves } from '../testing/minimax.js';
import { Mcts } from './search.js';

function randomPosition(create: () => Position, plies: number, rng: Rng): Position {
  const pos = create();
  const moves = new Int32Array(MAX_MOVES);
  for (let i = 0; i < plies && !pos.isTerminal(); i++) pos.play(moves[rng.int(pos.legalMoves(moves))]);
  return pos;
}

describe('Mcts finds forced wins', () => {
  it('converges to a winning move in tic-tac-toe after an edge reply to the centre', () => {
    const pos = MnkGame.from(3, 3, 3, false, ['b2', 'b1']);
    const truth = minimaxMoves(pos, 9);
    for (const raveBias of [undefined, 0.1]) {
      const r = new Mcts({ seed: 7, raveBias }).search(pos, { nodes: 20_000 });
      expect(truth.get(r.move as number), `rave ${raveBias}: ${pos.moveToText(r.move as number)}`).toBeGreaterThanOrEqual(WIN_BOUND);
      expect(r.winRate).toBeGreaterThan(0.8);
      expect(r.playouts).toBe(20_000);
      expect(r.rootVisits).toBe(20_000);
      expect(pos.ply).toBe(2);
    }
  });

  it('leaves a multiple of four in Nim', () => {
    for (const heap of [5, 6, 7, 9, 10, 11, 13, 14, 15]) {
      const r = new Mcts({ seed: heap }).search(new NimGame(heap), { nodes: 4000 });
      expect(r.move, `heap ${heap}`).toBe(heap % 4);
    }
  });

  it('takes the last counters with three, four and six players (maxⁿ backup per mover)', () => {
    for (const players of [3, 4, 6]) {
      for (const heap of [1, 2, 3]) {
        const r = new Mcts({ seed: 3 }).search(new NimGame(heap, players), { nodes: 500 });
        expect(r.move).toBe(heap);
        expect(r.winRate).toBe(1);
      }
      // Heap 4: whatever the player takes, the next player can take the rest; every move loses.
      const r = new Mcts({ seed: 3 }).search(new NimGame(4, players), { nodes: 2000 });
      for (const c of r.candidates) expect(c.winRate).toBeLessThan(0.3);
    }
  });
});

describe('Mcts mechanics', () => {
  it('is deterministic for a seed and budget, and the seed matters', () => {
    const pos = MnkGame.from(7, 6, 4, true, ['d', 'c']);
    const a = new Mcts({ seed: 42 }).search(pos, { nodes: 3000 });
    const b = new Mcts({ seed: 42 }).search(pos, { nodes: 3000 });
    const c = new Mcts({ seed: 43 }).search(pos, { nodes: 3000 });
    expect(b.candidates).toEqual(a.candidates);
    expect(b.pv).toEqual(a.pv);
    expect(c.candidates).not.toEqual(a.candidates);
  });

  it('never returns an illegal move and restores the position, whatever the budget', () => {
    const rng = new Rng(8);
    const mcts = new Mcts({ seed: 1, maxNodes: 2000, raveBias: 0.2 });
    for (let t = 0; t < 150; t++) {
      const pos = randomPosition(() => new MnkGame(7, 6, 4, true), rng.int(40), rng);
      const before = pos.toString();
      const r = mcts.search(pos, { nodes: 1 + rng.int(400) });
      expect(pos.toString()).toBe(before);
      if (pos.isTerminal()) {
        expect(r.move).toBeNull();
        expect(r.reason).toBe('terminal');
      } else {
        expect(pos.isLegal(r.move as number)).toBe(true);
      }
      expect(mcts.tree.size).toBeLessThanOrEqual(2000);
    }
  });

  it('keeps within its node budget and still improves with more playouts', () => {
    const mcts = new Mcts({ seed: 2, maxNodes: 50 });
    const pos = new NimGame(10);
    const r = mcts.search(pos, { nodes: 5000 });
    expect(r.nodes).toBeLessThanOrEqual(50);
    expect(r.move).toBe(2);
  });

  it('reuses the subtree after the moves played', () => {
    const pos = MnkGame.from(7, 6, 4, true, ['d']);
    const mcts = new Mcts({ seed: 5 });
    const first = mcts.search(pos, { nodes: 5000 });
    const [mine, reply] = first.pv;
    // Statistics of the grandchild subtree before re-rooting.
    const t = mcts.tree;
    const child = t.childWithMove(t.childWithMove(0, mine), reply);
    const visits = t.visits[child];
    expect(visits).toBeGreaterThan(10);
    pos.play(mine);
    pos.play(reply);
    mcts.advance([mine, reply], pos);
    expect(t.visits[0]).toBe(visits);
    const second = mcts.search(pos, { nodes: 1000 });
    expect(second.rootVisits).toBe(visits + 1000);
    expect(second.playouts).toBe(1000);
    // A position the tree does not know starts afresh.
    const fresh = mcts.search(MnkGame.from(7, 6, 4, true, ['a']), { nodes: 100 });
    expect(fresh.rootVisits).toBe(100);
  });

  it('follows priors (progressive bias) and reports them', () => {
    const pos = new MnkGame(3, 3, 3);
    const corner = pos.parseMove('a1');
    const mcts = new Mcts({
      seed: 1,
      priorWeight: 50,
      firstPlayUrgency: 1,
      policy: { priors: (_p, moves, n, out) => { for (let i = 0; i < n; i++) out[i] = moves[i] === corner ? 1 : 0; } },
    });
    const r = mcts.search(pos, { nodes: 300 });
    expect(r.candidates[0].move).toBe(corner);
    expect(r.candidates[0].prior).toBe(1);
    expect(r.candidates.filter((c) => c.prior === 0).length).toBe(8);
  });

  it('seeds new children with priors as virtual RAVE playouts (priorVisits), and only when asked', () => {
    const pos = new MnkGame(3, 3, 3);
    const corner = pos.parseMove('a1');
    const priors = (_p: Position, moves: Int32Array, n: number, out: Float32Array): void => {
      for (let i = 0; i < n; i++) out[i] = moves[i] === corner ? 1 : 0.2;
    };
    // Progressive bias off, so that only the virtual experience can favour the corner.
    const base = { seed: 3, raveBias: 0.1, exploration: 0.1, priorWeight: 0, policy: { priors } };
    // Two playouts: the first makes the root worth expanding, the second expands it and plays one child.
    const seeded = new Mcts({ ...base, priorVisits: 40, priorEven: 0.2 });
    seeded.search(pos, { nodes: 2 });
    const t = seeded.tree;
    for (let ch = t.firstChild[0]; ch < t.firstChild[0] + t.childCount[0]; ch++) {
      // 40 virtual playouts at 1 (prior 1) or 0.5 (the even prior 0.2), plus at most the one real AMAF playout.
      expect(t.raveVisits[ch] - 40).toBeGreaterThanOrEqual(0);
      expect(t.raveVisits[ch] - 40).toBeLessThanOrEqual(1);
      const virtual = t.move[ch] === corner ? 40 : 20;
      expect(t.raveReward[ch] - virtual).toBeGreaterThanOrEqual(0);
      expect(t.raveReward[ch] - virtual).toBeLessThanOrEqual(1);
    }
    // The high prior draws the search: the corner is tried first and leads a short search.
    const on = new Mcts({ ...base, priorVisits: 40, priorEven: 0.2 }).search(pos, { nodes: 60 });
    expect(on.candidates[0].move).toBe(corner);
    // Off by default: the same search as with priorVisits 0, and the corner no longer leads.
    const off = new Mcts(base).search(pos, { nodes: 60 });
    expect(new Mcts({ ...base, priorVisits: 0 }).search(pos, { nodes: 60 }).candidates).toEqual(off.candidates);
    expect(off.candidates[0].move).not.toBe(corner);
    // Without RAVE there are no statistics to seed: the option does nothing.
    const noRave = { seed: 3, exploration: 0.1, priorWeight: 0, policy: { priors } };
    expect(new Mcts({ ...noRave, priorVisits: 40 }).search(pos, { nodes: 60 }).candidates).toEqual(new Mcts(noRave).search(pos, { nodes: 60 }).candidates);
  });

  it("puts the virtual playouts into each child's own statistics with priorStats 'value', leaving AMAF to real playouts", () => {
    const pos = new MnkGame(3, 3, 3);
    const corner = pos.parseMove('a1');
    const priors = (_p: Position, moves: Int32Array, n: number, out: Float32Array): void => {
      for (let i = 0; i < n; i++) out[i] = moves[i] === corner ? 1 : 0.2;
    };
    const base = { seed: 3, raveBias: 0.1, exploration: 0.1, priorWeight: 0, policy: { priors }, priorVisits: 40, priorEven: 0.2 };
    const seeded = new Mcts({ ...base, priorStats: 'value' });
    seeded.search(pos, { nodes: 2 });
    const t = seeded.tree;
    // No virtual AMAF: at most the one real playout's update.
    for (let ch = t.firstChild[0]; ch < t.firstChild[0] + t.childCount[0]; ch++) expect(t.raveVisits[ch]).toBeLessThanOrEqual(1);
    // The corner's 40 virtual wins draw the search all the same, and the real counts stay real.
    const on = new Mcts({ ...base, priorStats: 'value' }).search(pos, { nodes: 60 });
    expect(on.candidates[0].move).toBe(corner);
    expect(on.candidates.reduce((s, c) => s + c.visits, 0)).toBe(59); // the first playout expands the root
    // Different from the AMAF seeding, and from no seeding.
    const rave = new Mcts(base).search(pos, { nodes: 60 });
    expect(on.candidates).not.toEqual(rave.candidates);
  });

  it('stops on time, on a flag and on stop(), and runs in slices', () => {
    const pos = new MnkGame(7, 6, 4, true);
    const mcts = new Mcts({ seed: 1 });
    const timed = mcts.search(pos, { timeMs: 40 });
    expect(timed.reason).toBe('time');
    expect(timed.timeMs).toBeLessThan(1000);
    const flag = new Int32Array(1);
    mcts.start(pos, { stop: flag });
    expect(mcts.step(100)).toBe(false);
    flag[0] = 1;
    expect(mcts.step(100)).toBe(true);
    expect(mcts.result().reason).toBe('stopped');
    expect(mcts.result().playouts).toBe(100);
    mcts.clearTree();
    mcts.start(pos, { nodes: 1000 });
    let slices = 1;
    while (!mcts.step(64)) slices++;
    expect(slices).toBe(16);
    expect(mcts.result().playouts).toBe(1000);
    expect(() => mcts.search(pos)).toThrow(/budget/);
  });

  it('under a clock: stopWhenDecided answers once the move cannot change, timeMaxMs thinks on only while unsettled', () => {
    // One legal move (Nim, one counter): decided at the first check, long before the minute.
    const forced = new Mcts({ seed: 1 }).search(new NimGame(1), { timeMs: 60_000, stopWhenDecided: true });
    expect(forced.reason).toBe('decided');
    expect(forced.move).toBe(1);
    expect(forced.playouts).toBe(63);
    // Tic-tac-toe where one move wins at once: the winner's lead outgrows the playouts the time left allows.
    const win = MnkGame.from(3, 3, 3, false, ['a1', 'b1', 'a2', 'b2']);
    // A second of time: decided about halfway whatever the machine's speed (the lead grows with the playout rate),
    // with room for a stall late in it.
    const clock = 1000;
    const r = new Mcts({ seed: 2 }).search(win, { timeMs: clock, stopWhenDecided: true });
    console.log(`stopWhenDecided: ${r.reason} after ${r.timeMs.toFixed(0)} of ${clock} ms, ${r.playouts} playouts`);
    expect(r.reason).toBe('decided');
    expect(win.moveToText(r.move as number)).toBe('a3');
    const [top, second] = r.candidates;
    expect(top.visits - second.visits).toBeGreaterThan(r.playouts * ((clock - r.timeMs) / r.timeMs) - 64);
    // Without the option a timed search runs to its deadline as before.
    expect(new Mcts({ seed: 2 }).search(win, { timeMs: 50 }).reason).toBe('time');
    // Past timeMs the search ends only when settled (no move with a third of the top's visits has a better win
    // rate) or at timeMaxMs.
    const settled = (c: { visits: number; winRate: number }[]) => c.every((x) => x === c[0] || 3 * x.visits < c[0].visits || x.winRate <= c[0].winRate);
    let extended = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const pos = new MnkGame(7, 6, 4, true);
      const e = new Mcts({ seed }).search(pos, { timeMs: 5, timeMaxMs: 3000 });
      expect(e.reason).toBe('time');
      if (e.timeMs < 3000) expect(settled(e.candidates), `seed ${seed}: ${JSON.stringify(e.candidates.slice(0, 3).map((c) => [c.visits, c.winRate]))}`).toBe(true);
      if (e.timeMs > 10) extended++;
    }
    console.log(`timeMaxMs: ${extended} of 6 searches of Connect Four's empty board thought on past 5 ms`);
  });
});

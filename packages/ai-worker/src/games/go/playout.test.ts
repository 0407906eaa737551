import { describe, expect, it } from 'vitest';
import { BLACK, EMPTY, GoPosition, MAX_MOVES, PASS, Rng, WHITE } from '@qi/engine';
import { LightPlayout, playoutLight } from './playout.js';

/** Whether p is a one-point eye of colour c by the playout's definition, judged on a GoPosition. */
function ownEye(pos: GoPosition, p: number, c: number): boolean {
  const n = pos.size, col = pos.col(p), row = pos.row(p);
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= n || y >= n ? -1 : pos.stoneAt(pos.point(x, y)));
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const s = at(col + dx, row + dy);
    if (s !== -1 && s !== c) return false;
  }
  let bad = 0, edge = 0;
  for (const [dx, dy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    const s = at(col + dx, row + dy);
    if (s === -1) edge = 1;
    else if (s === 3 - c) bad++;
  }
  return bad + edge < 2;
}

/** Tromp-Taylor area difference (Black minus White) by a plain flood fill over the GoPosition. */
function areaDiff(pos: GoPosition): number {
  let diff = 0;
  const seen = new Set<number>();
  for (const p of pos.points()) {
    const s = pos.stoneAt(p);
    if (s === BLACK) diff++;
    else if (s === WHITE) diff--;
    else if (!seen.has(p)) {
      const region = [p];
      seen.add(p);
      let borders = 0;
      for (let i = 0; i < region.length; i++) {
        const q = region[i], x = pos.col(q), y = pos.row(q);
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          if (x + dx < 0 || y + dy < 0 || x + dx >= pos.size || y + dy >= pos.size) continue;
          const r = pos.point(x + dx, y + dy);
          const t = pos.stoneAt(r);
          if (t === EMPTY && !seen.has(r)) {
            seen.add(r);
            region.push(r);
          } else if (t !== EMPTY) borders |= t;
        }
      }
      if (borders === BLACK) diff += region.length;
      else if (borders === WHITE) diff -= region.length;
    }
  }
  return diff;
}

/** Replays a playout's moves on the real rules engine: every move legal and no own-eye fill; passes only when forced. */
function replayChecks(start: GoPosition, moves: Int32Array, plies: number): GoPosition {
  const pos = start.clone();
  const buf = new Int32Array(MAX_MOVES);
  for (let i = 0; i < plies; i++) {
    const m = moves[i];
    const c = pos.currentPlayer() + 1;
    if (m === PASS) {
      const n = pos.legalMoves(buf);
      for (let k = 0; k < n; k++) if (buf[k] !== PASS) expect(ownEye(pos, buf[k], c), `ply ${i}: passed although ${pos.moveToText(buf[k])} was playable`).toBe(true);
    } else {
      expect(pos.isLegal(m), `ply ${i}: ${pos.moveToText(m)} illegal`).toBe(true);
      expect(ownEye(pos, m, c), `ply ${i}: ${pos.moveToText(m)} fills an own eye`).toBe(false);
    }
    pos.play(m);
  }
  return pos;
}

describe('light playouts', () => {
  it('play only legal non-eye-filling moves and score the final board Tromp-Taylor', () => {
    for (const size of [5, 9, 13, 19]) {
      const games = size === 19 ? 4 : 40;
      for (let g = 0; g < games; g++) {
        const rng = new Rng(1000 * size + g);
        const start = new GoPosition({ size, komi: 6.5 });
        // Start from a random middle-game position, so playouts begin with chains, captures and maybe a ko.
        const buf = new Int32Array(MAX_MOVES);
        for (let i = 0; i < size * 2 && !start.isTerminal(); i++) {
          const n = start.legalMoves(buf);
          start.play(buf[rng.int(n - 1)]);
        }
        const before = start.toString();
        const key = [start.hashLo, start.hashHi];
        const lp = new LightPlayout(size);
        const maxPlies = 3 * size * size;
        const moves = new Int32Array(maxPlies);
        const score = lp.run(start, rng, maxPlies, undefined, moves);
        expect(start.toString()).toBe(before);
        expect([start.hashLo, start.hashHi]).toEqual(key);
        const end = replayChecks(start, moves, lp.plies);
        if (lp.plies < maxPlies) expect(end.isTerminal(), `size ${size} game ${g}`).toBe(true);
        expect(score).toBe(areaDiff(end) - 6.5);
      }
    }
  });

  it('accumulate ownership consistent with the scores', () => {
    const pos = new GoPosition({ size: 9, komi: 7 });
    const own = new Int32Array(pos.board.N2);
    const rng = new Rng(5);
    let total = 0;
    const runs = 200;
    for (let i = 0; i < runs; i++) total += playoutLight(pos, rng, undefined, own) + 7;
    let sum = 0;
    for (const p of pos.points()) {
      expect(Math.abs(own[p])).toBeLessThanOrEqual(runs);
      sum += own[p];
    }
    expect(sum).toBe(total);
    expect(own[0]).toBe(0);
  });

  it('are reproducible from a seed and respect the handicap bonus', () => {
    const pos = new GoPosition({ size: 9, komi: 0.5 });
    pos.placeHandicap([pos.parseMove('C3'), pos.parseMove('G7')]);
    const a = playoutLight(pos, new Rng(3));
    const b = playoutLight(pos, new Rng(3));
    expect(a).toBe(b);
    expect(Number.isInteger(a - 0.5 + 2)).toBe(true);
  });

  it('play the same moves and scores from a seed as ever (a speed change must keep these digests)', () => {
    // Digests of the moves, plies, scores and ownership of playouts from a growing random game; taken from the
    // original implementation, so a rewrite for speed proves it kept the random stream and every move.
    const digest = (size: number, runs: number): number => {
      const rng = new Rng(size);
      const start = new GoPosition({ size, komi: 7.5 });
      const buf = new Int32Array(MAX_MOVES);
      const lp = new LightPlayout(size);
      const moves = new Int32Array(3 * size * size);
      const own = new Int32Array(start.board.N2);
      let h = 0;
      for (let r = 0; r < runs; r++) {
        if (r % 10 === 0 && !start.isTerminal()) start.play(buf[rng.int(start.legalMoves(buf) - 1)]);
        const score = lp.run(start, rng, undefined, r % 2 === 0 ? own : undefined, moves);
        h = (Math.imul(h, 31) + score * 2 + lp.plies) | 0;
        for (let i = 0; i < lp.plies; i++) h = (Math.imul(h, 1000003) ^ moves[i]) | 0;
      }
      for (let i = 0; i < own.length; i++) h = (Math.imul(h, 17) + own[i]) | 0;
      return h >>> 0;
    };
    expect(digest(9, 200)).toBe(1669388358);
    expect(digest(19, 20)).toBe(3807434489);
  });

  it('score a finished position without playing', () => {
    const pos = new GoPosition({ size: 5, komi: 0 });
    pos.play(pos.parseMove('C3'));
    pos.play(PASS);
    pos.play(PASS);
    expect(playoutLight(pos, new Rng(1))).toBe(25);
  });
});

import { describe, expect, it } from 'vitest';
import { eloFromScore, erf, formatStats, likelihoodOfSuperiority, matchStats, scoreFromElo } from './elo.js';
import { fitRatings } from './ratings.js';
import { constrainedMle, sprtBounds, sprtLlr, sprtLlrExact, sprtState } from './sprt.js';

describe('match statistics', () => {
  it('logistic Elo at known scores', () => {
    expect(eloFromScore(0.5)).toBe(0);
    // 400·log10(3) = 190.848…: the classic "75% is +191".
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485, 3);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.8485, 3);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(scoreFromElo(eloFromScore(0.64))).toBeCloseTo(0.64, 12);
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12);
  });

  it('erf against tabulated values', () => {
    expect(erf(0)).toBeCloseTo(0, 6);
    expect(erf(0.5)).toBeCloseTo(0.5204999, 6);
    expect(erf(1)).toBeCloseTo(0.8427008, 6);
    expect(erf(-2)).toBeCloseTo(-0.9953223, 6);
  });

  it('score, interval and Elo of 60-20-20 worked by hand', () => {
    // s = 0.7; per-game variance (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16; se = 0.4/10 = 0.04.
    const s = matchStats({ wins: 60, draws: 20, losses: 20 });
    expect(s.games).toBe(100);
    expect(s.score).toBeCloseTo(0.7, 12);
    expect(s.scoreError).toBeCloseTo(0.04, 12);
    expect(s.scoreLow).toBeCloseTo(0.7 - 1.959964 * 0.04, 5);
    expect(s.scoreHigh).toBeCloseTo(0.7 + 1.959964 * 0.04, 5);
    expect(s.elo).toBeCloseTo(-400 * Math.log10(3 / 7), 6); // 147.19
    expect(s.eloLow).toBeCloseTo(eloFromScore(0.621601), 2);
    expect(s.eloError).toBeCloseTo((eloFromScore(0.778399) - eloFromScore(0.621601)) / 2, 2);
    // LOS = Φ((60−20)/√80) = Φ(4.47) ≈ 0.999996.
    expect(s.los).toBeCloseTo(0.999996, 5);
    expect(formatStats(s)).toBe('W-D-L 60-20-20  score 0.700 ±0.078  Elo +147 ±66  LOS 100.0%');
  });

  it('edge cases: no games, all wins, bad counts', () => {
    expect(matchStats({ wins: 0, draws: 0, losses: 0 }).score).toBe(0.5);
    const all = matchStats({ wins: 5, draws: 0, losses: 0 });
    expect(all.elo).toBe(Infinity);
    expect(all.eloError).toBe(Infinity);
    expect(likelihoodOfSuperiority(10, 10)).toBeCloseTo(0.5, 6);
    expect(() => matchStats({ wins: -1, draws: 0, losses: 0 })).toThrow(/wins/);
    expect(() => matchStats({ wins: 1.5, draws: 0, losses: 0 })).toThrow(/wins/);
  });
});

describe('SPRT', () => {
  const config = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

  it('bounds are ln(β/(1−α)) and ln((1−β)/α): ±2.944 at 5%/5%', () => {
    const b = sprtBounds(config);
    expect(b.upper).toBeCloseTo(2.944439, 6);
    expect(b.lower).toBeCloseTo(-2.944439, 6);
  });

  it('the constrained MLE has the asked expected score and sums to one', () => {
    const r = { wins: 300, draws: 500, losses: 200 };
    for (const s of [0.45, 0.5, 0.55, 0.6]) {
      const [l, d, w] = constrainedMle(r, s);
      expect(l + d + w).toBeCloseTo(1, 12);
      expect(w + d / 2).toBeCloseTo(s, 9);
    }
    // At the observed score the MLE is the observed frequencies.
    const [l, d, w] = constrainedMle(r, 0.55);
    expect([l, d, w].map((x) => +x.toFixed(9))).toEqual([0.2, 0.5, 0.3]);
  });

  it('exact trinomial LLR agrees with the normal approximation for small Elo differences', () => {
    // fishtest's approximation is accurate when elo1 − elo0 is small relative to the noise.
    for (const r of [
      { wins: 16012, draws: 32438, losses: 15550 },
      { wins: 1000, draws: 2000, losses: 1050 },
      { wins: 5200, draws: 9000, losses: 5000 },
    ]) {
      const exact = sprtLlrExact(r, config);
      const approx = sprtLlr(r, config);
      expect(Math.abs(exact - approx)).toBeLessThan(0.02 * Math.max(1, Math.abs(exact)));
    }
  });

  it('LLR is zero halfway between the hypotheses and its sign follows the score', () => {
    // elo0 = −x, elo1 = +x and a score of ½: both hypotheses explain the results equally well.
    expect(sprtLlrExact({ wins: 100, draws: 30, losses: 100 }, { ...config, elo0: -10, elo1: 10 })).toBeCloseTo(0, 9);
    expect(sprtLlrExact({ wins: 120, draws: 50, losses: 80 }, config)).toBeGreaterThan(0);
    expect(sprtLlrExact({ wins: 80, draws: 50, losses: 120 }, config)).toBeLessThan(0);
  });

  it('stops early on a clear result and keeps going on a close one', () => {
    const wide = { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 };
    expect(sprtState({ wins: 40, draws: 0, losses: 5 }, wide).result).toBe('H1');
    expect(sprtState({ wins: 5, draws: 0, losses: 40 }, wide).result).toBe('H0');
    expect(sprtState({ wins: 6, draws: 2, losses: 5 }, wide).result).toBe('continue');
    // A one-sided result still moves the LLR (zero counts regularised as in fishtest).
    expect(sprtState({ wins: 30, draws: 0, losses: 0 }, wide).result).toBe('H1');
    expect(() => sprtState({ wins: 1, draws: 0, losses: 0 }, { ...wide, elo1: -5 })).toThrow(/elo0 < elo1/);
    expect(() => sprtState({ wins: 1, draws: 0, losses: 0 }, { ...wide, alpha: 0.7 })).toThrow(/alpha/);
  });
});

describe('Bradley-Terry ratings', () => {
  it('two players: 75% is +190.85 (no prior)', () => {
    const r = fitRatings(2, [{ a: 1, b: 0, wins: 75, draws: 0, losses: 25 }], { priorDraws: 0 });
    expect(r[0].elo).toBe(0);
    expect(r[1].elo).toBeCloseTo(190.848, 2);
    // Fisher information of one pair: n p (1−p) c² → se = 1/(c √(n p (1−p))) = 400/(ln10·√18.75) = 40.12.
    expect(r[1].error).toBeCloseTo(400 / (Math.LN10 * Math.sqrt(18.75)), 3);
  });

  it('recovers known ratings from their expected results', () => {
    const truth = [0, 120, 250, 400];
    const results = [];
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        const p = scoreFromElo(truth[i] - truth[j]);
        // Fractional "expected" counts: the MLE of exact expectations is the truth.
        results.push({ a: i, b: j, wins: 1000 * p, draws: 0, losses: 1000 * (1 - p) });
      }
    }
    const fit = fitRatings(4, results, { priorDraws: 0 });
    fit.forEach((r, i) => expect(r.elo).toBeCloseTo(truth[i], 3));
  });

  it('anchors anywhere, stays finite on a clean sweep, rejects bad players', () => {
    const sweep = fitRatings(3, [
      { a: 1, b: 0, wins: 10, draws: 0, losses: 0 },
      { a: 2, b: 1, wins: 10, draws: 0, losses: 0 },
    ]);
    expect(sweep[1].elo).toBeGreaterThan(300);
    expect(sweep[2].elo).toBeGreaterThan(sweep[1].elo);
    expect(Number.isFinite(sweep[2].elo)).toBe(true);
    const anchored = fitRatings(3, [{ a: 1, b: 0, wins: 6, draws: 2, losses: 2 }], { anchor: 1 });
    expect(anchored[1].elo).toBe(0);
    expect(anchored[0].elo).toBeLessThan(0);
    expect(anchored[2].error).toBe(Infinity);
    expect(() => fitRatings(2, [{ a: 0, b: 2, wins: 1, draws: 0, losses: 0 }])).toThrow(/player 2/);
  });
});

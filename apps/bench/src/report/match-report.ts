/** The self-contained HTML report of a match: result table, score and Elo over games, per-move time, value curves, nodes/s. */
import { matchStats, formatStats } from '../stats/elo.js';
import type { MatchSummary } from '../match/run.js';
import { REPORT_CSS, barChart, esc, lineChart, type Series } from './svg.js';

const A_COLOR = '#c0392b';
const B_COLOR = '#2c6fbb';

/** Score and Elo of A after each game, with the 95% bands. */
function runningCurves(s: MatchSummary): { score: Series; elo: Series } {
  const wdl = { wins: 0, draws: 0, losses: 0 };
  const score: [number, number][] = [];
  const scoreBand: [number, number, number][] = [];
  const elo: [number, number][] = [];
  const eloBand: [number, number, number][] = [];
  s.results.forEach((r, i) => {
    if (r.scoreA === 1) wdl.wins++;
    else if (r.scoreA === 0) wdl.losses++;
    else wdl.draws++;
    const st = matchStats(wdl);
    score.push([i + 1, st.score]);
    scoreBand.push([i + 1, st.scoreLow, st.scoreHigh]);
    const clamp = (x: number) => Math.max(-800, Math.min(800, x));
    elo.push([i + 1, clamp(st.elo)]);
    eloBand.push([i + 1, clamp(st.eloLow), clamp(st.eloHigh)]);
  });
  return {
    score: { label: `score of ${s.players.a.name}`, points: score, color: A_COLOR, band: scoreBand },
    elo: { label: `Elo of ${s.players.a.name} − ${s.players.b.name}`, points: elo, color: A_COLOR, band: eloBand },
  };
}

/** Per-move time (ms) of each player, averaged by move number over all games. */
function timeCurves(s: MatchSummary): Series[] {
  const sums = [new Map<number, [number, number]>(), new Map<number, [number, number]>()];
  for (const r of s.results) {
    r.stats.forEach((m, ply) => {
      if (m === null) return;
      const isA = (ply % 2 === 0) === r.aFirst;
      const map = sums[isA ? 0 : 1];
      const cur = map.get(ply + 1) ?? [0, 0];
      map.set(ply + 1, [cur[0] + m.timeMs, cur[1] + 1]);
    });
  }
  return sums.map((map, i) => ({
    label: `${i === 0 ? s.players.a.name : s.players.b.name} ms/move`,
    points: [...map.entries()].sort((x, y) => x[0] - y[0]).map(([ply, [t, n]]) => [ply, t / n] as [number, number]),
    color: i === 0 ? A_COLOR : B_COLOR,
  }));
}

/** The win-rate curves of one game, from Black's side. */
function valueCurves(s: MatchSummary, index: number): Series[] {
  const r = s.results[index];
  const series: Series[] = [
    { label: `${r.aFirst ? s.players.a.name : s.players.b.name} (Black)`, points: [], color: '#222' },
    { label: `${r.aFirst ? s.players.b.name : s.players.a.name} (White)`, points: [], color: '#999' },
  ];
  r.stats.forEach((m, ply) => {
    if (m === null || m.winRate === null) return;
    const black = ply % 2 === 0 ? m.winRate : 1 - m.winRate;
    (series[ply % 2].points as [number, number][]).push([ply + 1, black]);
  });
  return series;
}

/** Renders the report. */
export function matchReportHtml(s: MatchSummary, title = 'Qi bench match'): string {
  const { score, elo } = runningCurves(s);
  const st = s.stats;
  const row = (k: string, v: string) => `<tr><th>${esc(k)}</th><td>${v}</td></tr>`;
  const players = [s.players.a, s.players.b];
  const faults = players.flatMap((p) => p.faults.map((f) => `<li>${esc(p.name)} — ${esc(f)}</li>`));
  // Value curves of up to three games: the first, the longest and the last.
  const picks = [...new Set([0, s.results.reduce((best, r, i) => (r.plies > s.results[best].plies ? i : best), 0), s.results.length - 1])].filter((i) => i >= 0 && i < s.results.length);
  const games = s.results
    .map((r) => `<tr><td>${r.index + 1}</td><td>${esc(r.aFirst ? s.players.a.name : s.players.b.name)}</td><td>${r.scoreA}</td><td>${esc(r.result)}</td><td>${r.plies}</td><td>${(r.timeMs / 1000).toFixed(1)} s</td><td style="text-align:left">${esc(r.reason)}</td><td class="mono">${esc(r.file)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${REPORT_CSS}</style></head><body>
<h1>${esc(title)}: ${esc(s.players.a.name)} vs ${esc(s.players.b.name)}</h1>
<p>${esc(s.gameLabel)} · ${s.results.length} games · ${(s.elapsedMs / 60000).toFixed(1)} min · concurrency ${s.options.concurrency} · ${s.options.openings ? `${s.options.openings.count} openings from ${esc(s.options.openings.source)}` : `seed ${s.options.seed}`}${s.options.referee ? ` · referee ${esc(s.options.referee)}` : ''}</p>
<table>${row('result', esc(formatStats(st)))}${row('score 95%', `${st.scoreLow.toFixed(3)} – ${st.scoreHigh.toFixed(3)}`)}${row('Elo 95%', `${fmt(st.eloLow)} – ${fmt(st.eloHigh)}`)}${row('draw ratio', `${(st.drawRatio * 100).toFixed(1)}%`)}${
    s.sprt ? row('SPRT', `LLR ${s.sprt.llr.toFixed(2)} in [${s.sprt.lower.toFixed(2)}, ${s.sprt.upper.toFixed(2)}] (elo0 ${s.options.sprt?.elo0}, elo1 ${s.options.sprt?.elo1}): ${s.sprt.result}`) : ''
  }${s.stoppedBy ? row('stopped', esc(s.stoppedBy)) : ''}</table>
<h2>Players</h2><table><tr><th>player</th><th>moves</th><th>ms/move</th><th>nodes/s</th><th>faults</th></tr>${players
    .map((p) => `<tr><td>${esc(p.name)}</td><td>${p.moves}</td><td>${p.msPerMove.toFixed(1)}</td><td>${p.nodesPerSecond > 0 ? Math.round(p.nodesPerSecond).toLocaleString('en-US') : '—'}</td><td>${p.faults.length}</td></tr>`)
    .join('')}</table>
${faults.length ? `<ul class="bad">${faults.join('')}</ul>` : ''}
<h2>Score and Elo over games</h2>
${lineChart('Score of A after each game (95% band)', [score], { xLabel: 'games', yLabel: 'score', yMin: 0, yMax: 1 })}
${lineChart('Elo difference after each game (95% band, clamped to ±800)', [elo], { xLabel: 'games', yLabel: 'Elo' })}
<h2>Time per move</h2>
${lineChart('Average time per move by ply', timeCurves(s), { xLabel: 'ply', yLabel: 'ms' })}
${barChart('Nodes (or playouts) per second', players.filter((p) => p.nodesPerSecond > 0).map((p, i) => ({ label: p.name, value: p.nodesPerSecond, color: i === 0 ? A_COLOR : B_COLOR })), '/s')}
<h2>Value curves</h2>
${picks.map((i) => lineChart(`Game ${i + 1}: Black's win rate as each engine saw it`, valueCurves(s, i), { xLabel: 'ply', yLabel: 'win rate (Black)', yMin: 0, yMax: 1 })).join('\n')}
<h2>Games</h2><table><tr><th>#</th><th>Black</th><th>A</th><th>result</th><th>plies</th><th>time</th><th>end</th><th>record</th></tr>${games}</table>
</body></html>
`;
}

function fmt(x: number): string {
  return Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(0)}` : x > 0 ? '+∞' : '−∞';
}

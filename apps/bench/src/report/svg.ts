/** Small inline SVG line and bar charts for the self-contained HTML reports (no scripts, no external files). */

/** One line of a chart. */
export interface Series {
  label: string;
  points: readonly [number, number][];
  color: string;
  /** Optional band around the line: [x, low, high]. */
  band?: readonly [number, number, number][];
}

/** Escapes text for HTML and SVG. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function niceTicks(lo: number, hi: number, count = 5, integer = false): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const nice = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  // Games and plies are whole numbers: no ticks between them.
  const step = integer ? Math.max(1, nice) : nice;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) ticks.push(+t.toPrecision(12));
  return ticks;
}

/** A line chart with axes, ticks, optional bands and a legend. */
export function lineChart(title: string, series: readonly Series[], options: { xLabel?: string; yLabel?: string; yMin?: number; yMax?: number; width?: number; height?: number } = {}): string {
  const W = options.width ?? 640;
  const H = options.height ?? 260;
  const m = { l: 56, r: 16, t: 28, b: 40 };
  const all = series.flatMap((s) => [...s.points.map((p) => p[1]), ...(s.band ?? []).flatMap((b) => [b[1], b[2]])]).filter(Number.isFinite);
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  if (xs.length === 0) return `<figure><figcaption>${esc(title)}</figcaption><p class="empty">no data</p></figure>`;
  let y0 = options.yMin ?? Math.min(...all);
  let y1 = options.yMax ?? Math.max(...all);
  if (y0 === y1) [y0, y1] = [y0 - 1, y1 + 1];
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs) === x0 ? x0 + 1 : Math.max(...xs);
  const sx = (x: number) => m.l + ((x - x0) / (x1 - x0)) * (W - m.l - m.r);
  const sy = (y: number) => H - m.b - ((Math.min(y1, Math.max(y0, y)) - y0) / (y1 - y0)) * (H - m.t - m.b);
  const parts: string[] = [];
  for (const t of niceTicks(y0, y1)) {
    parts.push(`<line x1="${m.l}" x2="${W - m.r}" y1="${sy(t).toFixed(1)}" y2="${sy(t).toFixed(1)}" class="grid"/>`);
    parts.push(`<text x="${m.l - 6}" y="${(sy(t) + 4).toFixed(1)}" text-anchor="end">${t}</text>`);
  }
  for (const t of niceTicks(x0, x1, 8, true)) parts.push(`<text x="${sx(t).toFixed(1)}" y="${H - m.b + 16}" text-anchor="middle">${t}</text>`);
  parts.push(`<line x1="${m.l}" x2="${W - m.r}" y1="${H - m.b}" y2="${H - m.b}" class="axis"/><line x1="${m.l}" x2="${m.l}" y1="${m.t}" y2="${H - m.b}" class="axis"/>`);
  for (const s of series) {
    if (s.band && s.band.length > 1) {
      const upper = s.band.filter((b) => Number.isFinite(b[2])).map((b) => `${sx(b[0]).toFixed(1)},${sy(b[2]).toFixed(1)}`);
      const lower = s.band.filter((b) => Number.isFinite(b[1])).map((b) => `${sx(b[0]).toFixed(1)},${sy(b[1]).toFixed(1)}`).reverse();
      parts.push(`<polygon points="${[...upper, ...lower].join(' ')}" fill="${s.color}" opacity="0.15"/>`);
    }
    const pts = s.points.filter((p) => Number.isFinite(p[1])).map((p) => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`);
    if (pts.length === 1) parts.push(`<circle cx="${pts[0].split(',')[0]}" cy="${pts[0].split(',')[1]}" r="3" fill="${s.color}"/>`);
    else parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${s.color}" stroke-width="1.6"/>`);
  }
  series.forEach((s, i) => {
    parts.push(`<rect x="${m.l + 8 + i * 150}" y="8" width="10" height="10" fill="${s.color}"/><text x="${m.l + 22 + i * 150}" y="17">${esc(s.label)}</text>`);
  });
  if (options.xLabel) parts.push(`<text x="${(W + m.l) / 2}" y="${H - 6}" text-anchor="middle" class="label">${esc(options.xLabel)}</text>`);
  if (options.yLabel) parts.push(`<text x="12" y="${(H - m.b + m.t) / 2}" text-anchor="middle" class="label" transform="rotate(-90 12 ${(H - m.b + m.t) / 2})">${esc(options.yLabel)}</text>`);
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}">${parts.join('')}</svg></figure>`;
}

/** A horizontal bar chart of labelled values. */
export function barChart(title: string, bars: readonly { label: string; value: number; color?: string }[], unit = ''): string {
  const W = 640;
  const row = 22;
  const H = 16 + bars.length * row;
  const max = Math.max(1e-9, ...bars.map((b) => b.value));
  const left = 200;
  const parts = bars.map((b, i) => {
    const w = ((W - left - 90) * b.value) / max;
    const y = 8 + i * row;
    return `<text x="${left - 6}" y="${y + 14}" text-anchor="end">${esc(b.label)}</text><rect x="${left}" y="${y + 2}" width="${w.toFixed(1)}" height="${row - 6}" fill="${b.color ?? '#4a7ebb'}"/><text x="${(left + w + 6).toFixed(1)}" y="${y + 14}">${Math.round(b.value).toLocaleString('en-US')}${unit}</text>`;
  });
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}">${parts.join('')}</svg></figure>`;
}

/** The stylesheet every report inlines. */
export const REPORT_CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1000px;color:#222;padding:0 12px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}
td:first-child,th:first-child{text-align:left}figure{margin:12px 0}figcaption{font-weight:600;margin-bottom:4px}
svg text{font-size:11px;fill:#444}svg .grid{stroke:#eee}svg .axis{stroke:#999}svg .label{font-size:12px}
.bad{color:#b00}.good{color:#070}.mono{font-family:ui-monospace,monospace}`;

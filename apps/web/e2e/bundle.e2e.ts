import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { webRoot } from './harness.js';

/** The issue's budget for what a first visit downloads before it can play (the AI worker loads after, on demand). */
const INITIAL_BUDGET_GZIP = 300 * 1024;

describe('the built app', () => {
  it('keeps the initial bundle (page, entry script and styles, gzipped) under 300 KB; the AI worker loads apart', () => {
    const dist = process.env.QI_WEB_DIST ?? join(webRoot, 'dist');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    // What index.html pulls in directly: its module scripts, preloads and stylesheets.
    const refs = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    const sizes = refs.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file))).length }));
    const total = gzipSync(Buffer.from(html)).length + sizes.reduce((a, s) => a + s.gzip, 0);
    const worker = readdirSync(join(dist, 'assets')).filter((f) => f.includes('worker') && f.endsWith('.js'));
    const workerGzip = worker.reduce((a, f) => a + gzipSync(readFileSync(join(dist, 'assets', f))).length, 0);
    console.log(`initial bundle ${(total / 1024).toFixed(1)} KB gzip (${sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ')}); the AI worker ${(workerGzip / 1024).toFixed(1)} KB gzip loads when Qi is first asked`);
    expect(worker.length).toBeGreaterThan(0);
    expect(refs.some((r) => r.includes('worker'))).toBe(false);
    expect(total).toBeLessThan(INITIAL_BUDGET_GZIP);
  });
});

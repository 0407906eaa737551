// `npm test`: install, build, then run every test of every package (unit, ground truth, GNU Go interop, browser
// end-to-end), and print one closing line with the totals.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pnpm } from './pnpm.mjs';

const root = new URL('..', import.meta.url).pathname;
const prerequisites = [
  [process.env.QI_CHROMIUM ?? '/usr/bin/chromium', 'Chromium', 'chromium'],
  [process.env.QI_GNUGO ?? '/usr/games/gnugo', 'GNU Go', 'gnugo'],
  [process.env.QI_GRHINO ?? '/usr/games/gtp-rhino', 'GRhino', 'grhino'],
  [process.env.QI_REDIS_SERVER ?? '/usr/bin/redis-server', 'Redis', 'redis-server'],
  [process.env.QI_PG_BIN ?? '/usr/lib/postgresql', 'PostgreSQL', 'postgresql'],
  ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'the CJK font WenQuanYi Micro Hei', 'fonts-wqy-microhei'],
];
for (const [path, name, pkg] of prerequisites) {
  if (!existsSync(path)) {
    console.error(`warning: ${name} not found at ${path}: install it with \`apt-get install ${pkg}\`; the tests that need it will fail`);
  }
}

// Each package's vitest writes a JSON report here; the totals are summed at the end.
const reportDirs = ['packages', 'apps', 'tools'].flatMap((d) =>
  existsSync(join(root, d)) ? readdirSync(join(root, d)).map((p) => join(root, d, p, 'test-results')) : [],
);
for (const dir of reportDirs) rmSync(join(dir, 'vitest.json'), { force: true }), rmSync(join(dir, 'vitest-e2e.json'), { force: true });

let status = pnpm(['install', '--frozen-lockfile']);
if (status === 0) status = pnpm(['exec', 'turbo', 'run', 'build']);
// --force: every run really tests (a cache hit would replay old logs and leave no fresh report to count).
// --concurrency=2: two packages' tasks at once. Much of the suite waits on processes, browsers and servers, so one at
// a time reached the 15-minute limit on this 2-core machine (turbo 14.5 min; two at a time 9-11 min). A neighbour's
// load is a slower machine for a test. QI_TEST_CONCURRENCY overrides it: `npm run test:slow` sets 1, so that its half
// core stands for one slow machine rather than an eighth of this one for each of two packages.
const concurrency = process.env.QI_TEST_CONCURRENCY ?? '2';
if (!/^[1-9][0-9]*$/.test(concurrency)) {
  console.error(`QI_TEST_CONCURRENCY must be a whole number of packages at once, got ${JSON.stringify(concurrency)}`);
  process.exit(2);
}
if (status === 0) status = pnpm(['exec', 'turbo', 'run', 'typecheck', 'test', 'e2e', '--continue', `--concurrency=${concurrency}`, '--force']);

let passed = 0;
let failed = 0;
let skipped = 0;
const durations = [];
const failures = [];
for (const dir of reportDirs) {
  for (const file of ['vitest.json', 'vitest-e2e.json']) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const r = JSON.parse(readFileSync(path, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const f of r.testResults ?? []) {
      for (const a of f.assertionResults ?? []) {
        durations.push([a.duration ?? 0, `${f.name.slice(root.length)} › ${a.title}`]);
        if (a.status === 'failed') failures.push([`${f.name.slice(root.length)} › ${a.title}`, a.failureMessages ?? []]);
      }
      // A file that fails before its tests run (an import error, a failing hook) has a message and no failed test.
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failures.push([`${f.name.slice(root.length)} (the file)`, [f.message ?? 'failed']]);
        failed++;
      }
    }
  }
}
if (status !== 0 && failed === 0) failed = 1; // a build, typecheck or runner failure counts as a failure
// Every test has vitest's 120 s timeout (vitest.shared.ts, apps/web/vitest.e2e.config.ts); the suite keeps each under a
// quarter of it even on a slow machine (`npm run test:slow`), so the slowest are shown against that.
durations.sort((a, b) => b[0] - a[0]);
if (durations.length > 0) {
  console.log('\nslowest tests (vitest timeout 120 s unless the test sets its own):');
  for (const [ms, name] of durations.slice(0, 5)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
// The failures again, last: CI keeps only the tail of a long log, where turbo's interleaved output has scrolled away.
if (failures.length > 0) {
  console.log(`\nfailed (${failures.length}):`);
  for (const [name, messages] of failures) {
    console.log(`  ✗ ${name}`);
    // The message and the stack frames in our own code; vitest's and node's frames say nothing about the failure.
    const lines = messages.join('\n').split('\n').filter((l) => !/node_modules|\(node:|new Promise/.test(l));
    const text = lines.slice(0, 12).map((l) => `      ${l.slice(0, 300)}`);
    console.log(text.join('\n'));
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);

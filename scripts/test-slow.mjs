// `npm run test:slow`: the README's test command on a slow machine — every process on one core (taskset -c 0) that a
// busy loop shares, so the suite gets about half of one core (a quarter of this 2-core machine). It proves that no
// test depends on the machine's speed; the closing line is npm test's own.
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
if (spawnSync('taskset', ['--version']).error) {
  console.error('test:slow needs taskset (Debian package util-linux)');
  process.exit(1);
}
const t0 = Date.now();
const busy = spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
// One package at a time: the half core is one slow machine's, as CI's two packages at once get one core each.
const test = spawn('taskset', ['-c', '0', 'npm', 'test'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, QI_TEST_CONCURRENCY: '1' } });
const stopBusy = () => busy.exitCode === null && busy.kill('SIGKILL');
process.on('SIGINT', () => {
  stopBusy();
  test.kill('SIGINT');
});
test.on('exit', (code, signal) => {
  stopBusy();
  console.log(`test:slow: one core shared with a busy loop, ${((Date.now() - t0) / 60000).toFixed(1)} min`);
  process.exit(code ?? (signal ? 1 : 0));
});

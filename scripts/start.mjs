// `npm start`: install, build the web app and the online server, then serve both on http://127.0.0.1:4173
// (the web app, /ws for online play, /health), with the embedded SQLite database in .data/qi.sqlite.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const steps = [
  ['install', '--frozen-lockfile'],
  ['exec', 'turbo', 'run', 'build', '--filter=@qi/web...', '--filter=@qi/server...'],
];
for (const step of steps) {
  const status = pnpm(step);
  if (status !== 0) process.exit(status);
}
const main = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
// The server prints its one line once it listens (the address and the database); Ctrl-C stops it cleanly.
const server = spawn(process.execPath, [main, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start`: install, build, then serve the web app on http://127.0.0.1:4173.
import { pnpm } from './pnpm.mjs';

const steps = [
  ['install', '--frozen-lockfile'],
  ['exec', 'turbo', 'run', 'build', '--filter=@qi/web...'],
];
for (const step of steps) {
  const status = pnpm(step);
  if (status !== 0) process.exit(status);
}
console.log('\nQi is served at http://127.0.0.1:4173/ (Ctrl-C stops it)\n');
process.exit(pnpm(['--filter', '@qi/web', 'run', 'preview']));

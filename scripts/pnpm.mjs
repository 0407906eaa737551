// Finds pnpm 10.34.8 (the version the workspace pins) or falls back to running it through npx, so the README's
// commands work on a machine that has only Node and npm.
import { spawnSync } from 'node:child_process';

const PINNED = '10.34.8';

/** The command (and leading arguments) that runs the pinned pnpm. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PINNED) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PINNED}`];
}

/** Runs pnpm with arguments, inheriting stdio; exits the process on failure. */
export function pnpm(args, options = {}) {
  const [cmd, ...pre] = pnpmCommand();
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...options.env };
  const r = spawnSync(cmd, [...pre, ...args], { stdio: 'inherit', env });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

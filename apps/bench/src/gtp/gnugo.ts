/** Locating and starting GNU Go (Debian package `gnugo`), the reference engine of the Go interop tests and matches. */
import { accessSync, constants, statSync } from 'node:fs';
import { GtpClient, type GtpEngineOptions } from './client.js';

/** Where Debian and Ubuntu install GNU Go. */
export const DEFAULT_GNUGO = '/usr/games/gnugo';

/** The GNU Go executable to use: $QI_GNUGO when set, else the Debian location. */
export function gnugoPath(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.QI_GNUGO?.trim();
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_GNUGO;
}

/** The GNU Go executable, or an Error telling how to install it when it is missing or not executable. */
export function requireGnuGo(env: NodeJS.ProcessEnv = process.env): string {
  const path = gnugoPath(env);
  let usable = false;
  try {
    accessSync(path, constants.X_OK);
    usable = statSync(path).isFile();
  } catch {
    usable = false;
  }
  if (!usable) {
    throw new Error(`GNU Go not found at ${path}: install it with \`apt-get install gnugo\` (see README prerequisites)`);
  }
  return path;
}

/** Starts GNU Go in GTP mode with extra arguments (e.g. `--level 1`, `--positional-superko`). */
export function startGnuGo(args: readonly string[] = [], options: GtpEngineOptions = {}): GtpClient {
  return GtpClient.start(requireGnuGo(), ['--mode', 'gtp', ...args], { name: 'gnugo', ...options });
}

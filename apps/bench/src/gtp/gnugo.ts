/** Locating and starting GNU Go (Debian package `gnugo`), the reference engine of the Go interop tests and matches. */
import { GtpClient, type GtpEngineOptions } from './client.js';
import { programPath, requireProgram, type OutsideProgram } from './executable.js';

/** Where Debian and Ubuntu install GNU Go. */
export const DEFAULT_GNUGO = '/usr/games/gnugo';

/** GNU Go as an outside program: $QI_GNUGO overrides the Debian location. */
const GNUGO: OutsideProgram = { name: 'GNU Go', envVar: 'QI_GNUGO', defaultPath: DEFAULT_GNUGO, debianPackage: 'gnugo' };

/** The GNU Go executable to use: $QI_GNUGO when set, else the Debian location. */
export function gnugoPath(env: NodeJS.ProcessEnv = process.env): string {
  return programPath(GNUGO, env);
}

/** The GNU Go executable, or an Error telling how to install it when it is missing or not executable. */
export function requireGnuGo(env: NodeJS.ProcessEnv = process.env): string {
  return requireProgram(GNUGO, env);
}

/** Starts GNU Go in GTP mode with extra arguments (e.g. `--level 1`, `--positional-superko`). */
export function startGnuGo(args: readonly string[] = [], options: GtpEngineOptions = {}): GtpClient {
  return GtpClient.start(requireGnuGo(), ['--mode', 'gtp', ...args], { name: 'gnugo', ...options });
}

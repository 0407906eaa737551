/** Locating GRhino's GTP front end (Debian package `grhino`), the outside Othello engine of the Reversi matches. */
import { accessSync, constants, statSync } from 'node:fs';

/** Where Debian installs GRhino's GTP program. */
export const DEFAULT_GRHINO = '/usr/games/gtp-rhino';

/** The gtp-rhino executable to use: $QI_GRHINO when set, else the Debian location. */
export function grhinoPath(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.QI_GRHINO?.trim();
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_GRHINO;
}

/** The gtp-rhino executable, or an Error telling how to install it when it is missing or not executable. */
export function requireGRhino(env: NodeJS.ProcessEnv = process.env): string {
  const path = grhinoPath(env);
  let usable = false;
  try {
    accessSync(path, constants.X_OK);
    usable = statSync(path).isFile();
  } catch {
    usable = false;
  }
  if (!usable) throw new Error(`GRhino not found at ${path}: install it with \`apt-get install grhino\` (see README prerequisites)`);
  return path;
}

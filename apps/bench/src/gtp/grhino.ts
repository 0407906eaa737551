/** Locating GRhino's GTP front end (Debian package `grhino`), the outside Othello engine of the Reversi matches. */
import { programPath, requireProgram, type OutsideProgram } from './executable.js';

/** Where Debian installs GRhino's GTP program. */
export const DEFAULT_GRHINO = '/usr/games/gtp-rhino';

/** GRhino as an outside program: $QI_GRHINO overrides the Debian location. */
const GRHINO: OutsideProgram = { name: 'GRhino', envVar: 'QI_GRHINO', defaultPath: DEFAULT_GRHINO, debianPackage: 'grhino' };

/** The gtp-rhino executable to use: $QI_GRHINO when set, else the Debian location. */
export function grhinoPath(env: NodeJS.ProcessEnv = process.env): string {
  return programPath(GRHINO, env);
}

/** The gtp-rhino executable, or an Error telling how to install it when it is missing or not executable. */
export function requireGRhino(env: NodeJS.ProcessEnv = process.env): string {
  return requireProgram(GRHINO, env);
}

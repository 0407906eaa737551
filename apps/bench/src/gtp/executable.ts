/** Locating an outside engine installed from a Debian package, with an install hint when it is missing. */
import { accessSync, constants, statSync } from 'node:fs';

/** An outside engine's program: the environment variable that overrides it, where Debian puts it, and its package. */
export interface OutsideProgram {
  /** Name in messages (`GNU Go`). */
  readonly name: string;
  /** Environment variable holding another path (`QI_GNUGO`). */
  readonly envVar: string;
  /** Where the Debian package installs it. */
  readonly defaultPath: string;
  /** The Debian package that provides it. */
  readonly debianPackage: string;
}

/** The program's path: the environment variable when set and not blank, else the Debian location. */
export function programPath(p: OutsideProgram, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[p.envVar]?.trim();
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : p.defaultPath;
}

/** The program's path, or an Error naming it and the install command when it is missing or not an executable file. */
export function requireProgram(p: OutsideProgram, env: NodeJS.ProcessEnv = process.env): string {
  const path = programPath(p, env);
  let usable = false;
  try {
    accessSync(path, constants.X_OK);
    usable = statSync(path).isFile();
  } catch {
    usable = false;
  }
  if (!usable) throw new Error(`${p.name} not found at ${path}: install it with \`apt-get install ${p.debianPackage}\` (see README prerequisites)`);
  return path;
}

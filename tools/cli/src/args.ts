/** Command-line arguments split into positionals and `--flag [value]` options. */
export interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

/** An error in what the user typed; main prints it as `{ "error": … }` and exits non-zero. */
export class UsageError extends Error {}

/**
 * Parses argv. `--name value` and `--name=value` take a value; names listed in `booleans` take none.
 * A flag given twice is an error rather than silently overriding.
 */
export function parseArgs(argv: readonly string[], booleans: ReadonlySet<string>): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (flags.has(name)) throw new UsageError(`--${name} given twice`);
      if (eq >= 0) flags.set(name, a.slice(eq + 1));
      else if (booleans.has(name)) flags.set(name, true);
      else {
        const v = argv[i + 1];
        // Flag names are lower case: a value like an Othello board `--XXOO…` is not mistaken for one.
        if (v === undefined || /^--[a-z][a-z0-9-]*(=|$)/.test(v)) throw new UsageError(`--${name} needs a value`);
        flags.set(name, v);
        i++;
      }
    } else positional.push(a);
  }
  return { positional, flags };
}

/** The string value of `--name`, or `fallback` when absent. */
export function flagString(args: Args, name: string, fallback?: string): string | undefined {
  const v = args.flags.get(name);
  if (v === undefined) return fallback;
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v;
}

/** The integer value of `--name` within [min, max], or `fallback` when absent. */
export function flagInt(args: Args, name: string, min: number, max: number, fallback?: number): number | undefined {
  const v = flagString(args, name);
  if (v === undefined) return fallback;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got "${v}"`);
  const n = Number(v);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** The number value of `--name`, or `fallback` when absent. */
export function flagNumber(args: Args, name: string, fallback?: number): number | undefined {
  const v = flagString(args, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}"`);
  return n;
}

/** Whether boolean `--name` was given. */
export function flagBool(args: Args, name: string): boolean {
  return args.flags.get(name) === true;
}

/** Rejects flags the command does not know, naming them (a typo must not be silently ignored). */
export function checkFlags(args: Args, known: readonly string[]): void {
  for (const name of args.flags.keys()) {
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
  }
}

/** Parses a colour as the text interfaces accept it: b/w/black/white in any case; returns 0 black, 1 white. */
export function parseColor(text: string): 0 | 1 {
  const t = text.toLowerCase();
  if (t === 'b' || t === 'black') return 0;
  if (t === 'w' || t === 'white') return 1;
  throw new UsageError(`"${text}" is not a colour (use b, w, black or white)`);
}

/** Prints a colour the way every qi command does. */
export function colorName(player: number): 'black' | 'white' {
  return player === 0 ? 'black' : 'white';
}

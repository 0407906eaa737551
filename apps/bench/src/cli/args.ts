/** The bench's command-line flags: `--name value` and `--flag`, checked against each command's list. */

/** A bad command line: the message says which flag and why (exit status 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parsed flags: values by name, booleans as 'true'. */
export class Flags {
  private readonly values = new Map<string, string>();
  private readonly used = new Set<string>();

  /** Parses `argv`; `booleans` take no value. Positional arguments are refused. */
  constructor(argv: readonly string[], booleans: readonly string[] = []) {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i];
      if (!a.startsWith('--')) throw new UsageError(`unexpected argument "${a}" (flags start with --)`);
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (eq > 0) this.values.set(name, a.slice(eq + 1));
      else if (booleans.includes(name)) this.values.set(name, 'true');
      else {
        if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`);
        this.values.set(name, argv[++i]);
      }
    }
  }

  /** A string flag. */
  string(name: string): string | undefined;
  string(name: string, fallback: string): string;
  string(name: string, fallback?: string): string | undefined {
    this.used.add(name);
    return this.values.get(name) ?? fallback;
  }

  /** A whole-number flag within [min, max]. */
  int(name: string, fallback: number, min?: number, max?: number): number;
  int(name: string, fallback: number | undefined, min?: number, max?: number): number | undefined;
  int(name: string, fallback: number | undefined, min = 1, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.string(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${v}"`);
    return n;
  }

  /** A number flag. */
  number(name: string, fallback?: number): number | undefined {
    const v = this.string(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}"`);
    return n;
  }

  /** A required comma-separated list (e.g. `--from DIR,DIR`): its non-empty items; a UsageError `--name needs <what>` when none. */
  list(name: string, what: string): string[] {
    const items = (this.string(name) ?? '').split(',').map((d) => d.trim()).filter((d) => d !== '');
    if (items.length === 0) throw new UsageError(`--${name} needs ${what}`);
    return items;
  }

  /** A boolean flag. */
  bool(name: string): boolean {
    return this.string(name) === 'true';
  }

  /** Throws a UsageError naming the first flag no command read. */
  checkUsed(): void {
    for (const name of this.values.keys()) if (!this.used.has(name)) throw new UsageError(`unknown flag --${name}`);
  }
}

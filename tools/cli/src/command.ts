import type { Args } from './args.js';

/** One `qi` subcommand. */
export interface Command {
  /** The word after `qi`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full `--help` text: synopsis, options, an example. */
  help: string;
  /** Flags that take no value. */
  booleans?: readonly string[];
  /**
   * Runs the command. Returns one JSON-able object to print, or an async iterable of objects printed one
   * per line (streams). Throws UsageError (or any Error) for bad input.
   */
  run(args: Args): Promise<unknown> | unknown;
}

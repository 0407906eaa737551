import type { Readable } from 'node:stream';
import type { Args } from './args.js';

/** The streams of a protocol engine (GTP, piskvork): lines in, text out. */
export interface CommandIo {
  input: Readable;
  write(text: string): void;
}

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
  run?(args: Args): Promise<unknown> | unknown;
  /**
   * Instead of run: a protocol engine talking over `io` until its quit command or end of input (no JSON
   * output); resolves with the exit status. Bad arguments still throw before it starts.
   */
  serve?(args: Args, io: CommandIo): Promise<number>;
}

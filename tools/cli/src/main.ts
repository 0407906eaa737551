import { parseArgs, UsageError } from './args.js';
import type { Command, CommandIo } from './command.js';
import { commands } from './commands/index.js';

/** The top-level help: every command with its one-line summary, JSON commands and protocol engines apart. */
export function overview(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const line = (c: Command) => `  ${c.name.padEnd(width)}  ${c.summary}`;
  return [
    'qi — Qi\'s game engines from the command line.',
    '',
    'usage: qi <command> [arguments] [--options]    qi <command> --help    qi help <command>',
    '',
    'JSON commands (one JSON object per line on stdout; errors print {"error": "…"} and exit with status 1):',
    ...commands.filter((c) => !c.serve).map(line),
    '',
    'Protocol engines (text protocols on stdin/stdout for GUIs and tournament managers; bad flags as JSON errors):',
    ...commands.filter((c) => c.serve).map(line),
    '',
    'Options: --name value or --name=value; a flag given twice or unknown to the command is an error.',
    'Colours: b, w, black, white (any case).',
    'Points: Go GTP vertices (D4; columns A–T without I, row 1 at the bottom); Gomoku renju points (H8; columns',
    'A–T with I, row 1 at the bottom); Reversi squares (d3; row 1 at the top); piskvork x,y from the top-left.',
  ].join('\n');
}

function isAsyncIterable(v: unknown): v is AsyncIterable<unknown> {
  return typeof v === 'object' && v !== null && Symbol.asyncIterator in v;
}

/**
 * Runs `qi` with the given arguments; returns the exit status. JSON output goes through `write` one line at a
 * time; protocol engines (gtp, piskvork) talk over `io` (default: this process's stdin and stdout).
 */
export async function runCli(argv: readonly string[], write: (line: string) => void, io?: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const target = name === 'help' ? commands.find((c) => c.name === rest[0]) : undefined;
    write(JSON.stringify({ help: target ? target.help : overview() }));
    return 0;
  }
  const cmd: Command | undefined = commands.find((c) => c.name === name);
  try {
    if (!cmd) throw new UsageError(`unknown command "${name}" (try qi --help)`);
    if (rest.includes('--help') || rest.includes('-h')) {
      write(JSON.stringify({ help: cmd.help }));
      return 0;
    }
    const args = parseArgs(rest, new Set(cmd.booleans ?? []));
    if (cmd.serve) return await cmd.serve(args, io ?? { input: process.stdin, write: (text) => process.stdout.write(text) });
    if (!cmd.run) throw new Error(`command ${cmd.name} has nothing to run`);
    const result = await cmd.run(args);
    if (isAsyncIterable(result)) {
      for await (const item of result) write(JSON.stringify(item));
    } else write(JSON.stringify(result));
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    write(JSON.stringify({ error: message }));
    return 1;
  }
}

/** GTP v2 framing: command lines in, `=id`/`?id` responses out, each ended by a blank line. */

/** A parsed command line. */
export interface GtpCommand {
  /** The id as given (digits), or '' without one. */
  id: string;
  /** The command name (lower case as sent: GTP names are case-sensitive, so it is not folded). */
  name: string;
  /** The arguments. */
  args: string[];
}

/**
 * Parses one input line after GTP §2.1 preprocessing (control characters dropped, tabs as spaces, `#` comments
 * removed); null for a line that carries no command (empty or comment only), which gets no response.
 */
export function parseCommandLine(line: string): GtpCommand | null {
  const clean = line
    .replace(/\t/g, ' ')
    .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '')
    .replace(/#.*$/, '')
    .trim();
  if (clean === '') return null;
  const words = clean.split(/ +/);
  let id = '';
  if (/^\d+$/.test(words[0])) id = words.shift() as string;
  return { id, name: words[0] ?? '', args: words.slice(1) };
}

/** A success response: `=id text` plus the closing blank line. Multi-line text must not contain blank lines. */
export function success(id: string, text: string): string {
  const body = text === '' ? '' : text.startsWith('\n') ? text : ' ' + text;
  return `=${id}${body}\n\n`;
}

/** A failure response: `?id message` plus the closing blank line. */
export function failure(id: string, message: string): string {
  return `?${id} ${message}\n\n`;
}

/** A command that fails with a GTP error message (`? illegal move`). */
export class GtpError extends Error {}

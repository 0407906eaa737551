/** A malformed SGF file or value: the message names the problem, `line` and `column` (1-based) say where. */
export class SgfError extends Error {
  /** 1-based line of the problem in the text (0 when not tied to a place in a file). */
  readonly line: number;
  /** 1-based column of the problem (characters, after charset decoding). */
  readonly column: number;

  constructor(message: string, line = 0, column = 0) {
    super(line > 0 ? `SGF line ${line}, column ${column}: ${message}` : `SGF: ${message}`);
    this.name = 'SgfError';
    this.line = line;
    this.column = column;
  }
}

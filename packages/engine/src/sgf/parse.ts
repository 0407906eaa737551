import { decodeSgfBytes, findCharsetLabel, latin1Text } from './charset.js';
import { SgfError } from './error.js';
import { SgfNode } from './node.js';

/** Limits that keep hostile files from exhausting memory; the defaults suit any real game collection. */
export interface SgfParseOptions {
  /** Largest input accepted, in bytes (or characters for a string). Default 8 MiB. */
  maxSize?: number;
  /** Most nodes accepted in the whole collection. Default 500,000. */
  maxNodes?: number;
}

/** A parsed SGF file: its game trees (root nodes) and the charset its text was decoded with. */
export interface SgfCollection {
  trees: SgfNode[];
  /** The charset used for bytes ('UTF-8', 'ISO-8859-1', a CA label …), or 'text' when given a string. */
  charset: string;
}

/** Default size limit: 8 MiB. */
export const SGF_MAX_SIZE = 8 * 1024 * 1024;
/** Default node limit. */
export const SGF_MAX_NODES = 500_000;

/**
 * Parses an SGF collection. Bytes are decoded by the CA charset (ISO-8859-1 without CA); a string is taken
 * as already decoded. Throws SgfError with line and column on malformed input. Iterative: deep variation
 * nesting cannot overflow the stack.
 */
export function parseSgf(input: Uint8Array | string, options: SgfParseOptions = {}): SgfCollection {
  const maxSize = options.maxSize ?? SGF_MAX_SIZE;
  const maxNodes = options.maxNodes ?? SGF_MAX_NODES;
  if (input.length > maxSize) {
    throw new SgfError(`file too large: ${input.length} ${typeof input === 'string' ? 'characters' : 'bytes'} (limit ${maxSize})`);
  }
  let text: string;
  let charset: string;
  if (typeof input === 'string') {
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    charset = 'text';
  } else {
    const label = findCharsetLabel(latin1Text(input.subarray(0, Math.min(input.length, 65536))));
    ({ text, charset } = decodeSgfBytes(input, label));
  }
  return { trees: new Parser(text, maxNodes).run(), charset };
}

/** Parses SGF and returns its first game tree (the usual single-game file); throws SgfError when there is none. */
export function parseSgfGame(input: Uint8Array | string, options: SgfParseOptions = {}): SgfNode {
  return parseSgf(input, options).trees[0];
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12;
}

class Parser {
  private i = 0;
  private line = 1;
  private lineStart = 0;
  /** Offset up to which `line`/`lineStart` are counted. */
  private counted = 0;
  private nodes = 0;

  constructor(
    private readonly s: string,
    private readonly maxNodes: number,
  ) {}

  /** Brings the line count up to `offset` and returns [line, column] there (1-based). */
  private where(offset: number): [number, number] {
    const s = this.s;
    if (offset < this.counted) {
      this.line = 1;
      this.lineStart = 0;
      this.counted = 0;
    }
    for (let k = this.counted; k < offset; k++) {
      const c = s.charCodeAt(k);
      if (c === 10 || (c === 13 && s.charCodeAt(k + 1) !== 10)) {
        this.line++;
        this.lineStart = k + 1;
      }
    }
    this.counted = offset;
    return [this.line, offset - this.lineStart + 1];
  }

  private fail(message: string, offset = this.i): never {
    const [line, column] = this.where(Math.min(offset, this.s.length));
    throw new SgfError(message, line, column);
  }

  private describe(offset: number): string {
    if (offset >= this.s.length) return 'end of file';
    const c = this.s[offset];
    return c === '\n' || c === '\r' ? 'line break' : `"${c}"`;
  }

  private skipSpace(): void {
    const s = this.s;
    while (this.i < s.length && isSpace(s.charCodeAt(this.i))) this.i++;
  }

  run(): SgfNode[] {
    const s = this.s;
    const trees: SgfNode[] = [];
    while (true) {
      const open = s.indexOf('(', this.i);
      if (open < 0) break;
      this.i = open;
      trees.push(this.gameTree());
    }
    if (trees.length === 0) this.fail('no game tree found (an SGF file starts with "(;")', s.length);
    return trees;
  }

  /** Reads one top-level game tree starting at '('; nested variations use an explicit stack. */
  private gameTree(): SgfNode {
    const s = this.s;
    // For each open '(': the node its variation hangs from (null for the root) and where the '(' was.
    const parents: (SgfNode | null)[] = [];
    const opens: number[] = [];
    let root: SgfNode | null = null;
    let current: SgfNode | null = null;
    // true right after '(' (a node must follow) and after ')' (only '(' or ')' may follow)
    let needNode = false;
    let afterVariation = false;
    while (true) {
      this.skipSpace();
      if (this.i >= s.length) {
        const at = opens[opens.length - 1];
        const [line, column] = this.where(at);
        this.fail(`unexpected end of file: ${opens.length} unclosed "(" (innermost opened at line ${line}, column ${column})`);
      }
      const c = s[this.i];
      if (c === '(') {
        if (needNode) this.fail('expected ";" to start a node after "(", found "("');
        parents.push(current);
        opens.push(this.i);
        this.i++;
        needNode = true;
        afterVariation = false;
      } else if (c === ')') {
        if (needNode) this.fail('empty game tree: expected ";" after "(", found ")"');
        this.i++;
        current = parents.pop()!;
        opens.pop();
        afterVariation = true;
        if (parents.length === 0) return root!;
      } else if (c === ';') {
        if (afterVariation) this.fail('a node cannot follow a variation: expected "(" or ")", found ";"');
        const node = new SgfNode();
        if (++this.nodes > this.maxNodes) this.fail(`too many nodes (limit ${this.maxNodes})`);
        [node.line, node.column] = this.where(this.i);
        this.i++;
        if (current === null) root = node;
        else current.appendChild(node);
        current = node;
        needNode = false;
        this.properties(node);
      } else if (needNode) {
        this.fail(`expected ";" to start a node after "(", found ${this.describe(this.i)}`);
      } else if (afterVariation) {
        this.fail(`expected "(" or ")" after a variation, found ${this.describe(this.i)}`);
      } else {
        this.fail(`unexpected ${this.describe(this.i)} where a property, ";", "(" or ")" should be`);
      }
    }
  }

  /** Reads the properties of a node up to the next ';', '(' or ')'. */
  private properties(node: SgfNode): void {
    const s = this.s;
    while (true) {
      this.skipSpace();
      if (this.i >= s.length) return;
      let code = s.charCodeAt(this.i);
      const isLetter = (k: number) => (k >= 65 && k <= 90) || (k >= 97 && k <= 122);
      if (!isLetter(code)) return;
      const start = this.i;
      let id = '';
      while (this.i < s.length && isLetter((code = s.charCodeAt(this.i)))) {
        // FF[3] and earlier allowed lower-case letters inside identifiers (AddBlack = AB); they are ignored.
        if (code <= 90) id += s[this.i];
        this.i++;
        if (this.i - start > 64) this.fail(`property identifier too long: "${s.slice(start, start + 20)}…"`, start);
      }
      if (id === '') this.fail(`bad property identifier "${s.slice(start, this.i)}" (needs upper-case letters)`, start);
      this.skipSpace();
      if (s[this.i] !== '[') {
        this.fail(`property ${id} has no value: expected "[", found ${this.describe(this.i)}`);
      }
      const values = SgfNode.valuesOf(node, id);
      while (s[this.i] === '[') {
        const open = this.i;
        let j = open + 1;
        while (true) {
          const close = s.indexOf(']', j);
          if (close < 0) {
            const [line, column] = this.where(open);
            this.fail(`unclosed "[" of property ${id} (opened at line ${line}, column ${column})`, s.length);
          }
          // the ']' is escaped when preceded by an odd number of backslashes
          let k = close - 1;
          while (k > open && s.charCodeAt(k) === 92) k--;
          if ((close - 1 - k) % 2 === 0) {
            values.push(s.slice(open + 1, close));
            this.i = close + 1;
            break;
          }
          j = close + 1;
        }
        this.skipSpace();
      }
    }
  }
}

import { decodeSimpleText, decodeText, escapeText } from './text.js';

/**
 * One SGF node: properties (identifier → raw values, in file order) and child nodes. A game tree is its root
 * node; the main line follows `children[0]`, the other children start variations. Values are kept raw (see
 * text.ts) so that writing a parsed tree reproduces every value exactly.
 */
export class SgfNode {
  /**
   * Properties as a flat list: identifier, its raw values, identifier, its values … (a Map per node would
   * cost a third more memory on large collections).
   */
  private readonly list: (string | string[])[] = [];
  /** Child nodes: `children[0]` continues the main line, the rest are variations. */
  readonly children: SgfNode[] = [];
  /** The node before this one, or null for a root. */
  parent: SgfNode | null = null;
  /** 1-based line of the node's `;` in the file it was read from (0 for nodes built in code). */
  line = 0;
  /** 1-based column of the node's `;` (0 for nodes built in code). */
  column = 0;

  /** The properties in file order, as [identifier, raw values] pairs (a copy of the list; the values are live). */
  properties(): [string, string[]][] {
    const out: [string, string[]][] = [];
    for (let k = 0; k < this.list.length; k += 2) out.push([this.list[k] as string, this.list[k + 1] as string[]]);
    return out;
  }

  /** The property identifiers in file order. */
  ids(): string[] {
    const out: string[] = [];
    for (let k = 0; k < this.list.length; k += 2) out.push(this.list[k] as string);
    return out;
  }

  /** The first raw value of a property, or undefined when absent. */
  get(id: string): string | undefined {
    return this.values(id)?.[0];
  }

  /** All raw values of a property (empty when absent). */
  getAll(id: string): readonly string[] {
    return this.values(id) ?? [];
  }

  /** Whether the node has the property. */
  has(id: string): boolean {
    return this.values(id) !== undefined;
  }

  /** Sets a property to raw value(s), replacing any previous values (keeping its place); an empty list deletes it. */
  set(id: string, values: string | readonly string[]): this {
    checkIdentifier(id);
    const next = typeof values === 'string' ? [values] : [...values];
    if (next.length === 0) {
      this.delete(id);
      return this;
    }
    const k = this.indexOf(id);
    if (k >= 0) this.list[k + 1] = next;
    else this.list.push(id, next);
    return this;
  }

  /** Appends one raw value to a property (creating it). */
  add(id: string, value: string): this {
    checkIdentifier(id);
    SgfNode.valuesOf(this, id).push(value);
    return this;
  }

  /** Removes a property; returns whether it was there. */
  delete(id: string): boolean {
    const k = this.indexOf(id);
    if (k < 0) return false;
    this.list.splice(k, 2);
    return true;
  }

  /** The first value of a Text property (C, GC …), unescaped, or undefined when absent. */
  text(id: string): string | undefined {
    const v = this.get(id);
    return v === undefined ? undefined : decodeText(v);
  }

  /** The first value of a SimpleText property (PB, PW, GN, RE …), unescaped, or undefined when absent. */
  simpleText(id: string): string | undefined {
    const v = this.get(id);
    return v === undefined ? undefined : decodeSimpleText(v);
  }

  /** Sets a Text or SimpleText property from plain text (escaping `]` and `\`). */
  setText(id: string, text: string): this {
    return this.set(id, escapeText(text));
  }

  /** Adds `child` as the last child of this node (a new variation if there already is one) and returns it. */
  appendChild(child: SgfNode = new SgfNode()): SgfNode {
    child.parent = this;
    this.children.push(child);
    return child;
  }

  /** This node and the nodes following `children[0]` to the end of the main line. */
  mainLine(): SgfNode[] {
    const line: SgfNode[] = [];
    for (let n: SgfNode | undefined = this; n; n = n.children[0]) line.push(n);
    return line;
  }

  /** Every node of the subtree in file order (preorder), without recursion (trees may be very deep). */
  *walk(): Generator<SgfNode> {
    const stack: SgfNode[] = [this];
    while (stack.length > 0) {
      const n = stack.pop()!;
      yield n;
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
  }

  private indexOf(id: string): number {
    for (let k = 0; k < this.list.length; k += 2) if (this.list[k] === id) return k;
    return -1;
  }

  private values(id: string): string[] | undefined {
    const k = this.indexOf(id);
    return k < 0 ? undefined : (this.list[k + 1] as string[]);
  }

  /** The values list of `id`, created empty at the end when absent (for the parser, which checked the id). */
  static valuesOf(node: SgfNode, id: string): string[] {
    const k = node.indexOf(id);
    if (k >= 0) return node.list[k + 1] as string[];
    const values: string[] = [];
    node.list.push(id, values);
    return values;
  }
}

function checkIdentifier(id: string): void {
  if (!/^[A-Z]+$/.test(id)) throw new RangeError(`"${id}" is not an SGF property identifier (upper-case letters)`);
}

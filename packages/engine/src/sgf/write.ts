import type { SgfNode } from './node.js';
import { sanitizeRaw } from './text.js';

/** How writeSgf lays out its text. */
export interface SgfWriteOptions {
  /** Lines are broken between nodes, properties or values (never inside a value) to stay within this width. Default 78. */
  lineWidth?: number;
}

/**
 * Writes game trees as SGF text. Every root gets CA[UTF-8] (replacing any other charset): the text is meant
 * to be stored as UTF-8 (`new TextEncoder().encode(text)`). Iterative, so arbitrarily deep trees are fine.
 */
export function writeSgf(trees: SgfNode | readonly SgfNode[], options: SgfWriteOptions = {}): string {
  const width = options.lineWidth ?? 78;
  const list = Array.isArray(trees) ? (trees as readonly SgfNode[]) : [trees as SgfNode];
  const out: string[] = [];
  let col = 0;
  const emit = (token: string, breakable: boolean) => {
    if (breakable && col > 0 && col + token.length > width) {
      out.push('\n');
      col = 0;
    }
    out.push(token);
    const nl = token.lastIndexOf('\n');
    col = nl >= 0 ? token.length - nl - 1 : col + token.length;
  };
  const emitNode = (node: SgfNode, isRoot: boolean) => {
    emit(';', true);
    const props = isRoot ? withUtf8(node) : node.properties();
    for (const [id, values] of props) {
      values.forEach((v, k) => emit((k === 0 ? id : '') + '[' + sanitizeRaw(v) + ']', k > 0 || col > 1));
    }
  };
  // Stack of pending work: a node to open a variation at, or null for a ')'.
  for (const root of list) {
    if (col > 0) {
      out.push('\n');
      col = 0;
    }
    const stack: (SgfNode | null)[] = [root];
    while (stack.length > 0) {
      let node = stack.pop();
      if (node === null || node === undefined) {
        emit(')', false);
        continue;
      }
      if (col > 0) {
        out.push('\n');
        col = 0;
      }
      emit('(', false);
      emitNode(node, node === root);
      if (node === root && node.children.length > 0) {
        out.push('\n');
        col = 0;
      }
      while (node.children.length === 1) {
        node = node.children[0];
        emitNode(node, false);
      }
      stack.push(null);
      for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k]);
    }
  }
  out.push('\n');
  return out.join('');
}

/** The root's properties with CA[UTF-8] in place of any charset (after FF and GM when present). */
function withUtf8(root: SgfNode): [string, string[]][] {
  const props: [string, string[]][] = [];
  let placed = false;
  let seen = 0;
  for (const [id, values] of root.properties()) {
    if (id === 'CA') continue;
    props.push([id, values]);
    if (id === 'FF' || id === 'GM') seen++;
    if (!placed && seen === 2) {
      props.push(['CA', ['UTF-8']]);
      placed = true;
    }
  }
  if (!placed) props.push(['CA', ['UTF-8']]);
  return props;
}

/**
 * The move tree of a game: every position reached is a node, and playing a different move from an earlier
 * position starts a branch (Sabaki's and lichess's move list). Nodes are numbered in creation order; node 0 is the
 * start. Plain data, so it can be saved as JSON and rebuilt.
 */

/** One move of the tree: who played what, from which node. */
export interface TreeNode {
  id: number;
  /** The node this move was played from (-1 for the start). */
  parent: number;
  /** The engine's move number (meaningless at the start). */
  move: number;
  /** The move in the game's notation. */
  text: string;
  /** The player who made the move. */
  player: number;
  /** Moves played from here, in the order they were first played (the first is the main line). */
  children: number[];
  /** The child last visited, which redo returns to (-1 when none). */
  lastChild: number;
}

/** The tree as saved: its nodes. */
export interface SavedTree {
  nodes: { parent: number; move: number; text: string; player: number }[];
}

/** A growing move tree. */
export class MoveTree {
  readonly nodes: TreeNode[] = [{ id: 0, parent: -1, move: 0, text: '', player: -1, children: [], lastChild: -1 }];

  /** The child of `parent` playing `move`, created when it is new. */
  child(parent: number, move: number, text: string, player: number): number {
    const p = this.nodes[parent];
    for (const c of p.children) if (this.nodes[c].move === move) return c;
    const id = this.nodes.length;
    this.nodes.push({ id, parent, move, text, player, children: [], lastChild: -1 });
    p.children.push(id);
    return id;
  }

  /** The nodes from the start (excluded) to `id` (included). */
  path(id: number): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = id; n > 0; n = this.nodes[n].parent) out.push(this.nodes[n]);
    return out.reverse();
  }

  /** The line through `id`: its path, then on by the last visited (else first) child to the end. */
  line(id: number): TreeNode[] {
    const out = this.path(id);
    let n = this.nodes[id];
    while (n.children.length > 0) {
      n = this.nodes[n.lastChild >= 0 ? n.lastChild : n.children[0]];
      out.push(n);
    }
    return out;
  }

  /** Depth of a node (moves from the start). */
  depth(id: number): number {
    let d = 0;
    for (let n = id; n > 0; n = this.nodes[n].parent) d++;
    return d;
  }

  /** The tree as plain data (JSON). */
  toJSON(): SavedTree {
    return { nodes: this.nodes.slice(1).map((n) => ({ parent: n.parent, move: n.move, text: n.text, player: n.player })) };
  }

  /** A tree rebuilt from saved data; throws a RangeError naming the first bad node. */
  static from(saved: SavedTree): MoveTree {
    const t = new MoveTree();
    if (!saved || !Array.isArray(saved.nodes)) throw new RangeError('saved tree: no node list');
    saved.nodes.forEach((n, i) => {
      const id = i + 1;
      if (!Number.isInteger(n.parent) || n.parent < 0 || n.parent >= id) throw new RangeError(`saved tree: node ${id} has a bad parent`);
      if (!Number.isInteger(n.move) || typeof n.text !== 'string' || !Number.isInteger(n.player)) throw new RangeError(`saved tree: node ${id} is malformed`);
      t.nodes.push({ id, parent: n.parent, move: n.move, text: n.text, player: n.player, children: [], lastChild: -1 });
      t.nodes[n.parent].children.push(id);
    });
    return t;
  }
}

/**
 * MCTS nodes in struct-of-arrays typed storage: node i is the i-th element of every array, the children of a
 * node are one contiguous block, and nothing is allocated per node. A node's statistics are kept for the player
 * who made the move leading to it (its mover), which is what maxⁿ backup with any number of players needs.
 */

/** First-child value of a node whose children have not been created yet. */
export const UNEXPANDED = -1;

/** Bytes one node costs, compaction scratch included (for turning a memory budget into a node budget). */
export const BYTES_PER_NODE = 4 + 1 + 4 + 4 + 8 + 8 + 4 + 8 + 8 + 16;

/** A fixed-capacity pool of MCTS nodes. */
export class NodeStore {
  /** The move that leads from the parent to this node. */
  readonly move: Int32Array;
  /** The player who made that move. */
  readonly mover: Uint8Array;
  /** Index of the first child, or UNEXPANDED. */
  readonly firstChild: Int32Array;
  /** Number of children (0 for an expanded terminal node). */
  readonly childCount: Int32Array;
  /** Playouts through this node. */
  readonly visits: Float64Array;
  /** Sum of the mover's rewards (each in [0, 1]) over those playouts. */
  readonly reward: Float64Array;
  /** Prior of the move from the game's heuristics (progressive bias), 0 when none. */
  readonly prior: Float32Array;
  /** AMAF (RAVE) playouts in which the mover played this move later on. */
  readonly raveVisits: Float64Array;
  /** Sum of the mover's rewards over those AMAF playouts. */
  readonly raveReward: Float64Array;
  /** Nodes in use; node 0 is the root. */
  size = 0;
  private order: Int32Array | null = null;
  private newFirst: Int32Array | null = null;
  private scratch: Float64Array | null = null;

  /** A pool for at most `capacity` nodes. */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError(`an MCTS tree needs room for at least 2 nodes, got ${capacity}`);
    this.move = new Int32Array(capacity);
    this.mover = new Uint8Array(capacity);
    this.firstChild = new Int32Array(capacity);
    this.childCount = new Int32Array(capacity);
    this.visits = new Float64Array(capacity);
    this.reward = new Float64Array(capacity);
    this.prior = new Float32Array(capacity);
    this.raveVisits = new Float64Array(capacity);
    this.raveReward = new Float64Array(capacity);
  }

  /** Empties the pool and creates a fresh root. */
  reset(): void {
    this.size = 0;
    this.allocate(1);
  }

  /** Reserves `count` fresh nodes and returns the first index, or -1 when the pool is full. */
  allocate(count: number): number {
    if (this.size + count > this.capacity) return -1;
    const first = this.size;
    for (let i = first; i < first + count; i++) {
      this.move[i] = 0;
      this.mover[i] = 0;
      this.firstChild[i] = UNEXPANDED;
      this.childCount[i] = 0;
      this.visits[i] = 0;
      this.reward[i] = 0;
      this.prior[i] = 0;
      this.raveVisits[i] = 0;
      this.raveReward[i] = 0;
    }
    this.size += count;
    return first;
  }

  /** The child of `node` reached by `move`, or -1. */
  childWithMove(node: number, move: number): number {
    const first = this.firstChild[node];
    if (first === UNEXPANDED) return -1;
    for (let c = first; c < first + this.childCount[node]; c++) if (this.move[c] === move) return c;
    return -1;
  }

  /** Makes `node`'s subtree the whole tree (node becomes 0), dropping everything else; nodes keep their statistics. */
  reroot(node: number): void {
    if (node === 0) return;
    const order = (this.order ??= new Int32Array(this.capacity));
    const newFirst = (this.newFirst ??= new Int32Array(this.capacity));
    const scratch = (this.scratch ??= new Float64Array(this.capacity));
    // Breadth-first order keeps every child block contiguous in the new numbering.
    order[0] = node;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const old = order[head];
      const first = this.firstChild[old];
      if (first === UNEXPANDED) {
        newFirst[head] = UNEXPANDED;
        continue;
      }
      newFirst[head] = tail;
      const count = this.childCount[old];
      for (let c = 0; c < count; c++) order[tail++] = first + c;
    }
    const fields = [this.move, this.mover, this.childCount, this.visits, this.reward, this.prior, this.raveVisits, this.raveReward];
    for (const field of fields) {
      for (let i = 0; i < tail; i++) scratch[i] = field[order[i]];
      field.set(scratch.subarray(0, tail));
    }
    this.firstChild.set(newFirst.subarray(0, tail));
    this.size = tail;
  }
}

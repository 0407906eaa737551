import { MAX_MOVES, PASS, type GameDefinition, type GameId, type Position } from '@qi/engine';
import type { PositionSetup } from '@qi/ai-worker';
import { MoveTree, type SavedTree, type TreeNode } from './tree.js';

/**
 * One game on the page, for any of Qi's games and 2 to 6 players: the engine's position and definition, the move
 * tree with undo/redo and branches, and how the game ended. Every rule comes from the engine: the session only
 * asks `isLegal`, plays, takes back and reads `returns`. It follows the Svelte store contract (`subscribe`), and
 * its `view` is a fresh snapshot after every change, computed once (legal moves included).
 */

/** How a game ended other than by its rules: a player resigned or ran out of time (two-player games). */
export interface Ending {
  kind: 'resign' | 'time';
  player: number;
}

/** One move of the line shown in the move list. */
export interface LineMove {
  id: number;
  /** 1-based move number. */
  number: number;
  /** The engine's move (PASS for a pass). */
  move: number;
  text: string;
  player: number;
}

/** An immutable snapshot of the session. */
export interface SessionView {
  game: GameId;
  rules: unknown;
  start: unknown;
  playerCount: number;
  /** The player to move (meaningless once over). */
  toMove: number;
  /** Moves from the start to the current position. */
  ply: number;
  /** The current node of the tree. */
  node: number;
  /** The engine's last move at this position, or null at the start. */
  lastMove: number | null;
  /** Legal moves now (empty once over). */
  legal: Int32Array;
  /** Whether the game is over (by its rules or by an ending). */
  over: boolean;
  ending: Ending | null;
  /** Each player's result once over: +1 win … -1 loss (the engine's `returns`, or from the ending). */
  returns: number[] | null;
  /** The line through the current node (main line or the branch being viewed), and branches from the current node. */
  line: LineMove[];
  branches: { id: number; text: string }[];
  canUndo: boolean;
  canRedo: boolean;
  /** Grows with every change, so components can re-ask the engine. */
  version: number;
}

/** What a session is created from. */
export interface SessionSetup {
  definition: GameDefinition;
  rules?: unknown;
  start?: unknown;
}

/** A saved session: setup, tree and where the player was. */
export interface SavedSession {
  game: GameId;
  rules: unknown;
  start: unknown;
  tree: SavedTree;
  node: number;
  ending: Ending | null;
}

/** Thrown (and shown) when a move cannot be played: the engine's verdict, worded by the game folder. */
export class IllegalMove extends Error {
  constructor(readonly move: number, readonly reason: string) {
    super(reason);
    this.name = 'IllegalMove';
  }
}

type Listener = (view: SessionView) => void;

/** A game session over any game definition. */
export class Session {
  readonly definition: GameDefinition;
  readonly rules: object;
  readonly start: object | undefined;
  private pos: Position;
  private tree = new MoveTree();
  private current = 0;
  private ending: Ending | null = null;
  private version = 0;
  private readonly listeners = new Set<Listener>();
  private readonly buf = new Int32Array(MAX_MOVES);
  view: SessionView;

  /** A new game; the engine validates rules and start (a RangeError names the bad field). */
  constructor(setup: SessionSetup) {
    this.definition = setup.definition;
    this.rules = this.definition.rules(setup.rules ?? {}) as object;
    this.start = setup.start === undefined ? undefined : (this.definition.start(setup.start, this.rules) as object);
    this.pos = this.definition.create(this.rules as never, this.start as never);
    this.view = this.snapshot();
  }

  /** A saved session rebuilt, every move checked by the engine again; throws naming the first bad move. */
  static restore(definition: GameDefinition, saved: SavedSession): Session {
    if (saved.game !== definition.id) throw new RangeError(`saved game is ${String(saved.game)}, not ${definition.id}`);
    const s = new Session({ definition, rules: saved.rules, start: saved.start });
    const tree = MoveTree.from(saved.tree);
    // Every node is replayed from the start to prove it legal (the text is re-derived from the engine).
    for (const n of tree.nodes.slice(1)) {
      const path = tree.path(n.id);
      const pos = definition.create(s.rules as never, s.start as never);
      for (const step of path) {
        if (pos.isTerminal() || !pos.isLegal(step.move)) throw new RangeError(`saved game: move ${tree.depth(step.id)} (${step.text}) is not legal`);
        pos.play(step.move);
      }
    }
    s.tree = tree;
    if (!Number.isInteger(saved.node) || saved.node < 0 || saved.node >= tree.nodes.length) throw new RangeError('saved game: bad current move');
    s.jump(saved.node);
    s.ending = saved.ending && (saved.ending.kind === 'resign' || saved.ending.kind === 'time') && Number.isInteger(saved.ending.player) ? saved.ending : null;
    s.changed();
    return s;
  }

  /** The session as plain data. */
  save(): SavedSession {
    return { game: this.definition.id as GameId, rules: this.rules, start: this.start, tree: this.tree.toJSON(), node: this.current, ending: this.ending };
  }

  /** Svelte store contract: calls `fn` now and after every change. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.view);
    return () => this.listeners.delete(fn);
  }

  /**
   * The engine's position now, for reading only (game folders ask it for captures, forbidden points, paths).
   * Never play or undo on it: use the session's actions.
   */
  position(): Position {
    return this.pos;
  }

  /** A copy of the position at another node of the tree (for previews and records). */
  positionAt(node: number): Position {
    const pos = this.definition.create(this.rules as never, this.start as never);
    for (const n of this.tree.path(node)) pos.play(n.move);
    return pos;
  }

  /** The moves from the start to the current position. */
  moves(): number[] {
    return this.tree.path(this.current).map((n) => n.move);
  }

  /** The current position for the AI: `{game, rules, start, moves}` in the game's notation. */
  setup(): PositionSetup {
    const out: PositionSetup = { game: this.definition.id, rules: { ...this.rules }, moves: this.tree.path(this.current).map((n) => n.text) };
    if (this.start !== undefined) out.start = this.start as Record<string, unknown>;
    return out;
  }

  /** The position at any node of the tree for the AI: `{game, rules, start, moves}` (a review walks the line). */
  setupAt(node: number): PositionSetup {
    const out: PositionSetup = { game: this.definition.id, rules: { ...this.rules }, moves: this.tree.path(node).map((n) => n.text) };
    if (this.start !== undefined) out.start = this.start as Record<string, unknown>;
    return out;
  }

  /** The tree's node (read only). */
  node(id: number): Readonly<TreeNode> | undefined {
    return this.tree.nodes[id];
  }

  /**
   * Plays `move` for the player to move. Throws IllegalMove with `reason` (from `explain`, the game folder's wording
   * of the engine's verdict) when the engine refuses it or the game is over.
   */
  play(move: number, explain: (pos: Position, move: number) => string = () => 'illegal move'): void {
    if (this.view.over) throw new IllegalMove(move, 'the game is over');
    if (!this.pos.isLegal(move)) throw new IllegalMove(move, explain(this.pos, move));
    const player = this.pos.currentPlayer();
    const text = this.pos.moveToText(move);
    const id = this.tree.child(this.current, move, text, player);
    this.tree.nodes[this.current].lastChild = id;
    this.pos.play(move);
    this.current = id;
    this.changed();
  }

  /** Takes back one move (and any resignation or flag fall); false at the start. */
  undo(): boolean {
    if (this.ending !== null) {
      this.ending = null;
      this.changed();
      return true;
    }
    if (this.current === 0) return false;
    this.pos.undo();
    this.current = this.tree.nodes[this.current].parent;
    this.changed();
    return true;
  }

  /** Takes back moves until `player` is to move again (against Qi: back to the person's last turn). */
  undoTo(player: number): boolean {
    if (!this.undo()) return false;
    while (this.current !== 0 && this.pos.currentPlayer() !== player) this.undo();
    return true;
  }

  /** Replays the move undo took back (or the main line's next move); false at the end of the line. */
  redo(): boolean {
    const n = this.tree.nodes[this.current];
    if (n.children.length === 0 || this.ending !== null) return false;
    const next = n.lastChild >= 0 ? n.lastChild : n.children[0];
    this.pos.play(this.tree.nodes[next].move);
    this.current = next;
    this.changed();
    return true;
  }

  /** Jumps to any node of the tree (the move list, a branch). */
  goTo(id: number): void {
    if (id === this.current || id < 0 || id >= this.tree.nodes.length) return;
    this.ending = null;
    this.jump(id);
    this.changed();
  }

  /** The player resigns, or runs out of time (two-player games; the game is over, undo takes it back). */
  end(kind: Ending['kind'], player: number): void {
    if (this.view.over) return;
    this.ending = { kind, player };
    this.changed();
  }

  /** Tells every view that state kept beside the session changed (Go's dead marks), without a move. */
  touch(): void {
    this.changed();
  }

  private jump(id: number): void {
    // Undo to the common ancestor, then play down to `id`, remembering the way for redo.
    const target = new Set<number>();
    for (let n = id; n >= 0; n = this.tree.nodes[n].parent) target.add(n);
    while (!target.has(this.current)) {
      this.pos.undo();
      this.current = this.tree.nodes[this.current].parent;
    }
    const down = this.tree.path(id).filter((n) => this.tree.depth(n.id) > this.tree.depth(this.current));
    for (const n of down) {
      this.tree.nodes[this.current].lastChild = n.id;
      this.pos.play(n.move);
      this.current = n.id;
    }
  }

  private changed(): void {
    this.version++;
    this.view = this.snapshot();
    for (const fn of this.listeners) fn(this.view);
  }

  private snapshot(): SessionView {
    const pos = this.pos;
    const terminal = pos.isTerminal();
    const over = terminal || this.ending !== null;
    let returns: number[] | null = null;
    if (this.ending !== null) {
      returns = Array.from({ length: pos.playerCount }, (_, p) => (p === this.ending!.player ? -1 : 1));
    } else if (terminal) {
      const out = new Float64Array(pos.playerCount);
      pos.returns(out);
      returns = Array.from(out);
    }
    const n = over ? 0 : pos.legalMoves(this.buf);
    const here = this.tree.nodes[this.current];
    const line = this.tree.line(this.current).map((m, i) => ({ id: m.id, number: i + 1, move: m.move, text: m.text, player: m.player }));
    return {
      game: this.definition.id as GameId,
      rules: this.rules,
      start: this.start,
      playerCount: pos.playerCount,
      toMove: pos.currentPlayer(),
      ply: this.tree.depth(this.current),
      node: this.current,
      lastMove: this.current === 0 ? null : here.move,
      legal: this.buf.slice(0, n),
      over,
      ending: this.ending,
      returns,
      line,
      branches: here.children.length > 1 ? here.children.map((c) => ({ id: c, text: this.tree.nodes[c].text })) : [],
      canUndo: this.current !== 0 || this.ending !== null,
      canRedo: here.children.length > 0 && this.ending === null,
      version: this.version,
    };
  }
}

/** Whether a move is a pass (every game shares the value). */
export const isPass = (move: number | null): boolean => move === PASS;

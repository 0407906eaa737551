import { GoPosition, PASS, goRules, handicapPoints, type GoRecord, type GoRules } from '@qi/engine';
import type { PositionSetup } from '@qi/ai-worker';

/** One stone or pass as GTP gave it: either colour may play at any time. */
export interface GoEvent {
  player: 0 | 1;
  move: number;
}

/**
 * The game a GTP controller builds: rules, handicap stones and the moves of either colour in order. The
 * position is always rebuilt from them, so undo and rule changes need no journal of their own.
 */
export class GoGame {
  rules: GoRules;
  /** Handicap stones (placed as setup before the first move). */
  handicap: number[] = [];
  /** Moves since the board was cleared. */
  readonly events: GoEvent[] = [];
  position: GoPosition;

  /** An empty board under `rules`. */
  constructor(rules: Partial<GoRules> = {}) {
    this.rules = goRules(rules);
    this.position = new GoPosition(this.rules);
  }

  /** Clears the board, keeping size, komi and rules. */
  clear(): void {
    this.handicap = [];
    this.events.length = 0;
    this.position = new GoPosition(this.rules);
  }

  /** Changes rules (size changes clear the board); throws (RangeError) when the moves so far do not replay. */
  setRules(partial: Partial<GoRules>): void {
    const next = goRules({ ...this.rules, ...partial });
    if (next.size !== this.rules.size) {
      this.rules = next;
      this.clear();
      return;
    }
    const pos = this.replay(next, this.handicap, this.events);
    this.rules = next;
    this.position = pos;
  }

  /**
   * Replaces the game by a record's main line (size and komi from the record, other rules kept): handicap
   * stones (AB in the root), then the moves before move number `before` (all when absent). Throws an Error
   * naming the node for setup it cannot take (other setup stones) and for illegal moves; the game is then
   * unchanged.
   */
  loadRecord(record: GoRecord, before = Infinity): void {
    const next = new GoGame({ ...this.rules, size: record.size, komi: record.komi ?? this.rules.komi });
    const root = record.nodes[0];
    if (root !== undefined && root.setup.length > 0) {
      const black = root.setup.filter((st) => st.stone === 1).map((st) => next.position.point(st.col, st.row));
      if (black.length !== root.setup.length || black.length < 2) throw new Error('only handicap stones (AB in the root, 2 or more) can be set up');
      next.placeHandicap(black);
    }
    let number = 0;
    for (let i = 0; i < record.nodes.length; i++) {
      const node = record.nodes[i];
      if (i > 0 && node.setup.length > 0) throw new Error(`setup stones after the root (node ${i}) cannot be replayed`);
      if (node.move === undefined) continue;
      if (++number >= before) break;
      const v = node.move.vertex;
      const move = v === null ? PASS : next.position.point(v.col, v.row);
      const why = next.play(node.move.color, move);
      if (why !== null) throw new Error(`move ${number} (${next.position.moveToText(move)}) is illegal: ${why}`);
    }
    this.rules = next.rules;
    this.handicap = next.handicap;
    this.events.length = 0;
    this.events.push(...next.events);
    this.position = next.position;
  }

  /** Places handicap stones on the empty board (White moves next). */
  placeHandicap(points: readonly number[]): void {
    if (this.events.length > 0 || this.handicap.length > 0) throw new Error('board not empty');
    const pos = new GoPosition(this.rules);
    pos.placeHandicap(points);
    this.handicap = [...points];
    this.position = pos;
  }

  /** Whether no stone has been placed since the board was cleared. */
  get empty(): boolean {
    return this.events.length === 0 && this.handicap.length === 0;
  }

  /** Plays `move` for `player`; returns null, or why it is illegal (occupied, suicide, ko, superko). */
  play(player: 0 | 1, move: number): string | null {
    const a = this.position.analyze(move, player);
    if (!a.legal) return a.reason ?? 'illegal';
    this.position.playAs(player, move);
    this.events.push({ player, move });
    return null;
  }

  /** Takes back the last move; false when there is none. */
  undo(): boolean {
    if (this.events.length === 0) return false;
    this.events.pop();
    this.position = this.replay(this.rules, this.handicap, this.events);
    return true;
  }

  /**
   * The position for the AI, with `player` to move. The worker replays plain alternating moves from an empty
   * board, so handicap stones become Black moves answered by White passes, a colour moving twice gets a pass
   * for the other in between, a pass pair cancels (so a game both sides passed can go on, as in clean-up), and
   * the handicap compensation is folded into komi. The board and side to move are the same; only the history
   * superko looks at differs by those passes.
   */
  botSetup(player: 0 | 1): PositionSetup {
    const moves: number[] = [];
    let toMove = 0;
    const add = (p: number, move: number): void => {
      if (p !== toMove) push(PASS);
      push(move);
    };
    const push = (move: number): void => {
      if (move === PASS && moves.length > 0 && moves[moves.length - 1] === PASS) moves.pop();
      else moves.push(move);
      toMove ^= 1;
    };
    for (const p of this.handicap) add(0, p);
    for (const e of this.events) add(e.player, e.move);
    if (toMove !== player) push(PASS);
    const r = this.rules;
    const komi = r.komi + handicapPoints(r, this.handicap.length);
    return { game: 'go', rules: { size: r.size, komi, ko: r.ko, suicide: r.suicide, scoring: r.scoring, handicapBonus: r.handicapBonus }, moves };
  }

  private replay(rules: GoRules, handicap: readonly number[], events: readonly GoEvent[]): GoPosition {
    const pos = new GoPosition(rules);
    if (handicap.length > 0) pos.placeHandicap(handicap);
    events.forEach((e, i) => {
      const a = pos.analyze(e.move, e.player);
      if (!a.legal) throw new RangeError(`move ${i + 1} (${pos.moveToText(e.move)}) would be illegal: ${a.reason}`);
      pos.playAs(e.player, e.move);
    });
    return pos;
  }
}

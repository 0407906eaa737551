import { alternatingMoves, goDefinition, goRecordStart, goRules, type GoEvent, type GoPosition, type GoRecord, type GoRules, type GoStart } from '@qi/engine';
import type { PositionSetup } from '@qi/ai-worker';


/**
 * The game a GTP controller builds: rules, a start (handicap stones from fixed_handicap / place_free_handicap /
 * set_free_handicap, or a record's setup stones from loadsgf) and the moves of either colour in order. The
 * position is always rebuilt from them through the engine's Go definition, so undo and rule changes need no
 * journal of their own.
 */
export class GoGame {
  rules: GoRules;
  /** Where the game starts (undefined: an empty board, Black to move). */
  start: GoStart | undefined = undefined;
  /** Moves since the board was cleared. */
  readonly events: GoEvent[] = [];
  position: GoPosition;

  /** An empty board under `rules`. */
  constructor(rules: Partial<GoRules> = {}) {
    this.rules = goRules(rules);
    this.position = goDefinition.create(this.rules);
  }

  /** Clears the board, keeping size, komi and rules. */
  clear(): void {
    this.start = undefined;
    this.events.length = 0;
    this.position = goDefinition.create(this.rules);
  }

  /** Changes rules (size changes clear the board); throws (RangeError) when the moves so far do not replay. */
  setRules(partial: Partial<GoRules>): void {
    const next = goRules({ ...this.rules, ...partial });
    if (next.size !== this.rules.size) {
      this.rules = next;
      this.clear();
      return;
    }
    const pos = this.replay(next, this.start, this.events);
    this.rules = next;
    this.position = pos;
  }

  /**
   * Replaces the game by a record's main line (size and komi from the record, other rules kept): the root's setup
   * as the start (HA stones as a handicap, other AB/AW as setup stones, PL), then the moves before move number
   * `before` (all when absent). Throws an Error naming the node for setup after the root and naming the move for
   * an illegal one; the game is then unchanged.
   */
  loadRecord(record: GoRecord, before = Infinity): void {
    const next = new GoGame({ ...this.rules, size: record.size, komi: record.komi ?? this.rules.komi });
    const { start, events } = goRecordStart(record);
    next.start = start;
    next.position = goDefinition.create(next.rules, start);
    events.slice(0, Math.max(0, Math.min(events.length, before - 1))).forEach((e, i) => {
      const why = next.play(e.player, e.move);
      if (why !== null) throw new Error(`move ${i + 1} (${next.position.moveToText(e.move)}) is illegal: ${why}`);
    });
    this.rules = next.rules;
    this.start = next.start;
    this.events.length = 0;
    this.events.push(...next.events);
    this.position = next.position;
  }

  /** Places handicap stones on the empty board, as a handicap (White moves next). */
  placeHandicap(points: readonly number[]): void {
    if (!this.empty) throw new Error('board not empty');
    const start: GoStart = { handicap: points.map((p) => this.position.moveToText(p)) };
    this.position = goDefinition.create(this.rules, start);
    this.start = start;
  }

  /** Whether no stone has been placed since the board was cleared. */
  get empty(): boolean {
    return this.events.length === 0 && this.start === undefined;
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
    this.position = this.replay(this.rules, this.start, this.events);
    return true;
  }

  /**
   * The position for the AI, with `player` to move: the rules, the start (handicap stones as a handicap, so the
   * worker counts their bonus as this position does) and the moves made alternating as the worker replays them
   * (see the engine's alternatingMoves: a colour moving twice gets a pass for the other in between, a pass pair
   * cancels, so a game both sides passed can go on, as in clean-up). The board and side to move are the same;
   * only the history superko looks at differs by those passes.
   */
  botSetup(player: 0 | 1): PositionSetup {
    const first = goDefinition.create(this.rules, this.start).currentPlayer() as 0 | 1;
    const setup: PositionSetup = { game: 'go', rules: { ...this.rules }, moves: alternatingMoves(this.events, first, player).moves };
    if (this.start !== undefined) setup.start = { ...this.start };
    return setup;
  }

  private replay(rules: GoRules, start: GoStart | undefined, events: readonly GoEvent[]): GoPosition {
    const pos = goDefinition.create(rules, start);
    events.forEach((e, i) => {
      const a = pos.analyze(e.move, e.player);
      if (!a.legal) throw new RangeError(`move ${i + 1} (${pos.moveToText(e.move)}) would be illegal: ${a.reason}`);
      pos.playAs(e.player, e.move);
    });
    return pos;
  }
}

import type { Component } from 'svelte';
import type { GameDefinition, GameId, Position } from '@qi/engine';
import type { Progress } from '@qi/ai-worker';
import type { BoardLayout, BoardScene, BoardStyle } from '../lib/board/types.js';
import type { Session } from '../lib/session/session.js';
import type { Message, MessageKey } from '../i18n.js';

/**
 * What the app needs from each game's folder (`games/<id>/`): its settings and how they become the engine's rules
 * and start, how its board is laid out and drawn, what a click on a cell means, how an illegal move is worded,
 * its record file, and its panel. Everything a folder says about the rules it asks the engine; the shared parts of
 * the app (session, board, seats, home screen) know no game.
 */

/** The page's state of one game that the board scene depends on besides the position. */
export interface PlayState {
  session: Session;
  /** The piece chosen to move (Chinese Checkers), or null. */
  selected: number | null;
  /** Qi's suggested move for the side to move, or null. */
  hint: number | null;
  /** Show the legal moves as dots (Reversi), and renju's forbidden points (Gomoku). */
  showLegal: boolean;
  showForbidden: boolean;
  /** Whether a person may move now (else clicks only select, never play). */
  humanTurn: boolean;
}

/** What a click on a cell asks for. */
export type Choice =
  | { kind: 'play'; move: number }
  | { kind: 'select'; cell: number | null }
  | { kind: 'refuse'; message: Message }
  | { kind: 'none' };

/** One game's user interface, as data and functions (components for its forms and panel). */
export interface GameUi<S extends object = Record<string, unknown>> {
  readonly id: GameId;
  readonly definition: GameDefinition;
  readonly style: BoardStyle;
  /** The game's name (dictionary key). */
  readonly title: MessageKey;
  /** A one-line description for the home screen. */
  readonly blurb: MessageKey;
  /** Settings of a new game (what the New-game form edits). */
  defaults(): S;
  /** Settings checked and completed (a stored or typed value; throws RangeError naming the field). */
  settings(value: unknown): S;
  /** The engine's rules and start for these settings. */
  setup(s: S): { rules: unknown; start?: unknown };
  /** Stones a player places before play (Go's free handicap: Black chooses the points), 0 or absent for none. */
  placement?(s: S): number;
  /** The rules and start once the placed cells are chosen (the engine checks them). */
  setupPlaced?(s: S, cells: number[]): { rules: unknown; start?: unknown };
  /** Players the game seats. */
  players(s: S): number;
  /** The key of the level-Elo table's entry these settings would be rated under (`go 9x9`, `gomoku renju`…). */
  eloKey(s: S): { game: GameId; variant: string; players: number };
  /** The name of a player's colour (dictionary key). */
  colour(player: number, players: number): MessageKey;
  /** A short label of the rules for the header (`9×9 · area · komi 7.5`). */
  summary(s: S): Message;
  /** Where the cells are (depends only on the rules). */
  layout(pos: Position): BoardLayout;
  /** What is drawn now. */
  scene(state: PlayState): BoardScene;
  /** What a click on `cell` means now. */
  choose(state: PlayState, cell: number): Choice;
  /** Why the engine refuses `move` here, worded for the player. */
  explain(pos: Position, move: number): Message;
  /** The engine's move for the player to move leaving the game (Chinese Checkers); others resign as an ending. */
  readonly resignMove?: number;
  /** The move to play without asking (Reversi's forced pass), or null. */
  forced?(pos: Position): number | null;
  /** A sentence describing a cell for screen readers. */
  describeCell(pos: Position, cell: number): Message;
  /** A sentence describing the move just played. */
  describeMove(pos: Position, move: number, player: number): Message;
  /** The result line once over. */
  result(session: Session): Message | null;
  /** The record's result when the game words it itself (Go's count: `B+3.5`); undefined while none. */
  resultCode?(session: Session): string | undefined;
  /** State kept beside the moves, to save with the game (Go's dead marks and count), and to restore it. */
  saveExtra?(session: Session): unknown;
  restoreExtra?(session: Session, extra: unknown): void;
  /** Undo of state kept beside the moves (Go: a confirmed count reopens its marking); true when it took something back. */
  undoExtra?(session: Session): boolean;
  /** Called after every change with what the seats know (Go: Qi's dead stones once both passed; Qi vs Qi counts). */
  afterChange?(session: Session, seats: AfterChange): void;
  /** Whether Qi resigns instead of playing `answer` for `player` (Go's resignation policy). */
  qiResigns?(session: Session, answer: Progress, player: number): boolean;
  /** The settings form and the side panel. */
  readonly Settings: Component<SettingsProps<S>>;
  readonly Panel: Component<PanelProps>;
  /** Whether the game has a pass button (Go) and a resign button (two-player games; Chinese Checkers leaves). */
  readonly canPass: boolean;
  /** The cell a move is drawn on (the analysis's candidates): the move itself by default, a hop's destination. */
  moveCell?(move: number): number | null;
  /** Whether the analysis's variation can be drawn as numbered pieces on cells (games that place pieces). */
  readonly variationGhosts?: boolean;
  /** Review budgets in nodes or playouts (quick, normal, deep) for this game's search. */
  readonly reviewNodes: readonly [number, number, number];
  /** A move as typed in the move box, for its placeholder (`D4 or pass`). */
  readonly moveExample: string;
  /** The record file: name for the buttons, extension, MIME type. */
  readonly recordFile: { label: MessageKey; extension: string; mime: string };
}

/** The props of a game's settings form: the settings it edits, where the edited ones go, the UI's language. */
export interface SettingsProps<S> {
  settings: S;
  onchange: (s: S) => void;
  lang: 'en' | 'zh';
}

/** The props of a game's side panel: the session, its version (to re-read the engine), the language, Qi. */
export interface PanelProps {
  session: Session;
  version: number;
  lang: 'en' | 'zh';
  ai: PanelAi;
}

/** What a game learns after each change: whether Qi sits at any or every seat, and Qi's dead-stone request. */
export interface AfterChange {
  anyQi: boolean;
  allQi: boolean;
  /** Qi's dead stones (GTP vertices) for the session's position. */
  deadStones(): Promise<string[]>;
}

/** What a game's panel may ask of Qi's AI (it runs in the worker). */
export interface PanelAi {
  /** The dead stones (engine points) of a finished Go game, by Qi's one dead-stone policy. */
  deadStones(session: Session): Promise<number[]>;
}

/** The registry of the app's games. */
export type GameUis = Readonly<Record<GameId, GameUi<never>>>;

/**
 * What the board draws, as plain data: it knows no rule (chessground's idea). A game folder turns a position into a
 * `BoardLayout` (once per rules: where every cell is) and a `BoardScene` (after every change: pieces and marks), and
 * the board only renders them and reports which cell was chosen.
 */

/** The look of a board: Go and Gomoku stones on intersections, Reversi discs on squares, marbles in holes. */
export type BoardStyle = 'go' | 'gomoku' | 'reversi' | 'checkers';

/** One place a piece can stand, by the engine's point/square/hole number, at (x, y) in board units. */
export interface BoardCell {
  id: number;
  x: number;
  y: number;
  /** The cell in the game's notation (`D4`, `h8`, `e5`, `i5`), for tests and screen readers. */
  name: string;
}

/** A coordinate label drawn beside the board. */
export interface BoardLabel {
  x: number;
  y: number;
  text: string;
}

/** Where everything of a board is; changes only with the rules (board size, player count). */
export interface BoardLayout {
  style: BoardStyle;
  /** The drawing's extent in board units (the viewBox). */
  width: number;
  height: number;
  cells: BoardCell[];
  /** Lines to draw (grid lines, hole connections), [x1, y1, x2, y2]; `edge` lines are drawn thicker. */
  lines: { x1: number; y1: number; x2: number; y2: number; edge?: boolean }[];
  /** Squares to draw under the pieces (Reversi), by their top-left corner and side. */
  squares?: { x: number; y: number; size: number }[];
  /** Decorative dots (Go hoshi, Gomoku's tengen and star points, Reversi's four corner dots). */
  dots: { x: number; y: number; r: number }[];
  /** Coloured areas behind the holes (Chinese Checkers' camps), by the player colour index whose home they are (`goal`: a camp only aimed at, drawn fainter). */
  zones?: { cells: number[]; player: number; goal?: boolean }[];
  labels: BoardLabel[];
  /** Piece radius in board units. */
  radius: number;
}

/** A piece on a cell, by player index (its colour comes from the game's palette). */
export interface Piece {
  cell: number;
  player: number;
  /** Drawn faded with a cross (Go's dead stones while counting). */
  dead?: boolean;
  /** Text on the piece (a move number, a player letter for colour-blind play). */
  label?: string;
  /** A translucent piece of a line shown, not played (the analysis's variation on hover). */
  ghost?: boolean;
}

/** What a mark shows. */
export type MarkKind =
  | 'last' // the last move (a ring on the piece, or on the from-cell of a hop)
  | 'hint' // Qi's suggestion
  | 'legal' // a dot where the player to move may play
  | 'forbidden' // a renju forbidden point for Black (an ×)
  | 'win' // a stone of the winning five
  | 'selected' // the piece chosen to move
  | 'destination' // where the selected piece can go
  | 'warning' // a dead mark that looks wrong (Go)
  | 'territory' // a point counted for `player`
  | 'highlight' // the chain a click would toggle (Go marking)
  | 'flipped' // a disc the last move turned (Reversi)
  | 'candidate' // a move the analysis considers, with its figure and a heat by its share
  | 'eye'; // Go ownership: whose point the playouts say it is (player), by how much (weight)

/** A mark on a cell. */
export interface Mark {
  cell: number;
  kind: MarkKind;
  /** The player a territory, legal dot, destination or ownership mark belongs to. */
  player?: number;
  /** A short figure drawn on the mark (a candidate's win rate or score). */
  label?: string;
  /** 0–1: a candidate's share of the search, an ownership's strength. */
  weight?: number;
}

/** Everything drawn on the layout now. */
export interface BoardScene {
  pieces: Piece[];
  marks: Mark[];
  /** Hop paths to draw (the last move, the hinted move), as cells in order. */
  paths: { cells: number[]; kind: 'last' | 'hint' }[];
  /** Cells where hovering shows a translucent piece of `ghostPlayer` (the legal moves), or empty. */
  ghostCells: ReadonlySet<number>;
  ghostPlayer: number;
  /** The cells a click may choose (others are ignored); null when every cell may be clicked (Go marking). */
  clickable: ReadonlySet<number> | null;
  /** The most recent hop, animated one jump at a time (Chinese Checkers), or null. */
  animatePath: number[] | null;
}

/** The colours of players' pieces, by player index, per board style. */
export const PALETTES: Record<BoardStyle, readonly string[]> = {
  go: ['black', 'white'],
  gomoku: ['black', 'white'],
  reversi: ['black', 'white'],
  // Six clearly different marble colours (with letters on the pieces for colour-blind play).
  checkers: ['red', 'blue', 'green', 'yellow', 'purple', 'orange'],
};

/** Plain-data types of the match harness: what a move, a game and a run produce (all JSON-serialisable). */

/** What one engine move cost and what the engine thought of it. */
export interface MoveStat {
  /** Name of the player who moved. */
  player: string;
  /** Wall-clock time of the move as the harness measured it, ms. */
  timeMs: number;
  /** Alpha-beta depth or MCTS principal-variation length (0 when unknown). */
  depth: number;
  /** MCTS root visits (0 when unknown or alpha-beta). */
  visits: number;
  /** Nodes or playouts searched (0 when unknown). */
  nodes: number;
  /** The mover's estimated win rate, or null when the engine does not say. */
  winRate: number | null;
  /** Alpha-beta score in the game's units, or null. */
  score: number | null;
}

/** How a game ended, from the first player's (player A's) side: 1 win, 0.5 draw, 0 loss. */
export interface GameResult {
  /** Index of the game in the run (0-based). */
  index: number;
  /** Index of the opening used (games 2k and 2k+1 share opening k). */
  opening: number;
  /** Whether player A had the first move (Black). */
  aFirst: boolean;
  /** A's points: 1, 0.5 or 0. */
  scoreA: number;
  /** SGF-style result from the board's side ('B+3.5', 'W+R', '0', 'B+F' …). */
  result: string;
  /** Why it ended: "two passes", "five in a row", "white illegal move Z9: …", "black time-out" … */
  reason: string;
  /** Plies played (opening included). */
  plies: number;
  /** Wall-clock time of the game, ms. */
  timeMs: number;
  /** Moves in the game's notation. */
  moves: string[];
  /** Per ply: the engine's statistics (null for opening plies). */
  stats: (MoveStat | null)[];
  /** Path of the saved record, relative to the output folder. */
  file: string;
}

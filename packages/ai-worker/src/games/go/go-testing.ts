import { GoPosition, parseVertex } from '@qi/engine';

/** The point of a GTP vertex (e.g. "E5") on a position's board. */
export function vertexPoint(pos: GoPosition, vertex: string): number {
  const v = parseVertex(pos.size, vertex) as { col: number; row: number };
  return pos.point(v.col, v.row);
}

/**
 * A position of the reading tests: black and white stones set up at GTP vertices on a size x size board; `last`
 * (when given) is then played as a move by its colour, so that the position has a last move; then `toMove` is to
 * play (a pass hands over the move when needed).
 */
export function stonesPosition(
  black: readonly string[],
  white: readonly string[],
  toMove: 'black' | 'white',
  last?: readonly ['black' | 'white', string],
  size = 9,
): GoPosition {
  const pos = new GoPosition({ size });
  for (const [list, c] of [[black, 1], [white, 2]] as const) for (const v of list) pos.setup(vertexPoint(pos, v), c);
  if (last) {
    pos.setCurrentPlayer(last[0] === 'black' ? 0 : 1);
    pos.play(vertexPoint(pos, last[1]));
  }
  if (pos.currentPlayer() !== (toMove === 'black' ? 0 : 1)) pos.play(-1);
  return pos;
}

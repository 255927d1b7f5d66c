/**
 * The scoreboard's order, the one rule every board follows: highest score first, and among equal
 * scores the earliest first. The databases list it with `ORDER BY score_tenths DESC, id`; the
 * server's cached board (server/games/scoreboard.ts) and the client's live board (shared/live.ts)
 * insert a new friend where this says. A property test holds the SQL of both databases to it
 * (server/games/scoreboard-order.test.ts).
 */

/** The same order in SQL, over the responses table (its id grows with every stored response). */
export const SCOREBOARD_ORDER_SQL = 'score_tenths DESC, id';

/**
 * Where a new friend with `score` goes in a board already in order: after every friend with the
 * same or a higher score (they came earlier). Binary search, O(log n).
 */
export function scoreboardPosition<T>(board: readonly T[], score: number, scoreOf: (row: T) => number): number {
  let low = 0;
  let high = board.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (scoreOf(board[middle]) >= score) low = middle + 1;
    else high = middle;
  }
  return low;
}

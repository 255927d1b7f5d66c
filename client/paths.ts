/** The creator's view of one friend's answers beside their own. */
export function comparisonPath(gameId: string, playerID: string): string {
  return `/comparison/${encodeURIComponent(gameId)}/${encodeURIComponent(playerID)}`;
}

import type { PartyPlayer, PartyReveal } from '../../../../shared/party.js';

/** Ranks by points, shared on a tie (1, 2, 2, 4), by playerID. */
export function ranksOf(points: ReadonlyMap<string, number>): Map<string, number> {
  const sorted = [...points].sort((a, b) => b[1] - a[1]);
  const ranks = new Map<string, number>();
  sorted.forEach(([playerID, got], index) => {
    const before = sorted[index - 1];
    ranks.set(playerID, before && before[1] === got ? (ranks.get(before[0]) ?? index + 1) : index + 1);
  });
  return ranks;
}

export interface Standing {
  player: PartyPlayer;
  rank: number;
  /** Places gained this round (negative: lost), from the points before this round's reveal. */
  change: number;
  /** This round's points. */
  gained: number;
}

/**
 * The standings after a round with each player's rank change: the points before the round are
 * today's minus the round's (the reveal carries each guess's points), so no history is needed.
 */
export function standingsOf(players: readonly PartyPlayer[], reveal: PartyReveal | null): Standing[] {
  const gained = new Map((reveal?.answers ?? []).map((answer) => [answer.playerID, answer.points]));
  const now = ranksOf(new Map(players.map((player) => [player.playerID, player.points])));
  const before = ranksOf(
    new Map(
      players.map((player) => [
        player.playerID,
        Math.round((player.points - (gained.get(player.playerID) ?? 0)) * 10) / 10,
      ]),
    ),
  );
  // Everyone level before this round (the first round): a place gained or lost means nothing yet.
  const level = new Set(before.values()).size <= 1;
  return players
    .map((player) => {
      const rank = now.get(player.playerID) ?? players.length;
      return {
        player,
        rank,
        change: level ? 0 : (before.get(player.playerID) ?? rank) - rank,
        gained: gained.get(player.playerID) ?? 0,
      };
    })
    .sort((a, b) => a.rank - b.rank);
}

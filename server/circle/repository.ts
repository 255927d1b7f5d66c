import type { NetworkPlay } from './bursts.js';
import type { CircleFriend } from './circle-index.js';

/**
 * What the friends' circle reads from the database: friends of a game with their answers. Removed
 * friends are never read (`removed_at IS NULL`), so they appear nowhere in the circle. Implemented
 * once per database, beside the games repository it reads the same tables as.
 */
export interface CircleRepository {
  /** A game's friends, in the order they played. */
  listFriends(gameId: string): Promise<CircleFriend[]>;
  /** One friend by their public id; undefined if there is none or they were removed. */
  findFriend(gameId: string, publicId: string): Promise<CircleFriend | undefined>;
  /** Every stored play of the game with its network (a hash), removed ones included: for the creator's burst flag. */
  listNetworkPlays(gameId: string): Promise<NetworkPlay[]>;
}

/** A response_networks row as every database stores it. */
export interface NetworkPlayRow {
  network: string;
  public_id: string;
  created_at: number;
}

export const networkPlayFromRow = (row: NetworkPlayRow): NetworkPlay => ({
  network: row.network,
  publicId: row.public_id,
  createdAt: Number(row.created_at),
});

/** A friend row as every database stores it (answers as JSON text). */
export interface FriendRow {
  public_id: string;
  player_name: string;
  answers: string;
}

export const friendFromRow = (row: FriendRow & { network?: string | null }): CircleFriend => ({
  publicId: row.public_id,
  name: row.player_name,
  answers: JSON.parse(row.answers) as number[],
  ...(row.network ? { network: row.network } : {}),
});

/** Friends with the network each played from (listNetworkPlays), matched by public id. */
export function withNetworks(friends: CircleFriend[], plays: readonly NetworkPlay[]): CircleFriend[] {
  if (plays.length === 0) return friends;
  const networks = new Map(plays.map((play) => [play.publicId, play.network]));
  for (const friend of friends) {
    const network = networks.get(friend.publicId);
    if (network !== undefined) friend.network = network;
  }
  return friends;
}

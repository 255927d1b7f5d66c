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
}

/** A friend row as every database stores it (answers as JSON text). */
export interface FriendRow {
  public_id: string;
  player_name: string;
  answers: string;
}

export const friendFromRow = (row: FriendRow): CircleFriend => ({
  publicId: row.public_id,
  name: row.player_name,
  answers: JSON.parse(row.answers) as number[],
});

import type { Db } from '../db/database.js';
import {
  type CircleRepository,
  type FriendRow,
  friendFromRow,
  type NetworkPlayRow,
  networkPlayFromRow,
  withNetworks,
} from './repository.js';

export function sqliteCircleRepository(db: Db): CircleRepository {
  const selectFriends = db.prepare<[string], FriendRow>(
    'SELECT public_id, player_name, answers FROM responses WHERE game_id = ? AND removed_at IS NULL ORDER BY id',
  );
  const selectFriend = db.prepare<[string, string], FriendRow & { network: string | null }>(
    `SELECT r.public_id, r.player_name, r.answers, n.network FROM responses r
     LEFT JOIN response_networks n ON n.game_id = r.game_id AND n.public_id = r.public_id
     WHERE r.game_id = ? AND r.public_id = ? AND r.removed_at IS NULL`,
  );
  const selectNetworkPlays = db.prepare<[string], NetworkPlayRow>(
    'SELECT network, public_id, created_at FROM response_networks WHERE game_id = ?',
  );
  return {
    async listNetworkPlays(gameId) {
      return selectNetworkPlays.all(gameId).map(networkPlayFromRow);
    },
    async listFriends(gameId) {
      return withNetworks(
        selectFriends.all(gameId).map(friendFromRow),
        selectNetworkPlays.all(gameId).map(networkPlayFromRow),
      );
    },
    async findFriend(gameId, publicId) {
      const row = selectFriend.get(gameId, publicId);
      return row && friendFromRow(row);
    },
  };
}

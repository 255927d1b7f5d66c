import type { Db } from '../db/database.js';
import {
  type CircleRepository,
  type FriendRow,
  friendFromRow,
  type NetworkPlayRow,
  networkPlayFromRow,
} from './repository.js';

export function sqliteCircleRepository(db: Db): CircleRepository {
  const selectFriends = db.prepare<[string], FriendRow>(
    'SELECT public_id, player_name, answers FROM responses WHERE game_id = ? AND removed_at IS NULL ORDER BY id',
  );
  const selectFriend = db.prepare<[string, string], FriendRow>(
    'SELECT public_id, player_name, answers FROM responses WHERE game_id = ? AND public_id = ? AND removed_at IS NULL',
  );
  const selectNetworkPlays = db.prepare<[string], NetworkPlayRow>(
    'SELECT network, public_id, created_at FROM response_networks WHERE game_id = ?',
  );
  return {
    async listNetworkPlays(gameId) {
      return selectNetworkPlays.all(gameId).map(networkPlayFromRow);
    },
    async listFriends(gameId) {
      return selectFriends.all(gameId).map(friendFromRow);
    },
    async findFriend(gameId, publicId) {
      const row = selectFriend.get(gameId, publicId);
      return row && friendFromRow(row);
    },
  };
}

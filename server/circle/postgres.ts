import type { Pool } from '../db/postgres.js';
import {
  type CircleRepository,
  type FriendRow,
  friendFromRow,
  type NetworkPlayRow,
  networkPlayFromRow,
  withNetworks,
} from './repository.js';

/** The same queries as the SQLite repository's, named so that each pooled connection prepares them once. */
const sql = {
  selectFriends: `SELECT public_id, player_name, answers FROM responses WHERE game_id = $1 AND removed_at IS NULL
    ORDER BY id`,
  selectFriend: `SELECT r.public_id, r.player_name, r.answers, n.network FROM responses r
    LEFT JOIN response_networks n ON n.game_id = r.game_id AND n.public_id = r.public_id
    WHERE r.game_id = $1 AND r.public_id = $2 AND r.removed_at IS NULL`,
  selectNetworkPlays: 'SELECT network, public_id, created_at FROM response_networks WHERE game_id = $1',
} as const;

const query = (name: keyof typeof sql, values: unknown[]) => ({ name: `circle-${name}`, text: sql[name], values });

export function postgresCircleRepository(pool: Pool): CircleRepository {
  return {
    async listNetworkPlays(gameId) {
      const { rows } = await pool.query<NetworkPlayRow>(query('selectNetworkPlays', [gameId]));
      return rows.map(networkPlayFromRow);
    },
    async listFriends(gameId) {
      const [friends, networks] = await Promise.all([
        pool.query<FriendRow>(query('selectFriends', [gameId])),
        pool.query<NetworkPlayRow>(query('selectNetworkPlays', [gameId])),
      ]);
      return withNetworks(friends.rows.map(friendFromRow), networks.rows.map(networkPlayFromRow));
    },
    async findFriend(gameId, publicId) {
      const { rows } = await pool.query<FriendRow & { network: string | null }>(
        query('selectFriend', [gameId, publicId]),
      );
      return rows[0] && friendFromRow(rows[0]);
    },
  };
}

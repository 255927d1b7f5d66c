import type { Pool } from '../db/postgres.js';
import {
  type CircleRepository,
  type FriendRow,
  friendFromRow,
  type NetworkPlayRow,
  networkPlayFromRow,
} from './repository.js';

/** The same queries as the SQLite repository's, named so that each pooled connection prepares them once. */
const sql = {
  selectFriends: `SELECT public_id, player_name, answers FROM responses WHERE game_id = $1 AND removed_at IS NULL
    ORDER BY id`,
  selectFriend: `SELECT public_id, player_name, answers FROM responses
    WHERE game_id = $1 AND public_id = $2 AND removed_at IS NULL`,
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
      const { rows } = await pool.query<FriendRow>(query('selectFriends', [gameId]));
      return rows.map(friendFromRow);
    },
    async findFriend(gameId, publicId) {
      const { rows } = await pool.query<FriendRow>(query('selectFriend', [gameId, publicId]));
      return rows[0] && friendFromRow(rows[0]);
    },
  };
}

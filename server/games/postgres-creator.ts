import type { Edition } from '../../shared/product.js';
import type { Pool } from '../db/postgres.js';
import { announcingTransaction } from '../events/postgres-announce.js';
import type { PostgresEventBus } from '../events/postgres-bus.js';
import type { GameRepository } from './repository.js';

type CreatorControls = Pick<
  GameRepository,
  'removePlayer' | 'deleteGame' | 'deleteGamesCreatedBefore' | 'listGamesOf' | 'setCreatorKeyHash' | 'claimGame'
>;

interface SummaryRow {
  id: string;
  edition: Edition;
  creator_name: string;
  /** BIGINT and count(*): numbers through the INT8 parser of db/postgres.ts. */
  created_at: number;
  players: number;
}

/** The creator controls' statements; the same queries as sqlite-creator.ts. */
const sql = {
  markRemoved: 'UPDATE responses SET removed_at = $1 WHERE game_id = $2 AND public_id = $3 AND removed_at IS NULL',
  // Responses, questions and co-creators go with the game (ON DELETE CASCADE).
  deleteGame: 'DELETE FROM games WHERE id = $1',
  deleteOldGames: 'DELETE FROM games WHERE created_at < $1 RETURNING id',
  // Ids compare byte by byte (COLLATE "C"), as SQLite does, whatever the database's collation.
  selectGamesOf: `SELECT g.id, g.edition, g.creator_name, g.created_at,
      (SELECT count(*) FROM responses r WHERE r.game_id = g.id AND r.removed_at IS NULL) AS players
    FROM games g
    WHERE g.id IN (SELECT id FROM games WHERE creator_user_id = $1
                   UNION SELECT game_id FROM game_creators WHERE user_id = $1)
    ORDER BY g.created_at DESC, g.id COLLATE "C"
    LIMIT $2`,
  updateKeyHash: 'UPDATE games SET creator_key_hash = $1 WHERE id = $2',
  // Inserts only when the key matches.
  insertCreator: `INSERT INTO game_creators (game_id, user_id, created_at)
    SELECT id, $1, $2 FROM games WHERE id = $3 AND creator_key_hash = $4
    ON CONFLICT (game_id, user_id) DO NOTHING`,
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `creator-${name}`, text: sql[name], values });

/**
 * The creator controls and the data's lifecycle, in PostgreSQL. Each announcing write notifies
 * inside its transaction, so the event goes out exactly when (and only if) the write commits, and
 * returns once this instance has delivered it.
 */
export function postgresCreatorControls(pool: Pool, bus: PostgresEventBus): CreatorControls {
  return {
    async removePlayer(gameId, publicId) {
      return announcingTransaction(pool, bus, async (client, announce) => {
        const { rowCount } = await client.query(query('markRemoved', [Date.now(), gameId, publicId]));
        if (!rowCount) return false;
        await announce(gameId, { type: 'removed', playerID: publicId });
        return true;
      });
    },

    async deleteGame(id) {
      return announcingTransaction(pool, bus, async (client, announce) => {
        const { rowCount } = await client.query(query('deleteGame', [id]));
        if (!rowCount) return false;
        await announce(id, { type: 'deleted' });
        return true;
      });
    },

    async deleteGamesCreatedBefore(cutoff) {
      return announcingTransaction(pool, bus, async (client, announce) => {
        const { rows } = await client.query<{ id: string }>(query('deleteOldGames', [cutoff]));
        for (const { id } of rows) await announce(id, { type: 'deleted' });
        return rows.length;
      });
    },

    async listGamesOf(userId, limit) {
      const { rows } = await pool.query<SummaryRow>(query('selectGamesOf', [userId, limit]));
      return rows.map((row) => ({
        id: row.id,
        edition: row.edition,
        creatorName: row.creator_name,
        createdAt: row.created_at,
        players: row.players,
      }));
    },

    async setCreatorKeyHash(gameId, keyHash) {
      await pool.query(query('updateKeyHash', [keyHash, gameId]));
    },

    async claimGame(gameId, keyHash, userId) {
      // Every instance's cache of this game's creators must hear of the new one.
      return announcingTransaction(pool, bus, async (client, announce) => {
        const { rowCount } = await client.query(query('insertCreator', [userId, Date.now(), gameId, keyHash]));
        if (!rowCount) return false;
        await announce(gameId, { type: 'creators' });
        return true;
      });
    },
  };
}

import { BatchedCalls } from '../db/batched-calls.js';
import type { Pool } from '../db/postgres.js';
import { inTransaction } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import { type ClaimResult, type CreatorControls, type SummaryRow, summaryFromRow } from './repository.js';

/** The creator controls' statements; the same queries as sqlite-creator.ts. */
const sql = {
  markRemoved: 'UPDATE responses SET removed_at = $1 WHERE game_id = $2 AND public_id = $3 AND removed_at IS NULL',
  // A friend who has not finished: their play is kept, marked, so that they store no more rounds.
  // Removing a friend removes their note (server/notes/).
  deleteNote: 'DELETE FROM game_notes WHERE game_id = $1 AND public_id = $2',
  markPlayRemoved: 'UPDATE plays SET removed_at = $1 WHERE game_id = $2 AND public_id = $3 AND removed_at IS NULL',
  // Responses, questions and co-creators go with the game (ON DELETE CASCADE).
  deleteGame: 'DELETE FROM games WHERE id = $1',
  // Oldest first by the games_by_age index, so each batch reads only the rows it deletes.
  deleteOldGames: `DELETE FROM games WHERE id IN (SELECT id FROM games WHERE created_at < $1 ORDER BY created_at LIMIT $2)
    RETURNING id`,
  // Ids compare byte by byte (COLLATE "C"), as SQLite does, whatever the database's collation.
  selectGamesOf: `SELECT g.id, g.edition, g.mode, g.creator_name, g.created_at,
      (SELECT count(*) FROM responses r WHERE r.game_id = g.id AND r.removed_at IS NULL) AS players
    FROM games g
    WHERE g.id IN (SELECT id FROM games WHERE creator_user_id = $1
                   UNION SELECT game_id FROM game_creators WHERE user_id = $1)
    ORDER BY g.created_at DESC, g.id COLLATE "C"
    LIMIT $2`,
  updateKeyHash: 'UPDATE games SET creator_key_hash = $1 WHERE id = $2',
  // By primary key (game_id, user_id): one index look-up, whatever the number of co-creators.
  selectCoCreator: 'SELECT 1 FROM game_creators WHERE game_id = $1 AND user_id = $2',
  // The same for a batch of (game, user) pairs: the positions (from 1) of those that are co-creators.
  selectCoCreators: `SELECT n FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q (game_id, user_id, n)
    WHERE EXISTS (SELECT 1 FROM game_creators c WHERE c.game_id = q.game_id AND c.user_id = q.user_id)`,
  // Locks the game row: claims of one game are decided one at a time, on every instance, so the
  // count below cannot be overtaken before this transaction ends.
  lockKeyHash: 'SELECT creator_key_hash FROM games WHERE id = $1 FOR UPDATE',
  // Counts no further than the cap: a game that already has more (from before the cap) costs no more.
  countCoCreators: 'SELECT count(*) AS count FROM (SELECT 1 FROM game_creators WHERE game_id = $1 LIMIT $2) AS c',
  insertCreator: 'INSERT INTO game_creators (game_id, user_id, created_at) VALUES ($1, $2, $3)',
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `creator-${name}`, text: sql[name], values });

/**
 * The creator controls and the data's lifecycle, in PostgreSQL. Each announcing write goes
 * through the announcer, so the event goes out exactly when (and only if) the write commits, and
 * returns once this instance has delivered it.
 */
export function postgresCreatorControls(pool: Pool, announcer: CommitAnnouncer): CreatorControls {
  // Every log-response asks (is the player a co-creator?): the questions of one turn go in one query.
  const coCreators = new BatchedCalls<readonly [string, string], boolean>(
    async (pairs) => {
      const { rows } = await pool.query<{ n: number }>(
        query('selectCoCreators', [pairs.map(([gameId]) => gameId), pairs.map(([, userId]) => userId)]),
      );
      const found = new Set(rows.map((row) => Number(row.n)));
      return pairs.map((_, i) => found.has(i + 1));
    },
    { concurrency: 4 },
  );
  return {
    async removePlayer(gameId, publicId) {
      return announcer.transaction(pool, async (client, announce) => {
        const values = [Date.now(), gameId, publicId];
        const { rowCount } = await client.query(query('markRemoved', values));
        if (!rowCount && !(await client.query(query('markPlayRemoved', values))).rowCount) return false;
        await client.query(query('deleteNote', [gameId, publicId]));
        await announce(gameId, { type: 'removed', playerID: publicId });
        return true;
      });
    },

    async deleteGame(id) {
      return announcer.transaction(pool, async (client, announce) => {
        const { rowCount } = await client.query(query('deleteGame', [id]));
        if (!rowCount) return false;
        await announce(id, { type: 'deleted' });
        return true;
      });
    },

    async deleteGamesCreatedBefore(cutoff, limit) {
      return announcer.transaction(pool, async (client, announce) => {
        const { rows } = await client.query<{ id: string }>(query('deleteOldGames', [cutoff, limit]));
        for (const { id } of rows) await announce(id, { type: 'deleted' });
        return rows.length;
      });
    },

    async listGamesOf(userId, limit) {
      const { rows } = await pool.query<SummaryRow>(query('selectGamesOf', [userId, limit]));
      return rows.map(summaryFromRow);
    },

    async setCreatorKeyHash(gameId, keyHash) {
      await pool.query(query('updateKeyHash', [keyHash, gameId]));
    },

    async isCoCreator(gameId, userId) {
      return coCreators.run([gameId, userId]);
    },

    async claimGame(gameId, keyHash, userId, maxCoCreators) {
      return inTransaction<ClaimResult>(pool, async (client) => {
        const { rows } = await client.query<{ creator_key_hash: string | null }>(query('lockKeyHash', [gameId]));
        if ((await client.query(query('selectCoCreator', [gameId, userId]))).rowCount) return 'creator';
        if (rows[0]?.creator_key_hash !== keyHash) return 'wrong-key';
        const { rows: counted } = await client.query<{ count: number }>(
          query('countCoCreators', [gameId, maxCoCreators]),
        );
        if (counted[0].count >= maxCoCreators) return 'full';
        await client.query(query('insertCreator', [gameId, userId, Date.now()]));
        return 'claimed';
      });
    },
  };
}

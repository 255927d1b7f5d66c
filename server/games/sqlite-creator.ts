import type { Edition } from '../../shared/product.js';
import type { Db } from '../db/database.js';
import type { GameEventBus } from '../events/bus.js';
import type { GameRepository } from './repository.js';

type CreatorControls = Pick<
  GameRepository,
  'removePlayer' | 'deleteGame' | 'deleteGamesCreatedBefore' | 'listGamesOf' | 'setCreatorKeyHash' | 'claimGame'
>;

interface SummaryRow {
  id: string;
  edition: Edition;
  creator_name: string;
  created_at: number;
  players: number;
}

/** The creator controls and the data's lifecycle, in SQLite. Events follow the (synchronous) commit. */
export function sqliteCreatorControls(db: Db, bus: GameEventBus): CreatorControls {
  const markRemoved = db.prepare(
    'UPDATE responses SET removed_at = ? WHERE game_id = ? AND public_id = ? AND removed_at IS NULL',
  );
  // Responses, questions and co-creators go with the game (ON DELETE CASCADE).
  const deleteGame = db.prepare('DELETE FROM games WHERE id = ?');
  const deleteOldGames = db.prepare<[number], { id: string }>('DELETE FROM games WHERE created_at < ? RETURNING id');
  const selectGamesOf = db.prepare<[string, string, number], SummaryRow>(
    `SELECT g.id, g.edition, g.creator_name, g.created_at,
       (SELECT count(*) FROM responses r WHERE r.game_id = g.id AND r.removed_at IS NULL) AS players
     FROM games g
     WHERE g.id IN (SELECT id FROM games WHERE creator_user_id = ?
                    UNION SELECT game_id FROM game_creators WHERE user_id = ?)
     ORDER BY g.created_at DESC, g.id
     LIMIT ?`,
  );
  const updateKeyHash = db.prepare('UPDATE games SET creator_key_hash = ? WHERE id = ?');
  // Inserts only when the key matches; the WHERE also settles SQLite's INSERT … SELECT … ON CONFLICT parsing.
  const insertCreator = db.prepare(
    `INSERT INTO game_creators (game_id, user_id, created_at)
     SELECT id, ?, ? FROM games WHERE id = ? AND creator_key_hash = ?
     ON CONFLICT (game_id, user_id) DO NOTHING`,
  );

  return {
    async removePlayer(gameId, publicId) {
      const { changes } = markRemoved.run(Date.now(), gameId, publicId);
      if (changes === 0) return false;
      bus.publish(gameId, { type: 'removed', playerID: publicId });
      return true;
    },

    async deleteGame(id) {
      const { changes } = deleteGame.run(id);
      if (changes === 0) return false;
      bus.publish(id, { type: 'deleted' });
      return true;
    },

    async deleteGamesCreatedBefore(cutoff) {
      const deleted = deleteOldGames.all(cutoff);
      for (const { id } of deleted) bus.publish(id, { type: 'deleted' });
      return deleted.length;
    },

    async listGamesOf(userId, limit) {
      return selectGamesOf.all(userId, userId, limit).map((row) => ({
        id: row.id,
        edition: row.edition,
        creatorName: row.creator_name,
        createdAt: row.created_at,
        players: row.players,
      }));
    },

    async setCreatorKeyHash(gameId, keyHash) {
      updateKeyHash.run(keyHash, gameId);
    },

    async claimGame(gameId, keyHash, userId) {
      if (insertCreator.run(userId, Date.now(), gameId, keyHash).changes === 0) return false;
      bus.publish(gameId, { type: 'creators' });
      return true;
    },
  };
}

import type { Db } from '../db/database.js';
import type { GameEventBus } from '../events/bus.js';
import { type ClaimResult, type CreatorControls, type SummaryRow, summaryFromRow } from './repository.js';

/**
 * Whether a user is one of a game's co-creators (opened its creator link): by primary key
 * (game_id, user_id), one index look-up whatever the number of co-creators. Also asked inside the
 * writes of rounds and responses, which refuse co-creators.
 */
export const coCreatorLookup = (db: Db) =>
  db.prepare<[string, string], number>('SELECT 1 FROM game_creators WHERE game_id = ? AND user_id = ?');

/** The creator controls and the data's lifecycle, in SQLite. Events follow the (synchronous) commit. */
export function sqliteCreatorControls(db: Db, bus: GameEventBus): CreatorControls {
  const markRemoved = db.prepare(
    'UPDATE responses SET removed_at = ? WHERE game_id = ? AND public_id = ? AND removed_at IS NULL',
  );
  // A friend who has not finished: their play is kept, marked, so that they store no more rounds.
  const markPlayRemoved = db.prepare(
    'UPDATE plays SET removed_at = ? WHERE game_id = ? AND public_id = ? AND removed_at IS NULL',
  );
  // Removing a friend removes their note (server/notes/).
  const deleteNote = db.prepare('DELETE FROM game_notes WHERE game_id = ? AND public_id = ?');
  // Responses, questions and co-creators go with the game (ON DELETE CASCADE).
  const deleteGame = db.prepare('DELETE FROM games WHERE id = ?');
  // Oldest first by the games_by_age index, so each batch reads only the rows it deletes.
  const deleteOldGames = db.prepare<[number, number], { id: string }>(
    'DELETE FROM games WHERE id IN (SELECT id FROM games WHERE created_at < ? ORDER BY created_at LIMIT ?) RETURNING id',
  );
  const selectGamesOf = db.prepare<[string, string, number], SummaryRow>(
    `SELECT g.id, g.edition, g.mode, g.creator_name, g.created_at,
       (SELECT count(*) FROM responses r WHERE r.game_id = g.id AND r.removed_at IS NULL) AS players
     FROM games g
     WHERE g.id IN (SELECT id FROM games WHERE creator_user_id = ?
                    UNION SELECT game_id FROM game_creators WHERE user_id = ?)
     ORDER BY g.created_at DESC, g.id
     LIMIT ?`,
  );
  const updateKeyHash = db.prepare('UPDATE games SET creator_key_hash = ? WHERE id = ?');
  const selectCoCreator = coCreatorLookup(db);
  const selectKeyMatches = db.prepare<[string, string], number>(
    'SELECT 1 FROM games WHERE id = ? AND creator_key_hash = ?',
  );
  // Counts no further than the cap: a game that already has more (from before the cap) costs no more.
  const countCoCreators = db
    .prepare<[string, number], number>('SELECT count(*) FROM (SELECT 1 FROM game_creators WHERE game_id = ? LIMIT ?)')
    .pluck();
  const insertCreator = db.prepare('INSERT INTO game_creators (game_id, user_id, created_at) VALUES (?, ?, ?)');
  // IMMEDIATE: takes the write lock before the count, so no other connection to the file claims in between.
  const claim = db.transaction((gameId: string, keyHash: string, userId: string, max: number): ClaimResult => {
    if (selectCoCreator.get(gameId, userId)) return 'creator';
    if (!selectKeyMatches.get(gameId, keyHash)) return 'wrong-key';
    if ((countCoCreators.get(gameId, max) ?? 0) >= max) return 'full';
    insertCreator.run(gameId, userId, Date.now());
    return 'claimed';
  });

  return {
    async removePlayer(gameId, publicId) {
      const now = Date.now();
      const { changes } = markRemoved.run(now, gameId, publicId);
      if (changes === 0 && markPlayRemoved.run(now, gameId, publicId).changes === 0) return false;
      deleteNote.run(gameId, publicId);
      bus.publish(gameId, { type: 'removed', playerID: publicId });
      return true;
    },

    async deleteGame(id) {
      const { changes } = deleteGame.run(id);
      if (changes === 0) return false;
      bus.publish(id, { type: 'deleted' });
      return true;
    },

    async deleteGamesCreatedBefore(cutoff, limit) {
      const deleted = deleteOldGames.all(cutoff, limit);
      for (const { id } of deleted) bus.publish(id, { type: 'deleted' });
      return deleted.length;
    },

    async listGamesOf(userId, limit) {
      return selectGamesOf.all(userId, userId, limit).map(summaryFromRow);
    },

    async setCreatorKeyHash(gameId, keyHash) {
      updateKeyHash.run(keyHash, gameId);
    },

    async isCoCreator(gameId, userId) {
      return selectCoCreator.get(gameId, userId) !== undefined;
    },

    async claimGame(gameId, keyHash, userId, maxCoCreators) {
      return claim.immediate(gameId, keyHash, userId, maxCoCreators);
    },
  };
}

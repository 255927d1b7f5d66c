import type { Db } from '../db/database.js';
import type { GameEventBus } from '../events/bus.js';
import { REPLIES_PER_FRIEND, type ReplyRepository, type ReplyRow, replyFromRow } from './repository.js';

/** Replies in SQLite; this process is the bus, so an event is published once the statement has committed. */
export function sqliteReplyRepository(db: Db, bus: GameEventBus): ReplyRepository {
  const selectPlayer = db.prepare<[string, string], { public_id: string }>(
    'SELECT public_id FROM responses WHERE game_id = ? AND player_user_id = ? AND removed_at IS NULL',
  );
  // Counts no further than the cap, through the game's replies (the primary key's game_id).
  const count = db
    .prepare<[string, string, number], number>(
      'SELECT count(*) FROM (SELECT 1 FROM game_replies WHERE game_id = ? AND public_id = ? LIMIT ?)',
    )
    .pluck();
  // Stored only while the friend is on the board (which also means the game exists) and under the cap.
  const insert = db.prepare<[string, string, string, number, string, string, string, string, string, number]>(
    `INSERT OR IGNORE INTO game_replies (game_id, reply_game_id, public_id, created_at)
     SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM responses WHERE game_id = ? AND public_id = ? AND removed_at IS NULL)
       AND EXISTS (SELECT 1 FROM games WHERE id = ?)
       AND (SELECT count(*) FROM game_replies WHERE game_id = ? AND public_id = ?) < ?`,
  );
  const select = db.prepare<[string], ReplyRow>(
    `SELECT r.public_id, p.player_name, r.reply_game_id FROM game_replies r
     JOIN responses p ON p.game_id = r.game_id AND p.public_id = r.public_id AND p.removed_at IS NULL
     WHERE r.game_id = ? ORDER BY r.created_at, r.reply_game_id`,
  );
  return {
    async playerOf(gameId, playerUserId) {
      return selectPlayer.get(gameId, playerUserId)?.public_id;
    },
    async repliesLeft(gameId, playerID) {
      return REPLIES_PER_FRIEND - (count.get(gameId, playerID, REPLIES_PER_FRIEND) ?? 0);
    },
    async addReply(gameId, playerID, replyGameId) {
      const { changes } = insert.run(
        gameId,
        replyGameId,
        playerID,
        Date.now(),
        gameId,
        playerID,
        replyGameId,
        gameId,
        playerID,
        REPLIES_PER_FRIEND,
      );
      if (changes === 0) return false;
      bus.publish(gameId, { type: 'reply', playerID, gameId: replyGameId });
      return true;
    },
    async listReplies(gameId) {
      return select.all(gameId).map(replyFromRow);
    },
  };
}

import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import { REPLIES_PER_FRIEND, type ReplyRepository, type ReplyRow, replyFromRow } from './repository.js';

/** Replies' statements; the same queries as sqlite.ts. */
const sql = {
  selectPlayer: 'SELECT public_id FROM responses WHERE game_id = $1 AND player_user_id = $2 AND removed_at IS NULL',
  count:
    'SELECT count(*)::int AS count FROM (SELECT 1 FROM game_replies WHERE game_id = $1 AND public_id = $2 LIMIT $3) r',
  // The friend's response row is locked first: two replies of one friend at once count one after the other.
  lockPlayer: 'SELECT 1 FROM responses WHERE game_id = $1 AND public_id = $2 AND removed_at IS NULL FOR NO KEY UPDATE',
  insert: `INSERT INTO game_replies (game_id, reply_game_id, public_id, created_at)
    SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM responses WHERE game_id = $1 AND public_id = $3 AND removed_at IS NULL)
      AND EXISTS (SELECT 1 FROM games WHERE id = $2)
      AND (SELECT count(*) FROM game_replies WHERE game_id = $1 AND public_id = $3) < $5
    ON CONFLICT (game_id, reply_game_id) DO NOTHING`,
  select: `SELECT r.public_id, p.player_name, r.reply_game_id FROM game_replies r
    JOIN responses p ON p.game_id = r.game_id AND p.public_id = r.public_id AND p.removed_at IS NULL
    WHERE r.game_id = $1 ORDER BY r.created_at, r.reply_game_id`,
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `replies-${name}`, text: sql[name], values });

/** Replies in PostgreSQL: stored and announced in one transaction, so every instance hears a stored reply only. */
export function postgresReplyRepository(pool: Pool, announcer: CommitAnnouncer): ReplyRepository {
  return {
    async playerOf(gameId, playerUserId) {
      const { rows } = await pool.query<{ public_id: string }>(query('selectPlayer', [gameId, playerUserId]));
      return rows[0]?.public_id;
    },
    async repliesLeft(gameId, playerID) {
      const { rows } = await pool.query<{ count: number }>(query('count', [gameId, playerID, REPLIES_PER_FRIEND]));
      return REPLIES_PER_FRIEND - rows[0].count;
    },
    addReply(gameId, playerID, replyGameId) {
      return announcer.transaction(pool, async (client, announce) => {
        await client.query(query('lockPlayer', [gameId, playerID]));
        const { rowCount } = await client.query(
          query('insert', [gameId, replyGameId, playerID, Date.now(), REPLIES_PER_FRIEND]),
        );
        if (!rowCount) return false;
        await announce(gameId, { type: 'reply', playerID, gameId: replyGameId });
        return true;
      });
    },
    async listReplies(gameId) {
      const { rows } = await pool.query<ReplyRow>(query('select', [gameId]));
      return rows.map(replyFromRow);
    },
  };
}

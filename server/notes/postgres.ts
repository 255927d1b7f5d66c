import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import { type NoteRepository, type NoteRow, noteFromRow } from './repository.js';

/** Notes' statements; the same queries as sqlite.ts. */
const sql = {
  // The friend's response row is locked: a removal at the same moment runs before or after, never between.
  selectPlayer: `SELECT public_id, player_name FROM responses
    WHERE game_id = $1 AND player_user_id = $2 AND removed_at IS NULL FOR NO KEY UPDATE`,
  insert: `INSERT INTO game_notes (game_id, public_id, reaction, note, created_at) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (game_id, public_id) DO NOTHING`,
  select: `SELECT n.public_id, p.player_name, n.reaction, n.note, n.created_at FROM game_notes n
    JOIN responses p ON p.game_id = n.game_id AND p.public_id = n.public_id AND p.removed_at IS NULL
    WHERE n.game_id = $1 ORDER BY n.created_at, n.public_id COLLATE "C"`,
  remove: 'DELETE FROM game_notes WHERE game_id = $1 AND public_id = $2',
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `notes-${name}`, text: sql[name], values });

/** Notes in PostgreSQL: stored and announced in one transaction, so every instance hears a stored note only. */
export function postgresNoteRepository(pool: Pool, announcer: CommitAnnouncer): NoteRepository {
  return {
    leave({ gameId, playerUserId, reaction, note }) {
      return announcer.transaction(pool, async (client, announce) => {
        const { rows } = await client.query<{ public_id: string; player_name: string }>(
          query('selectPlayer', [gameId, playerUserId]),
        );
        const player = rows[0];
        if (!player) return { status: 'not-played' as const };
        const { rowCount } = await client.query(
          query('insert', [gameId, player.public_id, reaction ?? null, note ?? null, Date.now()]),
        );
        if (!rowCount) return { status: 'left' as const };
        await announce(gameId, { type: 'note', playerID: player.public_id });
        return { status: 'stored' as const, playerID: player.public_id, playerName: player.player_name };
      });
    },
    async list(gameId) {
      const { rows } = await pool.query<NoteRow>(query('select', [gameId]));
      return rows.map(noteFromRow);
    },
    async remove(gameId, playerID) {
      const { rowCount } = await pool.query(query('remove', [gameId, playerID]));
      return (rowCount ?? 0) > 0;
    },
  };
}

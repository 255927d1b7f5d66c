import type { Db } from '../db/database.js';
import type { GameEventBus } from '../events/bus.js';
import { type NoteRepository, type NoteRow, noteFromRow } from './repository.js';

/** Notes in SQLite; this process is the bus, so `note` is published once the statement has committed. */
export function sqliteNoteRepository(db: Db, bus: GameEventBus): NoteRepository {
  const selectPlayer = db.prepare<[string, string], { public_id: string; player_name: string }>(
    'SELECT public_id, player_name FROM responses WHERE game_id = ? AND player_user_id = ? AND removed_at IS NULL',
  );
  const insert = db.prepare<[string, string, string | null, string | null, number]>(
    `INSERT INTO game_notes (game_id, public_id, reaction, note, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (game_id, public_id) DO NOTHING`,
  );
  const select = db.prepare<[string], NoteRow>(
    `SELECT n.public_id, p.player_name, n.reaction, n.note, n.created_at FROM game_notes n
     JOIN responses p ON p.game_id = n.game_id AND p.public_id = n.public_id AND p.removed_at IS NULL
     WHERE n.game_id = ? ORDER BY n.created_at, n.public_id`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM game_notes WHERE game_id = ? AND public_id = ?');
  // One transaction: the friend is read on the board and the note stored against the same state.
  const leave = db.transaction((gameId: string, playerUserId: string, reaction: string | null, note: string | null) => {
    const player = selectPlayer.get(gameId, playerUserId);
    if (!player) return { status: 'not-played' as const };
    if (insert.run(gameId, player.public_id, reaction, note, Date.now()).changes === 0) {
      return { status: 'left' as const };
    }
    return { status: 'stored' as const, playerID: player.public_id, playerName: player.player_name };
  });
  return {
    async leave({ gameId, playerUserId, reaction, note }) {
      const result = leave(gameId, playerUserId, reaction ?? null, note ?? null);
      if (result.status === 'stored') bus.publish(gameId, { type: 'note', playerID: result.playerID });
      return result;
    },
    async list(gameId) {
      return select.all(gameId).map(noteFromRow);
    },
    async remove(gameId, playerID) {
      return remove.run(gameId, playerID).changes > 0;
    },
  };
}

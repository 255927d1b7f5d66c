import type { Db } from '../db/database.js';
import { type AddResponseResult, type NewResponse, playerOf, responseValues } from './repository.js';

/** One friend's response to store, and the game's cap (MAX_PLAYERS_PER_GAME). */
export interface ResponseWrite {
  response: NewResponse;
  maxPlayers: number;
}

/**
 * Stores one response on `db`: checks that the game still exists and the cap, then inserts unless
 * this player already answered.
 * Runs inside its caller's transaction (a group commit), so nothing else writes between the
 * count and the insert.
 */
export function responseWriter(db: Db): (write: ResponseWrite) => AddResponseResult {
  const insertResponse = db.prepare(
    `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, player_user_id) DO NOTHING`,
  );
  const selectResponded = db.prepare<[string, string], number>(
    'SELECT 1 FROM responses WHERE game_id = ? AND player_user_id = ?',
  );
  // Removed friends still count towards the cap: removing jokers does not make room for more jokers.
  // Kept by triggers (migration 003): counting the game's rows would cost more with every friend.
  const countPlayers = db.prepare<[string], number>('SELECT responses_count FROM games WHERE id = ?').pluck();

  return ({ response, maxPlayers }) => {
    const players = countPlayers.get(response.gameId);
    // The game was deleted after the request read it: a plain answer, where the insert would fail
    // its foreign key (and, in a group commit, make the whole batch run again one by one).
    if (players === undefined) return { status: 'missing' };
    if (players >= maxPlayers) {
      return selectResponded.get(response.gameId, response.playerUserId) ? { status: 'duplicate' } : { status: 'full' };
    }
    if (insertResponse.run(...responseValues(response)).changes === 0) return { status: 'duplicate' };
    return { status: 'stored', player: playerOf(response) };
  };
}

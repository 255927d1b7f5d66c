import type { Db } from '../db/database.js';
import { agreesWith } from './plays.js';
import { type AddResponseResult, type NewResponse, playerOf, responseValues } from './repository.js';
import { coCreatorLookup } from './sqlite-creator.js';

/** One friend's response to store, the game's cap (MAX_PLAYERS_PER_GAME) and its network's (PLAYS_PER_ADDRESS_PER_GAME, 0: none). */
export interface ResponseWrite {
  response: NewResponse;
  maxPlayers: number;
  maxPerNetwork?: number;
}

/**
 * Stores one response on `db`: checks that the game still exists, that the player is not one of
 * its co-creators, that the rounds they stored (answer-round) agree with it (it then takes their
 * public id, and their rounds are deleted) and were not removed, the cap and the network's cap (a
 * play counted at its first round is not counted again), then inserts (with the network's row)
 * unless this player already answered.
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
  // At most PLAYS_PER_ADDRESS_PER_GAME rows: the count is a short walk of the table's key.
  const countNetworkPlays = db
    .prepare<[string, string], number>('SELECT count(*) FROM response_networks WHERE game_id = ? AND network = ?')
    .pluck();
  const selectCoCreator = coCreatorLookup(db);
  const selectPlay = db.prepare<[string, string], { public_id: string; answers: string; removed: number }>(
    'SELECT public_id, answers, removed_at IS NOT NULL AS removed FROM plays WHERE game_id = ? AND player_user_id = ?',
  );
  // A play counted for its network at its first round (answer-round) is not counted again here.
  const selectCounted = db.prepare<[string, string], number>(
    'SELECT 1 FROM response_networks WHERE game_id = ? AND public_id = ?',
  );
  const deletePlay = db.prepare('DELETE FROM plays WHERE game_id = ? AND player_user_id = ?');
  const insertNetwork = db.prepare(
    'INSERT INTO response_networks (game_id, network, public_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );

  return ({ response: asked, maxPlayers, maxPerNetwork = 0 }) => {
    const players = countPlayers.get(asked.gameId);
    // The game was deleted after the request read it: a plain answer, where the insert would fail
    // its foreign key (and, in a group commit, make the whole batch run again one by one).
    if (players === undefined) return { status: 'missing' };
    if (selectCoCreator.get(asked.gameId, asked.playerUserId)) return { status: 'creator' };
    const play = selectPlay.get(asked.gameId, asked.playerUserId);
    if (play?.removed) return { status: 'removed' };
    if (play && !agreesWith({ publicId: play.public_id, answers: JSON.parse(play.answers) }, asked.answers)) {
      return { status: 'differs' };
    }
    const response = play ? { ...asked, publicId: play.public_id } : asked;
    if (players >= maxPlayers) {
      return selectResponded.get(response.gameId, response.playerUserId) ? { status: 'duplicate' } : { status: 'full' };
    }
    const { network } = response;
    if (
      network !== undefined &&
      maxPerNetwork > 0 &&
      !(play && selectCounted.get(response.gameId, play.public_id)) &&
      (countNetworkPlays.get(response.gameId, network) ?? 0) >= maxPerNetwork
    ) {
      return selectResponded.get(response.gameId, response.playerUserId)
        ? { status: 'duplicate' }
        : { status: 'too-many' };
    }
    const values = responseValues(response);
    if (insertResponse.run(...values).changes === 0) return { status: 'duplicate' };
    if (network !== undefined) insertNetwork.run(response.gameId, network, response.publicId, values[6]);
    // The response holds them now.
    if (play) deletePlay.run(response.gameId, response.playerUserId);
    return { status: 'stored', player: playerOf(response) };
  };
}

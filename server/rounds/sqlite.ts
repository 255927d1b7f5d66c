import type { Db } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import type { GameEventBus } from '../events/bus.js';
import {
  notShown,
  type PlayingRow,
  playingFromRow,
  type RoundRepository,
  type RoundWrite,
  type StoreRoundResult,
  unfinishedFromRow,
} from '../games/plays.js';
import { coCreatorLookup } from '../games/sqlite-creator.js';

interface PlayRow {
  public_id: string;
  answers: string;
  removed: number;
}

/**
 * Stores one round on `db` (see RoundRepository.storeRound). Runs inside its caller's transaction
 * (a group commit, as responses are stored), so nothing else writes between the reads and the write.
 */
export function roundWriter(db: Db): (write: RoundWrite) => StoreRoundResult {
  const countPlayers = db.prepare<[string], number>('SELECT responses_count FROM games WHERE id = ?').pluck();
  const selectCoCreator = coCreatorLookup(db);
  const selectResponse = db.prepare<[string, string], { removed: number }>(
    'SELECT removed_at IS NOT NULL AS removed FROM responses WHERE game_id = ? AND player_user_id = ?',
  );
  const selectPlay = db.prepare<[string, string], PlayRow>(
    'SELECT public_id, answers, removed_at IS NOT NULL AS removed FROM plays WHERE game_id = ? AND player_user_id = ?',
  );
  // At most PLAYS_PER_ADDRESS_PER_GAME rows: a short walk of response_networks_by_network.
  const countNetworkPlays = db
    .prepare<[string, string], number>('SELECT count(*) FROM response_networks WHERE game_id = ? AND network = ?')
    .pluck();
  const insertNetwork = db.prepare(
    'INSERT INTO response_networks (game_id, network, public_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const insertPlay = db.prepare(
    `INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const updatePlay = db.prepare(
    'UPDATE plays SET answers = ?, player_name = ?, updated_at = ? WHERE game_id = ? AND player_user_id = ?',
  );

  return (write) => {
    const { gameId, playerUserId, round, answer } = write;
    const players = countPlayers.get(gameId);
    if (players === undefined) return { status: 'missing' };
    if (selectCoCreator.get(gameId, playerUserId)) return { status: 'creator' };
    const response = selectResponse.get(gameId, playerUserId);
    if (response) return { status: response.removed ? 'removed' : 'finished' };
    const now = Date.now();
    const play = selectPlay.get(gameId, playerUserId);
    if (!play) {
      if (round !== 0) return { status: 'out-of-order' };
      if (players >= write.maxPlayers) return { status: 'full' };
      // A play counts for its network from its first round: a throw-away id that never finishes
      // (in a guess game, to read the creator's answers round by round) is one of the network's plays.
      const { network, maxPerNetwork = 0 } = write;
      if (
        network !== undefined &&
        maxPerNetwork > 0 &&
        (countNetworkPlays.get(gameId, network) ?? 0) >= maxPerNetwork
      ) {
        return { status: 'too-many' };
      }
      insertPlay.run(gameId, playerUserId, write.newPublicId, write.playerName, JSON.stringify([answer]), now, now);
      if (network !== undefined) insertNetwork.run(gameId, network, write.newPublicId, now);
      return { status: 'stored', playerID: write.newPublicId, round: 1 };
    }
    if (play.removed) return { status: 'removed' };
    const answers = JSON.parse(play.answers) as number[];
    if (round < answers.length) {
      return answers[round] === answer
        ? { status: 'repeat', playerID: play.public_id, round: round + 1 }
        : { status: 'changed' };
    }
    if (round > answers.length) return { status: 'out-of-order' };
    answers.push(answer);
    updatePlay.run(JSON.stringify(answers), write.playerName, now, gameId, playerUserId);
    return { status: 'stored', playerID: play.public_id, round: answers.length };
  };
}

/**
 * Rounds in SQLite: written through their own group commit (the rounds asked for in one turn of
 * the event loop commit together); `playing` is published once the commit is done.
 */
export function sqliteRoundRepository(db: Db, bus: GameEventBus): RoundRepository & { flush(): void } {
  const writes = new GroupCommit(db, roundWriter(db));
  const selectPlay = db.prepare<[string, string], Omit<PlayRow, 'removed'>>(
    'SELECT public_id, answers FROM plays WHERE game_id = ? AND player_user_id = ?',
  );
  // The `limit` latest by plays_recent, removed ones left out, shown in the order they began.
  // A friend who has finished is not playing, whatever is left of their rounds (their response's
  // write deletes the play: the count leaves that check out, so that it stays a walk of the index).
  const selectPlaying = db.prepare<[string, number, number], PlayingRow>(
    `SELECT * FROM (
       SELECT p.public_id, p.player_name, json_array_length(p.answers) AS round, p.updated_at, p.started_at FROM plays p
       WHERE p.game_id = ? AND p.updated_at >= ? AND p.removed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM responses r WHERE r.game_id = p.game_id AND r.player_user_id = p.player_user_id)
       ORDER BY p.updated_at DESC LIMIT ?
     ) ORDER BY started_at, public_id`,
  );
  const countPlaying = db
    .prepare<[string, number], number>(
      'SELECT count(*) FROM plays WHERE game_id = ? AND updated_at >= ? AND removed_at IS NULL',
    )
    .pluck();
  const selectUnfinished = db.prepare<[string, number], PlayingRow>(
    `SELECT p.public_id, p.player_name, json_array_length(p.answers) AS round, p.updated_at FROM plays p
     WHERE p.game_id = ? AND p.removed_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM responses r WHERE r.game_id = p.game_id AND r.player_user_id = p.player_user_id)
     ORDER BY p.updated_at DESC, p.public_id LIMIT ?`,
  );
  const countUnfinished = db
    .prepare<[string], number>('SELECT count(*) FROM plays WHERE game_id = ? AND removed_at IS NULL')
    .pluck();
  // Oldest first by plays_by_age, so each batch reads only the rows it deletes.
  const deleteUntouched = db.prepare<[number, number]>(
    `DELETE FROM plays WHERE (game_id, player_user_id) IN (
       SELECT game_id, player_user_id FROM plays WHERE updated_at < ? AND removed_at IS NULL ORDER BY updated_at LIMIT ?)`,
  );

  return {
    async storeRound(write) {
      const result = await writes.run(write);
      if (result.status === 'stored') {
        bus.publish(write.gameId, {
          type: 'playing',
          player: {
            playerID: result.playerID,
            playerName: write.playerName,
            round: result.round,
            rounds: write.rounds,
          },
        });
      }
      return result;
    },

    async findPlay(gameId, playerUserId) {
      const row = selectPlay.get(gameId, playerUserId);
      return row && { publicId: row.public_id, answers: JSON.parse(row.answers) as number[] };
    },

    async listPlaying(gameId, since, limit) {
      const playing = selectPlaying.all(gameId, since, limit).map(playingFromRow);
      const more = playing.length < limit ? 0 : notShown(countPlaying.get(gameId, since) ?? 0, playing.length);
      return { playing, more };
    },

    async listUnfinished(gameId, limit) {
      const plays = selectUnfinished.all(gameId, limit).map(unfinishedFromRow);
      const more = plays.length < limit ? 0 : notShown(countUnfinished.get(gameId) ?? 0, plays.length);
      return { plays, more };
    },

    async deleteUntouchedPlays(cutoff, limit) {
      return deleteUntouched.run(cutoff, limit).changes;
    },

    flush: writes.flush,
  };
}

import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import { GAME_EVENTS_CHANNEL } from '../events/envelope.js';
import {
  type PlayingRow,
  playingFromRow,
  type RoundRepository,
  type RoundWrite,
  type StoreRoundResult,
} from './repository.js';

/**
 * One round stored (and announced) in ONE statement that commits by itself, as responses are:
 * 1. `game`: the game row, held against a delete (FOR KEY SHARE: friends of one game do not wait
 *    for each other); gone means `missing`, decided here, never a failed insert.
 * 2. `decided`: against the friend's response (finished, removed) and the rounds already stored.
 * 3. `inserted` / `appended`: the first round makes the row (with the public id log-response will
 *    return); a later one appends, only if the stored rounds are still exactly `round` long (the
 *    check is redone on the latest row if another request changed it meanwhile). A write that loses
 *    such a race stores nothing and reports `retry`: the statement is run again, and then sees it.
 * 4. `notified`: the `playing` event, sent by PostgreSQL only if the statement commits, with the
 *    writer's echo. Left out when another bus (Redis) carries the events: then it is published
 *    after the commit.
 * $1 game, $2 private id, $3 new public id, $4 name, $5 round, $6 answer, $7 the game's rounds,
 * $8 the cap on players, $9 now, $10 the echo.
 */
const STORE = `WITH game AS (
  SELECT responses_count FROM games WHERE id = $1::text FOR KEY SHARE
), response AS (
  SELECT removed_at IS NOT NULL AS removed FROM responses WHERE game_id = $1::text AND player_user_id = $2::text
), play AS (
  SELECT public_id, answers FROM plays WHERE game_id = $1::text AND player_user_id = $2::text
), decided AS (
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM game) THEN 'missing'
    WHEN EXISTS (SELECT 1 FROM response WHERE removed) THEN 'removed'
    WHEN EXISTS (SELECT 1 FROM response) THEN 'finished'
    WHEN NOT EXISTS (SELECT 1 FROM play) THEN CASE
      WHEN $5::int <> 0 THEN 'out-of-order'
      WHEN (SELECT responses_count FROM game) >= $8::int THEN 'full'
      ELSE 'insert' END
    WHEN $5::int < (SELECT cardinality(answers) FROM play) THEN CASE
      WHEN (SELECT answers[$5::int + 1] FROM play) = $6::int THEN 'repeat' ELSE 'changed' END
    WHEN $5::int > (SELECT cardinality(answers) FROM play) THEN 'out-of-order'
    ELSE 'append' END AS status
), inserted AS (
  INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
  SELECT $1::text, $2::text, $3::text, $4::text, ARRAY[$6::int], $9::bigint, $9::bigint FROM decided
  WHERE status = 'insert'
  ON CONFLICT (game_id, player_user_id) DO NOTHING
  RETURNING public_id, cardinality(answers) AS round
), appended AS (
  UPDATE plays SET answers = answers || $6::int, player_name = $4::text, updated_at = $9::bigint
  WHERE game_id = $1::text AND player_user_id = $2::text AND cardinality(answers) = $5::int
    AND EXISTS (SELECT 1 FROM decided WHERE status = 'append')
  RETURNING public_id, cardinality(answers) AS round
), stored AS (
  SELECT * FROM inserted UNION ALL SELECT * FROM appended
)`;

const NOTIFIED = `, notified AS (
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', '{"events":[' || json_build_object('gameId', $1::text, 'event',
      json_build_object('type', 'playing', 'player', json_build_object('playerID', public_id, 'playerName', $4::text,
        'round', round, 'rounds', $7::int)))::text
    || ']' || CASE WHEN $10::text IS NOT NULL THEN ',"echo":' || to_json($10::text)::text ELSE '' END || '}')
  FROM stored
)`;

const outcome = (notifications: string) => `
SELECT d.status, (SELECT public_id FROM play) AS play_id, s.public_id AS stored_id, s.round AS stored_round,
  $7::int AS rounds, ${notifications} AS notifications
FROM decided d LEFT JOIN stored s ON true`;

const STORE_ROUND = `${STORE}${NOTIFIED}${outcome('(SELECT count(*) FROM notified)')}`;
const STORE_ROUND_QUIETLY = `${STORE}${outcome('0')}`;

type Decided =
  | 'missing'
  | 'removed'
  | 'finished'
  | 'out-of-order'
  | 'full'
  | 'insert'
  | 'repeat'
  | 'changed'
  | 'append';

interface OutcomeRow {
  status: Decided;
  play_id: string | null;
  stored_id: string | null;
  stored_round: number | null;
  notifications: number;
}

const sql = {
  selectPlay: 'SELECT public_id, answers FROM plays WHERE game_id = $1 AND player_user_id = $2',
  // A friend who has finished is not playing, whatever is left of their rounds.
  selectPlaying: `SELECT p.public_id, p.player_name, cardinality(p.answers) AS round, p.updated_at FROM plays p
    WHERE p.game_id = $1 AND p.updated_at >= $2
      AND NOT EXISTS (SELECT 1 FROM responses r WHERE r.game_id = p.game_id AND r.player_user_id = p.player_user_id)
    ORDER BY p.started_at, p.public_id COLLATE "C"`,
  deletePlay: 'DELETE FROM plays WHERE game_id = $1 AND player_user_id = $2',
} as const;

const query = (name: keyof typeof sql, values: unknown[]) => ({ name: `rounds-${name}`, text: sql[name], values });

/** A write that lost a race runs again at most this often (each run sees what won). */
const ATTEMPTS = 3;

/** Rounds in PostgreSQL: each stored and announced by one statement (see STORE). */
export function postgresRoundRepository(pool: Pool, announcer: CommitAnnouncer): RoundRepository {
  const storeOnce = (write: RoundWrite) =>
    announcer.statement(async (how) => {
      const values = [
        write.gameId,
        write.playerUserId,
        write.newPublicId,
        write.playerName,
        write.round,
        write.answer,
        write.rounds,
        write.maxPlayers,
        Date.now(),
      ];
      const { rows } = await pool.query<OutcomeRow>(
        how.notify
          ? { name: 'rounds-store', text: STORE_ROUND, values: [...values, how.echo] }
          : { name: 'rounds-store-quietly', text: STORE_ROUND_QUIETLY, values },
      );
      const result = outcomeOf(rows[0], write);
      return {
        result,
        notifications: Number(rows[0].notifications),
        events: () =>
          result?.status === 'stored'
            ? [
                {
                  gameId: write.gameId,
                  event: {
                    type: 'playing' as const,
                    player: {
                      playerID: result.playerID,
                      playerName: write.playerName,
                      round: result.round,
                      rounds: write.rounds,
                    },
                  },
                },
              ]
            : [],
      };
    });

  return {
    async storeRound(write) {
      for (let attempt = 1; ; attempt++) {
        const result = await storeOnce(write);
        if (result) return result;
        if (attempt === ATTEMPTS) throw new Error('A round kept losing races with the same friend’s other requests.');
      }
    },

    async findPlay(gameId, playerUserId) {
      const { rows } = await pool.query<{ public_id: string; answers: number[] }>(
        query('selectPlay', [gameId, playerUserId]),
      );
      return rows[0] && { publicId: rows[0].public_id, answers: rows[0].answers };
    },

    async listPlaying(gameId, since) {
      const { rows } = await pool.query<PlayingRow>(query('selectPlaying', [gameId, since]));
      return rows.map(playingFromRow);
    },

    async clearPlay(gameId, playerUserId) {
      await pool.query(query('deletePlay', [gameId, playerUserId]));
    },
  };
}

/** The result of one run; undefined if its write lost a race (run it again). */
function outcomeOf(row: OutcomeRow, write: RoundWrite): StoreRoundResult | undefined {
  switch (row.status) {
    case 'insert':
    case 'append':
      return row.stored_id === null
        ? undefined
        : { status: 'stored', playerID: row.stored_id, round: Number(row.stored_round) };
    case 'repeat':
      return { status: 'repeat', playerID: row.play_id as string, round: write.round + 1 };
    default:
      return { status: row.status };
  }
}

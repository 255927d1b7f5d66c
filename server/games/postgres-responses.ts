import type { WriteBatch } from '../db/batched-calls.js';
import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import type { Announced } from '../events/envelope.js';
import { notifiedSql } from '../events/postgres-bus.js';
import { networkPlaysSql } from './postgres-networks.js';
import { type AddResponseResult, playerOf, responseValues } from './repository.js';
import type { ResponseWrite } from './sqlite-responses.js';

/**
 * One batch of responses, stored and announced in ONE statement (so one round trip and one
 * commit, with no BEGIN or COMMIT of its own), each response getting its own outcome. Everything
 * log-response asks the database is decided here, so the original client's answer costs one round
 * trip in all:
 * 1. `locked`: the batch's games, locked in id order (two instances' batches never deadlock).
 *    A game deleted meanwhile is not there once its delete commits: `missing`, decided here,
 *    never a failed insert.
 * 2. `decided`: a co-creator of the game is `creator`; a friend who stored rounds one by one
 *    (answer-round, `plays`) keeps the public id their first round made, and their rounds must be
 *    the response's first answers (`differs` otherwise), and not removed (`removed`). `refused` is
 *    any of these.
 *    `played` if the friend already answered (a stored row, or an earlier one in this batch that
 *    was not refused).
 * 3. `capped`: a new response is `crowded` when its network (PLAYS_PER_ADDRESS_PER_GAME, response_networks)
 *    with the ones before it in this batch would pass its cap; a play counted at its first round
 *    (answer-round made its network row) is not counted again. (Its count is the statement's
 *    snapshot: another instance's batch committed while this one waited for the lock is not in it.)
 *    `ranked`: in the order of the batch, a response `fits` if it is new and its game's count
 *    (kept by a trigger, migration 003; removed friends count) plus the new friends before it in
 *    this batch is still under the cap. A row stored since the statement's snapshot by another
 *    instance (which held the lock first) is caught by ON CONFLICT: `duplicate`; the count read
 *    under the lock is always current, so the cap holds.
 * 4. `inserted`: one multi-row insert of those that fit; `networked`: their networks' rows;
 *    `cleared`: the stored rounds of those stored (the response holds them now); `pushed` (with
 *    push on, $11): each stored friend counted on their game's push subscriptions (the notifier's
 *    addFriend, here instead of one more statement per answer; per game, the last friend's name
 *    and score), each subscription returning its game once.
 * 5. `notified`: the `player` events of the stored ones, in order, as few notifications as fit (cut
 *    at every 3,000 bytes; an event is under 300 bytes: names are at most 40 characters), the last
 *    with the writer's echo. PostgreSQL sends them only if the statement commits. Left out when
 *    another bus (Redis) carries the events: then they are published after the commit.
 * $1…$10 the responses' columns, $11 whether push is on, $12 the echo.
 */
const STORE = `WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::bigint[],
      $8::int[], $9::text[], $10::int[])
    WITH ORDINALITY AS i (game_id, player_user_id, new_public_id, player_name, answers, score_tenths, created_at,
      max_players, network, max_per_network, n)
), locked AS (
  SELECT g.id, g.responses_count FROM (SELECT DISTINCT game_id FROM input ORDER BY game_id) i,
    LATERAL (SELECT id, responses_count FROM games WHERE id = i.game_id FOR UPDATE) g
), checked AS (
  SELECT i.*, l.responses_count, l.id IS NULL AS missing, p.public_id IS NOT NULL AS had_play,
    coalesce(p.public_id, i.new_public_id) AS public_id,
    coalesce((SELECT true FROM game_creators c WHERE c.game_id = i.game_id AND c.user_id = i.player_user_id), false)
      AS creator,
    -- The answers arrive as JSON ([1,2,3]); as an array literal ({1,2,3}) they compare with the rounds.
    CASE WHEN p.public_id IS NULL THEN false
      ELSE p.answers <> (translate(i.answers, '[]', '{}')::int[])[1:cardinality(p.answers)] END AS differs,
    coalesce(p.removed_at IS NOT NULL, false) AS play_removed,
    -- Counted for its network at its first round (answer-round): not counted again.
    p.public_id IS NOT NULL AND coalesce((SELECT true FROM response_networks rn
      WHERE rn.game_id = i.game_id AND rn.public_id = p.public_id), false) AS counted
  FROM input i LEFT JOIN locked l ON l.id = i.game_id
  LEFT JOIN LATERAL (SELECT public_id, answers, removed_at FROM plays
    WHERE game_id = i.game_id AND player_user_id = i.player_user_id OFFSET 0) p ON true
), decided AS (
  SELECT c.*, missing OR creator OR differs OR play_removed AS refused,
    count(*) FILTER (WHERE NOT (missing OR creator OR differs OR play_removed)) OVER (PARTITION BY game_id, player_user_id
        ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) > 0
      OR coalesce((SELECT true FROM responses r WHERE r.game_id = c.game_id AND r.player_user_id = c.player_user_id),
        false) AS played,
    ${networkPlaysSql('c')} AS network_plays
  FROM checked c
), capped AS (
  SELECT d.*, NOT refused AND NOT played AND NOT counted AND network IS NOT NULL AND max_per_network > 0
      AND network_plays
        + count(*) FILTER (WHERE NOT refused AND NOT played AND NOT counted) OVER (PARTITION BY game_id, network ORDER BY n)
      > max_per_network AS crowded
  FROM decided d
), ranked AS (
  SELECT c.*, NOT refused AND NOT played AND NOT crowded AND responses_count
      + count(*) FILTER (WHERE NOT refused AND NOT played AND NOT crowded) OVER (PARTITION BY game_id ORDER BY n)
      <= max_players AS fits
  FROM capped c
), inserted AS (
  INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
  SELECT game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at FROM ranked
  WHERE fits ORDER BY n
  ON CONFLICT (game_id, player_user_id) DO NOTHING
  RETURNING game_id, player_user_id
), stored AS (
  SELECT r.n, r.game_id, r.player_user_id, r.public_id, r.player_name, r.score_tenths, r.had_play
  FROM ranked r JOIN inserted USING (game_id, player_user_id) WHERE r.fits
), networked AS (
  INSERT INTO response_networks (game_id, network, public_id, created_at)
  SELECT r.game_id, r.network, r.public_id, r.created_at FROM ranked r JOIN inserted USING (game_id, player_user_id)
  WHERE r.fits AND r.network IS NOT NULL
  ON CONFLICT DO NOTHING
), cleared AS (
  DELETE FROM plays p USING stored s WHERE s.had_play AND p.game_id = s.game_id AND p.player_user_id = s.player_user_id
), pushed AS (
  UPDATE push_subscriptions ps SET pending = ps.pending + f.friends, last_name = f.name, last_score = f.score
  FROM (
    SELECT game_id, count(*) AS friends, (array_agg(player_name ORDER BY n DESC))[1] AS name,
      ((array_agg(score_tenths ORDER BY n DESC))[1] / 10.0)::float8 AS score
    FROM stored WHERE $11::boolean GROUP BY game_id
  ) f
  WHERE ps.game_id = f.game_id
  RETURNING ps.game_id
)`;

const NOTIFIED = notifiedSql(`json_build_object('gameId', game_id, 'event', json_build_object('type', 'player',
  'player', json_build_object('playerID', public_id, 'playerName', player_name, 'score', (score_tenths / 10.0)::float8)))`);

const outcomes = (notifications: string) => `
SELECT CASE WHEN r.missing THEN 'missing' WHEN r.creator THEN 'creator' WHEN r.play_removed THEN 'removed'
    WHEN r.differs THEN 'differs'
    WHEN s.n IS NOT NULL THEN 'stored' WHEN r.played OR r.fits THEN 'duplicate' WHEN r.crowded THEN 'too-many'
    ELSE 'full' END AS status,
  r.public_id, (SELECT count(*) FROM pushed p WHERE p.game_id = r.game_id) AS subscriptions,
  ${notifications} AS notifications
FROM ranked r LEFT JOIN stored s ON s.n = r.n ORDER BY r.n`;

/** Stores and notifies (LISTEN/NOTIFY); $12 is the writer's echo. bench/pg-floor.ts runs it in pgbench. */
export const STORE_RESPONSES = `${STORE}${NOTIFIED}${outcomes('(SELECT count(*) FROM notified)')}`;
/** Stores only: another bus carries the events. */
const STORE_RESPONSES_QUIETLY = `${STORE}${outcomes('0')}`;

/**
 * Stores a batch of responses (a BatchedCalls batch) in one statement and returns each one's
 * outcome, in order; returns once this instance has delivered the stored ones' events (as every
 * announcing write in PostgreSQL does, see CommitAnnouncer), having told BatchedCalls when the
 * statement committed (the next batch goes then, not after the wait).
 */
export function postgresResponseWriter(
  pool: Pool,
  announcer: CommitAnnouncer,
  /** Whether push is on (PUSH_SERVICE_HOSTS): then each stored friend is counted on their game's subscriptions. */
  countPush = false,
): WriteBatch<ResponseWrite, AddResponseResult> {
  return async (writes, committed) => {
    const columns: unknown[][] = Array.from({ length: 10 }, () => []);
    for (const { response, maxPlayers, maxPerNetwork = 0 } of writes) {
      const values = [...responseValues(response), maxPlayers, response.network ?? null, maxPerNetwork];
      for (const [i, value] of values.entries()) columns[i].push(value);
    }
    return announcer.statement(async (sql) => {
      const { rows } = await pool.query<{
        status: AddResponseResult['status'];
        public_id: string;
        subscriptions: number;
        notifications: number;
      }>(
        sql.notify
          ? { name: 'responses-store', text: STORE_RESPONSES, values: [...columns, countPush, sql.echo] }
          : // The events go after the commit.
            { name: 'responses-store-quietly', text: STORE_RESPONSES_QUIETLY, values: [...columns, countPush] },
      );
      const results: AddResponseResult[] = rows.map(({ status, public_id, subscriptions }, i) =>
        status === 'stored'
          ? {
              status,
              // The public id is the one the friend's stored rounds made, if they played round by round.
              player: playerOf({ ...writes[i].response, publicId: public_id }),
              ...(countPush ? { pushSubscriptions: Number(subscriptions) } : {}),
            }
          : { status },
      );
      const events = () =>
        results.flatMap((result, i): Announced[] =>
          result.status === 'stored'
            ? [{ gameId: writes[i].response.gameId, event: { type: 'player', player: result.player } }]
            : [],
        );
      return { result: results, notifications: Number(rows[0]?.notifications ?? 0), events };
    }, committed);
  };
}

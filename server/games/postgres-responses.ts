import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import type { Announced } from '../events/envelope.js';
import { GAME_EVENTS_CHANNEL } from '../events/envelope.js';
import { announcedJson, CHUNK_BYTES } from '../events/postgres-bus.js';
import { type AddResponseResult, playerOf, responseValues } from './repository.js';
import type { ResponseWrite } from './sqlite-responses.js';

/**
 * One batch of responses, stored and announced in ONE statement (so one round trip and one
 * commit, with no BEGIN or COMMIT of its own), each response getting its own outcome:
 * 1. `locked`: the batch's games, locked in id order (two instances' batches never deadlock).
 *    A game deleted meanwhile is not there once its delete commits: `missing`, decided here,
 *    never a failed insert.
 * 2. `capped`: a new response is `crowded` when its network (PLAYS_PER_ADDRESS_PER_GAME, response_networks)
 *    with the ones before it in this batch would pass its cap. (Its count is the statement's
 *    snapshot: another instance's batch committed while this one waited for the lock is not in it.)
 *    `ranked`: in the order of the batch, a response is `played` if its friend already answered
 *    (a stored row, or an earlier one in this batch), and `fits` if it is new and its game's count
 *    (kept by a trigger, migration 003; removed friends count) plus the new friends before it in
 *    this batch is still under the cap. A row stored since the statement's snapshot by another
 *    instance (which held the lock first) is caught by ON CONFLICT: `duplicate`; the count read
 *    under the lock is always current, so the cap holds.
 * 3. `inserted`: one multi-row insert of those that fit; `networked`: their networks' rows.
 * 4. `notified`: the events of the stored ones, in order, as few notifications as fit (cut at
 *    every 3,000 bytes; one event is under CHUNK_BYTES, so each stays under the 8,000-byte limit),
 *    the last with the writer's echo. PostgreSQL sends them only if the statement commits.
 *    Left out when another bus (Redis) carries the events: then they are published after the commit.
 */
const STORE = `WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::bigint[],
      $8::int[], $9::text[], $10::int[], $11::text[])
    WITH ORDINALITY AS i (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at,
      max_players, network, max_per_network, event, n)
), locked AS (
  SELECT id, responses_count FROM games WHERE id IN (SELECT game_id FROM input) ORDER BY id FOR UPDATE
), decided AS (
  SELECT i.*, l.responses_count, l.id IS NULL AS missing,
    row_number() OVER (PARTITION BY i.game_id, i.player_user_id ORDER BY i.n) > 1
      OR EXISTS (SELECT 1 FROM responses r WHERE r.game_id = i.game_id AND r.player_user_id = i.player_user_id)
      AS played,
    (SELECT count(*) FROM response_networks rn WHERE rn.game_id = i.game_id AND rn.network = i.network)
      AS network_plays
  FROM input i LEFT JOIN locked l ON l.id = i.game_id
), capped AS (
  SELECT d.*, NOT missing AND NOT played AND network IS NOT NULL AND max_per_network > 0 AND network_plays
      + count(*) FILTER (WHERE NOT missing AND NOT played) OVER (PARTITION BY game_id, network ORDER BY n)
      > max_per_network AS crowded
  FROM decided d
), ranked AS (
  SELECT c.*, NOT missing AND NOT played AND NOT crowded AND responses_count
      + count(*) FILTER (WHERE NOT missing AND NOT played AND NOT crowded) OVER (PARTITION BY game_id ORDER BY n)
      <= max_players AS fits
  FROM capped c
), inserted AS (
  INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
  SELECT game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at FROM ranked
  WHERE fits ORDER BY n
  ON CONFLICT (game_id, player_user_id) DO NOTHING
  RETURNING game_id, player_user_id
), stored AS (
  SELECT r.n, r.event FROM ranked r JOIN inserted USING (game_id, player_user_id) WHERE r.fits
), networked AS (
  INSERT INTO response_networks (game_id, network, public_id, created_at)
  SELECT r.game_id, r.network, r.public_id, r.created_at FROM ranked r JOIN inserted USING (game_id, player_user_id)
  WHERE r.fits AND r.network IS NOT NULL
  ON CONFLICT DO NOTHING
)`;

const NOTIFIED = `, notified AS (
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', payload) FROM (
    SELECT chunk, '{"events":[' || string_agg(event, ',' ORDER BY n) || ']'
      || CASE WHEN chunk = max(chunk) OVER () AND $12::text IS NOT NULL
        THEN ',"echo":' || to_json($12::text)::text ELSE '' END || '}' AS payload
    FROM (SELECT n, event, sum(octet_length(event) + 1) OVER (ORDER BY n) / 3000 AS chunk FROM stored) s
    GROUP BY chunk ORDER BY chunk
  ) p
)`;

const outcomes = (notifications: string) => `
SELECT CASE WHEN r.missing THEN 'missing' WHEN s.n IS NOT NULL THEN 'stored'
    WHEN r.played OR r.fits THEN 'duplicate' WHEN r.crowded THEN 'too-many' ELSE 'full' END AS status,
  ${notifications} AS notifications
FROM ranked r LEFT JOIN stored s ON s.n = r.n ORDER BY r.n`;

/** Stores and notifies (LISTEN/NOTIFY); $12 is the writer's echo. */
const STORE_RESPONSES = `${STORE}${NOTIFIED}${outcomes('(SELECT count(*) FROM notified)')}`;
/** Stores only: another bus carries the events. */
const STORE_RESPONSES_QUIETLY = `${STORE}${outcomes('0')}`;

// Whatever CHUNK_BYTES becomes, 3,000 bytes of events plus one more must stay under the limit.
if (3000 + CHUNK_BYTES + 100 >= 8000) throw new Error('postgres-responses.ts: cut the notifications smaller.');

/**
 * Stores a batch of responses (a BatchedCalls batch) in one statement and returns each one's
 * outcome, in order; returns once this instance has delivered the stored ones' events (as every
 * announcing write in PostgreSQL does, see CommitAnnouncer).
 */
export function postgresResponseWriter(
  pool: Pool,
  announcer: CommitAnnouncer,
): (writes: readonly ResponseWrite[]) => Promise<AddResponseResult[]> {
  return async (writes) => {
    const columns: unknown[][] = Array.from({ length: 10 }, () => []);
    for (const { response, maxPlayers, maxPerNetwork = 0 } of writes) {
      const values = [...responseValues(response), maxPlayers, response.network ?? null, maxPerNetwork];
      for (const [i, value] of values.entries()) columns[i].push(value);
    }
    return announcer.statement(async (sql) => {
      const { rows } = await pool.query<{ status: AddResponseResult['status']; notifications: number }>(
        sql.notify
          ? {
              name: 'responses-store',
              text: STORE_RESPONSES,
              values: [
                ...columns,
                writes.map(({ response }) =>
                  announcedJson(response.gameId, { type: 'player', player: playerOf(response) }),
                ),
                sql.echo,
              ],
            }
          : // The events go after the commit: no event column to fill ($11 stays empty).
            { name: 'responses-store-quietly', text: STORE_RESPONSES_QUIETLY, values: [...columns, []] },
      );
      const results: AddResponseResult[] = rows.map(({ status }, i) =>
        status === 'stored' ? { status, player: playerOf(writes[i].response) } : { status },
      );
      const events = () =>
        results.flatMap((result, i): Announced[] =>
          result.status === 'stored'
            ? [{ gameId: writes[i].response.gameId, event: { type: 'player', player: result.player } }]
            : [],
        );
      return { result: results, notifications: Number(rows[0]?.notifications ?? 0), events };
    });
  };
}

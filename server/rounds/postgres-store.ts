import { notifiedSql } from '../events/postgres-bus.js';
import { networkPlaysSql } from '../games/postgres-networks.js';

/**
 * A batch of rounds (friends answering at the same moment, one BatchedCalls batch) stored and
 * announced in ONE statement that commits by itself, as responses are; at most one round per
 * friend in a batch (storeRounds splits the others off):
 * 1. `game`: the batch's games, held against a delete (FOR KEY SHARE, in id order: friends of one
 *    game do not wait for each other); a game gone is `missing`, decided here, never a failed insert.
 * 2. `checked`: each round against the game's co-creators, the friend's response (finished, removed),
 *    the rounds already stored (in order, final once stored; a removed play is `removed`), once per
 *    round (MATERIALIZED: inlined, its status was worked out again, co-creator lookup and all, at
 *    each of its three uses in `decided`, 6 % of the statement's database CPU); then
 *    `decided`: a first round is `too-many` when its network's plays of the game (response_networks:
 *    finished or not, a play counts from its first round) with the first rounds before it in this
 *    batch would pass PLAYS_PER_ADDRESS_PER_GAME. (Its count is the statement's snapshot, as
 *    responses' is: networkPlaysSql.)
 * 3. `inserted` / `appended`: a first round makes the row (with the public id log-response will
 *    return) and its network's row (`networked`); a later one appends, only if the stored rounds
 *    are still exactly `round` long (the check is redone on the latest row if another request
 *    changed it meanwhile). A write that loses such a race stores nothing and is run again, in the
 *    next statement, which then sees it.
 * 4. `notified`: the `playing` events of the stored rounds, in order, cut into notifications of at
 *    most 3,000 bytes of events (as responses' are), the last with the writer's echo; sent by
 *    PostgreSQL only if the statement commits. Left out when another bus (Redis) carries the
 *    events: then they are published after the commit.
 * $1…$10 the rounds' columns, $11 now, $12 the echo.
 */
const STORE = `WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[],
      $9::text[], $10::int[])
    WITH ORDINALITY AS i (game_id, player_user_id, new_public_id, player_name, round, answer, rounds, max_players,
      network, max_per_network, n)
), game AS (
  SELECT g.id, g.responses_count FROM (SELECT DISTINCT game_id FROM input ORDER BY game_id) i,
    LATERAL (SELECT id, responses_count FROM games WHERE id = i.game_id FOR KEY SHARE) g
), checked AS MATERIALIZED (
  SELECT i.*, p.public_id AS play_id, CASE
    WHEN g.id IS NULL THEN 'missing'
    WHEN (SELECT true FROM game_creators c WHERE c.game_id = i.game_id AND c.user_id = i.player_user_id)
      THEN 'creator'
    WHEN r.removed THEN 'removed'
    WHEN r.removed IS NOT NULL THEN 'finished'
    WHEN p.public_id IS NULL THEN CASE
      WHEN i.round <> 0 THEN 'out-of-order'
      WHEN g.responses_count >= i.max_players THEN 'full'
      ELSE 'insert' END
    WHEN p.removed_at IS NOT NULL THEN 'removed'
    WHEN i.round < cardinality(p.answers) THEN CASE WHEN p.answers[i.round + 1] = i.answer THEN 'repeat' ELSE 'changed' END
    WHEN i.round > cardinality(p.answers) THEN 'out-of-order'
    ELSE 'append' END AS status
  FROM input i
  LEFT JOIN game g ON g.id = i.game_id
  LEFT JOIN LATERAL (SELECT removed_at IS NOT NULL AS removed FROM responses
    WHERE game_id = i.game_id AND player_user_id = i.player_user_id OFFSET 0) r ON true
  LEFT JOIN LATERAL (SELECT public_id, answers, removed_at FROM plays
    WHERE game_id = i.game_id AND player_user_id = i.player_user_id OFFSET 0) p ON true
), decided AS (
  SELECT c.game_id, c.player_user_id, c.new_public_id, c.player_name, c.round, c.answer, c.rounds, c.network, c.n,
    c.play_id, CASE
      WHEN c.status = 'insert' AND c.network IS NOT NULL AND c.max_per_network > 0
        AND ${networkPlaysSql('c')}
          + count(*) FILTER (WHERE c.status = 'insert') OVER (PARTITION BY c.game_id, c.network ORDER BY c.n)
          > c.max_per_network
        THEN 'too-many'
      ELSE c.status END AS status
  FROM checked c
), inserted AS (
  INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
  SELECT game_id, player_user_id, new_public_id, player_name, ARRAY[answer], $11::bigint, $11::bigint FROM decided
  WHERE status = 'insert' ORDER BY n
  ON CONFLICT (game_id, player_user_id) DO NOTHING
  RETURNING game_id, player_user_id, public_id, cardinality(answers) AS round
), networked AS (
  INSERT INTO response_networks (game_id, network, public_id, created_at)
  SELECT d.game_id, d.network, s.public_id, $11::bigint FROM inserted s JOIN decided d USING (game_id, player_user_id)
  WHERE d.network IS NOT NULL
  ON CONFLICT DO NOTHING
), appended AS (
  UPDATE plays p SET answers = p.answers || d.answer, player_name = d.player_name, updated_at = $11::bigint
  FROM decided d
  WHERE d.status = 'append' AND p.game_id = d.game_id AND p.player_user_id = d.player_user_id
    AND cardinality(p.answers) = d.round AND p.removed_at IS NULL
  RETURNING p.game_id, p.player_user_id, p.public_id, cardinality(p.answers) AS round
), stored AS (
  SELECT d.n, d.game_id, d.player_name, d.rounds, s.public_id, s.round FROM decided d
  JOIN (SELECT * FROM inserted UNION ALL SELECT * FROM appended) s USING (game_id, player_user_id)
)`;

const NOTIFIED = notifiedSql(`json_build_object('gameId', game_id, 'event', json_build_object('type', 'playing',
  'player', json_build_object('playerID', public_id, 'playerName', player_name, 'round', round, 'rounds', rounds)))`);

const outcomes = (notifications: string) => `
SELECT d.status, d.play_id, s.public_id AS stored_id, s.round AS stored_round, ${notifications} AS notifications
FROM decided d LEFT JOIN stored s ON s.n = d.n ORDER BY d.n`;

/** The statement that notifies (bench/pg-floor.ts: pgbench's floor runs this very text). */
export const STORE_ROUNDS = `${STORE}${NOTIFIED}${outcomes('(SELECT count(*) FROM notified)')}`;
/** The same without notifying: the Redis bus publishes after the commit. */
export const STORE_ROUNDS_QUIETLY = `${STORE}${outcomes('0')}`;

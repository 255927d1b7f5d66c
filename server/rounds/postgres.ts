import { BatchedCalls, type WriteBatch } from '../db/batched-calls.js';
import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import type { Announced } from '../events/envelope.js';
import { GAME_EVENTS_CHANNEL } from '../events/envelope.js';
import {
  notShown,
  type Play,
  type PlayingRow,
  playingFromRow,
  type RoundRepository,
  type RoundWrite,
  type StoreRoundResult,
  unfinishedFromRow,
} from '../games/plays.js';

/**
 * A batch of rounds (friends answering at the same moment, one BatchedCalls batch) stored and
 * announced in ONE statement that commits by itself, as responses are; at most one round per
 * friend in a batch (storeRounds splits the others off):
 * 1. `game`: the batch's games, held against a delete (FOR KEY SHARE, in id order: friends of one
 *    game do not wait for each other); a game gone is `missing`, decided here, never a failed insert.
 * 2. `checked`: each round against the game's co-creators, the friend's response (finished, removed),
 *    the rounds already stored (in order, final once stored; a removed play is `removed`); then
 *    `decided`: a first round is `too-many` when its network's plays of the game (response_networks:
 *    finished or not, a play counts from its first round) with the first rounds before it in this
 *    batch would pass PLAYS_PER_ADDRESS_PER_GAME. (Its count is the statement's snapshot, as
 *    responses' is.)
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
), checked AS (
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
        AND (SELECT count(*) FROM response_networks rn WHERE rn.game_id = c.game_id AND rn.network = c.network)
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

const NOTIFIED = `, notified AS (
  SELECT pg_notify('${GAME_EVENTS_CHANNEL}', payload) FROM (
    SELECT chunk, '{"events":[' || string_agg(event, ',' ORDER BY n) || ']'
      || CASE WHEN chunk = max(chunk) OVER () AND $12::text IS NOT NULL
        THEN ',"echo":' || to_json($12::text)::text ELSE '' END || '}' AS payload
    FROM (
      SELECT n, event, sum(octet_length(event) + 1) OVER (ORDER BY n) / 3000 AS chunk FROM (
        SELECT n, json_build_object('gameId', game_id, 'event', json_build_object('type', 'playing', 'player',
          json_build_object('playerID', public_id, 'playerName', player_name, 'round', round, 'rounds', rounds)))::text
          AS event
        FROM stored
      ) e
    ) s
    GROUP BY chunk ORDER BY chunk
  ) p
)`;

const outcomes = (notifications: string) => `
SELECT d.status, d.play_id, s.public_id AS stored_id, s.round AS stored_round, ${notifications} AS notifications
FROM decided d LEFT JOIN stored s ON s.n = d.n ORDER BY d.n`;

/** Exported for bench/pg-floor.ts: pgbench's floor runs this very statement. */
export const STORE_ROUNDS = `${STORE}${NOTIFIED}${outcomes('(SELECT count(*) FROM notified)')}`;
const STORE_ROUNDS_QUIETLY = `${STORE}${outcomes('0')}`;

type Decided =
  | 'missing'
  | 'creator'
  | 'removed'
  | 'finished'
  | 'out-of-order'
  | 'full'
  | 'too-many'
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
  // A batch of (game, friend) pairs: the positions (from 1) of those with a play, and the play.
  selectPlays: `SELECT q.n, p.public_id, p.answers FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q (game_id, user_id, n)
    JOIN plays p ON p.game_id = q.game_id AND p.player_user_id = q.user_id`,
  // The $3 latest by plays_recent, removed ones left out, shown in the order they began. A
  // friend who has finished is not playing, whatever is left of their rounds (their response's
  // write deletes the play: the count leaves that check out, so that it stays a walk of the index).
  selectPlaying: `SELECT * FROM (
      SELECT p.public_id, p.player_name, cardinality(p.answers) AS round, p.updated_at, p.started_at FROM plays p
      WHERE p.game_id = $1 AND p.updated_at >= $2 AND p.removed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM responses r WHERE r.game_id = p.game_id AND r.player_user_id = p.player_user_id)
      ORDER BY p.updated_at DESC LIMIT $3
    ) latest ORDER BY started_at, public_id COLLATE "C"`,
  countPlaying: 'SELECT count(*) AS count FROM plays WHERE game_id = $1 AND updated_at >= $2 AND removed_at IS NULL',
  selectUnfinished: `SELECT p.public_id, p.player_name, cardinality(p.answers) AS round, p.updated_at FROM plays p
    WHERE p.game_id = $1 AND p.removed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM responses r WHERE r.game_id = p.game_id AND r.player_user_id = p.player_user_id)
    ORDER BY p.updated_at DESC, p.public_id COLLATE "C" LIMIT $2`,
  countUnfinished: 'SELECT count(*) AS count FROM plays WHERE game_id = $1 AND removed_at IS NULL',
  // Oldest first by plays_by_age, so each batch reads only the rows it deletes.
  deleteUntouched: `DELETE FROM plays WHERE (game_id, player_user_id) IN (
      SELECT game_id, player_user_id FROM plays WHERE updated_at < $1 AND removed_at IS NULL ORDER BY updated_at LIMIT $2)`,
} as const;

const query = (name: keyof typeof sql, values: unknown[]) => ({ name: `rounds-${name}`, text: sql[name], values });

/** A write that lost a race runs again at most this often (each run sees what won). */
const ATTEMPTS = 3;

/** Where rounds are stored: batches of one statement each (see BatchedCalls, STORE). */
export type PostgresRoundWrites = BatchedCalls<RoundWrite, StoreRoundResult>;

/**
 * Stores a batch of rounds (a BatchedCalls batch) and returns each one's result, in order: one
 * statement for the first round of each friend in it, then the next statement for the rest (a
 * friend's retry arriving beside their round, or a round that lost a race), until all are decided.
 * Returns once this instance has delivered the stored ones' events (see CommitAnnouncer).
 */
export function postgresRoundWriter(pool: Pool, announcer: CommitAnnouncer): WriteBatch<RoundWrite, StoreRoundResult> {
  /** One statement; `committed` is called after it if it decided every write in it (nothing to run again). */
  const storeOnce = (writes: readonly RoundWrite[], committed: (() => void) | undefined) => {
    let decidedAll = false;
    return announcer.statement(
      async (how) => {
        const columns = [
          writes.map((w) => w.gameId),
          writes.map((w) => w.playerUserId),
          writes.map((w) => w.newPublicId),
          writes.map((w) => w.playerName),
          writes.map((w) => w.round),
          writes.map((w) => w.answer),
          writes.map((w) => w.rounds),
          writes.map((w) => w.maxPlayers),
          writes.map((w) => w.network ?? null),
          writes.map((w) => w.maxPerNetwork ?? 0),
          Date.now(),
        ];
        const { rows } = await pool.query<OutcomeRow>(
          how.notify
            ? { name: 'rounds-store', text: STORE_ROUNDS, values: [...columns, how.echo] }
            : { name: 'rounds-store-quietly', text: STORE_ROUNDS_QUIETLY, values: columns },
        );
        const results = rows.map((row, i) => outcomeOf(row, writes[i]));
        decidedAll = results.every((result) => result !== undefined);
        return {
          result: results,
          notifications: Number(rows[0]?.notifications ?? 0),
          events: () =>
            results.flatMap((result, i): Announced[] =>
              result?.status === 'stored' ? [{ gameId: writes[i].gameId, event: playingEvent(writes[i], result) }] : [],
            ),
        };
      },
      () => {
        if (decidedAll) committed?.();
      },
    );
  };

  return async (writes, committed) => {
    const results: (StoreRoundResult | undefined)[] = new Array(writes.length);
    const tries = new Array<number>(writes.length).fill(0);
    let waiting = writes.map((_, i) => i);
    while (waiting.length > 0) {
      const friends = new Set<string>();
      const now: number[] = [];
      const later: number[] = [];
      for (const i of waiting) {
        const friend = `${writes[i].gameId} ${writes[i].playerUserId}`;
        if (friends.has(friend)) later.push(i);
        else {
          friends.add(friend);
          now.push(i);
        }
      }
      // The last statement of the batch (no friend's other request left over) may free its place.
      const outcomes = await storeOnce(
        now.map((i) => writes[i]),
        later.length === 0 ? committed : undefined,
      );
      for (const [k, i] of now.entries()) {
        const outcome = outcomes[k];
        if (outcome) results[i] = outcome;
        else if (++tries[i] >= ATTEMPTS)
          throw new Error("A round kept losing races with the same friend's other requests.");
        else later.push(i);
      }
      waiting = later.sort((a, b) => a - b);
    }
    return results as StoreRoundResult[];
  };
}

const playingEvent = (write: RoundWrite, result: { playerID: string; round: number }) => ({
  type: 'playing' as const,
  player: { playerID: result.playerID, playerName: write.playerName, round: result.round, rounds: write.rounds },
});

/** Rounds in PostgreSQL: stored through `writes` (batches, see postgresRoundWriter); a friend's play read in batches too. */
export function postgresRoundRepository(
  pool: Pool,
  writes: PostgresRoundWrites,
): RoundRepository & { drain(): Promise<void> } {
  // get-rounds asks (how far has this friend played?): the questions of one turn go in one query.
  const plays = new BatchedCalls<readonly [string, string], Play | undefined>(
    async (pairs) => {
      const { rows } = await pool.query<{ n: number; public_id: string; answers: number[] }>(
        query('selectPlays', [pairs.map(([gameId]) => gameId), pairs.map(([, userId]) => userId)]),
      );
      const found = new Map(rows.map((row) => [Number(row.n), { publicId: row.public_id, answers: row.answers }]));
      return pairs.map((_, i) => found.get(i + 1));
    },
    { concurrency: 4 },
  );
  return {
    storeRound: (write) => writes.run(write),
    drain: () => writes.drain(),

    findPlay: (gameId, playerUserId) => plays.run([gameId, playerUserId]),

    async listPlaying(gameId, since, limit) {
      const { rows } = await pool.query<PlayingRow>(query('selectPlaying', [gameId, since, limit]));
      if (rows.length < limit) return { playing: rows.map(playingFromRow), more: 0 };
      const counted = await pool.query<{ count: number }>(query('countPlaying', [gameId, since]));
      return { playing: rows.map(playingFromRow), more: notShown(counted.rows[0].count, rows.length) };
    },

    async listUnfinished(gameId, limit) {
      const { rows } = await pool.query<PlayingRow>(query('selectUnfinished', [gameId, limit]));
      if (rows.length < limit) return { plays: rows.map(unfinishedFromRow), more: 0 };
      const counted = await pool.query<{ count: number }>(query('countUnfinished', [gameId]));
      return { plays: rows.map(unfinishedFromRow), more: notShown(counted.rows[0].count, rows.length) };
    },

    async deleteUntouchedPlays(cutoff, limit) {
      const { rowCount } = await pool.query(query('deleteUntouched', [cutoff, limit]));
      return rowCount ?? 0;
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

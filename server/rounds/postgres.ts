import { BatchedCalls, type WriteBatch } from '../db/batched-calls.js';
import type { Pool } from '../db/postgres.js';
import type { CommitAnnouncer } from '../events/announcer.js';
import type { Announced } from '../events/envelope.js';
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
import { STORE_ROUNDS, STORE_ROUNDS_QUIETLY } from './postgres-store.js';

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

/** Where rounds are stored: batches of one statement each (see BatchedCalls, postgres-store.ts). */
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

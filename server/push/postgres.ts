import { inTransaction, type Pool } from '../db/postgres.js';
import {
  type DueRow,
  duePushFromRow,
  type PushRepository,
  type PushSubscriptionKeys,
  VAPID_KEY_NAMES,
} from './repository.js';

/** Web Push's statements; the same queries as sqlite.ts. */
const sql = {
  insertKey: 'INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
  selectKeys: 'SELECT name, value FROM server_keys WHERE name = ANY($1::text[])',
  // Locks the game row: subscriptions of one game are counted one at a time, on every instance.
  lockGame: 'SELECT 1 FROM games WHERE id = $1 FOR UPDATE',
  // Serializes one creator's subscribing across their games (the game lock holds one game only).
  lockCreator: "SELECT pg_advisory_xact_lock(hashtext('wavelength:push-creator:' || $1))",
  countCreatorSubscriptions:
    'SELECT count(*) AS count FROM (SELECT 1 FROM push_subscriptions WHERE user_id = $1 LIMIT $2) AS s',
  selectSubscription: 'SELECT 1 FROM push_subscriptions WHERE game_id = $1 AND endpoint = $2',
  countSubscriptions:
    'SELECT count(*) AS count FROM (SELECT 1 FROM push_subscriptions WHERE game_id = $1 LIMIT $2) AS s',
  upsert: `INSERT INTO push_subscriptions (game_id, endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (game_id, endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
  deleteOne: 'DELETE FROM push_subscriptions WHERE game_id = $1 AND endpoint = $2',
  deleteEndpoint: 'DELETE FROM push_subscriptions WHERE endpoint = $1',
  selectSubscriptions: 'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE game_id = $1',
  addFriend: 'UPDATE push_subscriptions SET pending = pending + 1, last_name = $1, last_score = $2 WHERE game_id = $3',
  // One statement: two instances claiming at once cannot both win a row (the second re-checks it after the first commits).
  claim: `UPDATE push_subscriptions SET last_sent_at = $1, sent = pending, pending = 0
    WHERE game_id = $2 AND pending > 0 AND (last_sent_at IS NULL OR last_sent_at <= $3)
    RETURNING endpoint, p256dh, auth, sent, last_name, last_score`,
  nextDue:
    'SELECT min(coalesce(last_sent_at, 0)) + $1 AS due FROM push_subscriptions WHERE game_id = $2 AND pending > 0',
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `push-${name}`, text: sql[name], values });

/** Web Push's data in PostgreSQL. */
export function postgresPushRepository(pool: Pool): PushRepository {
  async function readKeys() {
    const { rows } = await pool.query<{ name: string; value: string }>(
      query('selectKeys', [[VAPID_KEY_NAMES.publicKey, VAPID_KEY_NAMES.privateKey]]),
    );
    const value = (name: string) => rows.find((row) => row.name === name)?.value;
    const publicKey = value(VAPID_KEY_NAMES.publicKey);
    const privateKey = value(VAPID_KEY_NAMES.privateKey);
    return publicKey && privateKey ? { publicKey, privateKey } : undefined;
  }

  return {
    async subscriptionsOf(gameId) {
      const { rows } = await pool.query<PushSubscriptionKeys>(query('selectSubscriptions', [gameId]));
      return rows;
    },
    async vapidKeys(make) {
      const existing = await readKeys();
      if (existing) return existing;
      const keys = make();
      // Both in one transaction, so no instance ever reads half a pair; the first to commit wins.
      await inTransaction(pool, async (client) => {
        await client.query(query('insertKey', [VAPID_KEY_NAMES.publicKey, keys.publicKey]));
        await client.query(query('insertKey', [VAPID_KEY_NAMES.privateKey, keys.privateKey]));
      });
      const stored = await readKeys();
      if (!stored) throw new Error('The VAPID keys were not stored.');
      return stored;
    },
    async subscribe(gameId, userId, keys, limits) {
      return inTransaction(pool, async (client) => {
        if ((await client.query(query('lockGame', [gameId]))).rowCount === 0) return 'missing';
        const renewing = ((await client.query(query('selectSubscription', [gameId, keys.endpoint]))).rowCount ?? 0) > 0;
        if (!renewing) {
          const count = async (name: 'countSubscriptions' | 'countCreatorSubscriptions', values: unknown[]) =>
            Number((await client.query<{ count: string }>(query(name, values))).rows[0].count);
          if ((await count('countSubscriptions', [gameId, limits.perGame])) >= limits.perGame) return 'full';
          await client.query(query('lockCreator', [userId]));
          if ((await count('countCreatorSubscriptions', [userId, limits.perCreator])) >= limits.perCreator)
            return 'creatorFull';
        }
        await client.query(query('upsert', [gameId, keys.endpoint, userId, keys.p256dh, keys.auth, Date.now()]));
        return 'subscribed';
      });
    },
    async unsubscribe(gameId, endpoint) {
      return ((await pool.query(query('deleteOne', [gameId, endpoint]))).rowCount ?? 0) > 0;
    },
    async addFriend(gameId, name, score) {
      return (await pool.query(query('addFriend', [name, score, gameId]))).rowCount ?? 0;
    },
    async claimDue(gameId, now, quietMs) {
      const { rows } = await pool.query<DueRow>(query('claim', [now, gameId, now - quietMs]));
      return rows.map(duePushFromRow);
    },
    async nextDue(gameId, quietMs) {
      const { rows } = await pool.query<{ due: string | null }>(query('nextDue', [quietMs, gameId]));
      return rows[0]?.due === null || rows[0]?.due === undefined ? undefined : Number(rows[0].due);
    },
    async removeEndpoint(endpoint) {
      await pool.query(query('deleteEndpoint', [endpoint]));
    },
  };
}

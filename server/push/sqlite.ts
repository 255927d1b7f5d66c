import type { Db } from '../db/database.js';
import {
  type DueRow,
  duePushFromRow,
  type PushRepository,
  type PushSubscriptionKeys,
  type SubscribeLimits,
  type SubscribeResult,
  VAPID_KEY_NAMES,
} from './repository.js';

/** Web Push's data in SQLite. */
export function sqlitePushRepository(db: Db): PushRepository {
  const insertKey = db.prepare('INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING');
  const selectKey = db.prepare<[string], string>('SELECT value FROM server_keys WHERE name = ?').pluck();
  const countSubscriptions = db
    .prepare<[string, number], number>(
      'SELECT count(*) FROM (SELECT 1 FROM push_subscriptions WHERE game_id = ? LIMIT ?)',
    )
    .pluck();
  const countCreatorSubscriptions = db
    .prepare<[string, number], number>(
      'SELECT count(*) FROM (SELECT 1 FROM push_subscriptions WHERE user_id = ? LIMIT ?)',
    )
    .pluck();
  const selectSubscription = db.prepare<[string, string], number>(
    'SELECT 1 FROM push_subscriptions WHERE game_id = ? AND endpoint = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO push_subscriptions (game_id, endpoint, user_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (game_id, endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
  );
  const deleteOne = db.prepare('DELETE FROM push_subscriptions WHERE game_id = ? AND endpoint = ?');
  const deleteEndpoint = db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?');
  const addFriend = db.prepare(
    'UPDATE push_subscriptions SET pending = pending + 1, last_name = ?, last_score = ? WHERE game_id = ?',
  );
  const anySubscription = db
    .prepare<[string], number>('SELECT 1 FROM push_subscriptions WHERE game_id = ? LIMIT 1')
    .pluck();
  const claim = db.prepare<[number, string, number], DueRow>(
    `UPDATE push_subscriptions SET last_sent_at = ?, sent = pending, pending = 0
     WHERE game_id = ? AND pending > 0 AND (last_sent_at IS NULL OR last_sent_at <= ?)
     RETURNING endpoint, p256dh, auth, sent, last_name, last_score`,
  );
  const selectNextDue = db
    .prepare<[number, string], number | null>(
      'SELECT min(coalesce(last_sent_at, 0)) + ? FROM push_subscriptions WHERE game_id = ? AND pending > 0',
    )
    .pluck();
  const selectSubscriptions = db.prepare<[string], PushSubscriptionKeys>(
    'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE game_id = ?',
  );
  const gameExists = db.prepare<[string], number>('SELECT 1 FROM games WHERE id = ?').pluck();

  const subscribe = db.transaction(
    (gameId: string, userId: string, keys: PushSubscriptionKeys, limits: SubscribeLimits): SubscribeResult => {
      if (!gameExists.get(gameId)) return 'missing';
      const renewing = selectSubscription.get(gameId, keys.endpoint) !== undefined;
      if (!renewing) {
        if ((countSubscriptions.get(gameId, limits.perGame) ?? 0) >= limits.perGame) return 'full';
        const creator = countCreatorSubscriptions.get(userId, limits.perCreator) ?? 0;
        if (creator >= limits.perCreator) return 'creatorFull';
      }
      upsert.run(gameId, keys.endpoint, userId, keys.p256dh, keys.auth, Date.now());
      return 'subscribed';
    },
  );

  return {
    async subscriptionsOf(gameId) {
      return selectSubscriptions.all(gameId);
    },
    async vapidKeys(make) {
      const existing = {
        publicKey: selectKey.get(VAPID_KEY_NAMES.publicKey),
        privateKey: selectKey.get(VAPID_KEY_NAMES.privateKey),
      };
      if (existing.publicKey && existing.privateKey)
        return { publicKey: existing.publicKey, privateKey: existing.privateKey };
      const keys = make();
      db.transaction(() => {
        insertKey.run(VAPID_KEY_NAMES.publicKey, keys.publicKey);
        insertKey.run(VAPID_KEY_NAMES.privateKey, keys.privateKey);
      })();
      return {
        publicKey: selectKey.get(VAPID_KEY_NAMES.publicKey) as string,
        privateKey: selectKey.get(VAPID_KEY_NAMES.privateKey) as string,
      };
    },
    async subscribe(gameId, userId, keys, limits) {
      return subscribe(gameId, userId, keys, limits);
    },
    async unsubscribe(gameId, endpoint) {
      return deleteOne.run(gameId, endpoint).changes > 0;
    },
    async addFriend(gameId, name, score) {
      // Most games have no subscription: a read, which takes no write lock and writes nothing
      // (an UPDATE of no rows is still a write transaction of its own, after every answer).
      if (anySubscription.get(gameId) === undefined) return 0;
      return addFriend.run(name, score, gameId).changes;
    },
    async claimDue(gameId, now, quietMs) {
      return claim.all(now, gameId, now - quietMs).map(duePushFromRow);
    },
    async nextDue(gameId, quietMs) {
      return selectNextDue.get(quietMs, gameId) ?? undefined;
    },
    async removeEndpoint(endpoint) {
      deleteEndpoint.run(endpoint);
    },
  };
}

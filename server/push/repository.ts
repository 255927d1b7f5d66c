/**
 * Web Push's data: the VAPID key pair every instance signs with, and creators' subscriptions per
 * game with what each is owed. The SQLite and PostgreSQL implementations pass the same tests.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A browser's push subscription (RFC 8291 keys, base64url). */
export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A subscription claimed for one push: `count` friends finished since its last push. */
export interface DuePush extends PushSubscriptionKeys {
  count: number;
  /** The latest of them, for a push about one friend. */
  name: string;
  score: number;
}

/** `full`: the game has its most subscriptions; `creatorFull`: the creator has theirs, across their games; `missing`: the game is gone. */
export type SubscribeResult = 'subscribed' | 'full' | 'creatorFull' | 'missing';

/** At most this many subscriptions per game, and per creator (the subscribing user) across every game. */
export interface SubscribeLimits {
  perGame: number;
  perCreator: number;
}

export interface PushRepository {
  /** The key pair kept in the database; the first caller's `make()` wins, every later one reads it. */
  vapidKeys(make: () => VapidKeys): Promise<VapidKeys>;
  /** Adds or renews a subscription of one game, within the limits (renewing one counts nothing new). */
  subscribe(
    gameId: string,
    userId: string,
    keys: PushSubscriptionKeys,
    limits: SubscribeLimits,
  ): Promise<SubscribeResult>;
  /** Whether there was such a subscription. */
  unsubscribe(gameId: string, endpoint: string): Promise<boolean>;
  /** Counts a finished friend on every subscription of the game; how many it has. */
  addFriend(gameId: string, name: string, score: number): Promise<number>;
  /**
   * Claims the game's subscriptions that are owed a push and had none since `now - quietMs`:
   * they are marked sent at `now`, so no other instance claims them again.
   */
  claimDue(gameId: string, now: number, quietMs: number): Promise<DuePush[]>;
  /** When the earliest subscription of the game still owed a push may have it, if any is owed. */
  nextDue(gameId: string, quietMs: number): Promise<number | undefined>;
  /** Every subscription of the game (a push about a note goes to each at once, with no count). */
  subscriptionsOf(gameId: string): Promise<PushSubscriptionKeys[]>;
  /** The push service said the subscription is gone (404, 410): in every game. */
  removeEndpoint(endpoint: string): Promise<void>;
}

export interface DueRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  sent: number | string;
  last_name: string | null;
  last_score: number | string | null;
}

export const duePushFromRow = (row: DueRow): DuePush => ({
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
  count: Number(row.sent),
  name: row.last_name ?? '',
  score: Number(row.last_score ?? 0),
});

export const VAPID_KEY_NAMES = { publicKey: 'vapid_public_key', privateKey: 'vapid_private_key' } as const;

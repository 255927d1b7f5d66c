import webpush from 'web-push';
import type { PushSubscriptionKeys, VapidKeys } from './repository.js';

/** How a push ended: delivered, the subscription is gone for good (404/410), or it failed this time. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

/** Sends one encrypted push message (RFC 8291) to a subscription. */
export type PushSend = (subscription: PushSubscriptionKeys, payload: string) => Promise<SendOutcome>;

export interface SenderOptions {
  keys: VapidKeys;
  /** The VAPID subject: a contact for the push service (PUBLIC_URL, else a mailto:). */
  subject: string;
  /** A push that has not been answered in this time fails (the socket is dropped). */
  timeoutMs: number;
}

/** How long one signed VAPID token is used, and how long it is valid (RFC 8292 allows 24 h). */
const VAPID_REUSE_MS = 11 * 3600_000;
const VAPID_VALID_S = 12 * 3600;

/**
 * The VAPID `Authorization` header for a push service, signed once per service and reused for
 * 11 hours: signing took ≈0.9 ms of the ≈1.4 ms web-push spends preparing a push (ES256 with
 * the key converted on every call); the token names only the service's origin, so one serves
 * every subscription there.
 */
export function vapidAuthorizations({ keys, subject }: Pick<SenderOptions, 'keys' | 'subject'>, now = Date.now) {
  const signed = new Map<string, { authorization: string; until: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const kept = signed.get(audience);
    if (kept && kept.until > now()) return kept.authorization;
    const expiration = Math.floor(now() / 1000) + VAPID_VALID_S;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    );
    signed.set(audience, { authorization: Authorization, until: now() + VAPID_REUSE_MS });
    return Authorization;
  };
}

/** Sends with web-push, signed with the server's VAPID key. */
export function webPushSender({ keys, subject, timeoutMs }: SenderOptions): PushSend {
  const authorization = vapidAuthorizations({ keys, subject });
  return async (subscription, payload) => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          // Signed here (kept per push service) rather than by web-push on every push: no
          // vapidDetails, and nothing calls webpush.setVapidDetails.
          headers: { Authorization: authorization(subscription.endpoint) },
          // An hour: a phone that is off for longer gets no stale "Bo played" when it wakes up.
          TTL: 3600,
          timeout: timeoutMs,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  };
}

/** A new VAPID key pair (P-256), base64url. */
export function makeVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

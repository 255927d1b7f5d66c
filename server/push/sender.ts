import { request } from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { type PushTarget, pushTarget } from '../http/push-hosts.js';
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
  /** PUSH_SERVICE_HOSTS: a stored endpoint that is not on them (any more) is never sent to. */
  hosts: readonly string[];
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
  return (audience: string): string => {
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

/** The status of a push service's answer, or an error (refused, reset, timed out). */
function post(
  target: PushTarget,
  details: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  timeoutMs: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    // Exactly the host and port that were checked: no second parse of the endpoint's string.
    const pushRequest = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        // SNI names the checked host (never an IP address: RFC 6066).
        servername: isIP(target.hostname) === 0 ? target.hostname : undefined,
        method: details.method,
        headers: details.headers,
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    pushRequest.on('timeout', () => pushRequest.destroy(new Error('push service timed out')));
    pushRequest.on('error', reject);
    pushRequest.end(details.body ?? undefined);
  });
}

/**
 * Sends with web-push's encryption (RFC 8291), signed with the server's VAPID key, to the
 * target `pushTarget` read from the endpoint: a stored endpoint that does not pass (stored
 * before a host was dropped from PUSH_SERVICE_HOSTS, or before the check was this strict) is
 * `gone`, so it is removed and never connected to.
 */
export function webPushSender({ keys, subject, timeoutMs, hosts }: SenderOptions): PushSend {
  const authorization = vapidAuthorizations({ keys, subject });
  return async (subscription, payload) => {
    const target = pushTarget(subscription.endpoint, hosts);
    if (!target) return 'gone';
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          // Signed here (kept per push service) rather than by web-push on every push: no
          // vapidDetails, and nothing calls webpush.setVapidDetails.
          headers: { Authorization: authorization(target.origin) },
          // An hour: a phone that is off for longer gets no stale "Bo played" when it wakes up.
          TTL: 3600,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const status = await post(target, details, timeoutMs);
      if (status >= 200 && status <= 299) return 'sent';
      return status === 404 || status === 410 ? 'gone' : 'failed';
    } catch {
      return 'failed';
    }
  };
}

/** A new VAPID key pair (P-256), base64url. */
export function makeVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

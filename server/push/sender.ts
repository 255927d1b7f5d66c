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

/** Sends with web-push, signed with the server's VAPID key. */
export function webPushSender({ keys, subject, timeoutMs }: SenderOptions): PushSend {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return async (subscription, payload) => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        // An hour: a phone that is off for longer gets no stale "Bo played" when it wakes up.
        { vapidDetails, TTL: 3600, timeout: timeoutMs, urgency: 'normal', contentEncoding: 'aes128gcm' },
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

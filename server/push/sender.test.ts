import { describe, expect, it } from 'vitest';
import { makeVapidKeys, vapidAuthorizations } from './sender.js';

/** The claims of a VAPID `Authorization: vapid t=<jwt>, k=<key>` header. */
function claims(authorization: string): { aud: string; exp: number; sub: string } {
  const token = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=[\w-]+$/.exec(authorization)?.[1];
  if (!token) throw new Error(`not a VAPID header: ${authorization}`);
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe('VAPID authorizations', () => {
  const keys = makeVapidKeys();
  const subject = 'mailto:admin@example.org';

  it('signs once per push service and reuses the token for 11 hours, then signs a fresh one', () => {
    // Close to the real clock: web-push refuses a token valid for more than 24 hours from it.
    let now = Date.now() - 12 * 3600_000;
    const authorization = vapidAuthorizations({ keys, subject }, () => now);
    const first = authorization('https://fcm.googleapis.com/fcm/send/aaa');
    // ECDSA signatures are randomised: the same string means the same token, not a new signature.
    expect(authorization('https://fcm.googleapis.com/fcm/send/bbb')).toBe(first);
    now += 11 * 3600_000 - 1;
    expect(authorization('https://fcm.googleapis.com/fcm/send/ccc')).toBe(first);
    now += 1;
    const fresh = authorization('https://fcm.googleapis.com/fcm/send/ddd');
    expect(fresh).not.toBe(first);
    expect(claims(fresh).exp).toBe(Math.floor(now / 1000) + 12 * 3600);
  });

  it('names each push service as its audience, with a token valid for 12 of the 24 hours allowed', () => {
    const now = Date.now();
    const authorization = vapidAuthorizations({ keys, subject }, () => now);
    const fcm = claims(authorization('https://fcm.googleapis.com/fcm/send/aaa'));
    const mozilla = claims(authorization('https://updates.push.services.mozilla.com/wpush/v2/bbb'));
    expect(fcm).toEqual({ aud: 'https://fcm.googleapis.com', exp: Math.floor(now / 1000) + 12 * 3600, sub: subject });
    expect(mozilla.aud).toBe('https://updates.push.services.mozilla.com');
    expect(claims(authorization('https://127.0.0.1:8443/push/x')).aud).toBe('https://127.0.0.1:8443');
  });
});

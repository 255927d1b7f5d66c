import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVapidKeys, vapidAuthorizations, webPushSender } from './sender.js';

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
    const first = authorization('https://fcm.googleapis.com');
    // ECDSA signatures are randomised: the same string means the same token, not a new signature.
    expect(authorization('https://fcm.googleapis.com')).toBe(first);
    now += 11 * 3600_000 - 1;
    expect(authorization('https://fcm.googleapis.com')).toBe(first);
    now += 1;
    const fresh = authorization('https://fcm.googleapis.com');
    expect(fresh).not.toBe(first);
    expect(claims(fresh).exp).toBe(Math.floor(now / 1000) + 12 * 3600);
  });

  it('names each push service as its audience, with a token valid for 12 of the 24 hours allowed', () => {
    const now = Date.now();
    const authorization = vapidAuthorizations({ keys, subject }, () => now);
    const fcm = claims(authorization('https://fcm.googleapis.com'));
    const mozilla = claims(authorization('https://updates.push.services.mozilla.com'));
    expect(fcm).toEqual({ aud: 'https://fcm.googleapis.com', exp: Math.floor(now / 1000) + 12 * 3600, sub: subject });
    expect(mozilla.aud).toBe('https://updates.push.services.mozilla.com');
    expect(claims(authorization('https://127.0.0.1:8443')).aud).toBe('https://127.0.0.1:8443');
  });
});

describe('where a push goes', () => {
  // A loopback service standing for anything a client could aim at: it counts connections.
  let listener: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const subscription = (endpoint: string) => ({
    endpoint,
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });

  it('never connects to a stored endpoint off the listed hosts, whatever a second parser would read', async () => {
    // Stored before the check was this strict: url.parse reads 127.0.0.1:<port> in every one.
    const send = webPushSender({
      keys: makeVapidKeys(),
      subject: 'mailto:admin@example.org',
      timeoutMs: 1000,
      hosts: ['*.notify.windows.com'],
    });
    for (const splitter of [';', "'", '}', '`', '"']) {
      expect(await send(subscription(`https://127.0.0.1:${port}${splitter}.notify.windows.com/w/`), '{}')).toBe('gone');
    }
    expect(await send(subscription(`https://127.0.0.1:${port}/push`), '{}')).toBe('gone');
    expect(connections).toBe(0);
  });

  it('connects to exactly the checked host and port', async () => {
    const send = webPushSender({
      keys: makeVapidKeys(),
      subject: 'mailto:admin@example.org',
      timeoutMs: 1000,
      hosts: [`127.0.0.1:${port}`],
    });
    // The stand-in hangs up before TLS: the push fails, but it went where it was checked to go.
    expect(await send(subscription(`https://127.0.0.1:${port}/push/1`), '{}')).toBe('failed');
    expect(connections).toBe(1);
  });
});

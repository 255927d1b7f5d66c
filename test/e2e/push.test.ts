/**
 * "Tell me when friends play" in Chromium at phone width: the creator turns notifications on and
 * off on the end screen (the server stores and drops the subscription), and the service worker
 * shows a push delivered through DevTools (ServiceWorker.deliverPushMessage) as a notification.
 * Headless Chromium reaches no real push service, so the browser's subscribe() answers with a
 * subscription on Chrome's push service host without asking it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, selectValue } from '../../server/testing/app.js';
import { browserTestsAvailable, newPlayer, screenshot, startWorld, type World } from './support.js';

const available = browserTestsAvailable();

describe.skipIf(!available)('push notifications in the browser', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ QUESTIONS_PER_GAME: '3' });
  });
  afterAll(() => world?.close());

  it('the creator turns them on and off, and a push shows as a notification that names the friend', async () => {
    const game = await createGame(world.app, 'classic', [1, 2, 3], 'Ada');
    const creator = await newPlayer(world, {
      userId: game.creatorId,
      context: { viewport: { width: 360, height: 740 } },
    });
    await creator.context.grantPermissions(['notifications'], { origin: world.url });
    await creator.context.addInitScript(() => {
      const key = (bytes: number, fill: number) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes).fill(fill)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      let subscription: object | null = null;
      const fake = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-creator',
        expirationTime: null,
        toJSON: () => ({ endpoint: fake.endpoint, keys: { p256dh: key(65, 4), auth: key(16, 7) } }),
        unsubscribe: async () => {
          subscription = null;
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        subscription = fake;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => subscription as PushSubscription | null;
    });
    const { page } = creator;
    await page.goto(`/endscreen/${game.gameId}`);
    const subscriptions = () =>
      selectValue(world.app, 'SELECT count(*) FROM push_subscriptions WHERE game_id = ?', game.gameId).then(Number);

    await page.getByRole('button', { name: 'Tell me when friends play' }).click();
    await page.getByText("You'll get a notification each time a friend plays.").waitFor();
    expect(await subscriptions()).toBe(1);
    await page.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'push-on-360');

    // The service worker the page registered shows what a push service delivers.
    const cdp = await creator.context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: world.url,
      registrationId,
      data: JSON.stringify({
        title: 'Wavelength',
        body: 'Bo played your game — 8.4/10',
        url: `/scoreboard/${game.gameId}`,
        tag: `game-${game.gameId}`,
      }),
    });
    const shown = () =>
      page.evaluate(async () => {
        const ready = await navigator.serviceWorker.ready;
        return (await ready.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        }));
      });
    await expect.poll(shown).toEqual([
      {
        title: 'Wavelength',
        body: 'Bo played your game — 8.4/10',
        tag: `game-${game.gameId}`,
        url: `/scoreboard/${game.gameId}`,
      },
    ]);

    await page.getByRole('button', { name: 'Stop notifications' }).click();
    await page.getByRole('button', { name: 'Tell me when friends play' }).waitFor();
    expect(await subscriptions()).toBe(0);
    expect(creator.problems).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../http/push-hosts.js';
import { testingOnPostgres } from '../testing/postgres.js';
import { PushNotifier } from './notifier.js';
import type { DuePush, PushRepository, PushSubscriptionKeys } from './repository.js';
import type { PushSend, SendOutcome } from './sender.js';

// The notifier over a repository in memory: the server-postgres project has nothing to run again.

const HUNG = 'https://fcm.googleapis.com';
const ANSWERING = 'https://updates.push.services.mozilla.com';

/** Each game's subscriptions, each owed one push per friend (no quiet time: claimed at once). */
function memoryRepository(games: Record<string, string[]>): PushRepository {
  const owed = new Map<string, DuePush[]>();
  return {
    vapidKeys: async (make) => make(),
    subscribe: async () => 'subscribed',
    unsubscribe: async () => true,
    subscriptionsOf: async (gameId) => (games[gameId] ?? []).map((endpoint) => ({ endpoint, p256dh: 'p', auth: 'a' })),
    async addFriend(gameId, name, score) {
      const endpoints = games[gameId] ?? [];
      owed.set(
        gameId,
        endpoints.map((endpoint) => ({ endpoint, p256dh: 'p', auth: 'a', count: 1, name, score })),
      );
      return endpoints.length;
    },
    async claimDue(gameId) {
      const due = owed.get(gameId) ?? [];
      owed.delete(gameId);
      return due;
    },
    nextDue: async () => undefined,
    removeEndpoint: async () => {},
  };
}

/** Sends to HUNG never end; sends to ANSWERING are delivered. Tells each as it comes. */
function splitSender() {
  const sent: string[] = [];
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const send: PushSend = (subscription: PushSubscriptionKeys) => {
    sent.push(subscription.endpoint);
    for (const waiter of waiters.filter((w) => w.test())) waiter.resolve();
    return subscription.endpoint.startsWith(HUNG) ? new Promise<SendOutcome>(() => {}) : Promise.resolve('sent');
  };
  const count = (origin: string) => sent.filter((endpoint) => endpoint.startsWith(`${origin}/`)).length;
  const until = (origin: string, n: number) =>
    new Promise<void>((resolve) => {
      const waiter = { test: () => count(origin) >= n, resolve };
      if (waiter.test()) resolve();
      else waiters.push(waiter);
    });
  return { send, count, until };
}

describe.skipIf(testingOnPostgres)('the notifier with a push service that never answers', () => {
  let notifier: PushNotifier | undefined;
  afterEach(() => notifier?.close());

  it('opens that service’s breaker after the threshold of timed-out pushes, and still sends elsewhere', async () => {
    const sender = splitSender();
    const logged: string[] = [];
    let opened: () => void = () => {};
    const breakerOpened = new Promise<void>((resolve) => {
      opened = resolve;
    });
    notifier = new PushNotifier({
      repository: memoryRepository({
        hung: Array.from({ length: 6 }, (_, i) => `${HUNG}/fcm/send/${i}`),
        other: [`${ANSWERING}/wpush/v2/1`],
      }),
      send: sender.send,
      hosts: DEFAULT_PUSH_SERVICE_HOSTS,
      gameOf: async () => ({ lang: 'en' }),
      // One at a time to the hung service, each given up after a moment: three in a row open it.
      perOrigin: 1,
      sendDeadlineMs: 20,
      breaker: { threshold: 3, coolDownMs: 600_000 },
      log: (message) => {
        logged.push(message);
        if (message.includes('in a row failed')) opened();
      },
    });
    notifier.friendFinished('hung', 'Bo', 8);
    await breakerOpened;
    expect(logged).toContain(`push service ${HUNG}: 3 pushes in a row failed; its pushes wait 600 s`);
    // The three that timed out; the other three wait for the cool-down instead of hanging too.
    expect(sender.count(HUNG)).toBe(3);
    notifier.friendFinished('other', 'Cy', 9);
    await sender.until(ANSWERING, 1);
    expect(sender.count(HUNG)).toBe(3);
  });
});

describe.skipIf(testingOnPostgres)('a note pushed to the creator', () => {
  it('goes to every subscription of the game at once, in its language, naming the friend and never the note', async () => {
    const payloads: { endpoint: string; payload: unknown }[] = [];
    const notifier = new PushNotifier({
      repository: memoryRepository({ game: [`${ANSWERING}/wpush/v2/1`, `${ANSWERING}/wpush/v2/2`], none: [] }),
      send: async (subscription, payload) => {
        payloads.push({ endpoint: subscription.endpoint, payload: JSON.parse(payload) });
        return 'sent';
      },
      hosts: DEFAULT_PUSH_SERVICE_HOSTS,
      gameOf: async () => ({ lang: 'de' }),
    });
    try {
      notifier.noteLeft('game', 'Bo');
      notifier.noteLeft('none', 'Cy');
      await notifier.settled();
      expect(payloads.map(({ endpoint }) => endpoint).sort()).toEqual([
        `${ANSWERING}/wpush/v2/1`,
        `${ANSWERING}/wpush/v2/2`,
      ]);
      for (const { payload } of payloads) {
        expect(payload).toEqual({
          title: 'Wavelength',
          body: 'Bo hat dir eine Nachricht hinterlassen',
          url: '/scoreboard/game',
          tag: 'note-game',
        });
      }
    } finally {
      notifier.close();
    }
  });
});

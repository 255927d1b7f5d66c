import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createGame,
  fetchQuestions,
  logResponse,
  newUserId,
  persistentTestDatabase,
  rowCount,
  selectValue,
  testApp,
} from '../testing/app.js';
import type { PushSubscriptionKeys } from './repository.js';
import type { PushSend, SendOutcome } from './sender.js';

// Both implementations pass this file: SQLite in `server`, PostgreSQL in `server-postgres`.

/** A subscription as a browser hands it over, on Chrome's push service. */
function browserSubscription(id = newUserId()) {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
    expirationTime: null,
    // Shapes only: p256dh is 65 bytes, auth 16 (nothing is sent in these tests).
    keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
  };
}

interface Recorded {
  endpoint: string;
  payload: { title: string; body: string; url: string; tag: string };
}

/** A push service stand-in: records what would be sent, answers `outcome`, tells each send as it comes. */
function recordingSender(outcome: () => SendOutcome | Promise<SendOutcome> = () => 'sent') {
  const sent: Recorded[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const send: PushSend = async (subscription: PushSubscriptionKeys, payload: string) => {
    sent.push({ endpoint: subscription.endpoint, payload: JSON.parse(payload) });
    for (const waiter of waiters.filter((w) => sent.length >= w.count)) waiter.resolve();
    return outcome();
  };
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      if (sent.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { send, sent, until };
}

function subscribe(app: FastifyInstance, gameId: string, userId: string, subscription: object) {
  return app.inject({ method: 'POST', url: '/prod/subscribe-push', payload: { gameId, userId, subscription } });
}

async function createGameIn(app: FastifyInstance, lang: string, creatorId = newUserId()) {
  const questions = await fetchQuestions(app, 'classic');
  const reply = await app.inject({
    method: 'POST',
    url: '/prod/create-game',
    payload: {
      userId: creatorId,
      userName: 'Ada',
      questionSet: questions.map((q) => q.questionID),
      answerSet: questions.map(() => 1),
      lang,
    },
  });
  return { gameId: reply.json().gameId as string, creatorId, rounds: questions.length };
}

describe('the push calls', () => {
  let app: FastifyInstance;
  const recorder = recordingSender();
  beforeAll(async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { push: { send: recorder.send } });
  });
  afterAll(() => app.close());

  it('push-key gives a P-256 public key, the same on every call', async () => {
    const first = (await app.inject({ method: 'GET', url: '/prod/push-key' })).json();
    const second = (await app.inject({ method: 'GET', url: '/prod/push-key' })).json();
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(second).toEqual(first);
  });

  it('takes subscriptions from creators only, on known push services only', async () => {
    const { gameId, creatorId } = await createGame(app, 'classic');
    expect((await subscribe(app, gameId, creatorId, browserSubscription())).json()).toEqual({ ok: true });
    const friend = await subscribe(app, gameId, newUserId(), browserSubscription());
    expect(friend.statusCode).toBe(403);
    expect((await subscribe(app, 'NoSuchGame1', creatorId, browserSubscription())).statusCode).toBe(404);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data/iam',
      'https://127.0.0.1:8443/push',
      'https://10.1.2.3/push',
      'https://attacker.example/push',
      'https://attacker.example;.notify.windows.com/w/?token=x',
      "https://127.0.0.1'.notify.windows.com/w/?token=x",
      'https://localhost}.notify.windows.com/w/?token=x',
      'https://169.254.169.254`.notify.windows.com/w/?token=x',
      'https://attacker.example".notify.windows.com/w/?token=x',
      'https://fcm%2egoogleapis.com/fcm/send/x',
      'https://lo%63alhost/push',
    ]) {
      const reply = await subscribe(app, gameId, creatorId, { ...browserSubscription(), endpoint });
      expect(reply.statusCode, endpoint).toBe(400);
      expect(reply.json().message).toMatch(/push service/);
    }
    const tooLong = `https://fcm.googleapis.com/fcm/send/${'a'.repeat(600)}`;
    const long = await subscribe(app, gameId, creatorId, { ...browserSubscription(), endpoint: tooLong });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 600 characters/);
    const badKey = await subscribe(app, gameId, creatorId, {
      ...browserSubscription(),
      keys: { p256dh: 'abc', auth: Buffer.alloc(16).toString('base64url') },
    });
    expect(badKey.statusCode).toBe(400);
    expect(Number(await selectValue(app, 'SELECT count(*) FROM push_subscriptions WHERE game_id = ?', gameId))).toBe(1);
  });

  it('caps subscriptions per creator across their games: 409 past it, renewing and other creators still fine', async () => {
    const creatorId = newUserId();
    const games = [];
    for (let i = 0; i < 3; i++) games.push((await createGameIn(app, 'en', creatorId)).gameId);
    const first = browserSubscription();
    // 2 games × 50 (each game's own cap) = the creator's 100.
    for (const gameId of games.slice(0, 2)) {
      for (let i = 0; i < 50; i++) {
        const subscription = gameId === games[0] && i === 0 ? first : browserSubscription();
        expect((await subscribe(app, gameId, creatorId, subscription)).statusCode).toBe(200);
      }
    }
    const over = await subscribe(app, games[2], creatorId, browserSubscription());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'too_many_creator_push_subscriptions',
      message: 'You already get notifications for too many games; turn some off first.',
    });
    // A browser renewing its subscription adds none.
    expect((await subscribe(app, games[0], creatorId, first)).statusCode).toBe(200);
    // Another creator's game takes subscriptions as before.
    const other = await createGame(app, 'classic');
    expect((await subscribe(app, other.gameId, other.creatorId, browserSubscription())).statusCode).toBe(200);
    // Stopping one makes room for one.
    await app.inject({
      method: 'POST',
      url: '/prod/unsubscribe-push',
      payload: { gameId: games[0], userId: creatorId, endpoint: first.endpoint },
    });
    expect((await subscribe(app, games[2], creatorId, browserSubscription())).statusCode).toBe(200);
  });

  it('holds the per-creator cap when one creator subscribes to many games at once', async () => {
    const creatorId = newUserId();
    const full = await createGameIn(app, 'en', creatorId);
    const most = await createGameIn(app, 'en', creatorId);
    for (let i = 0; i < 50; i++) await subscribe(app, full.gameId, creatorId, browserSubscription());
    for (let i = 0; i < 45; i++) await subscribe(app, most.gameId, creatorId, browserSubscription());
    const games = [];
    for (let i = 0; i < 10; i++) games.push((await createGameIn(app, 'en', creatorId)).gameId);
    // Ten at once, five places left: five in, five refused (on PostgreSQL too, across instances' transactions).
    const replies = await Promise.all(games.map((gameId) => subscribe(app, gameId, creatorId, browserSubscription())));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    expect(Number(await selectValue(app, 'SELECT count(*) FROM push_subscriptions WHERE user_id = ?', creatorId))).toBe(
      100,
    );
  });

  it('unsubscribe-push stops a subscription (twice is fine), for creators only', async () => {
    const { gameId, creatorId } = await createGame(app, 'classic');
    const subscription = browserSubscription();
    await subscribe(app, gameId, creatorId, subscription);
    const stop = (userId: string) =>
      app.inject({
        method: 'POST',
        url: '/prod/unsubscribe-push',
        payload: { gameId, userId, endpoint: subscription.endpoint },
      });
    expect((await stop(newUserId())).statusCode).toBe(403);
    expect((await stop(creatorId)).json()).toEqual({ ok: true });
    expect((await stop(creatorId)).json()).toEqual({ ok: true });
    expect(Number(await selectValue(app, 'SELECT count(*) FROM push_subscriptions WHERE game_id = ?', gameId))).toBe(0);
  });

  it('subscriptions go with their game', async () => {
    const { gameId, creatorId } = await createGame(app, 'classic');
    await subscribe(app, gameId, creatorId, browserSubscription());
    await app.inject({ method: 'POST', url: '/prod/delete-game', payload: { gameId, userId: creatorId } });
    expect(Number(await selectValue(app, 'SELECT count(*) FROM push_subscriptions WHERE game_id = ?', gameId))).toBe(0);
  });
});

describe('pushes to the creator', () => {
  let app: FastifyInstance;
  let recorder: ReturnType<typeof recordingSender>;
  let outcome: SendOutcome = 'sent';
  beforeAll(async () => {
    recorder = recordingSender(() => outcome);
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { push: { send: recorder.send, quietMs: 400 } });
  });
  afterAll(() => app.close());
  afterEach(() => {
    recorder.sent.length = 0;
    outcome = 'sent';
  });

  it('tells the first friend at once in the game language, then friends of the next moments as one', async () => {
    const { gameId, creatorId } = await createGameIn(app, 'de');
    const subscription = browserSubscription();
    await subscribe(app, gameId, creatorId, subscription);
    // Every answer right: 10/10 (the creator answered 1 everywhere).
    expect((await logResponse(app, gameId, newUserId(), [1, 1, 1], 'Bo')).statusCode).toBe(200);
    await recorder.until(1);
    expect(recorder.sent[0]).toEqual({
      endpoint: subscription.endpoint,
      payload: {
        title: 'Wavelength',
        body: 'Bo hat dein Spiel gespielt – 10/10',
        url: `/scoreboard/${gameId}`,
        tag: `game-${gameId}`,
      },
    });
    for (const name of ['Cy', 'Di', 'Ed']) await logResponse(app, gameId, newUserId(), [1, 1, 0], name);
    await recorder.until(2);
    expect(recorder.sent.map((push) => push.payload.body)).toEqual([
      'Bo hat dein Spiel gespielt – 10/10',
      '3 Freunde haben dein Spiel gespielt',
    ]);
  });

  it('a lone friend after the quiet minute is named again, with their score', async () => {
    const { gameId, creatorId } = await createGameIn(app, 'en');
    await subscribe(app, gameId, creatorId, browserSubscription());
    await logResponse(app, gameId, newUserId(), [1, 1, 1], 'Bo');
    await recorder.until(1);
    await logResponse(app, gameId, newUserId(), [1, 0, 0], '');
    await recorder.until(2);
    expect(recorder.sent[1].payload.body).toBe('A friend played your game — 3.3/10');
  });

  it('forgets a subscription the push service says is gone (404/410), in every game', async () => {
    const subscription = browserSubscription();
    const games = [await createGameIn(app, 'en'), await createGameIn(app, 'en')];
    for (const { gameId, creatorId } of games) await subscribe(app, gameId, creatorId, subscription);
    outcome = 'gone';
    await logResponse(app, games[0].gameId, newUserId(), [1, 1, 1]);
    await recorder.until(1);
    await expect
      .poll(async () =>
        Number(
          await selectValue(app, 'SELECT count(*) FROM push_subscriptions WHERE endpoint = ?', subscription.endpoint),
        ),
      )
      .toBe(0);
  });
});

describe('a push service that never answers', () => {
  const hanging = recordingSender(() => new Promise<SendOutcome>(() => {}));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { push: { send: hanging.send, quietMs: 400 } });
  });
  afterAll(() => app.close());

  it('costs the answers nothing', async () => {
    const game = await createGameIn(app, 'en');
    await subscribe(app, game.gameId, game.creatorId, browserSubscription());
    expect((await logResponse(app, game.gameId, newUserId(), [1, 1, 1])).statusCode).toBe(200);
    await hanging.until(1);
    // The first push is still on the wire: later answers are stored and answered all the same.
    const later = await Promise.all(
      Array.from({ length: 20 }, () => logResponse(app, game.gameId, newUserId(), [1, 1, 1])),
    );
    expect(later.map((reply) => reply.statusCode)).toEqual(later.map(() => 200));
    expect(await rowCount(app, 'responses')).toBe(21);
  });
});

describe('a push service that never answers, beside one that does', () => {
  /** Chrome's push service (FCM) takes every push and never answers; Firefox's delivers. */
  const hung = recordingSender(() => new Promise<SendOutcome>(() => {}));
  const answering = recordingSender();
  const send: PushSend = (subscription, payload) =>
    (subscription.endpoint.startsWith('https://fcm.googleapis.com/') ? hung : answering).send(subscription, payload);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' }, { push: { send, quietMs: 400 } });
  });
  afterAll(() => app.close());

  it('holds its own places only: another creator’s first push on another service is sent at once', async () => {
    // Three creators' games with 20 subscriptions each on the hung service: 60 pushes that never
    // end, more than all the places there are for pushes on the wire.
    for (let g = 0; g < 3; g++) {
      const game = await createGameIn(app, 'en');
      for (let i = 0; i < 20; i++) await subscribe(app, game.gameId, game.creatorId, browserSubscription());
      await logResponse(app, game.gameId, newUserId(), [1, 1, 1], 'Bo');
    }
    await hung.until(1);
    await expect
      .poll(async () => Number(await selectValue(app, 'SELECT count(*) FROM push_subscriptions WHERE sent > 0')))
      .toBe(60);
    const other = await createGameIn(app, 'en');
    const firefox = {
      ...browserSubscription(),
      endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${newUserId()}`,
    };
    await subscribe(app, other.gameId, other.creatorId, firefox);
    await logResponse(app, other.gameId, newUserId(), [1, 1, 1], 'Cy');
    await answering.until(1);
    expect(answering.sent[0]).toMatchObject({
      endpoint: firefox.endpoint,
      payload: { body: 'Cy played your game — 10/10' },
    });
    // The hung service holds a few places, not one per push it was given.
    expect(hung.sent.length).toBeLessThan(60);
  });
});

describe('two instances on one database', () => {
  it('send one push per friend between them, not one each', async () => {
    const database = await persistentTestDatabase(mkdtempSync(join(tmpdir(), 'wavelength-push-')));
    const recorders = [recordingSender(), recordingSender()];
    const apps = await Promise.all(
      recorders.map((recorder) =>
        testApp(
          { QUESTIONS_PER_GAME: '3', DATABASE_URL: database.url },
          { push: { send: recorder.send, quietMs: 400 } },
        ),
      ),
    );
    try {
      const keys = await Promise.all(apps.map(async (app) => (await app.inject({ url: '/prod/push-key' })).json()));
      expect(keys[1]).toEqual(keys[0]);
      const { gameId, creatorId } = await createGameIn(apps[0], 'en');
      await subscribe(apps[1], gameId, creatorId, browserSubscription());
      const total = () => recorders[0].sent.length + recorders[1].sent.length;
      // The first friend on instance 0, four more on alternating instances within the quiet time.
      await logResponse(apps[0], gameId, newUserId(), [1, 1, 1], 'Bo');
      await expect.poll(total).toBe(1);
      for (let i = 0; i < 4; i++) await logResponse(apps[i % 2], gameId, newUserId(), [1, 1, 1], `F${i}`);
      await expect.poll(total, { timeout: 5000 }).toBe(2);
      const bodies = [...recorders[0].sent, ...recorders[1].sent].map((push) => push.payload.body).sort();
      expect(bodies).toEqual(['4 friends played your game', 'Bo played your game — 10/10']);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    }
  });
});

describe('with PUSH_SERVICE_HOSTS=none', () => {
  it('push is off: the calls say so', async () => {
    const app = await testApp({ PUSH_SERVICE_HOSTS: 'none' });
    try {
      const reply = await app.inject({ url: '/prod/push-key' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe('Notifications are turned off on this server.');
    } finally {
      await app.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAME_EVENTS_CHANNEL } from '../events/envelope.js';
import { gameChannel } from '../events/redis-channels.js';
import { createGame, newResponse, newUserId, testApp } from '../testing/app.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { TEST_REDIS_URL, testChannel, testRedis } from '../testing/redis.js';

// With BUS_URL, one batch of responses is still one statement and one commit, but its events go
// out on Redis after the commit, in one message on the game's channel, and PostgreSQL sends no notification.
let database: TestDatabase;
let app: FastifyInstance;
let listener: pg.Client;
let notifications: string[];
let spy: Redis;
let messages: string[];
let channel: string;

beforeEach(async () => {
  database = await createTestDatabase();
  channel = testChannel();
  app = await testApp(
    { DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3', BUS_URL: TEST_REDIS_URL ?? '' },
    { busChannel: channel },
  );
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  notifications = [];
  listener.on('notification', ({ payload }) => notifications.push(payload ?? ''));
  await listener.query(`LISTEN ${GAME_EVENTS_CHANNEL}`);
  spy = testRedis();
  messages = [];
  spy.on('smessage', (_channel, message: string) => messages.push(message));
});

afterEach(async () => {
  await spy.quit();
  await listener.end();
  await app.close();
  await database.drop();
});

describe('PostgreSQL responses in batches, announced over Redis', () => {
  it('publishes the stored ones of a batch in order in one message, after the commit, and never NOTIFYs', async () => {
    const { gameId } = await createGame(app, 'classic');
    const games = app.storage.games;
    await spy.ssubscribe(gameChannel(channel, gameId));
    const seen: string[] = [];
    await new Promise<void>((heard) =>
      app.storage.bus.subscribe(gameId, (event) => event.type === 'player' && seen.push(event.player.playerName), {
        heard,
      }),
    );
    const twice = newUserId();
    const batch = [
      { ...newResponse(gameId), playerName: 'First' },
      { ...newResponse(gameId, twice), playerName: 'Twice' },
      newResponse(gameId, twice),
      newResponse('no-such-game'),
      { ...newResponse(gameId), playerName: 'Last' },
    ];
    const results = await Promise.all(batch.map((response) => games.addResponse(response, 100)));
    expect(results.map((r) => r.status)).toEqual(['stored', 'stored', 'duplicate', 'missing', 'stored']);
    // Returned once delivered on this instance (its echo came back).
    expect(seen).toEqual(['First', 'Twice', 'Last']);
    // This test's own subscriber hears it too, maybe after the writer's instance did.
    await expect.poll(() => messages.length).toBe(1);
    const { events, echo } = JSON.parse(messages[0]);
    expect(events.map((e: { event: { player: { playerName: string } } }) => e.event.player.playerName)).toEqual([
      'First',
      'Twice',
      'Last',
    ]);
    expect(echo).toEqual(expect.any(String));
    // A round trip on the listening connection: any notification of those commits would be here by now.
    await listener.query('SELECT 1');
    expect(notifications).toEqual([]);
  });
});

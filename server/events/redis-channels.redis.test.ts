import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endPool } from '../db/postgres.js';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { TEST_REDIS_URL, testChannel, testRedis } from '../testing/redis.js';
import { scored, seenOn, testBuses, writeOn } from '../testing/redis-bus.js';
import type { GameEvent } from './bus.js';
import type { RedisEventBus } from './redis-bus.js';
import { gameChannel } from './redis-channels.js';

/** How many connections subscribe to a game's channel on the test Redis. */
async function subscribersOf(channel: string, gameId: string): Promise<number> {
  const admin = testRedis();
  try {
    const [, count] = (await admin.call('PUBSUB', 'SHARDNUMSUB', gameChannel(channel, gameId))) as [string, number];
    return Number(count);
  } finally {
    await admin.quit();
  }
}

describe('one Redis channel per game', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let channel: string;
  const buses = testBuses(() => ({ url: TEST_REDIS_URL ?? '', channel }));

  beforeEach(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    channel = testChannel();
  });

  afterEach(async () => {
    await buses.closeAll();
    await endPool(pool);
    await database.drop();
  });

  it('subscribes with the first subscriber of a game, keeps its channel while one is left, and receives nothing for other games', async () => {
    const [writer, watcher] = [await buses.start(), await buses.start()];
    expect(await subscribersOf(channel, 'game-a')).toBe(0);
    const first = await seenOn(watcher, 'game-a');
    const second: GameEvent[] = [];
    const leave = watcher.subscribe('game-a', (event) => second.push(event));
    expect(await subscribersOf(channel, 'game-a')).toBe(1);
    // Fifty writes to a game nobody on `watcher` watches, one to its game: only that one reaches it.
    for (let i = 0; i < 50; i++) await writeOn(pool, writer, 'game-b', scored(`B${i}`));
    await writeOn(pool, writer, 'game-a', scored('A'));
    await expect.poll(() => first).toEqual([scored('A')]);
    expect(watcher.gameMessagesReceived).toBe(1);
    expect(watcher.gamesWatched).toBe(1);
    // One subscriber leaves: the channel stays for the other; the last one leaves: it goes.
    leave();
    expect(await subscribersOf(channel, 'game-a')).toBe(1);
    await writeOn(pool, writer, 'game-a', scored('StillWatched'));
    await expect.poll(() => first).toEqual([scored('A'), scored('StillWatched')]);
    expect(second).toEqual([scored('A')]);
  });

  it('unsubscribes once no subscriber of the game is left, and hears nothing more of it', async () => {
    const [writer, watcher] = [await buses.start(), await buses.start()];
    let heard = 0;
    await new Promise<void>((resolve) => {
      const leave = watcher.subscribe('game-a', () => heard++, {
        heard: () => {
          leave();
          resolve();
        },
      });
    });
    await expect.poll(() => subscribersOf(channel, 'game-a')).toBe(0);
    expect(watcher.gamesWatched).toBe(0);
    await writeOn(pool, writer, 'game-a', scored('Unheard'));
    // Time enough for a message on Redis to arrive, had the channel stayed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toBe(0);
    expect(watcher.gameMessagesReceived).toBe(0);
  });

  it('resyncs a subscriber that read before its channel was on, never one that waited for it', async () => {
    const bus = await buses.start();
    const eager: GameEvent[] = [];
    const patient: GameEvent[] = [];
    await Promise.all([
      new Promise<void>((heard) => bus.subscribe('game-a', (event) => patient.push(event), { heard })),
      // Subscribed in the same turn, before the SSUBSCRIBE is answered, and not waiting for it.
      new Promise<void>((resolve) => {
        bus.subscribe('game-a', (event) => eager.push(event));
        resolve();
      }),
    ]);
    await expect.poll(() => eager).toEqual([{ type: 'resync' }]);
    expect(patient).toEqual([{ type: 'resync' }]);
    const alone = await seenOn(bus, 'game-b');
    await writeOn(pool, bus, 'game-b', scored('B'));
    expect(alone).toEqual([scored('B')]);
  });

  it("tells every instance's subscribeAll of a deletion or removal in a game none of its subscribers watch", async () => {
    const [writer, other] = [await buses.start(), await buses.start()];
    const everyGame: string[] = [];
    other.subscribeAll((gameId, event) => everyGame.push(`${gameId}:${event.type}`));
    await writeOn(pool, writer, 'game-a', scored('NotForAll'));
    await writeOn(pool, writer, 'game-a', { type: 'removed', playerID: 'p1' });
    await writeOn(pool, writer, 'game-b', { type: 'deleted' });
    await expect.poll(() => everyGame).toEqual(['game-a:removed', 'game-b:deleted']);
    expect(other.gameMessagesReceived).toBe(0);
  });
});

describe('instances on per-game Redis channels', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let database: TestDatabase;
  let channel: string;
  const liveUrl = (app: FastifyInstance, gameId: string) =>
    `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/${gameId}`;
  const busOf = (app: FastifyInstance) => app.storage.bus as RedisEventBus;

  beforeEach(async () => {
    database = await createTestDatabase();
    channel = testChannel();
    const env = { DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3', BUS_URL: TEST_REDIS_URL ?? '' };
    a = await testApp(env, { busChannel: channel });
    b = await testApp(env, { busChannel: channel });
    await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await database.drop();
  });

  it("subscribes an instance to a game while one of its sockets watches it, never for another instance's answers", async () => {
    const watched = await createGame(a, 'classic', [1, 2, 3]);
    const unwatched = await createGame(a, 'classic', [3, 2, 1]);
    const onB = await LiveClient.open(liveUrl(b, watched.gameId));
    expect(await onB.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
    expect(await subscribersOf(channel, watched.gameId)).toBe(1);
    // Answers to both games on A (whose rooms read them without a socket): B hears only its game's.
    for (const game of [unwatched, watched, unwatched]) {
      expect((await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Cy')).statusCode).toBe(200);
    }
    expect(await onB.message(1)).toMatchObject({ type: 'player', player: { playerName: 'Cy' } });
    expect(busOf(b).gameMessagesReceived).toBe(1);
    expect(busOf(a).gameMessagesReceived).toBe(0);
    expect(await subscribersOf(channel, unwatched.gameId)).toBe(0);
    // The socket goes: so does B's subscription.
    onB.close();
    await expect.poll(() => subscribersOf(channel, watched.gameId)).toBe(0);
  });
});

import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endPool } from '../db/postgres.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { freePort } from '../testing/process.js';
import { killSubscribers, TEST_REDIS_URL, testChannel, testRedis } from '../testing/redis.js';
import { startRedisProxy } from '../testing/redis-proxy.js';
import type { GameEvent, GameEventBus } from './bus.js';
import { publishingAnnouncer } from './redis-announce.js';
import { BusUnavailableError, RedisEventBus } from './redis-bus.js';

const scored = (playerName: string): GameEvent => ({
  type: 'player',
  player: { playerID: 'p1', playerName, score: 7 },
});

let database: TestDatabase;
let pool: pg.Pool;
let channel: string;
const buses: RedisEventBus[] = [];
const redisUrl = TEST_REDIS_URL ?? '';

async function startBus(url = redisUrl, log?: (message: string) => void): Promise<RedisEventBus> {
  const bus = new RedisEventBus({ url, channel, backoff: { firstMs: 20, maxMs: 200 }, log });
  await bus.start();
  buses.push(bus);
  return bus;
}

/** Resolves with the first `count` events a bus delivers for a game. */
function collect(bus: GameEventBus, gameId: string, count: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  return new Promise((resolve) => {
    bus.subscribe(gameId, (event) => {
      seen.push(event);
      if (seen.length === count) resolve(seen);
    });
  });
}

/** A write that announces one event, committed or rolled back. */
function write(bus: RedisEventBus, gameId: string, event: GameEvent, rollBack = false): Promise<void> {
  return publishingAnnouncer(bus).transaction(pool, async (client, announce) => {
    await client.query('SELECT 1');
    await announce(gameId, event);
    if (rollBack) throw new Error('the write failed');
  });
}

beforeEach(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  channel = testChannel();
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
  await endPool(pool);
  await database.drop();
});

describe('RedisEventBus', () => {
  it('publishes a write once its transaction commits, in one message, never after a rollback', async () => {
    const bus = await startBus();
    // A plain subscriber on the channel: it sees exactly what goes out.
    const spy = testRedis();
    await spy.subscribe(channel);
    const message = new Promise<string>((resolve) => spy.once('message', (_channel, payload) => resolve(payload)));
    const received = collect(bus, 'game-a', 1);
    await expect(write(bus, 'game-a', scored('RolledBack'), true)).rejects.toThrow('the write failed');
    await publishingAnnouncer(bus).transaction(pool, async (_client, announce) => {
      await announce('game-a', scored('Committed'));
      await announce('game-b', { type: 'deleted' });
    });
    // The first (and only) message is the committed write's, with its events in order.
    expect(JSON.parse(await message).events).toEqual([
      { gameId: 'game-a', event: scored('Committed') },
      { gameId: 'game-b', event: { type: 'deleted' } },
    ]);
    expect(await received).toEqual([scored('Committed')]);
    await spy.quit();
  });

  it("delivers every instance's messages to every instance's subscribers of that game only", async () => {
    const [one, two] = [await startBus(), await startBus()];
    const onOne = collect(one, 'game-a', 2);
    const onTwo = collect(two, 'game-a', 2);
    let elsewhere = 0;
    two.subscribe('game-b', () => elsewhere++);
    await write(one, 'game-a', scored('First'));
    one.publish('game-a', { type: 'deleted' });
    expect(await onOne).toEqual([scored('First'), { type: 'deleted' }]);
    expect(await onTwo).toEqual([scored('First'), { type: 'deleted' }]);
    expect(elsewhere).toBe(0);
  });

  it('tells every subscriber to resync once its subscription connection is back, then delivers again', async () => {
    const [bus, other] = [await startBus(), await startBus()];
    const signals = [collect(bus, 'game-a', 1), collect(bus, 'game-b', 1)];
    expect(await killSubscribers(channel)).toBe(2);
    expect(await Promise.all(signals)).toEqual([[{ type: 'resync' }], [{ type: 'resync' }]]);
    expect(bus.listening).toBe(true);
    // Subscribed again: another instance's write arrives as usual.
    const after = collect(bus, 'game-a', 1);
    await expect.poll(() => other.listening).toBe(true);
    await write(other, 'game-a', scored('After'));
    expect(await after).toEqual([scored('After')]);
    await bus.close();
    expect(bus.listening).toBe(false);
  });

  it("returns from a write only once the writer's own instance has delivered its events", async () => {
    const [writer, other] = [await startBus(), await startBus()];
    const seen: unknown[] = [];
    writer.subscribe('game-a', (event) => seen.push(event));
    const onOther = collect(other, 'game-a', 1);
    await write(writer, 'game-a', scored('Mine'));
    // No waiting here: it is already out on the writer's instance (the other one gets it too).
    expect(seen).toEqual([scored('Mine')]);
    expect(await onOther).toEqual([scored('Mine')]);
    await expect(write(writer, 'game-a', scored('RolledBack'), true)).rejects.toThrow('the write failed');
    expect(seen).toEqual([scored('Mine')]);
  });

  it('never keeps a write waiting when Redis goes away: the echo settles, then events stay on this instance', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const logged: string[] = [];
    const bus = await startBus(proxy.url, (message) => logged.push(message));
    const seen: unknown[] = [];
    bus.subscribe('game-a', (event) => seen.push(event));
    const spy = testRedis();
    await spy.subscribe(channel);
    const published = new Promise<void>((resolve) => spy.once('message', () => resolve()));
    // Published, but its echo held on the way back: the write waits for it…
    proxy.holdSubscriptions();
    const held = write(bus, 'game-a', scored('Held'));
    await published;
    await spy.quit();
    // …until the subscription drops: then it returns (subscribers resync once it is back).
    await proxy.stop();
    await held;
    expect(seen).toEqual([]);
    // Redis unreachable: the write is stored and delivered here only, with one line in the log.
    await write(bus, 'game-a', scored('Alone'));
    await write(bus, 'game-a', scored('AloneAgain'));
    expect(seen).toEqual([scored('Alone'), scored('AloneAgain')]);
    expect(logged.filter((line) => line.startsWith('Redis cannot be reached'))).toHaveLength(1);
  });

  it('tells the other instances to resync the games whose events it could not publish, once Redis is back', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const writer = await startBus(proxy.url);
    const other = await startBus();
    const seen: unknown[] = [];
    other.subscribe('game-a', (event) => seen.push(event));
    let elsewhere = 0;
    other.subscribe('game-b', () => elsewhere++);
    // The writer loses Redis; the other instance keeps it, so nothing tells it that it missed anything…
    proxy.cut();
    await expect.poll(() => writer.listening).toBe(false);
    await write(writer, 'game-a', scored('Alone'));
    expect(seen).toEqual([]);
    // …until the writer reaches Redis again: then the other re-reads that game (and only that one).
    proxy.restore();
    await expect.poll(() => seen).toEqual([{ type: 'resync' }]);
    expect(elsewhere).toBe(0);
    await proxy.stop();
  });

  it('refuses to start without Redis, saying what failed', async () => {
    const closed = await freePort();
    const bus = new RedisEventBus({ url: `redis://127.0.0.1:${closed}`, channel });
    const failure = await bus.start().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BusUnavailableError);
    expect((failure as Error).message).toBe(`Redis cannot be reached: connect ECONNREFUSED 127.0.0.1:${closed}`);
    expect(bus.listening).toBe(false);
  });
});

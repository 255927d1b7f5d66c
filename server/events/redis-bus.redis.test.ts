import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endPool } from '../db/postgres.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { freePort } from '../testing/process.js';
import { killSubscribers, TEST_REDIS_URL, testChannel, testRedis } from '../testing/redis.js';
import { collect, scored, seenOn, testBuses, writeOn } from '../testing/redis-bus.js';
import { startRedisProxy } from '../testing/redis-proxy.js';
import type { GameEvent } from './bus.js';
import { publishingAnnouncer } from './redis-announce.js';
import { BusUnavailableError, RedisEventBus } from './redis-bus.js';
import { gameChannel } from './redis-channels.js';

let database: TestDatabase;
let pool: pg.Pool;
let channel: string;
const redisUrl = TEST_REDIS_URL ?? '';
const buses = testBuses(() => ({ url: redisUrl, channel }));
const startBus = buses.start;
const write = (bus: RedisEventBus, gameId: string, event: GameEvent, rollBack = false) =>
  writeOn(pool, bus, gameId, event, rollBack);

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

describe('RedisEventBus', () => {
  it("publishes a write once its transaction commits, one message on each game's channel, never after a rollback", async () => {
    const bus = await startBus();
    // A plain subscriber on the games' channels: it sees exactly what goes out.
    const spy = testRedis();
    await spy.ssubscribe(gameChannel(channel, 'game-a'));
    await spy.ssubscribe(gameChannel(channel, 'game-b'));
    const messages: [string, unknown][] = [];
    spy.on('smessage', (on: string, payload: string) => messages.push([on, JSON.parse(payload).events]));
    const received = await collect(bus, 'game-a', 1);
    await expect(write(bus, 'game-a', scored('RolledBack'), true)).rejects.toThrow('the write failed');
    await publishingAnnouncer(bus).transaction(pool, async (_client, announce) => {
      await announce('game-a', scored('Committed'));
      await announce('game-b', { type: 'deleted' });
      await announce('game-a', { type: 'removed', playerID: 'p9' });
    });
    // The committed write's, with each game's events in order, and nothing of the rolled-back one.
    await expect.poll(() => messages).toHaveLength(2);
    expect(messages).toEqual([
      [
        gameChannel(channel, 'game-a'),
        [
          { gameId: 'game-a', event: scored('Committed') },
          { gameId: 'game-a', event: { type: 'removed', playerID: 'p9' } },
        ],
      ],
      [gameChannel(channel, 'game-b'), [{ gameId: 'game-b', event: { type: 'deleted' } }]],
    ]);
    expect(await received.events).toEqual([scored('Committed')]);
    await spy.quit();
  });

  it("delivers every instance's messages to every instance's subscribers of that game only", async () => {
    const [one, two] = [await startBus(), await startBus()];
    const onOne = await collect(one, 'game-a', 2);
    const onTwo = await collect(two, 'game-a', 2);
    const elsewhere = await seenOn(two, 'game-b');
    await write(one, 'game-a', scored('First'));
    one.publish('game-a', { type: 'deleted' });
    expect(await onOne.events).toEqual([scored('First'), { type: 'deleted' }]);
    expect(await onTwo.events).toEqual([scored('First'), { type: 'deleted' }]);
    expect(elsewhere).toEqual([]);
  });

  it('tells every subscriber to resync once its subscription connection is back, then delivers again', async () => {
    const [bus, other] = [await startBus(), await startBus()];
    const signals = [await collect(bus, 'game-a', 1), await collect(bus, 'game-b', 1)];
    expect(await killSubscribers(channel)).toBe(2);
    expect(await Promise.all(signals.map((signal) => signal.events))).toEqual([
      [{ type: 'resync' }],
      [{ type: 'resync' }],
    ]);
    await expect.poll(() => bus.listening).toBe(true);
    // Subscribed again (its games' channels too): another instance's write arrives as usual.
    const after = await collect(bus, 'game-a', 1);
    await expect.poll(() => other.listening).toBe(true);
    await write(other, 'game-a', scored('After'));
    expect(await after.events).toEqual([scored('After')]);
    await bus.close();
    expect(bus.listening).toBe(false);
  });

  it("returns from a write only once the writer's own instance has delivered its events", async () => {
    const [writer, other] = [await startBus(), await startBus()];
    const seen = await seenOn(writer, 'game-a');
    const onOther = await collect(other, 'game-a', 1);
    await write(writer, 'game-a', scored('Mine'));
    // No waiting here: it is already out on the writer's instance (the other one gets it too).
    expect(seen).toEqual([scored('Mine')]);
    expect(await onOther.events).toEqual([scored('Mine')]);
    await expect(write(writer, 'game-a', scored('RolledBack'), true)).rejects.toThrow('the write failed');
    expect(seen).toEqual([scored('Mine')]);
  });

  it('never keeps a write waiting for an echo that does not come back, nor when Redis goes away', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const logged: string[] = [];
    // A PUBLISH may take a minute here: only the bus's own bound on waiting can let the write go.
    const bus = await startBus(proxy.url, (message) => logged.push(message), { publishTimeoutMs: 60_000 });
    const seen = await seenOn(bus, 'game-a');
    const spy = testRedis();
    await spy.ssubscribe(gameChannel(channel, 'game-a'));
    const published = new Promise<void>((resolve) => spy.on('smessage', () => resolve()));
    // Published, but its echo held on the way back: the write returns all the same, delivered here.
    proxy.holdSubscriptions();
    await write(bus, 'game-a', scored('Held'));
    expect(seen).toEqual([scored('Held')]);
    expect(bus.listening).toBe(false);
    await published;
    await spy.quit();
    // Redis unreachable: the write is stored and delivered here only, with one line in the log.
    await proxy.stop();
    await write(bus, 'game-a', scored('Alone'));
    await write(bus, 'game-a', scored('AloneAgain'));
    expect(seen).toEqual([scored('Held'), scored('Alone'), scored('AloneAgain')]);
    expect(logged.filter((line) => line.startsWith('Redis cannot be reached'))).toHaveLength(1);
  });

  it('answers a write while Redis hangs, then resyncs the writer once it hears itself again', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const writer = await startBus(proxy.url, undefined, { publishTimeoutMs: 60_000 });
    // Never taking the writer for dead while Redis is out of its reach: this is about what it announces.
    const other = await startBus(redisUrl, undefined, { quietMs: 60_000 });
    const seen = await seenOn(writer, 'game-a');
    const onOther = await collect(other, 'game-a', 2);
    // Connected, but nothing answers: the writes return while it still hangs, delivered here once each.
    proxy.hang();
    await write(writer, 'game-a', scored('WhileHung'));
    expect(writer.listening).toBe(false);
    await write(writer, 'game-a', scored('StillHung'));
    expect(seen).toEqual([scored('WhileHung'), scored('StillHung')]);
    // Back: the others get what was published, and the writer, hearing itself, re-reads (not twice the events).
    proxy.resume();
    expect(await onOther.events).toEqual([scored('WhileHung'), scored('StillHung')]);
    await expect.poll(() => seen).toEqual([scored('WhileHung'), scored('StillHung'), { type: 'resync' }]);
    expect(writer.listening).toBe(true);
    await proxy.stop();
  });

  it('resyncs on every instance the games whose PUBLISH failed while Redis hung, once it answers, without a further write', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const logged: string[] = [];
    const writer = await startBus(proxy.url, (message) => logged.push(message), { publishTimeoutMs: 200 });
    // Never taking the writer for dead while Redis is out of its reach: this is about what it announces.
    const other = await startBus(redisUrl, undefined, { quietMs: 60_000 });
    const seen = await seenOn(other, 'game-a');
    proxy.hang();
    await write(writer, 'game-a', scored('Lost'));
    // The PUBLISH timed out: as far as the writer knows, nobody got it.
    await expect.poll(() => logged.some((line) => line.startsWith('Redis cannot be reached'))).toBe(true);
    proxy.resume();
    await expect.poll(() => seen).toContainEqual({ type: 'resync' });
    await proxy.stop();
  });

  it('makes the others resync every game they keep when an instance goes quiet, as one killed after a commit', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const quick = { beatMs: 50, quietMs: 300 };
    const doomed = await startBus(proxy.url, undefined, quick);
    const logged: string[] = [];
    const survivor = await startBus(redisUrl, (message) => logged.push(message), quick);
    const signals = [await collect(survivor, 'game-a', 1), await collect(survivor, 'game-b', 1)];
    // Heard once at least, then nothing more of it reaches Redis (its next PUBLISH included).
    await expect.poll(() => survivor.peersHeard).toBe(1);
    proxy.drop();
    expect(await Promise.all(signals.map((signal) => signal.events))).toEqual([
      [{ type: 'resync' }],
      [{ type: 'resync' }],
    ]);
    expect(logged).toContain(
      '1 other instance(s) went quiet (stopped, or died before publishing what they stored): resyncing every game',
    );
    await doomed.close();
    await proxy.stop();
  });

  it('resyncs once at the end of its start if a subscriber of the channel then never spoke (it may have died unheard)', async () => {
    const silent = testRedis();
    await silent.ssubscribe(channel);
    const logged: string[] = [];
    const bus = await startBus(redisUrl, (message) => logged.push(message), { beatMs: 50, quietMs: 300 });
    expect(await (await collect(bus, 'game-a', 1)).events).toEqual([{ type: 'resync' }]);
    expect(logged).toEqual(['a subscriber of the channel at start never spoke: resyncing every game']);
    await silent.quit();
  });

  it('tells the other instances to resync the games whose events it could not publish, once Redis is back', async () => {
    const proxy = await startRedisProxy(redisUrl);
    const writer = await startBus(proxy.url);
    // Never taking the writer for dead while Redis is out of its reach: this is about what it announces.
    const other = await startBus(redisUrl, undefined, { quietMs: 60_000 });
    const seen = await seenOn(other, 'game-a');
    const elsewhere = await seenOn(other, 'game-b');
    // The writer loses Redis; the other instance keeps it, so nothing tells it that it missed anything…
    proxy.cut();
    await expect.poll(() => writer.listening).toBe(false);
    await write(writer, 'game-a', scored('Alone'));
    expect(seen).toEqual([]);
    // …until the writer reaches Redis again: then the other re-reads that game (and only that one).
    proxy.restore();
    await expect.poll(() => seen).toEqual([{ type: 'resync' }]);
    expect(elsewhere).toEqual([]);
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

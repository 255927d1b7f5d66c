import calculateSlot from 'cluster-key-slot';
import { Cluster } from 'ioredis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endPool } from '../db/postgres.js';
import { clusterNodes, TEST_REDIS_CLUSTER_URL } from '../testing/buses.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { killSubscribers, testChannel } from '../testing/redis.js';
import { collect, scored, seenOn, testBuses, writeOn } from '../testing/redis-bus.js';
import { parseBusUrl } from './bus-url.js';
import { publishingAnnouncer } from './redis-announce.js';
import { gameChannel } from './redis-channels.js';

/**
 * The Redis bus on a real three-node Redis Cluster (started for the run by
 * testing/redis-cluster-setup.ts from the installed redis-server): each game's channel lives on
 * the node that owns its slot, and every guarantee of the bus holds across the nodes.
 */
const url = TEST_REDIS_CLUSTER_URL ?? '';

describe.skipIf(!TEST_REDIS_CLUSTER_URL)('the Redis bus on a three-node Redis Cluster', () => {
  let admin: Cluster;
  let database: TestDatabase;
  let pool: pg.Pool;
  let channel: string;
  const buses = testBuses(() => ({ url, channel }));

  /** One game per node of the cluster: a game whose channel's slot that node owns. */
  function gamesOnEveryNode(): string[] {
    const byNode = new Map<string, string>();
    for (let i = 0; byNode.size < 3; i++) {
      const gameId = `game-${i}`;
      const node = admin.slots[calculateSlot(gameChannel(channel, gameId))][0];
      if (!byNode.has(node)) byNode.set(node, gameId);
    }
    return [...byNode.values()];
  }

  /** How many connections subscribe to a game's channel, asked of the node that owns it. */
  async function subscribersOf(gameId: string): Promise<number> {
    const name = gameChannel(channel, gameId);
    const owner = admin.slots[calculateSlot(name)][0];
    const node = admin.nodes('master').find(({ options }) => `${options.host}:${options.port}` === owner);
    if (!node) throw new Error(`no connection to ${owner}`);
    const [, count] = (await node.call('PUBSUB', 'SHARDNUMSUB', name)) as [string, number];
    return Number(count);
  }

  beforeAll(async () => {
    const target = parseBusUrl(url);
    if (target?.kind !== 'cluster') throw new Error(`not a cluster URL: ${url}`);
    admin = new Cluster(target.nodes, { lazyConnect: true });
    await admin.connect();
  });

  afterAll(() => admin?.disconnect());

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

  it("delivers each game's events, from one commit over three nodes, to that game's subscribers only, once delivered on the writer", async () => {
    const [writer, other] = [await buses.start(), await buses.start()];
    const games = gamesOnEveryNode();
    const onWriter = await Promise.all(games.map((gameId) => seenOn(writer, gameId)));
    const onOther = await Promise.all(games.map((gameId) => collect(other, gameId, 2)));
    const unwatched = await seenOn(other, 'game-nobody-writes');
    await publishingAnnouncer(writer).transaction(pool, async (_client, announce) => {
      for (const gameId of games) await announce(gameId, scored(gameId));
      for (const gameId of games) await announce(gameId, { type: 'removed', playerID: gameId });
    });
    // Back on the writer from all three nodes before the write returned.
    expect(onWriter).toEqual(games.map((gameId) => [scored(gameId), { type: 'removed', playerID: gameId }]));
    expect(await Promise.all(onOther.map((received) => received.events))).toEqual(onWriter);
    expect(unwatched).toEqual([]);
  });

  it('subscribes an instance only to the channels of the games it watches, on their nodes, and leaves them with the last subscriber', async () => {
    const [writer, watcher] = [await buses.start(), await buses.start()];
    const [watched, ...others] = gamesOnEveryNode();
    const seen = await seenOn(watcher, watched);
    expect(await subscribersOf(watched)).toBe(1);
    for (const gameId of others) expect(await subscribersOf(gameId)).toBe(0);
    for (const gameId of [...others, ...others, watched]) await writeOn(pool, writer, gameId, scored(gameId));
    await expect.poll(() => seen).toEqual([scored(watched)]);
    expect(watcher.gameMessagesReceived).toBe(1);
    const leave = watcher.subscribe(others[0], () => {});
    await expect.poll(() => subscribersOf(others[0])).toBe(1);
    leave();
    await expect.poll(() => subscribersOf(others[0])).toBe(0);
  });

  it("resyncs every subscriber once the nodes' subscription connections are back, then delivers again", async () => {
    const [bus, other] = [await buses.start(), await buses.start()];
    const games = gamesOnEveryNode();
    const signals = await Promise.all(games.map((gameId) => collect(bus, gameId, 1)));
    // The watching instance's connections to all three nodes, and the other's to the control channel's.
    expect(await killSubscribers(channel, clusterNodes(url))).toBe(4);
    expect(await Promise.all(signals.map((signal) => signal.events))).toEqual(games.map(() => [{ type: 'resync' }]));
    await expect.poll(() => bus.listening).toBe(true);
    await expect.poll(() => other.listening).toBe(true);
    const after = await Promise.all(games.map((gameId) => collect(bus, gameId, 1)));
    for (const gameId of games) await writeOn(pool, other, gameId, scored('After'));
    expect(await Promise.all(after.map((received) => received.events))).toEqual(games.map(() => [scored('After')]));
  });
});

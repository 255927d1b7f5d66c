import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { TEST_REDIS_URL, testChannel } from '../testing/redis.js';
import { within } from '../testing/redis-bus.js';
import { type RedisProxy, startRedisProxy } from '../testing/redis-proxy.js';

const redisUrl = TEST_REDIS_URL ?? '';
const liveUrl = (app: FastifyInstance, gameId: string) =>
  `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/prod/live/${gameId}`;

/** Resolves once a message on `client` (from the `from`th on) shows a player named `name`. */
async function shows(client: LiveClient, name: string, from = 0): Promise<LiveMessage> {
  for (let index = from; ; index++) {
    const message = await client.message(index);
    const players = message.type === 'snapshot' ? message.players : message.type === 'player' ? [message.player] : [];
    if (players.some((player) => player.playerName === name)) return message;
  }
}

const names = async (app: FastifyInstance, gameId: string) =>
  (
    (await app.inject({ url: `/prod/get-all-players?gameId=${gameId}` })).json() as {
      players: { playerName: string }[];
    }
  ).players.map((player) => player.playerName);

// Two instances on one PostgreSQL database and one Redis: A reaches Redis through a proxy that can
// hang or throw away what A sends; B reaches it directly.
describe('instances on the Redis bus when one dies or Redis hangs', () => {
  let database: TestDatabase;
  let proxy: RedisProxy;
  let a: FastifyInstance;
  let b: FastifyInstance;

  async function instance(busUrl: string, channel: string): Promise<FastifyInstance> {
    const app = await testApp(
      { DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3', BUS_URL: busUrl },
      { busChannel: channel },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  beforeEach(async () => {
    database = await createTestDatabase();
    proxy = await startRedisProxy(redisUrl);
    const channel = testChannel();
    a = await instance(proxy.url, channel);
    b = await instance(redisUrl, channel);
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await proxy.stop();
    await database.drop();
  });

  it("brings the others' boards up to date within 10 s when an instance dies between a commit and its PUBLISH", async () => {
    const game = await createGame(b, 'classic', [1, 2, 3]);
    const onB = await LiveClient.open(liveUrl(b, game.gameId));
    expect(await onB.message(0)).toEqual({ type: 'snapshot', players: [], playing: [] });
    // B reads the board (and keeps it) before A's write.
    expect(await names(b, game.gameId)).toEqual([]);
    // From here on nothing A sends reaches Redis: its next commit is stored but never published, as
    // if it were killed between the two. It answers all the same (the bus never holds an answer).
    proxy.drop();
    expect((await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Cy')).statusCode).toBe(200);
    // B's socket and B's board show Cy within the bound, with nothing more written anywhere.
    await within(shows(onB, 'Cy', 1), 10_000, "Cy on B's live socket");
    expect(await names(b, game.gameId)).toEqual(['Cy']);
    onB.close();
  }, 30_000);

  it('answers while Redis hangs, and the other instances catch up once it is back', async () => {
    const game = await createGame(b, 'classic', [1, 2, 3]);
    const onA = await LiveClient.open(liveUrl(a, game.gameId));
    const onB = await LiveClient.open(liveUrl(b, game.gameId));
    await Promise.all([onA.message(0), onB.message(0)]);
    proxy.hang();
    // Acknowledged while A's Redis still hangs, and on A's own socket already.
    expect((await logResponse(a, game.gameId, newUserId(), [1, 2, 3], 'Cy')).statusCode).toBe(200);
    expect((await logResponse(a, game.gameId, newUserId(), [0, 0, 0], 'Di')).statusCode).toBe(200);
    await shows(onA, 'Di', 1);
    proxy.resume();
    await shows(onB, 'Cy', 1);
    await shows(onB, 'Di', 1);
    await expect.poll(() => names(b, game.gameId)).toEqual(expect.arrayContaining(['Cy', 'Di']));
    onA.close();
    onB.close();
  }, 30_000);
});

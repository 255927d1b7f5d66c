import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { freePort } from '../testing/process.js';
import { testChannel } from '../testing/redis.js';
import { seenOn, within } from '../testing/redis-bus.js';
import type { GameEvent } from './bus.js';
import { RedisEventBus } from './redis-bus.js';

/**
 * Issue 42.6: a frozen Redis (`DEBUG SLEEP`, the whole server stopped, not only its clients as
 * with CLIENT PAUSE) holds no answer past the bus's bound. DEBUG SLEEP stops every client of a
 * Redis, so these tests start a redis-server of their own on a free port, never the shared one.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

let redis: ChildProcess | undefined;
let url = '';

/** A plain connection to this file's Redis; `DEBUG SLEEP` on it freezes the server. */
const connect = (port: number) =>
  new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });

beforeAll(async () => {
  if (!hasRedisServer) return;
  const port = await freePort();
  redis = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--enable-debug-command',
      'local',
    ],
    { stdio: 'ignore' },
  );
  url = `redis://127.0.0.1:${port}`;
  for (;;) {
    const client = connect(port);
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      client.disconnect();
    }
  }
});

afterAll(() => {
  redis?.kill();
});

/**
 * Freezes this file's Redis for `seconds`: resolves once the command is on its way (and a moment
 * passed for Redis to take it), with `thawed`, which resolves once Redis answers again.
 */
async function freeze(seconds: number): Promise<{ thawed: Promise<void>; isThawed: () => boolean }> {
  const admin = connect(Number(new URL(url).port));
  await admin.connect();
  let done = false;
  const thawed = admin
    .call('DEBUG', 'SLEEP', String(seconds))
    .then(() => {
      done = true;
    })
    .finally(() => admin.disconnect());
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { thawed, isThawed: () => done };
}

describe.skipIf(!hasRedisServer)('a frozen Redis (DEBUG SLEEP) on the Redis bus', () => {
  let app: FastifyInstance | undefined;
  const buses: RedisEventBus[] = [];
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('acknowledges all 12 answers in flight within the 1 s bound while Redis is still frozen', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3', BUS_URL: url }, { busChannel: testChannel() });
    const game = await createGame(app, 'classic', [1, 2, 3]);
    const frozen = await freeze(6);
    const answered = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const answer =
          i % 2 === 0
            ? logResponse(app as FastifyInstance, game.gameId, newUserId(), [1, 2, 3], `Friend ${i}`)
            : (app as FastifyInstance).inject({
                method: 'POST',
                url: '/prod/answer-round',
                payload: { gameId: game.gameId, playerId: newUserId(), userName: `Friend ${i}`, round: 0, answer: 1 },
              });
        // The promise is 1 s of waiting on the bus; the margin is for a loaded machine.
        return within(answer, 3_000, `answer ${i}`);
      }),
    );
    expect(answered.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    // Every one of them while Redis still slept.
    expect(frozen.isThawed()).toBe(false);
    await frozen.thawed;
  }, 30_000);

  it('lets every write still waiting go as soon as the bus finds the gap, not each after its own wait', async () => {
    // Writes here would wait a minute for their echo; the bus finds the gap by not hearing itself.
    const bus = new RedisEventBus({ url, channel: testChannel(), waitMs: 60_000, beatMs: 50, quietMs: 300 });
    await bus.start();
    buses.push(bus);
    const seen = await seenOn(bus, 'game-a');
    const frozen = await freeze(5);
    const event = (n: number): GameEvent => ({
      type: 'player',
      player: { playerID: `p${n}`, playerName: `F${n}`, score: n },
    });
    await Promise.all([0, 1, 2].map((n) => bus.announceCommitted([{ gameId: 'game-a', event: event(n) }])));
    expect(frozen.isThawed()).toBe(false);
    expect(bus.listening).toBe(false);
    expect(seen).toEqual([event(0), event(1), event(2)]);
    await frozen.thawed;
  }, 30_000);
});

import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { TEST_REDIS_URL, testChannel } from '../testing/redis.js';
import { type RedisProxy, startRedisProxy } from '../testing/redis-proxy.js';

let app: FastifyInstance | undefined;
let proxy: RedisProxy | undefined;

afterEach(async () => {
  await app?.close();
  await proxy?.stop();
  app = undefined;
  proxy = undefined;
});

const busConnected = async (instance: FastifyInstance) =>
  /^bus_connected (\d)$/m.exec((await instance.inject({ method: 'GET', url: '/metrics' })).body)?.[1];

it('says on /metrics when the instance cannot hear the other instances over Redis, and when it can again', async () => {
  proxy = await startRedisProxy(TEST_REDIS_URL ?? '');
  app = await testApp({ BUS_URL: proxy.url }, { busChannel: testChannel() });
  expect(await busConnected(app)).toBe('1');
  // Redis out of reach: answers are still stored, but this instance hears no one else.
  proxy.cut();
  await expect.poll(() => busConnected(app as FastifyInstance)).toBe('0');
  proxy.restore();
  await expect.poll(() => busConnected(app as FastifyInstance), { timeout: 10_000 }).toBe('1');
});

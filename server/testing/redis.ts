import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { subscriberName } from '../events/redis-bus.js';

/**
 * The Redis the Redis bus tests use: set by vitest.config.ts when one answers (always with
 * CI=true, where its absence fails them); unset, those tests are left out.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/** A channel of this test's own, so that test files running side by side never hear each other. */
export const testChannel = () => `wl_test_${randomBytes(6).toString('hex')}`;

/** A plain connection to the test Redis (no reconnecting), closed by `quit`. */
export function testRedis(): Redis {
  if (!TEST_REDIS_URL) throw new Error('TEST_REDIS_URL is not set: this test needs Redis.');
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0, retryStrategy: () => null });
}

/**
 * Cuts the subscription connections of every bus on `channel` (CLIENT KILL), as a Redis restart
 * or a network blip would; only this test's, since other test files use Redis at the same time.
 * On the test Redis, or on each of `nodes` (redis:// URLs: a cluster's). Returns how many it cut.
 */
export async function killSubscribers(channel: string, nodes: readonly string[] = []): Promise<number> {
  let killed = 0;
  for (const node of nodes.length > 0 ? nodes : [TEST_REDIS_URL ?? '']) {
    const admin = new Redis(node, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      const list = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${subscriberName(channel)} `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1])
        .filter((id) => id !== undefined);
      for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
      killed += ids.length;
    } finally {
      await admin.quit();
    }
  }
  return killed;
}

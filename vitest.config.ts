import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { Redis } from 'ioredis';
import pg from 'pg';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LINGUI_REACT } from './vite.config.js';

/** The PostgreSQL server the `server-postgres` project creates its databases on. */
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The Redis the Redis bus tests publish on (they need PostgreSQL too: Redis only carries events). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Unit tests that build no app and touch no repository: run once, in `server`. */
const databaseFreeTests = [
  'server/config.test.ts',
  'server/db/batched-calls.test.ts',
  'server/db/database.test.ts',
  'server/db/unavailable.test.ts',
  'server/db/seed.test.ts',
  'server/events/bus.test.ts',
  'server/live/send.test.ts',
  'server/ops/listen.test.ts',
  'server/ops/logging.test.ts',
  'server/ops/start-failure.test.ts',
  'server/lru.test.ts',
  'server/party/clock-machine.test.ts',
  'server/cards/emoji.test.ts',
  'server/push/origin-queue.test.ts',
  'server/questions/draw.test.ts',
  'server/web/preload.test.ts',
];

/** Tests of the built product (dist/, made by `npm test` first): not in `npm run test:unit`. */
const builtTests = ['test/landing-budget.test.ts', 'test/questions-dir.test.ts', 'test/start.test.ts'];

/**
 * Every test file that builds an app or a repository, again on PostgreSQL: testApp() then gives
 * each app its own new database. `*.postgres.test.ts` files (several instances, the listener)
 * run only here, and so do `*.redis.test.ts` files, with the cross-instance tests again over
 * Redis (TEST_REDIS_URL), when Redis is there too, and on a Redis Cluster the run starts itself
 * from the installed redis-server (testing/redis-cluster-setup.ts). Without a reachable server
 * each is left out locally; with CI=true both run and fail.
 */
const serverPostgres = (withRedis: boolean): TestProjectInlineConfiguration => ({
  test: {
    name: 'server-postgres',
    environment: 'node',
    include: ['server/**/*.test.ts'],
    exclude: [...databaseFreeTests, ...(withRedis ? [] : ['**/*.redis.test.ts'])],
    env: {
      TEST_DATABASE: 'postgres',
      TEST_POSTGRES_URL: postgresUrl,
      // Empty: the tests take it as unset (testing/redis.ts), even if the shell set it.
      TEST_REDIS_URL: withRedis ? redisUrl : '',
    },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // A three-node Redis Cluster of the run's own, for the bus tests on a cluster (BUS_URL redis+cluster://).
    globalSetup: withRedis ? ['server/testing/redis-cluster-setup.ts'] : [],
  },
});

export default defineConfig(async () => {
  const withPostgres = process.env.CI === 'true' || (await postgresReachable());
  if (!withPostgres) console.warn(`PostgreSQL is not reachable at ${postgresUrl}: skipping project server-postgres.`);
  const withRedis = withPostgres && (process.env.CI === 'true' || (await redisReachable()));
  if (withPostgres && !withRedis) console.warn(`Redis is not reachable at ${redisUrl}: skipping the Redis bus tests.`);
  return {
    test: {
      // Two files at a time even on two cores (vitest's default there is one), browser files
      // included: most files spend their time waiting (PostgreSQL, Redis, Chromium, timers), so
      // two overlap more than they compete. The whole run on two cores: 1,388 s one at a time,
      // 1,047 s two at a time with the browser files one at a time at the end, 911 s all mixed.
      maxWorkers: 2,
      projects: [
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts'],
            exclude: ['test/e2e/**', ...builtTests, '**/*.postgres.test.ts', '**/*.redis.test.ts'],
            testTimeout: 20_000,
          },
        },
        {
          test: { name: 'built', environment: 'node', include: builtTests, testTimeout: 20_000 },
        },
        ...(withPostgres ? [serverPostgres(withRedis)] : []),
        {
          plugins: [react(LINGUI_REACT), lingui()],
          test: {
            name: 'client',
            environment: 'jsdom',
            include: ['client/**/*.test.{ts,tsx}'],
            setupFiles: ['client/test/setup.ts'],
            // A screen test renders, routes and waits for fake fetches: 5 s timed out on a loaded machine.
            testTimeout: 20_000,
          },
        },
        {
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['test/e2e/**/*.test.ts'],
            testTimeout: 120_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});

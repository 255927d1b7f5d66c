import pg from 'pg';
import { inject } from 'vitest';
import type { AppOptions } from '../app.js';
import { LISTENER_APPLICATION_NAME } from '../events/postgres-bus.js';
import type { TestDatabase } from './postgres.js';
import { killSubscribers, TEST_REDIS_URL, testChannel } from './redis.js';

/** Instances sharing one bus between them: what to start them with, and how to cut their listeners. */
export interface SharedBus {
  env: Record<string, string>;
  options: Partial<AppOptions>;
  /** Cuts every instance's listening connection (they reconnect by themselves); returns how many. */
  cutListeners(): Promise<number>;
}

/** A bus that carries events between instances of one PostgreSQL database. */
export interface CrossInstanceBus {
  name: string;
  /** For the instances of one test, on `database`. */
  share(database: TestDatabase): SharedBus;
}

const listenNotify: CrossInstanceBus = {
  name: 'LISTEN/NOTIFY',
  share: (database) => ({
    env: {},
    options: {},
    async cutListeners() {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
          [LISTENER_APPLICATION_NAME],
        );
        return killed.rowCount ?? 0;
      } finally {
        await admin.end();
      }
    },
  }),
};

const redisPubSub = (url: string): CrossInstanceBus => ({
  name: 'Redis pub/sub (BUS_URL)',
  share: () => {
    const channel = testChannel();
    return { env: { BUS_URL: url }, options: { busChannel: channel }, cutListeners: () => killSubscribers(channel) };
  },
});

/** The nodes of a redis+cluster:// URL, as redis:// URLs. */
export const clusterNodes = (url: string) =>
  url
    .replace(/^redis\+cluster:\/\//, '')
    .split(',')
    .map((node) => `redis://${node}`);

const redisCluster = (url: string): CrossInstanceBus => ({
  name: 'Redis Cluster sharded pub/sub (BUS_URL redis+cluster://)',
  share: () => {
    const channel = testChannel();
    return {
      env: { BUS_URL: url },
      options: { busChannel: channel },
      cutListeners: () => killSubscribers(channel, clusterNodes(url)),
    };
  },
});

/** The test run's Redis Cluster (testing/redis-cluster-setup.ts), or undefined without one. */
export const TEST_REDIS_CLUSTER_URL = (TEST_REDIS_URL && inject('redisClusterUrl')) || undefined;

/**
 * Every bus the cross-instance tests run on (`describe.each`): LISTEN/NOTIFY, and Redis and a
 * Redis Cluster when the test project has them (TEST_REDIS_URL, the run's cluster).
 */
export const crossInstanceBuses: CrossInstanceBus[] = [
  listenNotify,
  ...(TEST_REDIS_URL ? [redisPubSub(TEST_REDIS_URL)] : []),
  ...(TEST_REDIS_CLUSTER_URL ? [redisCluster(TEST_REDIS_CLUSTER_URL)] : []),
];

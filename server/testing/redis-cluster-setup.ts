import type { TestProject } from 'vitest/node';
import { hasRedisServer, startRedisCluster } from './redis-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** BUS_URL of the three-node Redis Cluster this run started ('' without redis-server). */
    redisClusterUrl: string;
  }
}

/**
 * Global setup of the `server-postgres` project (with Redis): one three-node Redis Cluster of the
 * run's own, made from the installed redis-server on free ports, for the bus tests on a cluster
 * (`inject('redisClusterUrl')`); stopped once the run ends. Without redis-server they are left
 * out, except with CI=true, where its absence fails the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasRedisServer) {
    if (process.env.CI === 'true') throw new Error('redis-server and redis-cli are needed for the Redis Cluster tests');
    console.warn('redis-server is not installed: skipping the Redis Cluster tests.');
    project.provide('redisClusterUrl', '');
    return async () => {};
  }
  const cluster = await startRedisCluster(3);
  project.provide('redisClusterUrl', cluster.url);
  return () => cluster.stop();
}

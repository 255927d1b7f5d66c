import type { FastifyInstance } from 'fastify';
import { testApp } from './app.js';
import type { CrossInstanceBus, SharedBus } from './buses.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';

export interface Instances {
  /** The instances started with the set (`count` of them), in order. */
  apps: FastifyInstance[];
  database: TestDatabase;
  bus: SharedBus;
  /** One more instance on the same database and bus (`env` added to the set's). */
  start(env?: Record<string, string>): Promise<FastifyInstance>;
  /** Closes every instance still open, then drops the database. */
  close(): Promise<void>;
}

/**
 * Several server instances on one new PostgreSQL database, sharing `bus`, as behind a load
 * balancer. Started together: they migrate and seed the empty database at once (the advisory
 * lock serializes them). With `listen`, each listens on a free loopback port (live sockets).
 */
export async function instancesOnOneDatabase(
  bus: CrossInstanceBus,
  { count = 2, listen = false, env = {} }: { count?: number; listen?: boolean; env?: Record<string, string> } = {},
): Promise<Instances> {
  const database = await createTestDatabase();
  const shared = bus.share(database);
  const open = new Set<FastifyInstance>();
  const start = async (more: Record<string, string> = {}) => {
    const app = await testApp(
      { DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3', ...shared.env, ...env, ...more },
      shared.options,
    );
    open.add(app);
    app.addHook('onClose', async () => {
      open.delete(app);
    });
    if (listen) await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  try {
    const apps = await Promise.all(Array.from({ length: count }, () => start()));
    return {
      apps,
      database,
      bus: shared,
      start,
      async close() {
        await Promise.all([...open].map((app) => app.close()));
        await database.drop();
      },
    };
  } catch (error) {
    await Promise.all([...open].map((app) => app.close()));
    await database.drop();
    throw error;
  }
}

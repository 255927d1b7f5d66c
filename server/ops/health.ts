import type { FastifyPluginAsync } from 'fastify';

interface HealthOptions {
  /** Resolves if the database answers. */
  ping: () => Promise<void>;
}

/** GET /healthz: 200 while the database answers, 503 otherwise (for load balancers and the container). */
export const healthRoute: FastifyPluginAsync<HealthOptions> = async (app, { ping }) => {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ code: 'database_unavailable', message: 'The database is not answering.' });
    }
  });
};

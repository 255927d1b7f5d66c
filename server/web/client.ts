import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type SendIndex = (reply: FastifyReply) => FastifyReply;

export interface ClientOptions {
  dir: string;
  gaMeasurementId?: string;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Serves the built client: hashed assets precompressed (brotli, gzip) and cached for a year;
 * index.html never cached, with run-time settings (analytics id) written into a meta tag, and
 * returned for every client route (the caller's not-found handler uses the returned function).
 * Returns undefined if the client has not been built.
 */
export async function registerClient(app: FastifyInstance, options: ClientOptions): Promise<SendIndex | undefined> {
  const indexPath = join(options.dir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const indexHtml = readFileSync(indexPath, 'utf8').replace(
    '<meta name="ga-measurement-id" content="" />',
    `<meta name="ga-measurement-id" content="${escapeAttribute(options.gaMeasurementId ?? '')}" />`,
  );

  await app.register(fastifyStatic, {
    root: options.dir,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // index.html goes through sendIndex, which fills in the run-time settings.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(res, path) {
      const hashed = path.startsWith(join(options.dir, 'assets'));
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex: SendIndex = (reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_request, reply) => sendIndex(reply));
  return sendIndex;
}

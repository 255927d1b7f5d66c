import cors from '@fastify/cors';
import fp from 'fastify-plugin';

interface ApiCorsOptions {
  /** ALLOWED_ORIGINS: exact origins (scheme, host, port) whose pages may call the API. */
  allowedOrigins: readonly string[];
}

/**
 * CORS for the listed origins only: their preflight is answered (GET and POST, `Content-Type`
 * allowed, since the original client sends it even on GETs) and their origin is echoed. Any
 * other origin gets no CORS header at all, and its preflight is a plain 404.
 */
export const apiCors = fp<ApiCorsOptions>(async (api, { allowedOrigins }) => {
  const listed = new Set(allowedOrigins);
  await api.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && listed.has(origin) ? origin : false),
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  });
});

/**
 * The baseline: a bare Fastify (from the project's own node_modules) answering the hot calls with
 * the exact bytes the real server answered, read from the file BARE_BODIES (see BareBodies). It
 * parses the JSON bodies and query strings as Fastify does, and does nothing else.
 * Run by the bench in its own process: PORT=… BARE_BODIES=… node --import tsx bench/bare.ts
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { BareBodies } from './harness.js';

const bodies: BareBodies = JSON.parse(readFileSync(process.env.BARE_BODIES as string, 'utf8'));
const first = (table: Record<string, string>) => Object.values(table)[0] ?? '{}';
const JSON_TYPE = 'application/json; charset=utf-8';

const app = Fastify({ logger: false });

app.get('/healthz', async (_request, reply) => reply.type(JSON_TYPE).send('{"status":"ok"}'));

app.get('/prod/get-questions', async (_request, reply) => reply.type(JSON_TYPE).send(bodies.questions));

app.get<{ Querystring: { gameId?: string } }>('/prod/get-all-players', async (request, reply) =>
  reply.type(JSON_TYPE).send(bodies.players[request.query.gameId ?? ''] ?? first(bodies.players)),
);

app.post<{ Body: { gameId?: string } }>('/prod/join-game', async (request, reply) =>
  reply.type(JSON_TYPE).send(bodies.join[request.body.gameId ?? ''] ?? first(bodies.join)),
);

app.post<{ Body: { gameId?: string } }>('/prod/log-response', async (request, reply) =>
  reply.type(JSON_TYPE).send(bodies.log[request.body.gameId ?? ''] ?? first(bodies.log)),
);

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

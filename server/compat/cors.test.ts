import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';

const FRIENDLY = 'https://friends.example';
const FOREIGN = 'https://evil.example';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

const preflight = (server: FastifyInstance, origin: string, method: 'GET' | 'POST', url: string) =>
  server.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
  });

describe('CORS with ALLOWED_ORIGINS', () => {
  it('answers the preflight of a listed origin: origin echoed, Content-Type allowed', async () => {
    app = await testApp({ ALLOWED_ORIGINS: `${FRIENDLY}, https://other.example` });
    for (const [method, url] of [
      ['POST', '/prod/create-game'],
      ['GET', '/prod/get-questions?gametype=classic'],
    ] as const) {
      const response = await preflight(app, FRIENDLY, method, url);
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(FRIENDLY);
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
      expect(String(response.headers['access-control-allow-methods'])).toContain(method);
    }
  });

  it('echoes a listed origin on the answer itself, and on errors', async () => {
    app = await testApp({ ALLOWED_ORIGINS: FRIENDLY, RATE_LIMIT_PER_MINUTE: '1' });
    const ok = await app.inject({
      method: 'GET',
      url: '/prod/get-questions?gametype=classic',
      headers: { origin: FRIENDLY, 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(FRIENDLY);
    expect(String(ok.headers.vary)).toMatch(/Origin/i);
    // The page can read why it was refused.
    const limited = await app.inject({
      method: 'GET',
      url: '/prod/get-questions?gametype=classic',
      headers: { origin: FRIENDLY },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['access-control-allow-origin']).toBe(FRIENDLY);
  });

  it('gives an origin that is not listed no CORS header at all', async () => {
    app = await testApp({ ALLOWED_ORIGINS: FRIENDLY });
    const answer = await app.inject({
      method: 'GET',
      url: '/prod/get-questions?gametype=classic',
      headers: { origin: FOREIGN },
    });
    expect(corsHeaders(answer.headers)).toEqual([]);
    const pre = await preflight(app, FOREIGN, 'POST', '/prod/create-game');
    expect(corsHeaders(pre.headers)).toEqual([]);
    // A look-alike is not the listed origin.
    const lookalike = await preflight(app, `${FRIENDLY}.evil.example`, 'POST', '/prod/create-game');
    expect(corsHeaders(lookalike.headers)).toEqual([]);
  });

  it('is same-origin only without ALLOWED_ORIGINS', async () => {
    app = await testApp();
    const answer = await app.inject({
      method: 'GET',
      url: '/prod/get-questions?gametype=classic',
      headers: { origin: FRIENDLY },
    });
    expect(answer.statusCode).toBe(200);
    expect(corsHeaders(answer.headers)).toEqual([]);
    const pre = await preflight(app, FRIENDLY, 'POST', '/prod/create-game');
    expect(corsHeaders(pre.headers)).toEqual([]);
    expect(pre.json()).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
  });

  it('leaves the live socket origin rule as it was: listed origins open, others get 403', async () => {
    app = await testApp({ ALLOWED_ORIGINS: FRIENDLY, QUESTIONS_PER_GAME: '3' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const game = await createGame(app, 'classic');
    const url = `ws://127.0.0.1:${port}/prod/live/${game.gameId}`;
    await expect(LiveClient.open(url, { headers: { Origin: FOREIGN } })).rejects.toMatchObject({ statusCode: 403 });
    const friendly = await LiveClient.open(url, { headers: { Origin: FRIENDLY } });
    expect((await friendly.message(0)).type).toBe('snapshot');
    const own = await LiveClient.open(url, { headers: { Origin: `http://127.0.0.1:${port}` } });
    expect((await own.message(0)).type).toBe('snapshot');
    friendly.close();
    own.close();
  });
});

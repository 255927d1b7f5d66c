import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/error-codes.js';
import { testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { type RawAnswer, rawRequest } from '../testing/raw-http.js';

let app: FastifyInstance;
let port: number;
/** The security headers of an ordinary page answer and of an ordinary API answer: every error carries one of them. */
let pageHeaders: Record<string, string | undefined>;
let apiHeaders: Record<string, string | undefined>;

const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

beforeEach(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  const page = await app.inject({ method: 'GET', url: '/healthz' });
  pageHeaders = Object.fromEntries(SECURITY_HEADER_NAMES.map((name) => [name, page.headers[name] as string]));
  for (const name of SECURITY_HEADER_NAMES) expect(page.headers[name], name).toBeDefined();
  const api = await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
  apiHeaders = Object.fromEntries(SECURITY_HEADER_NAMES.map((name) => [name, api.headers[name] as string | undefined]));
  expect(apiHeaders['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});
afterEach(() => app.close());

/**
 * The shape of every error: `{code,message}` and nothing else (a listed snake_case code), as JSON, with the security
 * headers of its address (the API's under /prod/, the page set elsewhere and when there is no address).
 */
function expectContractError(
  answer: RawAnswer,
  status: number,
  code: ErrorCode,
  mustNotContain: string[] = [],
  api = false,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body);
  expect(Object.keys(body)).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/^[A-Z].*\.$/);
  const expected = api ? apiHeaders : pageHeaders;
  for (const name of SECURITY_HEADER_NAMES) expect(answer.headers[name], name).toBe(expected[name]);
  for (const raw of mustNotContain) expect(answer.body).not.toContain(raw);
}

const get = (path: string, extra = '') =>
  rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`);

describe("the framework's own errors follow the {code,message} rule", () => {
  it('answers a URL that does not decode (GET /%FF) with 400 {code,message}, security headers, no echo', async () => {
    expectContractError(await get('/%FF'), 400, 'bad_url', ['%FF']);
    expectContractError(
      await get('/prod/get-score?gameId=%FF<script>'),
      400,
      'validation_failed',
      ['%FF', '<script>'],
      true,
    );
  });

  it('answers a 101-character path parameter with 404 {code,message}, security headers, no echo', async () => {
    const longId = `${'a'.repeat(100)}Z`;
    expectContractError(await get(`/prod/live/${longId}`), 404, 'not_found', [longId], true);
  });

  it('refuses a live socket with a 101-character game id the same way, before the upgrade', async () => {
    const longId = `${'b'.repeat(100)}Z`;
    // A real upgrade request (Connection: Upgrade): the answer comes and the connection is closed.
    const answer = await rawRequest(
      port,
      `GET /prod/live/${longId} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expectContractError(answer, 404, 'not_found', [longId], true);
    await expect(LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${longId}`)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('answers oversized headers with a minimal 431 {code,message} with the security headers', async () => {
    const answer = await get('/prod/get-questions?gametype=classic', `X-Padding: ${'x'.repeat(20_000)}\r\n`);
    expectContractError(answer, 431, 'headers_too_large', ['xxxxxxxxxx']);
  });

  it('answers a request that is not HTTP with 400 {code,message}', async () => {
    expectContractError(await rawRequest(port, 'HELLO THERE\r\n\r\n'), 400, 'bad_http');
  });

  it('answers an unknown address with 404 {code,message} that does not repeat it', async () => {
    for (const path of ['/prod/<b>hi</b>', '/prod/nothing-here', '/assets/<img>.js']) {
      const answer = await get(path);
      expectContractError(answer, 404, 'not_found', ['<b>', 'nothing-here', '<img>'], path.startsWith('/prod/'));
      expect(JSON.parse(answer.body)).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
    }
  });
});

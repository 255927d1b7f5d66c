import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { testingOnPostgres } from '../testing/postgres.js';

/** A stand-in for dist/client: an index.html with the analytics placeholder and one hashed asset. */
function fakeClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="ga-measurement-id" content="" /></head><body><div id="root"></div></body></html>',
  );
  const js = `console.log(${JSON.stringify('wavelength '.repeat(200))});`;
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), js);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.gz'), gzipSync(js));
  return dir;
}

let app: FastifyInstance;
afterEach(() => app?.close());

describe('serving the client', () => {
  it('serves hashed assets precompressed with a one-year immutable cache', async () => {
    app = await testApp({}, { clientDir: fakeClient() });
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('answers every client route with index.html, never cached', async () => {
    app = await testApp({}, { clientDir: fakeClient() });
    for (const url of ['/', '/spectrum', '/join/abcdefgh12345678', '/result/x?y=1', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('keeps JSON 404s for unknown API paths and missing assets', async () => {
    app = await testApp({}, { clientDir: fakeClient() });
    for (const url of ['/prod/nothing', '/prod', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
    }
  });

  it('writes the analytics id into index.html at run time, and loads nothing third-party without it', async () => {
    app = await testApp({ GA_MEASUREMENT_ID: 'G-TEST123' }, { clientDir: fakeClient() });
    const withId = await app.inject({ method: 'GET', url: '/spectrum' });
    expect(withId.body).toContain('<meta name="ga-measurement-id" content="G-TEST123" />');
    expect(withId.headers['content-security-policy']).toContain('googletagmanager.com');
    await app.close();
    app = await testApp({}, { clientDir: fakeClient() });
    const without = await app.inject({ method: 'GET', url: '/spectrum' });
    expect(without.body).toContain('<meta name="ga-measurement-id" content="" />');
    expect(without.headers['content-security-policy']).not.toContain('google');
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline script', async () => {
    app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it("gives the API's replies, which are never pages, a policy that allows nothing, and the same transport rules", async () => {
    app = await testApp();
    for (const url of ['/prod/get-questions?gametype=classic', '/prod/get-all-players?gameId=nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['strict-transport-security'], url).toBe('max-age=15552000');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Page-only headers stay on pages.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    const page = await app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('operations', () => {
  it('GET /healthz checks the database', async () => {
    app = await testApp();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    await app.storage.close();
    const down = await app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 'database_unavailable', message: 'The database is not answering.' });
    // onClose closes the database again; reopen-safe because better-sqlite3 ignores a second close.
  });

  it('GET /metrics reports requests by route, games, responses and open live sockets', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' });
    const game = await createGame(app, 'classic');
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1]);
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/http_requests_total\{method="POST",route="\/prod\/create-game",status="200"\} 1/);
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/prod\/get-questions"\} 1/);
    expect(metrics).toMatch(/^games_created_total 1$/m);
    expect(metrics).toMatch(/^responses_logged_total 1$/m);
    expect(metrics).toMatch(/^live_sockets_open 0$/m);
    // Only instances that share a database with others hear them over a bus.
    if (testingOnPostgres) expect(metrics).toMatch(/^bus_connected 1$/m);
    else expect(metrics).not.toMatch(/bus_connected/);
    // PostgreSQL's write batches: the one response went alone, in one statement.
    if (testingOnPostgres) {
      expect(metrics).toMatch(/^db_write_batch_writes_count\{call="log-response"\} 1$/m);
      expect(metrics).toMatch(/^db_write_batch_writes_sum\{call="log-response"\} 1$/m);
      expect(metrics).toMatch(/^db_write_batch_writes_bucket\{le="1",call="log-response"\} 1$/m);
      expect(metrics).toMatch(/^db_write_batch_seconds_count\{call="log-response"\} 1$/m);
    } else expect(metrics).not.toMatch(/db_write_batch/);
  });

  it('GET /metrics keeps the process figures but walks no handle, resource or open file (a scrape costs nothing per live socket)', async () => {
    app = await testApp();
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^process_cpu_user_seconds_total /m);
    expect(metrics).toMatch(/^nodejs_heap_size_used_bytes /m);
    expect(metrics).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    for (const name of ['nodejs_active_handles', 'nodejs_active_resources', 'process_open_fds']) {
      expect(metrics).not.toMatch(new RegExp(`^${name}`, 'm'));
    }
  });
});

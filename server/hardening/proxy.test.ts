import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A request that came through our proxy at `proxy`, for the client the proxy saw, with a leftmost entry the client wrote. */
const viaProxy = (server: FastifyInstance, proxy: string, forwardedFor: string) =>
  server.inject({
    method: 'GET',
    url: '/prod/get-questions?gametype=classic',
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY and the client address', () => {
  it('with TRUST_PROXY=true (one hop), forged leftmost X-Forwarded-For values do not escape the rate limit', async () => {
    app = await testApp({ TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The client writes a new address each time; the proxy appends the address it really saw.
      statuses.push((await viaProxy(app, '10.0.0.2', `198.18.0.${i}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // Another real client behind the same proxy has its own allowance.
    expect((await viaProxy(app, '10.0.0.2', '198.18.0.1, 203.0.113.8')).statusCode).toBe(200);
  });

  it('with a list of proxy addresses, only those proxies are believed', async () => {
    app = await testApp({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_PER_MINUTE: '2' });
    const fromProxy: number[] = [];
    for (let i = 0; i < 3; i++)
      fromProxy.push((await viaProxy(app, '10.1.2.3', `198.18.0.${i}, 203.0.113.9`)).statusCode);
    expect(fromProxy).toEqual([200, 200, 429]);
    // A client reaching the server directly cannot pose as someone else by writing the header itself.
    const direct: number[] = [];
    for (let i = 0; i < 3; i++) direct.push((await viaProxy(app, '192.0.2.50', `198.18.1.${i}`)).statusCode);
    expect(direct).toEqual([200, 200, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    app = await testApp({ RATE_LIMIT_PER_MINUTE: '2' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await viaProxy(app, '192.0.2.60', `198.18.2.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the live origin check behind a proxy that rewrites Host', () => {
  async function start(env: Record<string, string>) {
    app = await testApp({ QUESTIONS_PER_GAME: '3', ...env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const game = await createGame(app, 'classic');
    return `ws://127.0.0.1:${port}/prod/live/${game.gameId}`;
  }
  // What the browser sends (Origin) and what the proxy adds (X-Forwarded-Host) while it
  // connects to us under its own Host (127.0.0.1:port).
  const behindProxy = { Origin: 'https://wavelength.example', 'X-Forwarded-Host': 'wavelength.example' };

  it('accepts the public origin when the proxy is trusted', async () => {
    const url = await start({ TRUST_PROXY: '1' });
    const client = await LiveClient.open(url, { headers: behindProxy });
    expect((await client.message(0)).type).toBe('snapshot');
    client.close();
  });

  it('still refuses another origin behind the proxy', async () => {
    const url = await start({ TRUST_PROXY: '1' });
    await expect(
      LiveClient.open(url, { headers: { ...behindProxy, Origin: 'https://evil.example' } }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('does not believe X-Forwarded-Host from an untrusted peer', async () => {
    const url = await start({});
    await expect(LiveClient.open(url, { headers: behindProxy })).rejects.toMatchObject({ statusCode: 403 });
  });
});

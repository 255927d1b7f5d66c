import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.js';
import { RawConnection } from '../testing/raw-http.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listening(env: Record<string, string>, setup: (server: FastifyInstance) => void = () => {}) {
  app = await testApp(env);
  setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** Resolves once the server has read a request's headers, body or not. */
function headersArrived(server: FastifyInstance): Promise<void> {
  return new Promise((resolve) => server.server.once('request', () => resolve()));
}

const PARTIAL_POST =
  'POST /prod/log-response HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  'Content-Length: 200\r\n\r\n{"gameId":';

describe('requests that never finish arriving', () => {
  it('closes a request whose body stalls with 408 {code,message} once REQUEST_TIMEOUT_MS has passed', async () => {
    const { port } = await listening({ REQUEST_TIMEOUT_MS: '300' });
    const connection = new RawConnection(port);
    connection.write(PARTIAL_POST);
    const answer = await connection.answer();
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'request_timeout',
      message: expect.stringMatching(/did not arrive in time/),
    });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('closes a connection whose headers stall the same way', async () => {
    const { port } = await listening({ REQUEST_TIMEOUT_MS: '300' });
    const connection = new RawConnection(port);
    connection.write('GET /prod/get-questions?gametype=classic HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const answer = await connection.answer();
    expect(answer.status).toBe(408);
  });

  it('does not hold a shutdown open for a stalled body, even with the default 30 s timeout', async () => {
    const { app: server, port } = await listening({});
    const arrived = headersArrived(server);
    const connection = new RawConnection(port);
    connection.write(PARTIAL_POST);
    await arrived;
    await server.close();
    app = undefined;
    await connection.closed;
  });

  it('does not hold a shutdown open for half-sent headers either', async () => {
    const { app: server, port } = await listening({});
    const accepted = new Promise<void>((resolve) => server.server.once('connection', () => resolve()));
    const connection = new RawConnection(port);
    connection.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await accepted;
    await server.close();
    app = undefined;
    await connection.closed;
  });

  it('still answers a request that has fully arrived when the shutdown begins', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handling: Promise<void> = Promise.resolve();
    // The handler is held until the shutdown has begun.
    const { app: server, port } = await listening({}, (server) => {
      handling = new Promise<void>((resolve) => {
        server.addHook('preHandler', async () => {
          resolve();
          await held;
        });
      });
    });
    const connection = new RawConnection(port);
    connection.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await handling;
    const closing = server.close();
    app = undefined;
    release();
    await closing;
    expect((await connection.answer()).status).toBe(200);
  });
});

import fs, { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApp } from '../testing/app.js';
import { jsonDestination, loggerOptions, readableLine, redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides userId and playerId, keeps the rest', () => {
    expect(redactUrl('/prod/is-creator?gameId=abcdefgh12345678&userId=6f1c2a9e-3b4d-4e8f-9a1b-2c3d4e5f6a7b')).toBe(
      '/prod/is-creator?gameId=abcdefgh12345678&userId=REDACTED',
    );
    expect(redactUrl('/prod/get-score?playerId=6f1c2a9e-3b4d-4e8f-9a1b-2c3d4e5f6a7b&gameId=x')).toBe(
      '/prod/get-score?playerId=REDACTED&gameId=x',
    );
  });

  it('hides them when their names are percent-encoded too', () => {
    expect(redactUrl('/prod/get-score?gameId=x&player%49d=6f1c2a9e-3b4d-4e8f-9a1b-2c3d4e5f6a7b')).toBe(
      '/prod/get-score?gameId=x&playerId=REDACTED',
    );
  });

  it('leaves URLs without private ids alone', () => {
    expect(redactUrl('/prod/get-questions?gametype=classic')).toBe('/prod/get-questions?gametype=classic');
    expect(redactUrl('/join/abc')).toBe('/join/abc');
  });
});

/** Everything the server's logger writes, line by line, as the server's main.ts configures it. */
function capture(readable: boolean) {
  const text: string[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      done();
    },
  });
  return {
    logger: loggerOptions({ level: 'info', readable, out }),
    lines: () => text.join('').split('\n').filter(Boolean),
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const TIME = /^\d\d:\d\d:\d\d /;

describe('request lines at the default level (info)', () => {
  it('are one JSON line per request with method, url (private ids hidden), status and ms', async () => {
    const logs = capture(false);
    app = await testApp({}, { logger: logs.logger });
    await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    await app.inject({ method: 'GET', url: '/prod/is-creator?gameId=nogame&userId=secret-id' });
    await app.inject({ method: 'GET', url: '/no/such/path' });

    const lines = logs.lines().map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(lines.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/prod/get-questions?gametype=classic', status: 200 },
      { method: 'GET', url: '/prod/is-creator?gameId=nogame&userId=REDACTED', status: lines[1].status },
      { method: 'GET', url: '/no/such/path', status: 404 },
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ level: 30, msg: 'request', remoteAddress: '127.0.0.1' });
      expect(line.ms).toBeTypeOf('number');
    }
    expect(logs.lines().join('\n')).not.toContain('secret-id');
  });

  it('are readable in a terminal: time, method, url, status and ms on one line', async () => {
    const logs = capture(true);
    app = await testApp({}, { logger: logs.logger });
    await app.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' });
    await app.inject({ method: 'POST', url: '/prod/create-game', payload: {} });

    const lines = logs.lines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(TIME);
    expect(lines[0].slice(9)).toMatch(/^GET \/prod\/get-questions\?gametype=classic 200 \d+(\.\d)? ms$/);
    expect(lines[1].slice(9)).toMatch(/^POST \/prod\/create-game 400 \d+(\.\d)? ms$/);
  });

  it('go out asynchronously, many lines per write: a burst of requests costs a few system calls, not one each', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wavelength-log-')), 'log.jsonl');
    const fd = openSync(file, 'w');
    // The destination writes through Node's fs module: count its writes to the log's descriptor.
    const writes = [vi.spyOn(fs, 'write'), vi.spyOn(fs, 'writeSync')];
    const destination = jsonDestination(fd);
    const logger = { ...loggerOptions({ level: 'info' }), stream: destination };
    app = await testApp({}, { logger });
    try {
      await Promise.all(
        Array.from({ length: 50 }, () => app?.inject({ method: 'GET', url: '/prod/get-questions?gametype=classic' })),
      );
      await app.close();
      app = undefined;
      // What is still buffered is written, then the file is closed.
      await new Promise((resolve) => {
        destination.once('close', resolve);
        destination.end();
      });
      const calls = writes.flatMap((spy) => spy.mock.calls as unknown[][]).filter(([target]) => target === fd);
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      expect(lines.filter((line) => line.msg === 'request')).toHaveLength(50);
      expect(calls.length).toBeLessThanOrEqual(10);
    } finally {
      for (const spy of writes) spy.mockRestore();
    }
  });

  it('are not written for health checks and metrics scrapes, nor for listening', async () => {
    const logs = capture(false);
    app = await testApp({}, { logger: logs.logger });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/metrics' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(logs.lines()).toEqual([]);
  });
});

describe('readableLine', () => {
  it('writes other lines as time, level (but info), message and fields', () => {
    const line = readableLine(
      JSON.stringify({
        level: 40,
        time: 0,
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        msg: 'database unavailable',
        reason: 'gone',
        n: 2,
      }),
    );
    expect(line).toMatch(TIME);
    expect(line.slice(9)).toBe('WARN database unavailable reason=gone n=2\n');
    expect(readableLine(JSON.stringify({ level: 30, time: 0, msg: 'shutting down', signal: 'SIGTERM' })).slice(9)).toBe(
      'shutting down signal=SIGTERM\n',
    );
  });

  it("puts an error's stack, indented, under its line", () => {
    const line = readableLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'request failed',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (x.js:1:1)' },
      }),
    );
    expect(line.slice(9)).toBe('ERROR request failed\n    Error: boom\n        at f (x.js:1:1)\n');
  });

  it('passes anything that is not JSON through', () => {
    expect(readableLine('plain text')).toBe('plain text\n');
  });
});

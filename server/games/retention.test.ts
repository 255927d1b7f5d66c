import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createGame, logResponse, newUserId, persistentTestDatabase, rowCount, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { DAY_MS } from './retention.js';

const T0 = Date.parse('2025-01-01T00:00:00.000Z');
const status = async (app: FastifyInstance, gameId: string) =>
  (await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${gameId}` })).statusCode;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.useRealTimers();
});

describe('GAME_RETENTION_DAYS', () => {
  it('defaults to 0 (keep forever) and refuses a value that is not a whole number', () => {
    expect(loadConfig({}).GAME_RETENTION_DAYS).toBe(0);
    expect(loadConfig({ GAME_RETENTION_DAYS: '30' }).GAME_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ GAME_RETENTION_DAYS: '-1' })).toThrow(/^Invalid GAME_RETENTION_DAYS="-1"/);
  });

  it('at start-up deletes the games older than N days with their responses, and keeps the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wavelength-retention-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const database = await persistentTestDatabase(dir);
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, QUESTIONS_PER_GAME: '3' };
    // Games made on 1 January and on 21 January (the repository stamps them with Date.now()).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = await testApp(env);
    const old = await createGame(first, 'classic');
    await logResponse(first, old.gameId, newUserId(), [1, 1, 1]);
    vi.setSystemTime(T0 + 20 * DAY_MS);
    const recent = await createGame(first, 'classic');
    await logResponse(first, recent.gameId, newUserId(), [1, 1, 1]);
    await first.close();

    // 0 keeps everything, however late it is.
    const keeping = await testApp({ ...env, GAME_RETENTION_DAYS: '0' }, { now: () => T0 + 1000 * DAY_MS });
    expect(await status(keeping, old.gameId)).toBe(200);
    await keeping.close();

    // On 1 February with 30 days: the January 1 game is past it, the January 21 one is not.
    const later = await testApp({ ...env, GAME_RETENTION_DAYS: '30' }, { now: () => T0 + 31 * DAY_MS });
    cleanups.push(() => later.close());
    expect(await status(later, old.gameId)).toBe(404);
    expect(await status(later, recent.gameId)).toBe(200);
    expect(await rowCount(later, 'games')).toBe(1);
    expect(await rowCount(later, 'responses')).toBe(1);
  });

  it('purges daily, and the purged game’s live sockets get "deleted" and close with 4404', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(T0);
    let clock = T0;
    const app = await testApp(
      { GAME_RETENTION_DAYS: '30', QUESTIONS_PER_GAME: '3' },
      // Pings would fire thousands of times while a fake day passes (and a delay past 2^31 ms means 1 ms).
      { now: () => clock, livePingIntervalMs: 2 * DAY_MS },
    );
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const old = await createGame(app, 'classic');
    vi.setSystemTime(T0 + 20 * DAY_MS);
    const recent = await createGame(app, 'classic');
    const watcher = await LiveClient.open(`ws://127.0.0.1:${port}/prod/live/${old.gameId}`);
    await watcher.message(0);

    // A day later nothing is old enough yet.
    clock = T0 + 21 * DAY_MS;
    vi.advanceTimersByTime(DAY_MS);
    expect(await status(app, old.gameId)).toBe(200);

    // The next day's purge, 31 days after the first game.
    clock = T0 + 31 * DAY_MS;
    vi.advanceTimersByTime(DAY_MS);
    expect(await watcher.message(1)).toEqual({ type: 'deleted' });
    expect((await watcher.closed).code).toBe(4404);
    expect(await status(app, old.gameId)).toBe(404);
    expect(await status(app, recent.gameId)).toBe(200);
  });

  it('stops its daily timer when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await testApp({ GAME_RETENTION_DAYS: '1' }, { livePingIntervalMs: 2 * DAY_MS });
    // The games' purge and live pinger, the parties' purge and live pinger.
    expect(vi.getTimerCount()).toBe(4);
    await app.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
